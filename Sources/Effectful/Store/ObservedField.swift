import Observation

/// A part of a store's value that somebody read through dynamic member lookup (`store.count`), and
/// what its readers saw of it: after a send, the store tells the part's readers only if the part
/// changed. See `Store+FieldObservation.swift` for when fields are read, compared and announced.
///
/// A class, so that the store keeps one per key path and a list of those waiting; the one subclass,
/// ``ObservedMember``, knows the part's type, which readers of the store never name.
@MainActor
class ObservedField<Value, Action> {
  /// Whether the field was read since its readers were last told about a change: only then can
  /// anybody be waiting, and only then is it compared.
  final var isArmed = false

  /// Records what readers see now, in `value`.
  func arm(showing value: Value) { preconditionFailure("ObservedMember overrides arm(showing:)") }

  /// Forgets what readers saw: nobody waits any more, or they are being told.
  func disarm() { preconditionFailure("ObservedMember overrides disarm()") }

  /// Whether a reader's registration is still waiting on this field.
  func isWaitedOn() -> Bool { preconditionFailure("ObservedMember overrides isWaitedOn()") }

  /// Whether the field in `value` differs from what readers saw.
  func hasChanged(in value: Value) -> Bool { preconditionFailure("ObservedMember overrides hasChanged(in:)") }

  /// Registers the current reader, if any, with `registrar`.
  func access(_ store: Store<Value, Action>, in registrar: ObservationRegistrar) {
    preconditionFailure("ObservedMember overrides access(_:in:)")
  }

  /// Tells the field's readers that it changed.
  func announce(_ store: Store<Value, Action>, in registrar: ObservationRegistrar) {
    preconditionFailure("ObservedMember overrides announce(_:in:)")
  }
}

/// The field at `path`, of type `Member`.
@MainActor
final class ObservedMember<Value, Action, Member>: ObservedField<Value, Action> {
  let path: KeyPath<Value, Member>
  /// What readers register under: the store's own dynamic member `\Store.[dynamicMember: path]`,
  /// formed once. Observation holds it while a reader waits and lets it go when the reader is told
  /// or cancelled, so this field holding the only reference means nobody waits.
  var registration: KeyPath<Store<Value, Action>, Member>
  /// `==` for `Member`, when it is `Equatable`: found at run time, since the store's readers name
  /// members of any type. A member that is not `Equatable` counts as changed by every send.
  let isEqual: ((Member, Member) -> Bool)?
  /// What readers saw, for an `Equatable` member while armed.
  var shown: Member?

  init(path: KeyPath<Value, Member>) {
    self.path = path
    self.registration = \Store<Value, Action>.[dynamicMember: path]
    self.isEqual = equality(of: Member.self)
  }

  override func arm(showing value: Value) {
    isArmed = true
    if isEqual != nil { shown = value[keyPath: path] }
  }

  override func disarm() {
    isArmed = false
    shown = nil
  }

  override func isWaitedOn() -> Bool {
    !isKnownUniquelyReferenced(&registration)
  }

  override func hasChanged(in value: Value) -> Bool {
    guard let isEqual, let shown else { return true }
    return !isEqual(shown, value[keyPath: path])
  }

  override func access(_ store: Store<Value, Action>, in registrar: ObservationRegistrar) {
    registrar.access(store, keyPath: registration)
  }

  override func announce(_ store: Store<Value, Action>, in registrar: ObservationRegistrar) {
    // The change has already happened; Observation wants it bracketed, so the bracket is empty.
    registrar.withMutation(of: store, keyPath: registration) {}
  }
}
