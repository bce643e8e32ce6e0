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
  /// Records a read of the field at `path` for Observation.
  @usableFromInline
  func trackRead<Member>(of path: KeyPath<Value, Member>) {
    let observation = self.observation ?? makeObservation()
    let field = observation.fields[path] ?? makeField(path, in: observation)
    if !field.isArmed {
      field.arm(showing: currentValue)
      observation.armedFields.append(field)
      core.awaitChanges(of: self)
    }
    field.access(self, in: observation.registrar)
    core.keepAliveWhileReaderWaits(self)
  }

  private func makeField<Member>(
    _ path: KeyPath<Value, Member>, in observation: StoreObservation<Value, Action>
  ) -> ObservedField<Value, Action> {
    let made = ObservedMember<Value, Action, Member>(path: path)
    observation.fields[path] = made
    return made
  }

  /// Tells the readers of each armed field that changed; forgets the fields nobody waits on.
  func announceFieldChanges(_ observation: StoreObservation<Value, Action>) {
    // A reader told may read fields again, which arms them again: work on a copy. A field still in
    // the copy is still armed (only this loop disarms), so reading it again does not list it twice.
    let fields = observation.armedFields
    observation.armedFields = []
    let current = currentValue
    for field in fields {
      if !field.isWaitedOn() {
        field.disarm()
      } else if field.hasChanged(in: current) {
        field.disarm()
        field.announce(self, in: observation.registrar)
      } else {
        observation.armedFields.append(field)
      }
    }
  }
}
