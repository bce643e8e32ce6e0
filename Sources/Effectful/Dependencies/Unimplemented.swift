import Foundation

// Dependency placeholders for tests: closures that fail the test, naming themselves, when called.
//
// A test builds its environment from what its story needs; every other dependency is
// `unimplemented`, so that a story that reaches one by mistake fails loudly instead of silently
// doing nothing:
//
// ```swift
// let environment = CounterFeature.Environment(
//   fact: unimplemented("CounterFeature.Environment.fact"),
//   clock: TestClock())
// ```
//
// They live in Effectful, not EffectfulTesting, so that a feature module, which never links test
// tooling, can declare a failing `testValue` for its dependency key:
//
// ```swift
// enum NumberFactKey: DependencyKey {
//   static let liveValue = NumberFactClient.live
//   static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
// }
// ```
//
// How a call fails the test still comes from the test tooling: Effectful finds EffectfulTesting at
// run time (see `TestFramework`), and without it (an app) a call is said on standard error.
//
// One function name, many closure types: zero to three arguments, and the result type decides
// which form Swift picks.
// - **Throwing** (`(A) throws -> R`, or `async throws`): fails the test, then throws an
//   ``UnimplementedError`` naming the placeholder.
// - **Not throwing, returning `Void`**: fails the test and returns.
// - **Not throwing, returning a value**: there is no value to make up, so these take one:
//   `unimplemented("Client.count", placeholder: 0)` fails the test and returns `0`.
//
// The forms are synchronous: Swift converts them to the `async` closure types environments hold.
// A placeholder never called costs the closure and, under Swift Testing, one suspended task (see
// below). The failure goes to the running test (Swift Testing or XCTest, through EffectfulTesting's
// `reportTestFailure(_:file:line:)`) at the line where the placeholder was made, since the line
// that called it cannot be known. A call from a task started in the test (a `.run` effect, the
// test itself) is attributed to that test, inside any `withKnownIssue` there. A call from where
// Swift Testing sees no test (a `Task.detached`, a `DispatchQueue` block, a thread of its own)
// fails the test that made the placeholder, as the context it was made in (a `withKnownIssue`
// around the making included), before the call returns: see EffectfulTesting's
// `CapturedTestContext`. Closure types with typed throws (`throws(MyError)`) are not covered: wrap
// the placeholder in a closure of that type.

/// A placeholder that fails the test and throws ``UnimplementedError`` when called.
///
/// ```swift
/// let client = NumberFactClient(
///   fetch: unimplemented("NumberFactClient.fetch"))
/// ```
///
/// The failure names the placeholder and points at this line, where it was made: the line that
/// called it cannot be known. The same for every arity, and for `async` closure types, which
/// Swift converts these to. See "Unimplemented dependencies" in <doc:/EffectfulTesting/Testing>.
public func unimplemented<Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable () throws -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return {
    failure.report()
    throw UnimplementedError(name: name)
  }
}

/// A placeholder with no result that fails the test when called.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track"))
/// ```
@_disfavoredOverload
public func unimplemented(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable () -> Void {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return {
    failure.report()
  }
}

/// A placeholder that fails the test when called and returns `placeholder`, for a closure type
/// that cannot throw.
///
/// ```swift
/// let counter = Counter(next: unimplemented("Counter.next", placeholder: 0))
/// ```
public func unimplemented<Result: Sendable>(
  _ name: String, placeholder: Result, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable () -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return {
    failure.report()
    return placeholder
  }
}

/// A placeholder that fails the test and throws ``UnimplementedError`` when called.
///
/// ```swift
/// let client = NumberFactClient(
///   fetch: unimplemented("NumberFactClient.fetch"))
/// ```
///
/// The failure names the placeholder and points at this line, where it was made: the line that
/// called it cannot be known. The same for every arity, and for `async` closure types, which
/// Swift converts these to. See "Unimplemented dependencies" in <doc:/EffectfulTesting/Testing>.
public func unimplemented<A, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A) throws -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _ in
    failure.report()
    throw UnimplementedError(name: name)
  }
}

