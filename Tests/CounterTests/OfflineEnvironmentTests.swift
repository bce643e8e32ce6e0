import EffectfulCounter
import EffectfulEffectTestSupport
import Effectful
import EffectfulTesting
import EffectfulPrimes
import Testing

@Suite struct OfflineEnvironmentTests {
  @Test(arguments: [(1, 2), (2, 3), (3, 5), (10, 29), (1_000, 7_919)])
  func smallNthPrimeAnswersWithoutProgress(n: Int, prime: Int) async {
    let events = await outputs(of: CounterEnvironment.offline.nthPrime(n), until: \.isAnswer)
    #expect(events == [.answer(.success(prime))])
  }

  @Test func longSearchReportsIncreasingProgressBelowOneThenTheAnswer() async throws {
    // The sieve's windows are sized from the machine's caches, one L1 data cache or two at this
    // size: more than ten of them up to the 3 millionth prime on any CPU with at most 128 KiB of L1d.
    let events = await outputs(of: CounterEnvironment.offline.nthPrime(3_000_000), until: \.isAnswer)
    #expect(events.last == .answer(.success(49_979_687)))
    let fractions = events.compactMap { event -> Double? in
      guard case .progress(let fraction) = event else { return nil }
      return fraction
    }
    try #require(fractions.count > 10)
    #expect(fractions.allSatisfy { $0 > 0 && $0 < 1 })
    #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 })
    #expect(fractions.count <= 99)
  }

  @Test func aSearchBeyondReachAnswersAtOnceWithAnEstimate() async {
    let limit = largestNthPrimeWithinReach
    #expect(
      await outputs(of: CounterEnvironment.offline.nthPrime(.max), until: \.isAnswer) == [
        .answer(.failure(.beyondReach(n: .max, limit: limit, estimate: nil)))
      ])
    let n = limit + 1
    #expect(
      await outputs(of: CounterEnvironment.offline.nthPrime(n), until: \.isAnswer) == [
        .answer(.failure(.beyondReach(n: n, limit: limit, estimate: nthPrimeEstimate(n))))
      ])
  }

  @Test func factIsComputedLocally() async {
    #expect(await outputs(of: CounterEnvironment.offline.fact(7)) == [.success("7 is a prime number.")])
    #expect(
      await outputs(of: CounterEnvironment.offline.fact(28)) == [
        .success("28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28.")
      ])
  }

  @MainActor @Test func nthPrimeThroughTheStore() async {
    let store = TestStore(
      initialValue: CounterState(count: 3), reducer: counterReducer(environment: .offline))
    store.timeout = .seconds(30)  // only waited for when the test is failing
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(n: 3, .success(5))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 3, prime: 5)
    }
    await store.finish()
  }

  @MainActor @Test func factThroughTheStore() async {
    let store = TestStore(
      initialValue: CounterState(count: 28), reducer: counterReducer(environment: .offline))
    store.timeout = .seconds(30)  // only waited for when the test is failing
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.success("28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28."))) {
      $0.isLoading = false
      $0.fact = "28 is a perfect number: 1 + 2 + 4 + 7 + 14 = 28."
    }
    await store.finish()
  }

  @MainActor @Test func aHugeSearchCanBeCancelled() async {
    // The 10^12th prime would take hours: only cancellation ends this search. That nothing of a
    // cancelled effect reaches a store afterwards is the core's promise, tested there.
    let store = TestStore(
      initialValue: CounterState(count: 1_000_000_000_000), reducer: counterReducer(environment: .offline))
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    store.send(.nthPrimeCancelButtonTapped) { $0.isNthPrimeButtonDisabled = false }
    // finish() fails for any action that arrived, or any effect still running.
    await store.finish()
  }
}
