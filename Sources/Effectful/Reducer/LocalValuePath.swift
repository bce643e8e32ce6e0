/// How `pullback` reaches the local value inside the global one: through the key path, or, when the key
/// path names storage inside the global value (a stored property of a struct, or a chain of them), at
/// a fixed byte offset found once.
///
/// A runtime key path projection costs a call into the key path machinery per level and per action (for
/// a generic parent, a metadata lookup too); nested features pay it at every level. The offset makes it
/// an address computation.
@usableFromInline
struct LocalValuePath<GlobalValue, LocalValue>: @unchecked Sendable {
  // Key paths are immutable once formed; those over plain stored properties, which are the ones a
  // pullback takes, capture nothing, so sharing them across threads is safe.
  @usableFromInline let keyPath: WritableKeyPath<GlobalValue, LocalValue>
  /// Where the local value sits inside the global one, if the key path is plain storage.
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<GlobalValue, LocalValue>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<GlobalValue>.offset(of: keyPath)
  }

  /// The local value inside `global`: what a removal check reads, at every action while a child
  /// runs an effect.
  @inlinable
  func read(_ global: GlobalValue) -> LocalValue {
    guard let offset else { return global[keyPath: keyPath] }
    // As in `modify`: the local value is stored inline at `offset`.
    return withUnsafePointer(to: global) { pointer in
      UnsafeRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: LocalValue.self).pointee
    }
  }

  /// The local value inside the global value at `global`: read there, without copying the rest of
  /// the global value (see ``RemovalCheck/init(inPlace:key:_:)``).
  @inlinable
  func read(at global: UnsafePointer<GlobalValue>) -> LocalValue {
    guard let offset else { return global.pointee[keyPath: keyPath] }
    return UnsafeRawPointer(global).advanced(by: offset).assumingMemoryBound(to: LocalValue.self).pointee
  }

  /// Calls `body` with the local value, in place.
  @inlinable
  func modify<Result>(_ global: inout GlobalValue, _ body: (inout LocalValue) -> Result) -> Result {
    guard let offset else { return body(&global[keyPath: keyPath]) }
    // `offset(of:)` promises that the local value is stored inline at `offset`, so the address is that
    // of the property itself, valid for as long as the exclusive access to `global` lasts.
    return withUnsafeMutablePointer(to: &global) { pointer in
      body(
        &UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: LocalValue.self)
          .pointee)
    }
  }
}
