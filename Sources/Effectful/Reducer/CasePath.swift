/// How to put a value into one case of an enum and get it back out: a key path for enum cases.
///
/// ```swift
/// enum AppAction {
///   case counter(CounterAction), favoritePrimes(FavoritePrimesAction)
/// }
///
/// extension AppAction {
///   static let counterCase = CasePath(AppAction.counter) { action in
///     guard case .counter(let local) = action else { return nil }
///     return local
///   }
/// }
/// pullback(counterReducer, value: \.counter, action: AppAction.counterCase)
/// ```
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value in the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the case's value, or `nil` if `root` is another case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from an embedding function (usually the case itself) and an extraction.
  @inlinable
  public init(
    _ embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
