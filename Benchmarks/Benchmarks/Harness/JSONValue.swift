import Foundation

/// A JSON value that keeps its keys in the order they were written, so the file reads like the table.
/// (`JSONEncoder` on Linux orders keys arbitrarily unless told to sort them.)
enum JSONValue {
  case null
  case bool(Bool)
  case number(Double)
  case integer(Int)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// Pretty-printed text, two spaces per level.
  func rendered(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value):
      guard value.isFinite else { return "null" }
      return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .string(let value): return quoted(value)
    case .array(let values):
      if values.isEmpty { return "[]" }
      let items = values.map { inner + $0.rendered(indent: inner) }
      return "[\n" + items.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      let items = members.map { inner + quoted($0.key) + ": " + $0.value.rendered(indent: inner) }
      return "{\n" + items.joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  private func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension JSONValue {
  init(_ value: Double?) {
    self = value.map { .number($0) } ?? .null
  }

  init(_ value: Int?) {
    self = value.map { .integer($0) } ?? .null
  }

  init(_ value: Bool?) {
    self = value.map { .bool($0) } ?? .null
  }
}
