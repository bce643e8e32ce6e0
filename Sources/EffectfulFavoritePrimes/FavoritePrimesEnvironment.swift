import Dispatch
import Effectful

/// Where favorite primes are saved and loaded, as a plain value.
///
/// ```swift
/// // the user's data directory
/// let reducer = favoritePrimesReducer(environment: .offline)
/// let scratch = favoritePrimesReducer(
///   environment: .file(FavoritePrimesFile(url: temporaryURL)))
/// // in memory, in tests
/// let test = FavoritePrimesEnvironment(
///   save: { primes in .send(.success(primes)) },
///   load: { .send(.success([2, 3])) })
/// ```
public struct FavoritePrimesEnvironment: Sendable {
  /// Saves the list, answering with what was saved or why it was not.
  public var save: @Sendable (_ favoritePrimes: [Int]) -> Effect<Result<[Int], PersistenceError>>
  /// Loads the saved list, or says why it could not (``PersistenceError/noSavedFile(path:)`` when
  /// nothing was saved yet).
  public var load: @Sendable () -> Effect<Result<[Int], PersistenceError>>

  /// Creates an environment from its two effects.
  ///
  /// ```swift
  /// FavoritePrimesEnvironment(
  ///   save: { _ in .send(
  ///     .failure(.cannotWrite(path: "/x", reason: "disk full"))) },
  ///   load: { .send(.success([])) })
  /// ```
  public init(
    save: @escaping @Sendable (_ favoritePrimes: [Int]) -> Effect<Result<[Int], PersistenceError>>,
    load: @escaping @Sendable () -> Effect<Result<[Int], PersistenceError>>
  ) {
    self.save = save
    self.load = load
  }

  /// Saves to and loads from `file`: the work runs on `queue`, the answer arrives on `mainQueue`.
  ///
  /// ```swift
  /// let environment = FavoritePrimesEnvironment.file(
  ///   FavoritePrimesFile(url: url))
  /// let inTests = FavoritePrimesEnvironment.file(
  ///   file,
  ///   queue: .immediate,
  ///   mainQueue: .immediate)
  /// ```
  ///
  /// Off the main thread by default: a file can be slow (a network mount) and the app must keep
  /// drawing. Cancelling the effect drops an answer still on its way; the file work itself finishes.
  public static func file(
    _ file: FavoritePrimesFile,
    queue: any Scheduler = DispatchQueue.global(qos: .userInitiated),
    mainQueue: any Scheduler = DispatchQueue.main
  ) -> FavoritePrimesEnvironment {
    FavoritePrimesEnvironment(
      save: { favoritePrimes in
        onQueue(queue, mainQueue) {
          Result { () throws(PersistenceError) in
            try file.save(favoritePrimes)
            return favoritePrimes
          }
        }
      },
      load: {
        onQueue(queue, mainQueue) { Result { () throws(PersistenceError) in try file.load() } }
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

/// One answer computed by `work` on `queue` and delivered on `mainQueue`.
private func onQueue<Output: Sendable>(
  _ queue: any Scheduler, _ mainQueue: any Scheduler, _ work: @escaping @Sendable () -> Output
) -> Effect<Output> {
  Effect { callback in queue.schedule { callback(work()) } }.receive(on: mainQueue)
}
