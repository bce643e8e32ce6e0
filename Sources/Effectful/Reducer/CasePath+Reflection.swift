import Synchronization

extension CasePath {
  /// A case path from the case alone: extraction reads the payload by reflection.
  ///
  /// ```swift
  /// enum AppAction {
  ///   case counter(CounterAction), favoritePrimes(FavoritePrimesAction)
  /// }
  /// let appReducer = pullback(
  ///   counterReducer, value: \.counter, action: CasePath(AppAction.counter))
  /// ```
  ///
  /// `embed` must be the case itself (`AppAction.counter`), or a closure that only builds the case
  /// (`{ .row(id: $0.0, action: $0.1) }`); a case without a payload is a `CasePath<Root, Void>`
  /// (`CasePath { _ in AppAction.refresh }`). The first action of the case that arrives teaches the
  /// case path its case: its payload (read with `Mirror`) is embedded again and must rebuild the
  /// action exactly, compared by reflection. From then on another case is rejected by its case
  /// number alone, and the payload of the case is copied out of the enum's memory, unless the case
  /// is `indirect` or its payload has labels (`Mirror` then, which is slower). A
  /// `CustomReflectable` enum, whose mirror does not show its payload, extracts nothing: write
  /// `CasePath(embed, extract:)`.
  @inlinable
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let reflected = ReflectedCase(embed)
    self.init(embed, extract: reflected.extract)
  }
}

/// What a reflected case path knows about its case, once an action of the case arrived.
// Inlinable so that the extraction is specialized for the case path's types where it is made: an
// unspecialized copy of the payload goes through its type's value witnesses at every level.
@usableFromInline
final class ReflectedCase<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  @usableFromInline let layout = EnumLayout(Root.self)
  /// The case's tag, and in the top bit whether its payload is copied from memory; `unknown`
  /// until learned. Any store, on any thread, may extract.
  /// Remembers the case of a few bit patterns, for actions small enough: see ``CaseMemo``.
  @usableFromInline let memo = CaseMemo()
  @inlinable static var usesMemo: Bool { MemoryLayout<Root>.size <= CaseMemo.maximumSize }
  /// The case's tag, and above it how its payload is copied; `unknown` until learned. Any store,
  /// on any thread, may extract.
  @usableFromInline let learned = Atomic<UInt64>(ReflectedCase.unknown)
  @inlinable static var unknown: UInt64 { .max }
  /// The payload is stored inline and is of type `Value` exactly: copied out of memory.
  @inlinable static var inlineFlag: UInt64 { 1 << 32 }
  /// And it is the enum's one payload case: the payload is the value's memory as it is.
  @inlinable static var inPlaceFlag: UInt64 { 1 << 33 }

  @inlinable
  init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
  }

  @inlinable @Sendable
  func extract(_ root: Root) -> Value? {
    let known = learned.load(ordering: .relaxed)
    guard known != Self.unknown, let layout else { return learn(root) }
    let tag = UInt32(truncatingIfNeeded: known)
    guard isCase(root, tag: tag, layout: layout) else { return nil }
    if known & Self.inPlaceFlag != 0 { return withUnsafeBytes(of: root) { $0.load(as: Value.self) } }
    if known & Self.inlineFlag != 0 { return layout.payload(of: root, tag: tag, as: Value.self) }
    return Self.mirroredPayload(of: root)
  }

  @inlinable
  func isCase(_ root: Root, tag: UInt32, layout: EnumLayout) -> Bool {
    guard Self.usesMemo else { return layout.tag(of: root) == tag }
    let bits = CaseMemo.bits(of: root)
    return memo.answer(for: bits) ?? memo.remember(layout.tag(of: root) == tag, for: bits)
  }

  /// The first extraction of the case: the payload must rebuild the very action, or this is
  /// another case whose payload has the same type.
  @usableFromInline
  func learn(_ root: Root) -> Value? {
    guard let payload = Self.mirroredPayload(of: root) else { return nil }
    let rebuilt = embed(payload)
    guard structurallyEqual(rebuilt, root) else { return nil }
    if let layout, layout.tag(of: rebuilt) == layout.tag(of: root) {
      let tag = layout.tag(of: root)
      // Copying from memory needs the payload's type to be `Value` exactly, stored inline.
      let child = Mirror(reflecting: root).children.first?.value
      let isInline = child.map { type(of: $0) == Value.self } ?? false && layout.isInlinePayload(tag: tag)
      let isInPlace = isInline && tag == 0 && layout.hasOnePayloadCase
      let flags = (isInline ? Self.inlineFlag : 0) | (isInPlace ? Self.inPlaceFlag : 0)
      learned.store(UInt64(tag) | flags, ordering: .relaxed)
    }
    return payload
  }

  /// The case's payload as `Value`: the whole of it, its one labeled value (`(fact: "…")`), or
  /// nothing for a case without one when `Value` is `Void`.
  @usableFromInline
  static func mirroredPayload(of root: Root) -> Value? {
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum || mirror.displayStyle == .optional else { return nil }
    guard let child = mirror.children.first?.value else { return () as? Value }
    if let payload = child as? Value { return payload }
    let tuple = Mirror(reflecting: child)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }
}
