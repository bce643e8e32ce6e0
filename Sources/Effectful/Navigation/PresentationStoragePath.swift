@_spi(Reflection) import Swift
import Synchronization

/// How a presentation `ifLet` reaches the ``PresentationState`` it presents inside its parent's
/// state: in place, at the wrapper's storage, once it has found where that is; through the key
/// path until then.
///
/// `\.$destination` is a computed property (a property wrapper's projection), so
/// `MemoryLayout.offset(of:)` has no offset for it, and every access runs through the runtime's key
/// path machinery: about 1,000 instructions a modify and 700 a read, four of them in a present,
/// start, dismiss cycle (navigation.presentDismiss, BENCHMARKS.md). The projection of a
/// `PresentationState` is the wrapper itself, so the key path reads and writes the wrapper's own
/// storage, `_destination`, a stored property. The first time the key path reads a child, the
/// path finds which stored `PresentationState<Child>` of the parent's state (or of a struct stored
/// in it) that is: it clears each such field in a copy of the state and asks the key path, and the
/// one field whose clearing the key path reads as empty, and which the key path's setter clears,
/// is the storage. A key path that reads no such field, or several, is kept as it is.
@usableFromInline
final class PresentationStoragePath<Parent, Child>: @unchecked Sendable {
  // Key paths are immutable once formed, and a presentation's names a property wrapper's
  // projection, which captures nothing; `storage` is atomic: what makes the unchecked Sendable safe.
  @usableFromInline let keyPath: WritableKeyPath<Parent, PresentationState<Child>>
  /// Where the wrapper is stored in `Parent`, once known; ``unknown`` until a child was shown, or
  /// ``none`` for a key path that reads no single stored wrapper.
  @usableFromInline let storage: Atomic<Int>

  @usableFromInline static var unknown: Int { -1 }
  @usableFromInline static var none: Int { -2 }

  @inlinable
  init(_ keyPath: WritableKeyPath<Parent, PresentationState<Child>>) {
    self.keyPath = keyPath
    // A stored property (`var destination: PresentationState<…>`) has its offset already.
    storage = Atomic(MemoryLayout<Parent>.offset(of: keyPath) ?? Self.unknown)
  }

  /// The presentation inside `parent`.
  @inlinable
  func read(_ parent: Parent) -> PresentationState<Child> {
    // Relaxed: the offset describes the type's layout, which no other memory access orders.
    let offset = storage.load(ordering: .relaxed)
    guard offset >= 0 else { return parent[keyPath: keyPath] }
    return withUnsafePointer(to: parent) { pointer in
      UnsafeRawPointer(pointer).advanced(by: offset)
        .assumingMemoryBound(to: PresentationState<Child>.self).pointee
    }
  }

  /// The presentation inside the parent at `parent`: read there, without copying the rest of the
  /// parent (see ``RemovalCheck/init(inPlace:key:_:)``).
  @inlinable
  func read(at parent: UnsafePointer<Parent>) -> PresentationState<Child> {
    let offset = storage.load(ordering: .relaxed)
    guard offset >= 0 else { return parent.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(parent).advanced(by: offset)
      .assumingMemoryBound(to: PresentationState<Child>.self).pointee
  }

  /// Calls `body` with the presentation inside `parent`, in place.
  @inlinable
  func modify<Result>(
    _ parent: inout Parent, _ body: (inout PresentationState<Child>) -> Result
  ) -> Result {
    let offset = storage.load(ordering: .relaxed)
    guard offset >= 0 else { return body(&parent[keyPath: keyPath]) }
    // The wrapper is stored inline at `offset` (found below), so the address is that of the
    // property itself, valid for as long as the exclusive access to `parent` lasts.
    return withUnsafeMutablePointer(to: &parent) { pointer in
      body(
        &UnsafeMutableRawPointer(pointer).advanced(by: offset)
          .assumingMemoryBound(to: PresentationState<Child>.self).pointee)
    }
  }

  /// Finds the storage in `parent`, if not known yet and if `parent` shows a child, which is what
  /// tells the fields apart.
  @inlinable
  func learn(from parent: Parent) {
    guard storage.load(ordering: .relaxed) == Self.unknown else { return }
    learnSlowly(from: parent)
  }

  @usableFromInline
  func learnSlowly(from parent: Parent) {
    guard parent[keyPath: keyPath].wrappedValue != nil else { return }
    var found: Int?
    for offset in Self.candidates {
      // Cleared in a copy: does the key path read it?
      var cleared = parent
      Self.clear(at: offset, in: &cleared)
      guard cleared[keyPath: keyPath].wrappedValue == nil else { continue }
      // Reading two fields, the key path is not one field's projection.
      guard found == nil else { return giveUp() }
      // And does its setter write it?
      var written = parent
      written[keyPath: keyPath] = PresentationState(wrappedValue: nil)
      guard Self.isCleared(at: offset, in: written) else { return giveUp() }
      found = offset
    }
    guard let found else { return giveUp() }
    // Two stores may learn at once; they find the same offset.
    storage.store(found, ordering: .relaxed)
  }

  private func giveUp() {
    storage.store(Self.none, ordering: .relaxed)
  }

  /// The offsets of every `PresentationState<Child>` stored in `Parent`, in it or in the structs
  /// it stores inline, found by the runtime's reflection once per reducer.
  private static var candidates: [Int] {
    var offsets: [Int] = []
    collectFields(of: Parent.self, at: 0, into: &offsets, depth: 0)
    return offsets
  }

  private static func collectFields(of type: Any.Type, at base: Int, into offsets: inout [Int], depth: Int) {
    // Deep enough for any state written by hand; the walk is over types, once, not values.
    guard depth < 32 else { return }
    _ = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
      if fieldType == PresentationState<Child>.self {
        offsets.append(base + offset)
      } else if kind == .struct {
        collectFields(of: fieldType, at: base + offset, into: &offsets, depth: depth + 1)
      }
      return true
    }
  }

  private static func clear(at offset: Int, in parent: inout Parent) {
    withUnsafeMutableBytes(of: &parent) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: PresentationState<Child>.self)
        .pointee.wrappedValue = nil
    }
  }

  private static func isCleared(at offset: Int, in parent: Parent) -> Bool {
    withUnsafeBytes(of: parent) { bytes in
      bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: PresentationState<Child>.self)
        .pointee.wrappedValue == nil
    }
  }
}
