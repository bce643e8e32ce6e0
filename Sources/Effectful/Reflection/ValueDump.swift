import Foundation

/// A multi-line, indented rendering of any value, built with `Mirror`, for test failure messages.
///
/// ```swift
/// print(
///   dump(CounterState(count: 2, alertNthPrime: PrimeAlert(n: 3, prime: 5))))
/// // CounterState(
/// //   count: 2,
/// //   alertNthPrime: PrimeAlert(n: 3, prime: 5)
/// // )
/// ```
///
/// - Structs and classes render as `TypeName(field: value, …)`, enums as `.caseName(payload)`
///   (with the type name in front at the top level), arrays as `[1, 2, 3]`, sets as
///   `Set([1, 2])`, dictionaries as `["key": value]`, tuples as `(label: value, …)`, optionals as
///   the wrapped value or `nil`, strings quoted with Swift escapes. `Date`, `URL`, `UUID`,
///   `Decimal` and `Duration` render as their description, `Data` as `N bytes`.
/// - A value whose children are all plain values and whose rendering fits in 60 characters goes
///   on one line; anything else is expanded one child a line. The top-level struct or class is
///   always expanded so that every field has its own line.
/// - Dictionary entries and set elements are sorted by their rendering, so the output is
///   deterministic.
/// - A class instance that contains itself (directly or further down) renders as
///   `TypeName(↩︎)` where the cycle closes; an instance reached twice without a cycle is
///   rendered in full both times.
/// - A payload-less enum case renders through `String(describing:)`, so an enum conforming to
///   `CustomStringConvertible` shows its description there.
/// - It is generic rather than taking `Any` so that an unqualified `dump(value)` picks this
///   function over the standard library's `dump(_:)`, which prints and returns its argument.
///   Where `value` is statically `Any` outside this module, write `Effectful.dump(value)`.
package func dump<Value>(_ value: Value) -> String {
  DumpNode(reflecting: value).lines(isRoot: true).joined(separator: "\n")
}

/// A value reduced to what its dump shows: the tree that `dump(_:)` renders and `diff(_:_:)`
/// walks.
package struct DumpNode: Equatable, Sendable {
  /// What a node renders as; composite kinds keep their parts in `children`.
  package enum Kind: Equatable, Sendable {
    /// A value rendered as a single piece of text: numbers, quoted strings, `nil`, dates.
    case scalar(String)
    /// A class instance that is already being rendered further up: where a cycle closes.
    case cycle(typeName: String)
    /// A struct or class: `TypeName(field: value)`.
    case fields(typeName: String)
    /// A tuple: `(label: value, value)`.
    case tuple
    /// An enum case: `.caseName` or `.caseName(payload)`.
    case enumCase(typeName: String, caseName: String, hasPayload: Bool)
    /// An array or other ordered collection: `[1, 2]`.
    case array
    /// A set, elements sorted by their rendering: `Set([1, 2])`.
    case set
    /// A dictionary, entries sorted by their key's rendering; each child's label is its key.
    case dictionary
  }

  /// One part of a composite node: a field, a tuple or payload element, a collection element.
  package struct Child: Equatable, Sendable {
    /// The field or tuple label, or the rendered key of a dictionary entry; nil when unlabeled.
    package var label: String?
    package var node: DumpNode
  }

  package var kind: Kind
  package var children: [Child] = []

  /// The tree of `value`, read through its `Mirror`.
  package init(reflecting value: Any) {
    var builder = DumpNodeBuilder()
    self = builder.node(for: value)
  }

  init(kind: Kind, children: [Child] = []) {
    self.kind = kind
    self.children = children
  }
}

/// Builds `DumpNode`s, remembering which class instances enclose the value being read.
private struct DumpNodeBuilder {
  /// Only the instances on the path from the root: that is enough to stop cycles, and unlike a
  /// set of every instance seen it still renders a shared (acyclic) instance in full each time.
  var enclosingObjects: Set<ObjectIdentifier> = []

  mutating func node(for value: Any) -> DumpNode {
    if let text = scalarText(value) {
      return DumpNode(kind: .scalar(text))
    }
    // `AnyHashable` hides its base behind a custom mirror; show the base itself.
    if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
      return node(for: hashable.base)
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return DumpNode(kind: .scalar("nil")) }
      return node(for: wrapped.value)

    case .enum:
      return enumNode(value, mirror)

    case .class where type(of: value) is AnyObject.Type:
      let typeName = readableTypeName(mirror.subjectType)
      let object = ObjectIdentifier(value as AnyObject)
      guard !enclosingObjects.contains(object) else { return DumpNode(kind: .cycle(typeName: typeName)) }
      enclosingObjects.insert(object)
      defer { enclosingObjects.remove(object) }
      var mirrors = [mirror]
      while let superclassMirror = mirrors[0].superclassMirror {
        mirrors.insert(superclassMirror, at: 0)
      }
      let fields = mirrors.flatMap { $0.children }
      return DumpNode(kind: .fields(typeName: typeName), children: labeledChildren(fields))

