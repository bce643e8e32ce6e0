import Synchronization

/// Which case small enum values are, remembered by their bit pattern.
///
/// ```swift
/// let memo = CaseMemo()  // stored in the case path: it cannot be copied
/// let bits = CaseMemo.bits(of: action)  // an action of at most seven bytes
/// let isCase = memo.answer(for: bits)
///   ?? memo.remember(layout.tag(of: action) == tag, for: bits)
/// ```
///
/// Asking an enum for its case runs its `getEnumTag` witness. For a generic enum nested in itself
/// (`LevelAction<LevelAction<…>>`, `PresentationAction<Child>` in a parent's action) the runtime
/// answers one level at a time, down through every payload's unused bit patterns: the cost grows
/// with the depth of nesting, and a case path at each level pays it again. A case is a function of
/// the value's bits, so the answer for a pattern seen before can be reused; actions repeat (a
/// request and its response, a tick), and four patterns cover them. Any store, on any thread, may
/// ask: each slot is one atomic word holding the pattern and its answer together. It is stored in
/// its case path's own object, not one of its own, so that asking costs no reference counting.
@usableFromInline
struct CaseMemo: ~Copyable, Sendable {
  @usableFromInline let slot0 = Atomic<UInt64>(0)
  @usableFromInline let slot1 = Atomic<UInt64>(0)
  @usableFromInline let slot2 = Atomic<UInt64>(0)
  @usableFromInline let slot3 = Atomic<UInt64>(0)

  /// The largest value whose pattern fits in a slot beside its answer.
  @inlinable static var maximumSize: Int { 7 }
  // A slot holds the pattern above its low byte: `filled`, and the answer in the lowest bit.
  @inlinable static var filled: UInt64 { 0b10 }

  @usableFromInline init() {}

  /// The bytes of `value`, which must be at most ``maximumSize`` bytes long.
  @inlinable
  static func bits<Value>(of value: Value) -> UInt64 {
    var bits: UInt64 = 0
    withUnsafeBytes(of: value) { source in
      withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
    }
    return bits
  }

  /// Whether the pattern is of the case, if it was seen before.
  @inlinable
  func answer(for bits: UInt64) -> Bool? {
    let entry: UInt64
    switch Self.slot(for: bits) {
    case 0: entry = slot0.load(ordering: .relaxed)
    case 1: entry = slot1.load(ordering: .relaxed)
    case 2: entry = slot2.load(ordering: .relaxed)
    default: entry = slot3.load(ordering: .relaxed)
    }
    guard entry >> 8 == bits, entry & Self.filled != 0 else { return nil }
    return entry & 1 != 0
  }

  /// Keeps `isCase` for the pattern, in place of whatever its slot held, and returns it.
  @inlinable
  @discardableResult
  func remember(_ isCase: Bool, for bits: UInt64) -> Bool {
    let entry = bits << 8 | Self.filled | (isCase ? 1 : 0)
    switch Self.slot(for: bits) {
    case 0: slot0.store(entry, ordering: .relaxed)
    case 1: slot1.store(entry, ordering: .relaxed)
    case 2: slot2.store(entry, ordering: .relaxed)
    default: slot3.store(entry, ordering: .relaxed)
    }
    return isCase
  }

  /// Fibonacci hashing: the top two bits of the product depend on every bit of the pattern.
  @inlinable
  static func slot(for bits: UInt64) -> UInt64 {
    (bits &* 0x9E37_79B9_7F4A_7C15) >> 62
  }
}
