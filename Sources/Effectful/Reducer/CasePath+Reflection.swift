import Synchronization

extension CasePath {
  /// A case path from the case alone: extraction reads the payload by reflection.
  ///
  /// ```swift
  /// enum AppAction { case counter(CounterAction), favoritePrimes(FavoritePrimesAction) }
  /// let appReducer = pullback(counterReducer, value: \.counter, action: CasePath(AppAction.counter))
  /// ```
  ///
  /// `embed` must be the case itself (`AppAction.counter`), or a closure that only builds the case
  /// (`{ .row(id: $0.0, action: $0.1) }`); a case without a payload is a `CasePath<Root, Void>`
  /// (`CasePath { _ in AppAction.refresh }`). The first action of the case that arrives teaches the
  /// case path its case: its payload is embedded again and must rebuild the action exactly, compared
  /// by reflection. From then on, any other case is rejected by its case number alone (one read of
  /// the enum's tag) and an action of the case costs one `Mirror` of it. A `CustomReflectable` enum,
  /// whose mirror does not show its payload, extracts nothing: write `CasePath(embed, extract:)`.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    let reflected = ReflectedCase(embed)
    self.init(embed, extract: reflected.extract)
  }
}

/// What a reflected case path knows about its case: the tag, once an action of the case arrived.
final class ReflectedCase<Root, Value>: Sendable {
  let embed: @Sendable (Value) -> Root
  /// The case's tag; `unknown` until learned. Every store on any thread can extract.
  private let tag = Atomic<UInt32>(ReflectedCase.unknown)
  private static var unknown: UInt32 { .max }

  init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
  }

  @Sendable
  func extract(_ root: Root) -> Value? {
    let known = tag.load(ordering: .relaxed)
    let rootTag = enumTag(of: root)
    if known != Self.unknown, let rootTag, rootTag != known { return nil }
    guard let payload = payload(of: root) else { return nil }
    if known != Self.unknown { return payload }
    // Learning: the payload must rebuild the very action, or this is another case whose payload
    // has the same type.
    let rebuilt = embed(payload)
    guard DumpNode(reflecting: rebuilt) == DumpNode(reflecting: root) else { return nil }
    if let rootTag, enumTag(of: rebuilt) == rootTag { tag.store(rootTag, ordering: .relaxed) }
    return payload
  }

  /// The case's payload as `Value`: the whole of it, its one labeled value (`(fact: "…")`), or
  /// nothing for a case without one when `Value` is `Void`.
  private func payload(of root: Root) -> Value? {
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum || mirror.displayStyle == .optional else { return nil }
    guard let child = mirror.children.first?.value else { return () as? Value }
    if let payload = child as? Value { return payload }
    let tuple = Mirror(reflecting: child)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }
}
