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
  ///
  /// Refused, with a diagnostic (a message in an app, a failure under a test store) and nothing
  /// extracted: a payload that is a function, or holds one in a tuple or an optional (reflection
  /// cannot hand a closure back callable), and a closure that is not the case's constructor (it
  /// changes the payload, or ignores it). In a debug build each payload extracted is embedded again
  /// and checked, so that such a closure never matches, after learning as before.
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
  /// Set once a misuse has been reported: each case path reports once.
  let hasReported = Atomic<Bool>(false)
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
    let payload: Value?
    if known & Self.inPlaceFlag != 0 {
      payload = withUnsafeBytes(of: root) { $0.load(as: Value.self) }
    } else if known & Self.inlineFlag != 0 {
      payload = layout.payload(of: root, tag: tag, as: Value.self)
    } else {
      payload = Self.mirroredPayload(of: root)
    }
    #if DEBUG
      // A closure that is not the constructor can pass learning on one payload and be wrong on the
      // next (`{ .count(abs($0)) }`): checked where it costs nothing in an app.
      return payload.flatMap { verified($0, of: root) }
    #else
      return payload
    #endif
  }

  /// `payload`, if embedding it rebuilds `root`; otherwise reports that `embed` is not the case's
  /// constructor, and nothing.
  @usableFromInline
  func verified(_ payload: Value, of root: Root) -> Value? {
    let rebuilt = embed(payload)
    let known = learned.load(ordering: .relaxed)
    if let layout, known & Self.inlineFlag != 0 {
      // The case and the payload's own bits: the bytes of a multi-payload enum past a smaller
      // payload are not the value's, and differ between two equal values.
      let tag = UInt32(truncatingIfNeeded: known)
      if layout.tag(of: rebuilt) == tag {
        let again = layout.payload(of: rebuilt, tag: tag, as: Value.self)
        let sameBits = withUnsafeBytes(of: again) { againBytes in
          withUnsafeBytes(of: payload) { againBytes.elementsEqual($0) }
        }
        if sameBits { return payload }
      }
    }
    guard Self.isSame(rebuilt, root) else {
      reportNotAConstructor(root: root, rebuilt: rebuilt)
      return nil
    }
    return payload
  }

  /// Whether `rebuilt` is `root`: the same bits (sure, and cheap), else the same structure (the
  /// bits of a multi-payload enum past a smaller payload, or an `indirect` case's box, differ).
  static func isSame(_ rebuilt: Root, _ root: Root) -> Bool {
    let sameBits = withUnsafeBytes(of: rebuilt) { rebuiltBytes in
      withUnsafeBytes(of: root) { rebuiltBytes.elementsEqual($0) }
    }
    return sameBits || structurallyEqual(rebuilt, root)
  }

  func reportOnce(_ message: @autoclosure () -> String) {
    guard !hasReported.exchange(true, ordering: .relaxed) else { return }
    FeatureDiagnostics.report(message())
  }

  func reportNotAConstructor(root: Root, rebuilt: Root) {
    reportOnce(
      """
      Effectful: CasePath(embed) for \(Root.self) was given a closure that is not the case's \
      constructor: embedding the payload of \(StoreDiagnostics.excerpt(of: root)) gave \
      \(StoreDiagnostics.excerpt(of: rebuilt)). It extracts nothing. Pass the case itself \
      (`CasePath(\(Root.self).someCase)`), a closure that only builds it, or write \
      `CasePath(embed, extract:)`.
      """)
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
    if FunctionPayload.isHeld(in: Value.self) {
      reportOnce(
        """
        Effectful: CasePath(embed) for \(Root.self) cannot extract a payload of type \(Value.self): \
        reflection cannot hand a closure back callable. It extracts nothing. Write the extraction: \
        `CasePath(\(Root.self).someCase, extract: { if case .someCase(let payload) = $0 { payload } \
        else { nil } })`.
        """)
      return nil
    }
    guard let payload = Self.mirroredPayload(of: root) else { return nil }
    let rebuilt = embed(payload)
    guard Self.isSame(rebuilt, root) else {
      // Another case with a payload of the same type is no misuse; the same case rebuilt with
      // another payload, or a case without one from a payload, is.
      let ignoresPayload = Value.self != Void.self && Self.mirroredPayload(of: rebuilt) == nil
      if ignoresPayload || layout.map({ $0.tag(of: rebuilt) == $0.tag(of: root) }) == true {
        reportNotAConstructor(root: root, rebuilt: rebuilt)
      }
      return nil
    }
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
