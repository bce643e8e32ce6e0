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
// One function name, many closure types: zero to three arguments, and the result type decides
// which form Swift picks.
// - **Throwing** (`(A) throws -> R`, or `async throws`): fails the test, then throws an
//   ``UnimplementedError`` naming the placeholder.
// - **Not throwing, returning `Void`**: fails the test and returns.
// - **Not throwing, returning a value**: there is no value to make up, so these take one:
//   `unimplemented("Client.count", placeholder: 0)` fails the test and returns `0`.
//
// The forms are synchronous: Swift converts them to the `async` closure types environments hold.
// A placeholder never called costs nothing but the closure. The failure goes to the running test
// (Swift Testing or XCTest, through ``reportTestFailure(_:file:line:)``) at the line where the
// placeholder was made, since the line that called it cannot be known. A call from a task
// started in the test (a `.run` effect, the test itself) is attributed to that test; under Swift
// Testing a call from a thread with no task (a bare `DispatchQueue` block) belongs to no test
// and is reported nowhere, though a throwing placeholder still throws. Closure types with typed
// throws (`throws(MyError)`) are not covered: wrap the placeholder in a closure of that type.

/// A placeholder that fails the test and throws ``UnimplementedError`` when called.
///
/// ```swift
/// let client = NumberFactClient(
///   fetch: unimplemented("NumberFactClient.fetch"))
/// ```
///
/// The failure names the placeholder and points at this line, where it was made: the line that
/// called it cannot be known. The same for every arity, and for `async` closure types, which
/// Swift converts these to. See <doc:Testing#Unimplemented-dependencies>.
public func unimplemented<Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable () throws -> Result {
  {
    failUnimplemented(name, file: file, line: line)
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
  {
    failUnimplemented(name, file: file, line: line)
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
  {
    failUnimplemented(name, file: file, line: line)
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
/// Swift converts these to. See <doc:Testing#Unimplemented-dependencies>.
public func unimplemented<A, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A) throws -> Result {
  { _ in
    failUnimplemented(name, file: file, line: line)
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
  { _ in
    failUnimplemented(name, file: file, line: line)
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
  { _ in
    failUnimplemented(name, file: file, line: line)
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
/// Swift converts these to. See <doc:Testing#Unimplemented-dependencies>.
public func unimplemented<A, B, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B) throws -> Result {
  { _, _ in
    failUnimplemented(name, file: file, line: line)
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
  { _, _ in
    failUnimplemented(name, file: file, line: line)
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
  { _, _ in
    failUnimplemented(name, file: file, line: line)
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
/// Swift converts these to. See <doc:Testing#Unimplemented-dependencies>.
public func unimplemented<A, B, C, Result>(
  _ name: String, file: StaticString = #filePath, line: UInt = #line
) -> @Sendable (A, B, C) throws -> Result {
  { _, _, _ in
    failUnimplemented(name, file: file, line: line)
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
  { _, _, _ in
    failUnimplemented(name, file: file, line: line)
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
  { _, _, _ in
    failUnimplemented(name, file: file, line: line)
    return placeholder
  }
}

/// Fails the running test: `name` was called although the test made it a placeholder.
private func failUnimplemented(_ name: String, file: StaticString, line: UInt) {
  reportTestFailure(
    """
    Unimplemented: \(name) was called. The test made it a placeholder with `unimplemented`, so the \
    story was not expected to reach it: give the environment a real \(name) if it should.
    """, file: file, line: line)
}
