import Foundation

/// Makes UUIDs: random ones in the app, predictable ones in tests.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// state.todos.append(Todo(id: uuid(), title: ""))
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each UUID.
  ///
  /// ```swift
  /// let generator = UUIDGenerator { UUID() }
  /// ```
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction() -> UUID { generate() }

  /// A generator that counts from `00000000-0000-0000-0000-000000000000` up, one per call: what a
  /// test store uses unless the test sets another.
  ///
  /// ```swift
  /// let uuid = UUIDGenerator.incrementing
  /// uuid()   // 00000000-0000-0000-0000-000000000000
  /// uuid()   // 00000000-0000-0000-0000-000000000001
  /// ```
  public static var incrementing: UUIDGenerator {
    let next = LockedValue<UInt64>(0)
    return UUIDGenerator {
      let count = next.withValue { count in
        defer { count += 1 }
        return count
      }
      return UUID(uuidString: "00000000-0000-0000-0000-" + hex12(count))!
    }
  }

  /// A generator that always makes `uuid`.
  ///
  /// ```swift
  /// let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
  /// $0.uuid = .constant(id)
  /// ```
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

/// `count` as twelve lowercase hex digits, zero-padded.
private func hex12(_ count: UInt64) -> String {
  let digits = String(count & 0xFFFF_FFFF_FFFF, radix: 16)
  return String(repeating: "0", count: 12 - digits.count) + digits
}

extension DependencyValues {
  /// Makes UUIDs: `UUID()` in the app; in a test store, `00000000-0000-0000-0000-000000000000`,
  /// then `…0001` and so on, counted per store, unless the test sets another generator.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let id = uuid()
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDKey.self] }
    set { self[UUIDKey.self] = newValue }
  }
}

private enum UUIDKey: DependencyKey {
  static var liveValue: UUIDGenerator { UUIDGenerator { UUID() } }
  static var testValue: UUIDGenerator { .incrementing }
}
