import Effectful

/// Runs `effect` outside a store and returns its outputs, up to and including the first for which
/// `isLast` is true. For effects that work on real threads (the offline sieve, URLSession).
///
/// ```swift
/// let events = await outputs(of: environment.nthPrime(10)) { $0.isAnswer }
/// ```
public func outputs<Output: Sendable>(
  of effect: Effect<Output>, until isLast: @escaping @Sendable (Output) -> Bool = { _ in true }
) async -> [Output] {
  await withCheckedContinuation { continuation in
    let collected = LockedValue<[Output]?>([])
    effect.run { output in
      let complete = collected.withValue { list -> [Output]? in
        guard var soFar = list else { return nil }  // already complete: ignore stragglers
        soFar.append(output)
        list = isLast(output) ? nil : soFar
        return isLast(output) ? soFar : nil
      }
      if let complete { continuation.resume(returning: complete) }
    }
  }
}
