/// A key for a dependency that has a value for tests, and perhaps none for the app in this module.
///
/// ```swift
/// // In a feature module that must not link the live client:
/// enum NumberFactKey: TestDependencyKey {
///   static let testValue = NumberFactClient(fetch: { "\($0) is a number." })
/// }
/// // In the app module, the live value:
/// extension NumberFactKey: DependencyKey {
///   static let liveValue = NumberFactClient.live
/// }
/// ```
///
/// Most keys are ``DependencyKey``s, which have both.
public protocol TestDependencyKey {
  /// The dependency's type: a client struct of closures, a clock, a generator.
  associatedtype Value: Sendable
  /// What a test store uses when the test sets nothing else.
  static var testValue: Value { get }
}

/// A key for a dependency: its type, the value the app uses, and the value tests use.
///
/// ```swift
/// enum NumberFactKey: DependencyKey {
///   static let liveValue = NumberFactClient.live
///   static let testValue = NumberFactClient(fetch: { "\($0) is good." })
/// }
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactKey.self] }
///     set { self[NumberFactKey.self] = newValue }
///   }
/// }
/// ```
///
/// Where no dependency has been overridden, a ``Dependency`` reads `liveValue` once and keeps it;
/// elsewhere it is read at each use. Declare it with `static let` when it must be one instance (a
/// client holding a session, a cache).
///
/// A key that declares no `testValue` fails the test that reads it through a test store, naming
/// the key and how to set it (`withDependencies: { $0.numberFact = … }`): a test never talks to
/// the real world by accident.
public protocol DependencyKey: TestDependencyKey {
  // Restated, so that a key declaring only `liveValue` has its `Value` inferred from it and its
  // `testValue` from the default below.
  associatedtype Value
  /// What the app uses.
  static var liveValue: Value { get }
  /// What a test store uses when the test sets nothing else; by default a failure of the test.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Fails the test that reads it, naming the key: the test must set the dependency.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialValue: Feature.State(), reducer: Feature().reducer,
  ///   withDependencies: {
  ///     $0.numberFact = NumberFactClient(fetch: { "\($0)!" })
  ///   })
  /// ```
  ///
  /// It must return some value, and a key knows of no other: it returns ``liveValue``, once per
  /// test store (a test store keeps the values it handed out), after the failure has been reported.
  /// A key whose live value must never run in a test declares a `testValue`.
  public static var testValue: Value {
    DependencyValues.reportMissingTestValue(Self.self)
    return liveValue
  }
}
