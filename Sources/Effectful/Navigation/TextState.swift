/// Text for an alert, a dialog or a button, as data: equatable, so a test can compare it.
///
/// ```swift
/// AlertState { TextState("Delete this meeting?") }
/// ```
public struct TextState: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The text as it is shown.
  public let string: String

  /// Text showing `string`.
  ///
  /// ```swift
  /// TextState("Delete")
  /// ```
  public init(_ string: String) {
    self.string = string
  }

  /// Text showing `string`, as it is.
  public init(verbatim string: String) {
    self.string = string
  }

  /// Text showing the literal.
  public init(stringLiteral string: String) {
    self.string = string
  }
}

extension TextState: CustomStringConvertible {
  /// The text, quoted.
  public var description: String { String(reflecting: string) }
}
