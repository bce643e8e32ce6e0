/// Runs `operation` with the dependencies in force changed by `update`: stores made in it keep
/// them, and everything it reads through ``Dependency`` sees them.
///
/// ```swift
/// let store = withDependencies {
///   $0.continuousClock = ImmediateClock()
/// } operation: {
///   Store(initialValue: Timer.State(), reducer: Timer().reducer)
/// }
/// ```
///
/// The change lasts for `operation` and the tasks it starts, never beyond, and never reaches
/// another task.
@discardableResult
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.inForce
  try update(&values)
  return try DependencyValues.withCurrent(values, operation: operation)
}

/// Runs async `operation` with the dependencies in force changed by `update`.
///
/// ```swift
/// let fact = await withDependencies {
///   $0.numberFact = NumberFactClient(fetch: { "\($0) is odd." })
/// } operation: {
///   await Facts().load(3)
/// }
/// ```
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.inForce
  try await update(&values)
  return try await DependencyValues.withCurrent(values, isolation: isolation, operation: operation)
}
