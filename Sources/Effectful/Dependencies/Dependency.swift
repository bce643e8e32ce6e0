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
    return storage.readDefault()
  }
}

/// What a ``Dependency`` reads through, and the default value it read when that may be kept: one
/// per wrapper, filled once, read without a lock from any thread. The value is kept because
/// applying a key path to a computed property costs four times a store's send, and the defaults
/// never change.
///
/// Only a dependency itself is kept, never what a path computes from it: `\.date.now` must tell a
/// new date at each read. Which it is, the first read finds out (see ``readDefault()``).
///
/// The box is held as the bits of a retained pointer in an `Atomic<UInt>`, whose load compiles to
/// a plain load: `AtomicLazyReference.load()`, not inlined across modules, cost a read 20 ns.
@usableFromInline
final class DependencyStorage<Value>: @unchecked Sendable {
  // A key path to a property of `DependencyValues` captures nothing mutable: it is safe to share,
  // though Swift cannot prove `KeyPath` sendable.
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value>
  /// A `+1` reference to a `LiveValueBox<Value>`; zero before the first read;
  /// ``neverKept`` once it is known that the path computes its value.
  @usableFromInline let bits = Atomic<UInt>(0)
  /// Not a pointer (those are aligned): the path's value is computed, never kept.
  static var neverKept: UInt { 1 }

  @usableFromInline init(_ keyPath: KeyPath<DependencyValues, Value>) {
    self.keyPath = keyPath
  }

  deinit {
    let stored = bits.load(ordering: .acquiring)
    if stored > Self.neverKept { Unmanaged<LiveValueBox<Value>>.fromOpaque(pointer(stored)).release() }
  }

  /// The default value kept, if any.
  @inlinable
  var live: Value? {
    let stored = bits.load(ordering: .acquiring)
    guard stored > 1 else { return nil }  // 1: `neverKept`
    return Unmanaged<LiveValueBox<Value>>.fromOpaque(pointer(stored))
      ._withUnsafeGuaranteedRef { $0.value }
  }

  /// The path's value under the default values, kept when it is the dependency itself.
  ///
  /// The first read applies the path to values that note each dependency read through them. The
  /// value is kept only if exactly one was read and the path gave it back bit for bit: `\.date`
  /// is kept; `\.date.now` (another type) and `\.client.authorized` (a new value) are read afresh
  /// each time. A path that happened to give back the very bits of the dependency it read, and
  /// something else later, would be kept wrongly; no member we know of does that.
  @usableFromInline
  func readDefault() -> Value {
    if bits.load(ordering: .acquiring) == Self.neverKept { return DependencyValues()[keyPath: keyPath] }
    let probe = DependencyReadProbe()
    let value = DependencyValues(probe: probe)[keyPath: keyPath]
    guard probe.readOnce(value) else {
      _ = bits.compareExchange(expected: 0, desired: Self.neverKept, ordering: .acquiringAndReleasing)
      return value
    }
    return fill(value)
  }

  /// Keeps `value`, or the value another thread kept first, and returns it.
  func fill(_ value: Value) -> Value {
    let made = Unmanaged.passRetained(LiveValueBox(value))
    let madeBits = UInt(bitPattern: made.toOpaque())
    let (exchanged, original) = bits.compareExchange(
      expected: 0, desired: madeBits, ordering: .acquiringAndReleasing)
    if exchanged { return value }
    made.release()
    if original == Self.neverKept { return value }
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
