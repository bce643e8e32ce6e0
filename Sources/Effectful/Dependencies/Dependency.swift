/// Reads a dependency from the values in force where it is read: a store's, while it reduces or
/// runs an effect; those of ``withDependencies(_:operation:)``; else the live ones.
///
/// ```swift
/// struct Timer {
///   @Dependency(\.continuousClock) var clock
///
///   var reducer: Reducer<State, Action> {
///     { state, action in
///       switch action {
///       case .start:
///         return .run { send in
///           for await _ in clock.timer(interval: .seconds(1)) {
///             await send(.tick)
///           }
///         }
///       case .tick:
///         state.count += 1
///         return .none
///       }
///     }
///   }
/// }
/// ```
///
/// It holds the key path, not a value: the value is looked up at each read, so a feature struct
/// made once serves every store, and an effect reads the dependencies of the reduction that
/// returned it. It works as a stored property, as a local in a function or closure, and in an
/// environment struct.
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
  // A key path to a property of `DependencyValues` captures nothing mutable: it is safe to share,
  // though Swift cannot prove `KeyPath` sendable.
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value>

  /// A dependency read through `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  @inlinable
  public init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
  }

  /// The dependency in force now.
  @inlinable
  public var wrappedValue: Value {
    let values = DependencyValues.current
    if values.testContext == nil { return values[keyPath: keyPath] }
    return values.readingForTest(keyPath)
  }
}

extension DependencyValues {
  /// Reads `keyPath` under a test store, naming it for a failure its key may report.
  @usableFromInline
  func readingForTest<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
    Self.$readingKeyPath.withValue(Self.propertyName(keyPath)) { self[keyPath: keyPath] }
  }

  /// `numberFact` for `\DependencyValues.numberFact`, where the runtime can name it.
  static func propertyName(_ keyPath: AnyKeyPath) -> String? {
    let description = "\(keyPath)"
    guard let dot = description.lastIndex(of: "."), !description.contains("<") else { return nil }
    return String(description[description.index(after: dot)...])
  }
}