    case .tuple:
      return DumpNode(kind: .tuple, children: labeledChildren(mirror.children))

    case .collection:
      return DumpNode(
        kind: .array, children: mirror.children.map { Child(label: nil, node: node(for: $0.value)) })

    case .set:
      let elements = mirror.children.map { node(for: $0.value) }
      return DumpNode(kind: .set, children: sortedByRendering(elements.map { Child(label: nil, node: $0) }))

    case .dictionary:
      let entries = mirror.children.map { entry -> Child in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return Child(label: nil, node: node(for: entry.value)) }
        return Child(label: node(for: pair[0].value).oneLine(), node: node(for: pair[1].value))
      }
      return DumpNode(kind: .dictionary, children: sortedByRendering(entries))

    case .struct, .class:
      return DumpNode(
        kind: .fields(typeName: readableTypeName(mirror.subjectType)),
        children: labeledChildren(mirror.children))

    default:
      // Numbers, Bool and other values whose mirror shows nothing: their description says it all.
      if mirror.children.isEmpty { return DumpNode(kind: .scalar(String(describing: value))) }
      return DumpNode(
        kind: .fields(typeName: readableTypeName(mirror.subjectType)),
        children: labeledChildren(mirror.children))
    }
  }

  private mutating func enumNode(_ value: Any, _ mirror: Mirror) -> DumpNode {
    let typeName = readableTypeName(mirror.subjectType)
    guard let payload = mirror.children.first else {
      return DumpNode(
        kind: .enumCase(typeName: typeName, caseName: String(describing: value), hasPayload: false))
    }
    let caseName = payload.label ?? "@unknown"
    let payloadMirror = Mirror(reflecting: payload.value)
    // Several associated values (or one labeled one) arrive as a tuple; show them as the case's
    // own list, like the source spells it: `.alert(n: 3, prime: 5)`.
    let children =
      payloadMirror.displayStyle == .tuple
      ? labeledChildren(payloadMirror.children)
      : [Child(label: nil, node: node(for: payload.value))]
    return DumpNode(
      kind: .enumCase(typeName: typeName, caseName: caseName, hasPayload: true), children: children)
  }

  private mutating func labeledChildren(_ children: some Sequence<Mirror.Child>) -> [Child] {
    children.map { child in
      // Unlabeled tuple elements come labeled `.0`, `.1`: the position already says that.
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
      return Child(label: label, node: node(for: child.value))
    }
  }

  private typealias Child = DumpNode.Child

  /// Sorted by label (a dictionary's key), then by rendering: `diff` relies on this order.
  private func sortedByRendering(_ children: [Child]) -> [Child] {
    children
      .map { (label: $0.label ?? "", text: $0.node.oneLine(), child: $0) }
      .sorted { ($0.label, $0.text) < ($1.label, $1.text) }
      .map(\.child)
  }
}

/// The text of values shown as-is rather than by their stored properties, or nil.
private func scalarText(_ value: Any) -> String? {
  switch value {
  case let string as String: return string.debugDescription
  case let substring as Substring: return String(substring).debugDescription
  case let character as Character: return String(character).debugDescription
  case let data as Data: return "\(data.count) bytes"
  case let date as Date: return date.description
  case let url as URL: return url.description
  case let uuid as UUID: return uuid.uuidString
  case let decimal as Decimal: return decimal.description
  case let duration as Duration: return duration.description
  case let type as Any.Type: return readableTypeName(type) + ".self"
  default: return nil
  }
}

