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
/// - A tracker keeps the view it read alive until it is told or cancelled, so a view made and read
///   in the same tracked closure (a SwiftUI body) needs nobody else to hold it.
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
      core.awaitChanges(of: self)
    }
    observation.registrar.access(self, keyPath: observation.keyPath)
    core.keepAliveWhileReaderWaits(self)
  }

  func makeObservation() -> StoreObservation<Value, Action> {
    let made = StoreObservation<Value, Action>(keyPath: \.value)
    observation = made
    return made
  }

  /// Called by a view of this store that Observation tracks (directly, or through views of its own).
  @usableFromInline
  func addTrackedView(_ view: any ObservedView) {
    let observation = self.observation ?? makeObservation()
    observation.trackedViews.append(TrackedView(view: view))
    core.awaitChanges(of: self)
  }
}

/// A store made by `view` or `scope`, as its parent sees it when Observation tracks it.
@usableFromInline
protocol ObservedView: AnyObject {
  /// Notifies this store's trackers if its value changed since they read it, then passes the news on
  /// to its tracked views. Returns whether anybody is still waiting for a later change.
  func announceChanges() -> Bool
}

extension Store: ObservedView {
  @usableFromInline
  func announceChanges() -> Bool {
    guard let observation else { return false }
    if observation.isArmed, !observation.stillShows(currentValue) {
      observation.isArmed = false
      observation.shown = nil
      // The change has already happened; Observation wants it bracketed, so the bracket is empty.
      observation.registrar.withMutation(of: self, keyPath: observation.keyPath) {}
    }
    if observation.firstArmed != nil { announceFieldChanges(observation) }
    if !observation.trackedViews.isEmpty {
      // A tracker may read a view again while being told, which registers it again: work on a copy.
      let views = observation.trackedViews
      observation.trackedViews = []
      for entry in views {
        if let view = entry.view, view.announceChanges() { observation.trackedViews.append(entry) }
      }
    }
    // Read after the notifications: a tracker that read the value again is waiting again.
    let isWaiting =
      observation.isArmed || observation.firstArmed != nil || !observation.trackedViews.isEmpty
    if !isWaiting { core.stopAwaitingChanges() }
    return isWaiting
  }
}

/// A tracked view, held weakly: a view that nobody holds any more stops being told.
struct TrackedView {
  weak var view: (any ObservedView)?
}

/// What a store keeps for Observation, made on the first tracked read.
final class StoreObservation<Value, Action> {
  let registrar = ObservationRegistrar()
  /// `\Store.value`, formed once rather than on every read and change.
  let keyPath: KeyPath<Store<Value, Action>, Value>
  /// `==` when `Value` is `Equatable` (checked at run time, so that generic code gets it too).
  let isEqual: ((Value, Value) -> Bool)?
  /// Whether the value was read since trackers were last told about a change.
  var isArmed = false
  /// The value as it was when read, for an `Equatable` value.
  var shown: Value?
  /// Views of this store that are tracked, or lead to tracked views.
  var trackedViews: [TrackedView] = []
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

  init(keyPath: KeyPath<Store<Value, Action>, Value>) {
    self.keyPath = keyPath
    self.isEqual = equality(of: Value.self)
  }

  /// Whether trackers already saw `value`: only an `Equatable` value can say so.
  func stillShows(_ value: Value) -> Bool {
    guard let isEqual, let shown else { return false }
    return isEqual(shown, value)
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
