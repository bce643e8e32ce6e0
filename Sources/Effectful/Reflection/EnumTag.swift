/// Reads and takes apart enum values through their type's value witnesses: the case number of a
/// value, and a copy of its payload, without `Mirror`.
///
/// ```swift
/// let layout = EnumLayout(Action.self)
/// let tick = layout?.tag(of: Action.tab1(.timerTick))
/// tick == layout?.tag(of: Action.tab1(.incrementButtonTapped))  // true
/// ```
///
/// `Mirror` can tell the case and payload too, but builds a mirror, strings and an existential box
/// each time; a case path asks on every action at every level of nested features. The layouts read
/// here (a metadata's kind word, its value witness table one word before it, `getEnumTag` and its
/// two neighbours after the table's ten words and two 32-bit fields, and the field descriptor's
/// records) are part of Swift's stable ABI.
@usableFromInline
struct EnumLayout: @unchecked Sendable {
  // Raw pointers to immutable runtime metadata, which lives as long as the program.
  @usableFromInline typealias GetEnumTag =
    @convention(c) (_ value: UnsafeRawPointer, _ metadata: UnsafeRawPointer) -> UInt32
  @usableFromInline typealias ProjectEnumData =
    @convention(c) (_ value: UnsafeMutableRawPointer, _ metadata: UnsafeRawPointer) -> Void
  @usableFromInline typealias InjectEnumTag =
    @convention(c) (
      _ value: UnsafeMutableRawPointer, _ tag: UInt32, _ metadata: UnsafeRawPointer
    ) -> Void

  // Metadata kinds of the runtime's MetadataKind.def: enum and optional.
  private static let enumKind = 0x201
  private static let optionalKind = 0x202

  @usableFromInline let metadata: UnsafeRawPointer
  @usableFromInline let getEnumTag: GetEnumTag
  @usableFromInline let projectEnumData: ProjectEnumData
  @usableFromInline let injectEnumTag: InjectEnumTag

  /// The layout of `type`, or `nil` when it is not an enum or an optional.
  @usableFromInline
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: Int.self)
    guard kind == Self.enumKind || kind == Self.optionalKind else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let first = 10 * word + 2 * MemoryLayout<UInt32>.size
    self.metadata = metadata
    getEnumTag = unsafeBitCast(
      witnesses.load(fromByteOffset: first, as: UnsafeRawPointer.self), to: GetEnumTag.self)
    projectEnumData = unsafeBitCast(
      witnesses.load(fromByteOffset: first + word, as: UnsafeRawPointer.self), to: ProjectEnumData.self)
    injectEnumTag = unsafeBitCast(
      witnesses.load(fromByteOffset: first + 2 * word, as: UnsafeRawPointer.self), to: InjectEnumTag.self)
  }

  /// The case number of `value`: payload cases first, in declaration order, then the others.
  @inlinable
  func tag<Value>(of value: Value) -> UInt32 {
    withUnsafePointer(to: value) { getEnumTag(UnsafeRawPointer($0), metadata) }
  }

  /// A copy of the payload of `value`, which must be of the case `tag`, stored inline (not
  /// `indirect`) and of type `Payload` exactly: see ``isInlinePayload(tag:)``.
  @inlinable
  func payload<Value, Payload>(of value: Value, tag: UInt32, as _: Payload.Type) -> Payload {
    var copy = value
    return withUnsafeMutableBytes(of: &copy) { bytes in
      let base = bytes.baseAddress!
      projectEnumData(base, metadata)
      let payload = base.load(as: Payload.self)
      // Back to the enum it was, so that the copy is destroyed as one.
      injectEnumTag(base, tag, metadata)
      return payload
    }
  }

  /// Whether only one case has a payload. That payload then starts the enum's memory exactly as it
  /// is, and the other cases live in its unused bit patterns or in tag bytes after it: a value of
  /// the case is its payload, read in place, without taking the enum apart.
  @usableFromInline
  var hasOnePayloadCase: Bool {
    let descriptor = metadata.load(
      fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    // The enum descriptor's count of payload cases, in the low 24 bits of its sixth word.
    return descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF == 1
  }

  /// Whether the case `tag` has a payload stored in the enum's own memory: not `indirect`, per
  /// the type's field descriptor.
  @usableFromInline
  func isInlinePayload(tag: UInt32) -> Bool {
    let descriptor = metadata.load(
      fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    guard let fields = relative(descriptor, at: 16) else { return false }
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    var payloadIndex: UInt32 = 0
    for index in 0..<count {
      let record = fields + 16 + index * recordSize
      // A record with a type is a payload case; payload cases are numbered first, in order.
      guard relative(record, at: 4) != nil else { continue }
      if payloadIndex == tag {
        let isIndirect = record.load(as: UInt32.self) & 0x1 != 0
        return !isIndirect
      }
      payloadIndex += 1
    }
    return false
  }

  /// The target of the 32-bit relative pointer at `offset` from `base`, `nil` when it is null.
  private func relative(_ base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
    let distance = base.load(fromByteOffset: offset, as: Int32.self)
    return distance == 0 ? nil : base + offset + Int(distance)
  }
}
