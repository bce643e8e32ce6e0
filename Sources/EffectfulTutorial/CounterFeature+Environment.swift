import EffectfulPrimes

extension CounterFeature {
  /// Where the counter gets facts about numbers. Its clock is a dependency,
  /// `@Dependency(\.continuousClock)`, set with `withDependencies`.
  ///
  /// ```swift
  /// let test = CounterFeature.Environment(fact: { "\($0) is a good number." })
  /// // local facts
  /// let offline = CounterFeature.Environment()
  /// // numbersapi.com
  /// let live = CounterFeature.Environment.live()
  /// ```
  ///
  /// It is a plain value: the app, a preview and each test build the one they need. The facts stay
  /// here, passed to the reducer, while the clock is read as a dependency: the tutorial shows both
  /// styles side by side (see <doc:Dependencies>).
  public struct Environment: Sendable {
    /// A fact about a number.
    public var fact: @Sendable (Int) async throws -> String

    /// An environment fetching facts with `fact`; facts computed locally unless given.
    ///
    /// ```swift
    /// CounterFeature.Environment(fact: { "\($0) is odd." })
    /// ```
    public init(
      fact: @escaping @Sendable (Int) async throws -> String = { EffectfulPrimes.fact(about: $0) }
    ) {
      self.fact = fact
    }
  }
}
