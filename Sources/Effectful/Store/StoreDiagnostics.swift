/// The messages a misused store stops with: what happened, and what to do instead.
@usableFromInline
enum StoreDiagnostics {
  /// How much of an action a message shows: enough to recognise it, never a whole payload.
  static let actionExcerptLength = 200

  @usableFromInline
  static func effectOutputOffMainThread<Action>(_ action: Action) -> Never {
    fatalError(effectOutputOffMainThreadMessage(action))
  }

  @usableFromInline
  static func sentOffMainThread<Action>(_ action: Action) -> Never {
    fatalError(sentOffMainThreadMessage(action))
  }

  static func effectOutputOffMainThreadMessage<Action>(_ action: Action) -> String {
    """
    Effectful: an effect delivered "\(excerpt(of: action))" on a background thread, but a Store lives \
    on the main actor. Deliver effect outputs on the main thread: end the effect with \
    `.receive(on: DispatchQueue.main)` (URLSession and global-queue callbacks run elsewhere).
    """
  }

  static func sentOffMainThreadMessage<Action>(_ action: Action) -> String {
    """
    Effectful: "\(excerpt(of: action))" was sent to a Store from a background thread, but a Store \
    lives on the main actor. Send from the main actor (`await MainActor.run { store.send(…) }`), or \
    deliver the value through an effect that ends with `.receive(on: DispatchQueue.main)`.
    """
  }

  /// A send from `caller`, an isolation that is not the store's.
  @usableFromInline
  static func sentFromOtherIsolation<Action>(
    _ action: Action, store: StoreIsolation, caller: StoreIsolation?
  ) -> Never {
    fatalError(sentFromOtherIsolationMessage(action, store: store, caller: caller))
  }

  @usableFromInline
  static func sentFromOtherIsolationMessage<Action>(
    _ action: Action, store: StoreIsolation, caller: StoreIsolation?
  ) -> String {
    // Off the main thread yet claiming the main actor (or no actor): code that bypassed checking.
    if case .main = store, caller == nil || caller?.otherActor == nil {
      return sentOffMainThreadMessage(action)
    }
    return """
      Effectful: "\(excerpt(of: action))" was sent to a Store that belongs to \(store.name), from \
      \(StoreIsolation.name(of: caller?.asActor)). A store reduces on the isolation that made it: send from \
      there (a method of \(store.name)), or make the store where it is used.
      """
  }

  /// A store made and first used outside any actor: nothing says where it belongs.
  @usableFromInline
  static func usedOutsideAnyActor() -> Never {
    fatalError(usedOutsideAnyActorMessage)
  }

  static let usedOutsideAnyActorMessage = """
    Effectful: a Store made outside any actor was first used (sent to, subscribed to, or starting \
    an effect) outside any actor too, so it belongs nowhere. Name its owner when you make it \
    (`Store(…, isolation: session)`), or make the store, or send to it first, on the actor that \
    owns it (the main actor, or a method of your actor).
    """

  /// The start of `action` as `print` writes it, with "…" when there was more.
  static func excerpt<Action>(of action: Action) -> String {
    var text = PrefixText(limit: actionExcerptLength)
    print(action, terminator: "", to: &text)
    return text.isTruncated ? text.kept + "…" : text.kept
  }
}

/// Keeps the first `limit` characters written to it and drops the rest, so describing a huge
/// payload costs a traversal, not a copy of it.
private struct PrefixText: TextOutputStream {
  let limit: Int
  var kept = ""
  var isTruncated = false

  mutating func write(_ string: String) {
    guard !isTruncated else { return }
    let room = limit - kept.count
    if string.count <= room {
      kept += string
    } else {
      kept += string.prefix(room)
      isTruncated = true
    }
  }
}
