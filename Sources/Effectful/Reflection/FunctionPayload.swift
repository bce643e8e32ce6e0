/// Whether a payload type holds a function where reflection would hand it over: the type itself,
/// an element of a tuple, or an optional's wrapped value, at any depth.
///
/// ```swift
/// FunctionPayload.isHeld(in: (@Sendable () -> Void).self)        // true
/// FunctionPayload.isHeld(in: (id: Int, done: () -> Void).self)  // true
/// // false: a struct keeps its closures as they are
/// FunctionPayload.isHeld(in: Client.self)
/// ```
///
/// `Mirror` gives an enum's payload as `Any`, and the runtime does not re-abstract a function value
/// cast back out of it: the closure a reflected case path returned was not callable. A struct's
/// stored closures are not affected, since the struct is handed over whole. Reads the type's
/// metadata (kind word, a tuple's element list, an optional's generic argument), which is part of
/// Swift's stable ABI.
enum FunctionPayload {
  // Metadata kinds of the runtime's MetadataKind.def.
  private static let optionalKind = 0x202
  private static let tupleKind = 0x301
  private static let functionKind = 0x302

  static func isHeld(in type: Any.Type) -> Bool {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let word = MemoryLayout<UnsafeRawPointer>.size
    switch metadata.load(as: Int.self) {
    case functionKind:
      return true
    case optionalKind:
      // Kind, description, then the wrapped type.
      return isHeld(in: metadata.load(fromByteOffset: 2 * word, as: Any.Type.self))
    case tupleKind:
      // Kind, element count, labels, then (type, offset) per element.
      let count = metadata.load(fromByteOffset: word, as: Int.self)
      return (0..<count).contains { index in
        isHeld(in: metadata.load(fromByteOffset: (3 + 2 * index) * word, as: Any.Type.self))
      }
    default:
      return false
    }
  }
}
