import Observation

/// A store is observable with Swift's Observation: reading ``Store/value`` inside
/// `withObservationTracking`, or in the body of a SwiftUI view, registers the reader for its next
/// change.
///
/// ```swift
/// withObservationTracking {
///   render(store.value)
/// } onChange: {
///   print("the count changed")   // once, after the send that changed it
/// }
/// store.send(.incrementButtonTapped)
/// ```
///
/// The rules:
/// - A ``Store/send(_:)`` that changes the value notifies once, after every action it led to (queued
///   by synchronous effects or observers) has been reduced: a chain of a thousand synchronous actions
///   is one change. Actions that effects deliver later are sends of their own.
/// - For an `Equatable` value, a send that leaves it equal to what trackers last read notifies nobody.
///   For any other value, every send notifies.
/// - A store made by ``Store/view(value:action:)`` notifies its own trackers only when its own value
///   changes (the same two rules, applied to the local value), never for the rest of its parent.
/// - A tracker keeps what tells it about a view it read (not the view's parent store) until it is
///   told or cancelled, so a view made and read in the same tracked closure (a SwiftUI body) needs
///   nobody else to hold it. When the root store goes, every tracker still waiting on it or on its
///   views is told, once, and lets go.
/// - Trackers are called on the main actor, during the send. Actions they send are reduced before the
///   send returns, and tracked in turn.
/// - A read through dynamic member lookup (`store.count`) is tracked by field: its reader hears only
///   about changes of that field (see `Store+FieldObservation.swift` and <doc:Observation>).
/// - ``Store/subscribe(_:)`` works alongside, unchanged.
///
/// A store that nobody tracks pays one flag check per send. A read of ``Store/value`` outside any
/// tracking scope cannot be told from a tracked one, so the next change after it is announced to
/// nobody, once; a read of a view that no tracker waits on also forms the small key path a tracker
/// would keep it alive with (about half a microsecond). For an `Equatable` value, a tracked store
/// keeps the value its trackers read, to compare: a collection in it is copied on its first change
/// after each read (copy-on-write).
extension Store: Observable {}

extension Store {
  /// Records a read of ``value`` for Observation.
  ///
  /// Observation cannot say whether a read was tracked, and asking its registrar about changes costs a
  /// lock and a lookup, so the store remembers that *some* read happened since it last announced a
  /// change ("armed") and announces the next change only then. Every tracker is one-shot and registers
  /// by reading, so no tracker is ever waiting while the store is disarmed.
  @usableFromInline
  func trackRead() {
    let observation = self.observation ?? makeObservation()
    if !observation.isArmed {
      observation.isArmed = true
      // What the trackers see, to compare with later; only worth keeping when it can be compared.
      if observation.isEqual != nil { observation.shown = currentValue }
      core.awaitChanges(of: observation)
    }
    observation.registrar.access(observation, keyPath: observation.keyPath)
    core.keepAliveWhileReaderWaits(observation)
  }

  func makeObservation() -> StoreObservation<Value, Action> {
    let made = StoreObservation<Value, Action>(core: core)
    observation = made
    return made
  }

  /// Called by a view of this store that Observation tracks (directly, or through views of its own).
  /// The view's observation holds this store's from now on: see `Store+ReaderLifetime.swift`.
  @usableFromInline
  func addTrackedView(_ view: any ObservedView) {
    let observation = self.observation ?? makeObservation()
    observation.trackedViews.append(TrackedView(view: view))
    view.parentObservation = observation
    core.awaitChanges(of: observation)
  }

  /// Tells this store's trackers, and those of its tracked views, about the send that just ran.
  /// Returns whether anybody is still waiting for a later change.
  @usableFromInline
  func announceChanges() -> Bool {
    observation?.announceChanges() ?? false
  }
}

/// What a store made by `view` or `scope` keeps for Observation, as its parent sees it: the
/// parent's sends reach its trackers through it.
@usableFromInline
protocol ObservedView: AnyObject {
  /// Notifies this store's trackers if its value changed since they read it, then passes the news on
  /// to its tracked views. Returns whether anybody is still waiting for a later change.
  func announceChanges() -> Bool
  /// Tells every tracker, here and in tracked views: the store they lead to is gone.
  func tellEveryReader()
  /// The parent's observation, held while this one is: see `Store+ReaderLifetime.swift`.
  var parentObservation: AnyObject? { get set }
}

/// A tracked view, held weakly: a view that nobody holds any more stops being told.
struct TrackedView {
  weak var view: (any ObservedView)?
}

