import Effectful

/// Collects values from any thread, for effects run outside a store.
///
/// ```swift
/// let outputs = Collected<Int>()
/// Effect.send(1).run { outputs.append($0) }
/// #expect(outputs.values == [1])
/// ```
public final class Collected<Value: Sendable>: Sendable {
  private let storage = LockedValue<[Value]>([])

  public init() {}

  public func append(_ value: Value) { storage.withValue { $0.append(value) } }

  public var values: [Value] { storage.withValue { $0 } }
}
