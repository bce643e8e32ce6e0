import Effectful
import EffectfulCounter
import EffectfulPlaygroundSidebar
import Foundation

// A walk through the counter screen, offline: every action sent (by this script or by an effect)
// and the state after it. Run it with `swift run counter`.

answerHelp(
  """
  usage: counter

  A walk through the counter screen, offline: counting, saving a favorite prime,
  the nth prime and its alert, a fact, the timer, and the errors at a count below 1.
  After each action it prints the action and the state. It takes no keys or
  commands: it runs to its end and exits 0.
  """)

print(
  "The counter screen, offline. After each action, its state: "
    + "fields that are nil, false or empty are left out."
)

let store = Store(
  initialValue: CounterViewState(),
  reducer: sidebar(counterViewReducer(environment: .offline)))

step("Count up three times, and down once.")
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.decrementButtonTapped))

step(
  "2 is prime: \"Is this prime?\" presents the is-prime screen; save 2 there (twice keeps one), "
    + "then dismiss it.")
store.send(.isPrimeButtonTapped)
store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
store.send(.primeModal(.presented(.saveFavoritePrimeTapped)))
store.send(.primeModal(.dismiss))

step("Ask for the 2nd prime. The search runs off the main thread; the button is disabled meanwhile.")
store.send(.counter(.nthPrimeButtonTapped))
runMainQueue(until: { !store.value.counter.isNthPrimeButtonDisabled })
store.send(.counter(.alertNthPrime(.dismiss)))

step("Ask for a fact about the count, computed offline.")
store.send(.counter(.factButtonTapped))
runMainQueue(until: { !store.value.counter.isLoading })

step("Start the timer, let it tick twice (about two seconds of real time), and stop it.")
store.send(.counter(.toggleTimerButtonTapped))
runMainQueue(until: { store.value.count >= 4 }, timeout: .seconds(5))
store.send(.counter(.toggleTimerButtonTapped))

step("Count down below 1: there is no 0th prime, and the error says so at once.")
for _ in 0..<4 {
  store.send(.counter(.decrementButtonTapped))
}
store.send(.counter(.nthPrimeButtonTapped))
store.send(.counter(.errorDismissButtonTapped))

step("Remove 2 from the favorites: count back up to it first.")
store.send(.counter(.incrementButtonTapped))
store.send(.counter(.incrementButtonTapped))
store.send(.isPrimeButtonTapped)
store.send(.primeModal(.presented(.removeFavoritePrimeTapped)))
store.send(.primeModal(.dismiss))

print("\nDone: count \(store.value.count), favorite primes \(store.value.favoritePrimes).")
