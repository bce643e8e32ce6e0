import Foundation
import Observation

// Observation by field. A read through dynamic member lookup (`store.count`) registers its reader
// under that field alone; after a send, the store compares each field somebody waits on with what
// its readers saw, and tells only the readers of fields that changed. No macro is needed: the
// store sees the key path of every such read, and finds `==` for the field's type at run time.
//
// What a send pays for it: nothing while nobody reads a field (the loop's one flag, as for
// `value`); otherwise one comparison per field that is read and waited on, and nothing for a
// field whose readers have all been told or have gone. A field read outside any tracking scope is
// dropped at the next send without being compared: nobody holds its registration.

extension Store {
  /// Records a read of the field at `path` for Observation. `makeArm` is called once per field, the
  /// first time this store sees it read: see ``ObservedField/arm``.
  @usableFromInline
  func trackRead(
    of path: AnyKeyPath, makeArm: () -> ((UnsafePointer<Value>) -> (UnsafePointer<Value>) -> Bool)?
  ) {
    let observation = self.observation ?? makeObservation()
    let field = observation.fields[path] ?? makeField(path, arm: makeArm(), in: observation)
    if !field.isArmed {
      var shown = currentValue
      field.arm(showing: &shown)
      observation.appendArmed(field)
      core.awaitChanges(of: observation)
    }
    observation.registrar.access(observation, keyPath: field.typedRegistration)
    core.keepAliveWhileReaderWaits(observation)
  }

  private func makeField(
    _ path: AnyKeyPath,
    arm: ((UnsafePointer<Value>) -> (UnsafePointer<Value>) -> Bool)?,
    in observation: StoreObservation<Value, Action>
  ) -> ObservedField<Value, Action> {
    let made = ObservedField<Value, Action>(number: observation.fields.count, arm: arm)
    observation.fields[path] = made
    return made
  }
}

extension StoreObservation {
  /// Tells the readers of each armed field that changed; forgets the fields nobody waits on.
  ///
  /// In two passes: every field is compared, and the list of armed fields settled, before any
  /// reader is told. A reader told may read fields again at once, which arms them again and adds
  /// them to that list; by then the first pass is over, so nothing it walks changes under it, and a
  /// field read again starts afresh from the value the reader saw.
  ///
  /// A reader that reads again while being told, and had read two fields that both changed, is
  /// told once per field (as with an `@Observable` class whose two properties change): it
  /// registered again before the second was announced. A SwiftUI view reads again later, after the
  /// send, and hears once.
  func announceFieldChanges() {
    // By address: a closure made in specialized code, called from this generic code with the value
    // itself, would copy the whole value for each field.
    var current = core.currentValue
    var firstChanged: ObservedField<Value, Action>?
    var lastChanged: ObservedField<Value, Action>?
    // Fields that stay armed stay where they are; the others are unlinked.
    var previous: ObservedField<Value, Action>?
    var next = firstArmed
    while let field = next {
      next = field.nextArmed
      let isWaitedOn = field.isWaitedOn
      if isWaitedOn && !field.changed(in: &current) {
        previous = field
        continue
      }
      if let previous { previous.nextArmed = next } else { firstArmed = next }
      if next == nil { lastArmed = previous }
      field.nextArmed = nil
      // Told below, or waited on by nobody.
      if isWaitedOn {
        if let lastChanged { lastChanged.nextChanged = field } else { firstChanged = field }
        lastChanged = field
      }
      field.disarm()
    }
    next = firstChanged
    while let field = next {
      next = field.nextChanged
      field.nextChanged = nil
      // The change has already happened; Observation wants it bracketed, so the bracket is empty.
      registrar.withMutation(of: self, keyPath: field.typedRegistration) {}
    }
  }
}


/// How a field read as `Member` is armed: for an `Equatable` member (found at run time, once per
/// field), a test against the member readers saw; otherwise `nil`. Inlinable, so that the tests
/// it makes read the member in code specialized for its type.
@inlinable
func fieldArm<Value, Member>(
  _ path: KeyPath<Value, Member>
) -> ((UnsafePointer<Value>) -> (UnsafePointer<Value>) -> Bool)? {
  guard let isEqual = equality(of: Member.self) else { return nil }
  // A stored property (or a chain of them) is read at its offset: a runtime key path projection
  // would cost a call into the key path machinery and a generic metadata lookup per comparison.
  guard let offset = MemoryLayout<Value>.offset(of: path) else {
    return { value in
      let shown = value.pointee[keyPath: path]
      return { !isEqual(shown, $0.pointee[keyPath: path]) }
    }
  }
  guard _isPOD(Member.self) else {
    return { value in
      let shown = member(of: value, at: offset, as: Member.self)
      return { !isEqual(shown, member(of: $0, at: offset, as: Member.self)) }
    }
  }
  // Plain bits (numbers, flags, enums without payloads that hold references): identical bits are
  // the same value, which spares most comparisons (the fields that did not change) the call to `==`
  // through its run-time witness. Bits that differ may still be equal (-0.0 and 0.0), so `==` decides.
  return { value in
    let shown = member(of: value, at: offset, as: Member.self)
    return { current in
      let now = UnsafeRawPointer(current).advanced(by: offset)
      let sameBits = withUnsafePointer(to: shown) { then in
        memcmp(now, then, MemoryLayout<Member>.size) == 0
      }
      return !sameBits && !isEqual(shown, member(of: current, at: offset, as: Member.self))
    }
  }
}

/// The member stored inline in `value` at `offset`, which `MemoryLayout.offset(of:)` gave for it.
@inlinable
func member<Value, Member>(of value: UnsafePointer<Value>, at offset: Int, as _: Member.Type) -> Member {
  UnsafeRawPointer(value).advanced(by: offset).assumingMemoryBound(to: Member.self).pointee
}
