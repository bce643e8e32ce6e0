/// A part of a store's value that somebody read through dynamic member lookup (`store.count`), and
/// what its readers saw of it: after a send, the store tells the part's readers only if the part
/// changed. See `Store+FieldObservation.swift` for when fields are read, compared and announced.
///
/// It knows nothing of the part's type: the comparison is a closure made where the part was read,
/// in code specialized for its type. Reading the part there, rather than here, is what keeps a
/// comparison free of the runtime's generic lookups (the first version, generic over the part's
/// type, spent most of observation.fields100 in them).
final class ObservedField<Value, Action> {
  // Touched only on the store's actor, never by overlapping accesses: no runtime exclusivity checks.

  /// What readers register under: `\StoreObservation.[observedField: number]`, formed once, `number` being
  /// the field's place among the store's fields (Observation hashes the key path at every read and
  /// change, and an `Int` hashes faster than the field's own key path). Observation holds it
  /// while a reader waits and lets it go when the reader is told or cancelled, so this field holding
  /// the only reference means nobody waits. Kept as `AnyKeyPath` so that checking that costs no
  /// generic lookup.
  @exclusivity(unchecked) var registration: AnyKeyPath
  /// Given the value readers see, returns the test of whether a later value changed the field:
  /// `nil` for a field that is not `Equatable`, which every send counts as changing.
  let arm: ((UnsafePointer<Value>) -> (UnsafePointer<Value>) -> Bool)?
  /// Whether the field was read since its readers were last told about a change: only then can
  /// anybody be waiting, and only then is it compared.
  @exclusivity(unchecked) var isArmed = false
  /// The test ``arm`` made when the field was read, while it is armed.
  @exclusivity(unchecked) var hasChanged: ((UnsafePointer<Value>) -> Bool)?
  /// The next field in the store's list of armed fields, or in a send's list of changed ones. Lists
  /// threaded through the fields rather than arrays: the store's code that walks them is generic,
  /// and an array of a generic class costs a runtime metadata lookup at each step.
  @exclusivity(unchecked) var nextArmed: ObservedField?
  @exclusivity(unchecked) var nextChanged: ObservedField?

  init(number: Int, arm: ((UnsafePointer<Value>) -> (UnsafePointer<Value>) -> Bool)?) {
    self.registration = \StoreObservation<Value, Action>.[observedField: number]
    self.arm = arm
  }

  /// Records what readers see now, in `value`.
  func arm(showing value: UnsafePointer<Value>) {
    isArmed = true
    hasChanged = arm?(value)
  }

  /// Forgets what readers saw: nobody waits any more, or they are being told.
  func disarm() {
    isArmed = false
    hasChanged = nil
  }

  /// Whether a reader's registration is still waiting on this field.
  var isWaitedOn: Bool { !isKnownUniquelyReferenced(&registration) }

  /// Whether the field in `value` differs from what readers saw.
  func changed(in value: UnsafePointer<Value>) -> Bool {
    guard let hasChanged else { return true }
    return hasChanged(value)
  }

  /// The key path readers register under, as Observation wants it.
  var typedRegistration: KeyPath<StoreObservation<Value, Action>, Void> {
    unsafeDowncast(registration, to: KeyPath<StoreObservation<Value, Action>, Void>.self)
  }
}

extension StoreObservation {
  /// What readers of a field register under with Observation: nothing to read, only a key path per
  /// field, `number` being its place among the fields the store has seen read.
  subscript(observedField number: Int) -> Void { () }
}
