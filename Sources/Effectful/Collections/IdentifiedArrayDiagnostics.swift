/// The messages a misused identified array stops with: what happened, and what to do instead.
@usableFromInline
enum IdentifiedArrayDiagnostics {
  @usableFromInline
  static func duplicateID(_ id: some Hashable, at offset: Int) -> Never {
    fatalError(
      """
      Effectful: IdentifiedArray was given two elements with the id \(id) (the second at offset \
      \(offset)). Ids must be unique: drop or merge the duplicates first, or add elements one by one \
      with `append`, which skips a duplicate and returns `inserted: false`.
      """)
  }

  @usableFromInline
  static func mismatchedID(_ id: some Hashable, subscript key: some Hashable) -> Never {
    fatalError(
      """
      Effectful: IdentifiedArray[id: \(key)] was set to an element whose id is \(id). The id in the \
      subscript must be the element's own id: write `array[id: element.id] = element`.
      """)
  }

  @usableFromInline
  static func changedID(from old: some Hashable, to new: some Hashable) -> Never {
    fatalError(
      """
      Effectful: an IdentifiedArray element's id changed in place, from \(old) to \(new). An element \
      keeps its id: remove it and add a new element instead (`array[id: old] = nil`, then `append`).
      """)
  }
}
