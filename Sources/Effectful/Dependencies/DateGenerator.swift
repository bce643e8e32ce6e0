import Foundation

/// Tells the date: the system's in the app, a fixed one in tests.
///
/// ```swift
/// @Dependency(\.date) var date
/// state.createdAt = date.now
/// // in the test:
/// withDependencies: {
///   $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
/// }
/// ```
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate` for each date.
  ///
  /// ```swift
  /// let generator = DateGenerator { Date() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The date now, as this generator tells it.
  public var now: Date { generate() }

  /// The date now: `date()` reads as `date.now`.
  ///
  /// ```swift
  /// let today = date()
  /// ```
  public func callAsFunction() -> Date { generate() }

  /// A generator that always tells `date`.
  ///
  /// ```swift
  /// $0.date = .constant(Date(timeIntervalSince1970: 0))
  /// ```
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

extension DependencyValues {
  /// The date: the system's in the app; in a test store, a generator that fails the test and
  /// tells `Date(timeIntervalSince1970: 0)` unless the test sets one.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// let now = date.now
  /// ```
  public var date: DateGenerator {
    get { self[DateKey.self] }
    set { self[DateKey.self] = newValue }
  }
}

private enum DateKey: DependencyKey {
  static var liveValue: DateGenerator { DateGenerator { Date() } }
  static var testValue: DateGenerator {
    let unset = UnsetDependency("date", example: ".constant(Date(timeIntervalSince1970: 0))")
    return DateGenerator {
      unset.report("The reducer or an effect read the date from")
      return Date(timeIntervalSince1970: 0)
    }
  }
}
