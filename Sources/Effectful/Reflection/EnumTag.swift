/// The number of the case `value` is in, read from its type's value witness table, or `nil` when
/// `Value` is not an enum (or an optional).
///
/// ```swift
/// enumTag(of: Action.tab1(.incrementButtonTapped)) == enumTag(of: Action.tab1(.timerTick))  // true
/// ```
///
/// `Mirror` can tell the case too, by name, but builds a mirror and a string each time; a case path
/// asks on every action at every level of nested features, and this is one indirect call. The
/// layouts read here (a metadata's kind word, its value witness table one word before it, and
/// `getEnumTag` after the table's ten words and two 32-bit fields) are part of Swift's stable ABI.
func enumTag<Value>(of value: Value) -> UInt32? {
  guard let getEnumTag = EnumTagReader.reader(for: Value.self) else { return nil }
  let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
  return withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
}

/// Where a type's `getEnumTag` value witness is.
enum EnumTagReader {
  typealias GetEnumTag = @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32

  // Metadata kinds of the runtime's MetadataKind.def: enum and optional.
  private static let enumKind = 0x201
  private static let optionalKind = 0x202

    static func reader(for type: Any.Type) -> GetEnumTag? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == enumKind || kind == optionalKind else { return nil }
    let witnesses = metadata.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let offset = 10 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<UInt32>.size
    return unsafeBitCast(witnesses.load(fromByteOffset: offset, as: UnsafeRawPointer.self), to: GetEnumTag.self)
  }
}