/// What a store keeps for Observation, made on the first tracked read.
///
/// Readers register with it, not with the store (it is the `Observable` subject of the key paths they
/// register under), and it reaches the value through the store's core, not the store: a reader of a
/// view keeps this alive while it waits, never the view's parent store, which only its users keep
/// (see `Store+ReaderLifetime.swift`).
final class StoreObservation<Value, Action>: Observable {
  let registrar = ObservationRegistrar()
  /// The core of the store this belongs to, which gives the current value.
  let core: StoreCore<Value, Action>
  /// `\StoreObservation.wholeValue`, formed once rather than on every read and change.
  let keyPath: KeyPath<StoreObservation, Void>
  /// `==` when `Value` is `Equatable` (checked at run time, so that generic code gets it too).
  let isEqual: ((Value, Value) -> Bool)?
  /// Whether the value was read since trackers were last told about a change.
  var isArmed = false
  /// The value as it was when read, for an `Equatable` value.
  var shown: Value?
  /// Views of this store that are tracked, or lead to tracked views.
  var trackedViews: [TrackedView] = []
  /// The parent's observation, for a view's: what tells this one about changes must live as long.
  var parentObservation: AnyObject?
  /// The fields read through dynamic member lookup, by the key path read; see
  /// `Store+FieldObservation.swift`.
  var fields: [AnyKeyPath: ObservedField<Value, Action>] = [:]
  /// The fields read since their readers were last told about a change, the only ones a send
  /// compares, in the order they were read: a list through ``ObservedField/nextArmed``.
  var firstArmed: ObservedField<Value, Action>?
  var lastArmed: ObservedField<Value, Action>?

  /// Adds `field` to the end of the armed fields.
  func appendArmed(_ field: ObservedField<Value, Action>) {
    field.nextArmed = nil
    if let lastArmed { lastArmed.nextArmed = field } else { firstArmed = field }
    lastArmed = field
  }

  init(core: StoreCore<Value, Action>) {
    self.core = core
    self.keyPath = \StoreObservation.wholeValue
    self.isEqual = equality(of: Value.self)
  }

  /// What readers of the whole value register under: nothing to read, only a key path.
  var wholeValue: Void { () }

  /// Whether trackers already saw `value`: only an `Equatable` value can say so.
  func stillShows(_ value: Value) -> Bool {
    guard let isEqual, let shown else { return false }
    return isEqual(shown, value)
  }
}

extension StoreObservation: ObservedView {
  func announceChanges() -> Bool {
    if isArmed, !stillShows(core.currentValue) {
      isArmed = false
      shown = nil
      // The change has already happened; Observation wants it bracketed, so the bracket is empty.
      registrar.withMutation(of: self, keyPath: keyPath) {}
    }
    if firstArmed != nil { announceFieldChanges() }
    if !trackedViews.isEmpty {
      // A tracker may read a view again while being told, which registers it again: work on a copy.
      let views = trackedViews
      trackedViews = []
      for entry in views {
        if let view = entry.view, view.announceChanges() { trackedViews.append(entry) }
      }
    }
    // Read after the notifications: a tracker that read the value again is waiting again.
    let isWaiting = isArmed || firstArmed != nil || !trackedViews.isEmpty
    if !isWaiting { core.stopAwaitingChanges() }
    return isWaiting
  }

  func tellEveryReader() {
    // The root is gone: holding its observation (and through it the root's core, whose going ends
    // the root's effects) would only delay that for a scoped store somebody still holds.
    parentObservation = nil
    if isArmed {
      isArmed = false
      shown = nil
      registrar.withMutation(of: self, keyPath: keyPath) {}
    }
    var next = firstArmed
    firstArmed = nil
    lastArmed = nil
    while let field = next {
      next = field.nextArmed
      field.nextArmed = nil
      field.disarm()
      registrar.withMutation(of: self, keyPath: field.typedRegistration) {}
    }
    let views = trackedViews
    trackedViews = []
    for entry in views { entry.view?.tellEveryReader() }
  }
}

/// `==` for `Value`, if its type is `Equatable`.
@usableFromInline
func equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equality(opening: equatable, as: Value.self)
}

private func equality<Opened: Equatable, Value>(opening _: Opened.Type, as _: Value.Type) -> (
  (Value, Value) -> Bool
)? {
  // `Opened` is `Value` itself, so this cast between identical function types always succeeds.
  let isEqual: (Opened, Opened) -> Bool = { $0 == $1 }
  return isEqual as? (Value, Value) -> Bool
}