/// A type's name as written in source: `Outer.Inner`, `Box<Int>`, without module names or the
/// runtime's `(unknown context at $…)` markers for private and local types.
package func readableTypeName(_ type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
  while let marker = name.range(of: "(unknown context at $"),
    let end = name.range(of: ").", range: marker.upperBound..<name.endIndex)
  {
    name.removeSubrange(marker.lowerBound..<end.upperBound)
  }
  // Every dotted identifier in a qualified name starts with its module: `Swift.Array<Swift.Int>`.
  var result = ""
  var identifier = ""
  func flush() {
    if identifier.first != ".", let dot = identifier.firstIndex(of: ".") {
      result += identifier[identifier.index(after: dot)...]
    } else {
      result += identifier
    }
    identifier = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      identifier.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
}

// MARK: - Rendering

extension DumpNode {
  /// Longest one-line rendering that a nested value may use before it is expanded.
  static let maxLineWidth = 60

  /// True when every child is a plain value, so a one-line rendering stays readable.
  var isFlat: Bool {
    children.allSatisfy { $0.node.children.isEmpty }
  }

  /// True for the values that `lines` puts on a single line when nested.
  var fitsOnOneLine: Bool {
    children.isEmpty || (isFlat && oneLine(limit: Self.maxLineWidth) != nil)
  }

  /// The one-line rendering, or nil when it is longer than `limit` UTF-8 bytes. Stops early, so
  /// asking whether a 10,000-element array fits costs no more than asking about a short one.
  func oneLine(limit: Int) -> String? {
    var writer = OneLineWriter(limit: limit)
    writer.write(self, isRoot: false)
    return writer.isOverLimit ? nil : writer.text
  }

  /// The full one-line rendering.
  package func oneLine() -> String {
    var writer = OneLineWriter(limit: .max)
    writer.write(self, isRoot: false)
    return writer.text
  }

  /// The one-line rendering cut after `limit` characters with an ellipsis: for messages. As a root,
  /// an enum case is named with its type: `AppAction.counter(.incrementButtonTapped)`.
  package func abbreviated(limit: Int = 100, isRoot: Bool = false) -> String {
    var writer = OneLineWriter(limit: limit)
    writer.write(self, isRoot: isRoot)
    return writer.isOverLimit ? String(writer.text.prefix(limit)) + "…" : writer.text
  }

  /// The text that opens a composite node, and the text that closes it.
  func brackets(isRoot: Bool) -> (open: String, close: String) {
    switch kind {
    case .scalar(let text): return (text, "")
    case .cycle(let typeName): return ("\(typeName)(↩︎", ")")
    case .fields(let typeName): return ("\(typeName)(", ")")
    case .tuple: return ("(", ")")
    case .enumCase(let typeName, let caseName, let hasPayload):
      let name = (isRoot ? typeName : "") + "." + caseName
      return hasPayload ? (name + "(", ")") : (name, "")
    case .array: return ("[", "]")
    case .set: return ("Set([", "])")
    case .dictionary: return children.isEmpty ? ("[:", "]") : ("[", "]")
    }
  }

  /// What goes before a child's value: `label: `, `[index]: `, `key: `, or nothing.
  func childPrefix(_ child: Child, at index: Int) -> String {
    if case .array = kind { return "[\(index)]: " }
    return child.label.map { "\($0): " } ?? ""
  }

  /// True for a case with a single unlabeled payload, rendered inline: `.counter(CounterState(`.
  var isSingleValueEnumCase: Bool {
    if case .enumCase = kind, children.count == 1, children[0].label == nil { return true }
    return false
  }

  /// The dump as lines, indented by two spaces a level.
  func lines(isRoot: Bool) -> [String] {
    var lines: [String] = []
    appendLines(to: &lines, head: "", tail: "", indent: "", isRoot: isRoot)
    return lines
  }

  /// Appends the dump, its first line after `head` and its last line followed by `tail`.
  func appendLines(to lines: inout [String], head: String, tail: String, indent: String, isRoot: Bool) {
    let expandsRoot: Bool
    if isRoot, case .fields = kind, !children.isEmpty { expandsRoot = true } else { expandsRoot = false }
    if !expandsRoot, fitsOnOneLine {
      var writer = OneLineWriter(limit: .max)
      writer.write(self, isRoot: isRoot)
      lines.append(indent + head + writer.text + tail)
      return
    }
    let (open, close) = brackets(isRoot: isRoot)
    if isSingleValueEnumCase {
      children[0].node.appendLines(
        to: &lines, head: head + open, tail: close + tail, indent: indent, isRoot: false)
      return
    }
    lines.append(indent + head + open)
    for (index, child) in children.enumerated() {
      child.node.appendLines(
        to: &lines, head: childPrefix(child, at: index), tail: index == children.count - 1 ? "" : ",",
        indent: indent + "  ", isRoot: false)
    }
    lines.append(indent + close + tail)
  }
}

/// Writes one-line renderings, giving up once the text is longer than `limit` UTF-8 bytes.
private struct OneLineWriter {
  let limit: Int
  var text = ""
  var isOverLimit = false

  init(limit: Int) {
    self.limit = limit
  }

  mutating func append(_ string: String) {
    guard !isOverLimit else { return }
    text += string
    if text.utf8.count > limit { isOverLimit = true }
  }

  mutating func write(_ node: DumpNode, isRoot: Bool) {
    let (open, close) = node.brackets(isRoot: isRoot)
    append(open)
    for (index, child) in node.children.enumerated() {
      guard !isOverLimit else { return }
      if index > 0 { append(", ") }
      // Positions are obvious on one line; `[1, 2]` reads better than `[[0]: 1, [1]: 2]`.
      if let label = child.label { append(label + ": ") }
      write(child.node, isRoot: false)
    }
    append(close)
  }
}
