import Synchronization

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
public struct Dependency<Value>: Sendable {
  /// The key path and the live value read through it, in one reference: a copy of the wrapper
  /// (a closure reading it) retains one object, not two.
  @usableFromInline let storage: DependencyStorage<Value>

  /// A dependency read through `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  @inlinable
  public init(_ keyPath: KeyPath<DependencyValues, Value>) {
    storage = DependencyStorage(keyPath)
  }

  /// The dependency in force now.
  @inlinable
  public var wrappedValue: Value {
    if DependencyValues.hasOverrides {
      let values = DependencyValues.current
      if !values.isDefault { return values.read(storage.keyPath) }
    }
    if let cached = storage.live { return cached }
    return storage.fill(DependencyValues()[keyPath: storage.keyPath])
  }
}

/// What a ``Dependency`` reads through, and the live value it read: one per wrapper, filled once,
/// read without a lock from any thread. The live value is kept because applying a key path to a
/// computed property costs four times a store's send, and the defaults never change.
///
/// The box is held as the bits of a retained pointer in an `Atomic<UInt>`, whose load compiles to
/// a plain load: `AtomicLazyReference.load()`, not inlined across modules, cost a read 20 ns.
@usableFromInline
final class DependencyStorage<Value>: @unchecked Sendable {
  // A key path to a property of `DependencyValues` captures nothing mutable: it is safe to share,
  // though Swift cannot prove `KeyPath` sendable.
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value>
  /// A `+1` reference to a `LiveValueBox<Value>`, or zero before the first fill.
  @usableFromInline let bits = Atomic<UInt>(0)

  @usableFromInline init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
  }

  deinit {
    let stored = bits.load(ordering: .acquiring)
    if stored != 0 { Unmanaged<LiveValueBox<Value>>.fromOpaque(pointer(stored)).release() }
  }

  /// The live value kept, if any.
  @inlinable
  var live: Value? {
    let stored = bits.load(ordering: .acquiring)
    guard stored != 0 else { return nil }
    return Unmanaged<LiveValueBox<Value>>.fromOpaque(pointer(stored))
      ._withUnsafeGuaranteedRef { $0.value }
  }

  /// Keeps `value`, or the value another thread kept first, and returns it.
  @usableFromInline
  func fill(_ value: Value) -> Value {
    let made = Unmanaged.passRetained(LiveValueBox(value))
    let madeBits = UInt(bitPattern: made.toOpaque())
    let (exchanged, original) = bits.compareExchange(
      expected: 0, desired: madeBits, ordering: .acquiringAndReleasing)
    if exchanged { return value }
    made.release()
    return Unmanaged<LiveValueBox<Value>>.fromOpaque(pointer(original)).takeUnretainedValue().value
  }
}

/// The pointer whose bits a ``DependencyStorage`` holds.
@inlinable
func pointer(_ bits: UInt) -> UnsafeRawPointer {
  UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped
}

/// A live value, in a reference that an atomic can hold.
@usableFromInline
final class LiveValueBox<Value>: @unchecked Sendable {
  @usableFromInline let value: Value
  init(_ value: Value) { self.value = value }
}

extension DependencyValues {
  /// Reads `keyPath` from values that are not the defaults; under a test store, naming the
  /// property for a failure its key may report.
  @usableFromInline
  func read<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
    guard testContext != nil else { return self[keyPath: keyPath] }
    return Self.$readingKeyPath.withValue(Self.propertyName(keyPath)) { self[keyPath: keyPath] }
  }

  /// `numberFact` for `\DependencyValues.numberFact`, where the runtime can name it.
  static func propertyName(_ keyPath: AnyKeyPath) -> String? {
    let description = "\(keyPath)"
    guard let dot = description.lastIndex(of: "."), !description.contains("<") else { return nil }
    return String(description[description.index(after: dot)...])
  }
}
