/// The isolation a root store belongs to: its reducer runs there and its effects deliver there.
///
/// The main actor keeps the path every store took before stores could live elsewhere (checks by
/// thread, deliveries on the main queue); any other actor, a global one or one with an executor of
/// the user's, gets its deliveries through ``StoreMailbox`` and its `.run` sends hop to it.
@usableFromInline
package enum StoreIsolation: Sendable {
  case main
  case actor(any Actor)

  /// The isolation `actor` stands for; `nil` when there is none (code outside any actor).
  @usableFromInline
  init?(_ actor: (any Actor)?) {
    guard let actor else { return nil }
    self = actor === MainActor.shared ? .main : .actor(actor)
  }

  /// The actor, `nil` for the main actor: what a `.run`'s ``Send`` hops to.
  @usableFromInline
  var otherActor: (any Actor)? {
    if case .actor(let actor) = self { return actor }
    return nil
  }

  /// Whether `caller`, the isolation a send came from, is this one.
  func isSame(as caller: any Actor) -> Bool {
    let actor = asActor
    if actor === caller { return true }
    // Two actors may share one executor (an executor of the user's, a global actor's shared one).
    return withUnsafeBytes(of: actor.unownedExecutor) { mine in
      withUnsafeBytes(of: caller.unownedExecutor) { theirs in mine.elementsEqual(theirs) }
    }
  }

  /// How a message names it: "the main actor", "actor Session".
  var name: String { Self.name(of: self.asActor) }

  var asActor: any Actor {
    switch self {
    case .main: return MainActor.shared
    case .actor(let actor): return actor
    }
  }

  static func name(of actor: (any Actor)?) -> String {
    guard let actor else { return "code outside any actor" }
    if actor === MainActor.shared { return "the main actor" }
    return "actor \(String(reflecting: type(of: actor)))"
  }
}
