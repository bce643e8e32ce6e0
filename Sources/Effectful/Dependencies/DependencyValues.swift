/// The dependencies in force: those a store was made with, read by its reducer and its effects.
///
/// Add a dependency with a key and a computed property:
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
/// Read it with ``Dependency``; change it with ``withDependencies(_:operation:)`` or, in a test,
/// with the test store's `withDependencies` closure.
///
/// A value not set reads the key's `liveValue`, or in a test store its `testValue` (kept by the
/// store once read, so that a generator counts across the test). In a test process, outside every
/// store's values (a `Task.detached`, a callback on a thread of its own), it reads the `testValue`
/// too, which fails the test when it has none: a test never reaches a live dependency.
public struct DependencyValues: Sendable {
  /// The values in force in the current task: set by a store while it reduces and while its
  /// effects run, and by ``withDependencies(_:operation:)``.
  @TaskLocal @usableFromInline package static var current = DependencyValues()
  /// Whether ``current`` differs from the defaults, kept beside it: a store made with the defaults
  /// asks at each send (see `RootCore.reduce(_:for:)`), and reading a `Bool` copies nothing, where
  /// reading ``current`` retains and releases its parts. Set with it, by ``withCurrent(_:operation:)``.
  @TaskLocal @usableFromInline package static var isCurrentOverridden = false

  /// Runs `operation` with `values` in force.
  package static func withCurrent<R>(_ values: DependencyValues, operation: () throws -> R) rethrows -> R {
    try $current.withValue(values) {
      try $isCurrentOverridden.withValue(!values.isDefault, operation: operation)
    }
  }

  /// Runs async `operation` with `values` in force.
  package static func withCurrent<R>(
    _ values: DependencyValues, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $current.withValue(values, operation: {
      try await $isCurrentOverridden.withValue(!values.isDefault, operation: operation, isolation: isolation)
    }, isolation: isolation)
  }

  /// What was set, by the type of its key.
  @usableFromInline var overrides: [ObjectIdentifier: any Sendable] = [:]
  /// Set by a test store: where test values are kept and failures go.
  @usableFromInline package var testContext: DependencyTestContext? {
    didSet { if testContext != nil { Self.noteOverride() } }
  }

  /// No dependency set: every read gives the key's live value.
  ///
  /// ```swift
  /// var values = DependencyValues()
  /// values.uuid = UUIDGenerator { UUID() }
  /// ```
  public init() {}

  /// Values for a test store: unset keys give their `testValue`, kept in `context`.
  package init(testContext: DependencyTestContext) {
    Self.noteOverride()
    self.testContext = testContext
  }

  /// Whether these values are the ones in force where nothing was set: a store made with them need
  /// not set them while it runs.
  @inlinable package var isDefault: Bool {
    testContext == nil && overrides.isEmpty
  }

  /// The dependency of `key`: what was set, else its test value in a test store, else its live
  /// value.
  ///
  /// ```swift
  /// var numberFact: NumberFactClient {
  ///   get { self[NumberFactKey.self] }
  ///   set { self[NumberFactKey.self] = newValue }
  /// }
  /// ```
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      // Overload for keys known to have a live value: the app's path needs no dynamic cast.
      if overrides.isEmpty, testContext == nil, !TestProcess.isRunning { return Key.liveValue }
      return value(of: key) { Key.liveValue }
    }
    set {
      Self.noteOverride()
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// The dependency of `key`, for a key that may have no live value in this module.
  ///
  /// ```swift
  /// var numberFact: NumberFactClient {
  ///   get { self[NumberFactKey.self] }
  ///   set { self[NumberFactKey.self] = newValue }
  /// }
  /// ```
  ///
  /// Outside a test store, a key with no live value anywhere in the program gives its test value.
  @_disfavoredOverload
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      value(of: key) {
        if let live = Key.self as? any DependencyKey.Type, let value = live.liveValue as? Key.Value {
          return value
        }
        return Key.testValue
      }
    }
    set {
      Self.noteOverride()
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  private func value<Key: TestDependencyKey>(of key: Key.Type, live: () -> Key.Value) -> Key.Value {
    if let set = overrides[ObjectIdentifier(key)] as? Key.Value { return set }
    if let testContext { return testContext.testValue(of: key, in: self) }
    // The defaults: in a test process, outside every store's values, the test value (see
    // `TestProcess`).
    let value = TestProcess.isRunning ? Key.testValue : live()
    probe?.note(value)
    return value
  }
}
