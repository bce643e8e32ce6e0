import Foundation

/// The error an `unimplemented` dependency throws when a test calls it.
///
/// ```swift
/// let fact: @Sendable (Int) async throws -> String = unimplemented("fact")
/// do { _ = try await fact(1) } catch let error as UnimplementedError {
///   print(error.name)   // "fact"
/// }
/// ```
///
/// The call has already failed the test; the error only stops the code that called it, which
/// could not go on without a result.
public struct UnimplementedError: Error, Equatable, CustomStringConvertible, LocalizedError {
  /// The name the placeholder was given: `"NumberFactClient.fetch"`.
  public let name: String

  /// An error for the placeholder named `name`.
  ///
  /// ```swift
  /// UnimplementedError(name: "NumberFactClient.fetch")
  /// ```
  public init(name: String) {
    self.name = name
  }

  public var description: String {
    "\(name) is unimplemented: the test made it a placeholder that fails when called."
  }

  /// The same as ``description``, for code that shows `error.localizedDescription`.
  public var errorDescription: String? { description }
}
