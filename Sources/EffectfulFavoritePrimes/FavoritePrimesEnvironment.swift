import Effectful

/// Where favorite primes are saved and loaded, as a plain value.
///
/// ```swift
/// let reducer = favoritePrimesReducer(environment: .offline)               // the user's data directory
/// let scratch = favoritePrimesReducer(environment: .file(FavoritePrimesFile(url: temporaryURL)))
/// let test = FavoritePrimesEnvironment(                                    // in memory, in tests
///   save: { primes in .send(.success(primes)) },
///   load: { .send(.success([2, 3])) })
/// ```
public struct FavoritePrimesEnvironment: Sendable {
  /// Saves the list, answering with what was saved or why it was not.
  public var save: @Sendable (_ favoritePrimes: [Int]) -> Effect<Result<[Int], PersistenceError>>
  /// Loads the saved list (`[]` when nothing was saved), or says why it could not.
  public var load: @Sendable () -> Effect<Result<[Int], PersistenceError>>

  /// Creates an environment from its two effects.
  ///
  /// ```swift
  /// FavoritePrimesEnvironment(
  ///   save: { _ in .send(.failure(.cannotWrite(path: "/x", reason: "disk full"))) },
  ///   load: { .send(.success([])) })
  /// ```
  public init(
    save: @escaping @Sendable (_ favoritePrimes: [Int]) -> Effect<Result<[Int], PersistenceError>>,
    load: @escaping @Sendable () -> Effect<Result<[Int], PersistenceError>>
  ) {
    self.save = save
    self.load = load
  }

  /// Saves to and loads from `file`, synchronously when the effect runs.
  ///
  /// ```swift
  /// let environment = FavoritePrimesEnvironment.file(FavoritePrimesFile(url: url))
  /// ```
  ///
  /// The file holds a few bytes per prime, so the work is done on the store's thread and the answer
  /// is the very next action the store reduces: no scheduler to wait for.
  public static func file(_ file: FavoritePrimesFile) -> FavoritePrimesEnvironment {
    FavoritePrimesEnvironment(
      save: { favoritePrimes in
        .sync {
          Result { () throws(PersistenceError) in
            try file.save(favoritePrimes)
            return favoritePrimes
          }
        }
      },
      load: {
        .sync { Result { () throws(PersistenceError) in try file.load() } }
      })
  }

  /// Saves to and loads from the user's data directory: see
  /// ``FavoritePrimesFile/defaultLocation(environment:)``.
  ///
  /// ```swift
  /// favoritePrimesReducer(environment: .offline)
  /// ```
  public static var offline: FavoritePrimesEnvironment {
    .file(.defaultLocation())
  }
}
