import Effectful
import EffectfulCounter
import EffectfulPlaygroundSidebar
import EffectfulPrimes
import Foundation

// A walk through "what is the nth prime?", offline: the Primes functions on their own, then the
// counter's nth-prime feature with its alert, progress, cancellation and failures. Run it with
// `swift run nth-prime`.

answerHelp(
  """
  usage: nth-prime

  A walk through "what is the nth prime?", offline: the Primes functions on their
  own, then the counter's nth-prime feature with its alert, progress reports, a
  cancelled search and failing environments. After each action it prints the action
  and the state. It takes no keys or commands: it runs to its end and exits 0.
  """)

/// Prints an expression and its value, as a playground's sidebar does.
func show(_ expression: String, _ value: Any) {
  print("\(expression)  // \(sidebarDescription(of: value))")
}

step("The Primes module: plain functions, no effects.")
show("nthPrime(1)", nthPrime(1) as Any)
show("nthPrime(3)", nthPrime(3) as Any)
show("nthPrime(1_000)", nthPrime(1_000) as Any)
show("nthPrime(0)", nthPrime(0) as Any)
show("isPrime(7_919)", isPrime(7_919))
show("isPrime(Int.max)", isPrime(Int.max))
show("ordinal(3)", ordinal(3))
show("fact(about: 28)", fact(about: 28))

print(
  "\nThe counter's nth-prime feature. "
    + "After each action, its state: fields that are nil, false or empty are left out."
)

step("Count to 3 and ask: the search runs off the main thread and answers with an alert.")
let store = Store(
  initialValue: CounterState(count: 2), reducer: sidebar(counterReducer(environment: .offline)))
store.send(.incrementButtonTapped)
store.send(.nthPrimeButtonTapped)
runMainQueue(until: { !store.value.isNthPrimeButtonDisabled })
print("alert: \(store.value.alertNthPrime?.title.string ?? "none")")
store.send(.alertNthPrime(.dismiss))

step(
  "A longer search reports its progress in whole percents, once per sieve window at most (here, "
    + "the 1,000,000th prime)."
)
let longSearch = Store(
  initialValue: CounterState(count: 1_000_000), reducer: sidebar(counterReducer(environment: .offline)))
longSearch.send(.nthPrimeButtonTapped)
runMainQueue(until: { !longSearch.value.isNthPrimeButtonDisabled })

step(
  "A search for the 10,000,000th prime, "
    + "cancelled at its first report of 3% or more (a report comes once per sieve window, "
    + "a few percent apart): nothing more arrives."
)
let cancelled = Store(
  initialValue: CounterState(count: 10_000_000), reducer: sidebar(counterReducer(environment: .offline)))
// Cancelled from the store's subscription, in the same turn as the report that crossed 3%: a
// check between turns of the main queue would let more reports in first.
let cancelAtThreePercent = cancelled.subscribe { state in
  if state.isNthPrimeButtonDisabled, (state.nthPrimeProgress ?? 0) >= 0.03 {
    cancelled.send(.nthPrimeCancelButtonTapped)
  }
}
cancelled.send(.nthPrimeButtonTapped)
runMainQueue(until: { !cancelled.value.isNthPrimeButtonDisabled })
runMainQueue(for: .milliseconds(300))
withExtendedLifetime(cancelAtThreePercent) {}

step("Environments are plain values: one whose answers fail shows the failure as a message.")
let failing = CounterEnvironment(
  nthPrime: { n in .send(.answer(.failure(.noAnswer(n: n)))) },
  fact: { number in .send(.failure(.noFact(number))) },
  mainQueue: DispatchQueue.main)
let failingStore = Store(
  initialValue: CounterState(count: 7), reducer: sidebar(counterReducer(environment: failing)))
failingStore.send(.nthPrimeButtonTapped)
runMainQueue(until: { !failingStore.value.isNthPrimeButtonDisabled })

step("The live environment without a Wolfram|Alpha app id says so, without touching the network.")
let live = Store(
  initialValue: CounterState(count: 7), reducer: sidebar(counterReducer(environment: .live(appID: nil))))
live.send(.nthPrimeButtonTapped)
runMainQueue(until: { !live.value.isNthPrimeButtonDisabled })

print("\nDone.")