/// A placeholder with no result that fails the test when called.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track"))
/// ```
@_disfavoredOverload
public func unimplemented<A>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A) -> Void {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _ in
    failure.report()
  }
}

/// A placeholder that fails the test when called and returns `placeholder`, for a closure type
/// that cannot throw.
///
/// ```swift
/// let counter = Counter(next: unimplemented("Counter.next", placeholder: 0))
/// ```
public func unimplemented<A, Result: Sendable>(
  _ name: String, placeholder: Result, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A) -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _ in
    failure.report()
    return placeholder
  }
}

/// A placeholder that fails the test and throws ``UnimplementedError`` when called.
///
/// ```swift
/// let client = NumberFactClient(
///   fetch: unimplemented("NumberFactClient.fetch"))
/// ```
///
/// The failure names the placeholder and points at this line, where it was made: the line that
/// called it cannot be known. The same for every arity, and for `async` closure types, which
/// Swift converts these to. See "Unimplemented dependencies" in <doc:/EffectfulTesting/Testing>.
public func unimplemented<A, B, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B) throws -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _ in
    failure.report()
    throw UnimplementedError(name: name)
  }
}

/// A placeholder with no result that fails the test when called.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track"))
/// ```
@_disfavoredOverload
public func unimplemented<A, B>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B) -> Void {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _ in
    failure.report()
  }
}

/// A placeholder that fails the test when called and returns `placeholder`, for a closure type
/// that cannot throw.
///
/// ```swift
/// let counter = Counter(next: unimplemented("Counter.next", placeholder: 0))
/// ```
public func unimplemented<A, B, Result: Sendable>(
  _ name: String, placeholder: Result, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B) -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _ in
    failure.report()
    return placeholder
  }
}

/// A placeholder that fails the test and throws ``UnimplementedError`` when called.
///
/// ```swift
/// let client = NumberFactClient(
///   fetch: unimplemented("NumberFactClient.fetch"))
/// ```
///
/// The failure names the placeholder and points at this line, where it was made: the line that
/// called it cannot be known. The same for every arity, and for `async` closure types, which
/// Swift converts these to. See "Unimplemented dependencies" in <doc:/EffectfulTesting/Testing>.
public func unimplemented<A, B, C, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B, C) throws -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _, _ in
    failure.report()
    throw UnimplementedError(name: name)
  }
}

/// A placeholder with no result that fails the test when called.
///
/// ```swift
/// let analytics = Analytics(track: unimplemented("Analytics.track"))
/// ```
@_disfavoredOverload
public func unimplemented<A, B, C>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B, C) -> Void {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _, _ in
    failure.report()
  }
}

/// A placeholder that fails the test when called and returns `placeholder`, for a closure type
/// that cannot throw.
///
/// ```swift
/// let counter = Counter(next: unimplemented("Counter.next", placeholder: 0))
/// ```
public func unimplemented<A, B, C, Result: Sendable>(
  _ name: String, placeholder: Result, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B, C) -> Result {
  let failure = PlaceholderFailure(name, file: file, line: line)
  return { _, _, _ in
    failure.report()
    return placeholder
  }
}

/// What a placeholder needs to fail the test when called: its name, and a way to fail the test
/// that made it, at the line where it was made.
private struct PlaceholderFailure: Sendable {
  let name: String
  /// From EffectfulTesting, made where the placeholder is made, for a call from outside the
  /// test's tasks; `nil` where EffectfulTesting is not linked.
  let reporter: (@Sendable (String) -> Void)?

  init(_ name: String, file: StaticString, line: UInt) {
    self.name = name
    reporter = TestFramework.bridge?.failureReporter(file: file, line: line)
  }

  /// Fails the test: the one running where it is called, or, where no test is (a detached task, a
  /// thread of its own), the one that made it. Without EffectfulTesting, says so on standard error.
  func report() {
    let message = """
      Unimplemented: \(name) was called. The test made it a placeholder with `unimplemented`, so the \
      story was not expected to reach it: give the environment a real \(name) if it should.
      """
    if let reporter {
      reporter(message)
    } else {
      FileHandle.standardError.write(Data("Effectful: \(message)\n".utf8))
    }
  }
}
