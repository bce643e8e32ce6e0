import Effectful
import EffectfulPlaygroundSidebar
import EffectfulTutorial
import Foundation

// The Composable Architecture tutorial's counter, walked through in Effectful's async dialect: every
// action sent (by this script or by an effect) and the state after it. `swift run tutorial` takes a
// few seconds of real time on ContinuousClock; `swift run tutorial --immediate` runs the timer on an
// ImmediateClock, which does not wait.

answerHelp(
  """
  usage: tutorial [--immediate]

  The Composable Architecture tutorial's counter in Effectful's async dialect,
  walked through: counting, a fact, a timer stopped after three ticks, a fact
  cancelled by counting on, then the tutorial's reducer as it writes it. After each
  action it prints the action and the state. It takes no keys or commands: it runs
  to its end and exits 0.

    --immediate   the timer on an ImmediateClock: no waiting (default: a few
                  seconds of real time)
    --help        this text
  """)

let immediate = CommandLine.arguments.dropFirst().contains("--immediate")
let clock: any Clock<Duration> = immediate ? ImmediateClock() : ContinuousClock()

print(
  """
  The tutorial's counter, offline, on \(immediate ? "an ImmediateClock (no waiting)" : "the real clock"). \
  After each action, its state: fields that are nil, false or empty are left out.
  """)

// `CounterFeature` alone is the tutorial's own, in CounterFeature.swift next to this file.
// The store keeps the clock in force where it is made: its timer reads it as a dependency.
let store = withDependencies {
  $0.continuousClock = clock
} operation: {
  Store(
    initialValue: EffectfulTutorial.CounterFeature.State(),
    reducer: sidebar(EffectfulTutorial.CounterFeature.reducer()))
}

step("Count up three times, and down once.")
store.send(.incrementButtonTapped)
store.send(.incrementButtonTapped)
store.send(.incrementButtonTapped)
store.send(.decrementButtonTapped)

step("Ask for a fact about the count: a `.run` effect computes it off the main actor and sends it back.")
store.send(.factButtonTapped)
runMainQueue(until: { !store.value.isLoading })

step(
  "Start the timer: a `.run` effect loops over `clock.timer(interval: .seconds(1))`. "
    + "After three ticks, stop it."
)
let stopAt = store.value.count + 3
// Stopping from an observer, as the third tick is reduced: the cancellation is processed before any
// later tick could arrive, so the walk-through prints the same whatever the clock.
let stopper = store.subscribe { state in
  if state.isTimerRunning, state.count == stopAt { store.send(.toggleTimerButtonTapped) }
}
store.send(.toggleTimerButtonTapped)
runMainQueue(until: { !store.value.isTimerRunning }, timeout: .seconds(10))
stopper.cancel()

step("Ask for a fact, then count up before it arrives: the fact was about the old count, so it is cancelled.")
store.send(.factButtonTapped)
store.send(.incrementButtonTapped)

step(
  "The tutorial's reducer as it writes it (CounterFeature.swift): its timer sleeps a real second a tick, "
    + "twice, then `.cancel(id: CancelID.timer)` stops it."
)
let asWritten = Store(initialValue: CounterFeature.State(), reducer: sidebar(CounterFeature().reducer))
let stopAsWritten = asWritten.subscribe { state in
  if state.isTimerRunning, state.count == 2 { asWritten.send(.toggleTimerButtonTapped) }
}
asWritten.send(.toggleTimerButtonTapped)
runMainQueue(until: { !asWritten.value.isTimerRunning }, timeout: .seconds(10))
stopAsWritten.cancel()

// Both counters, each as its last state line showed it: the walk-through ends on the second.
func summary(count: Int, isTimerRunning: Bool) -> String {
  "count \(count), timer \(isTimerRunning ? "on" : "off")"
}
let library = summary(count: store.value.count, isTimerRunning: store.value.isTimerRunning)
let tutorial = summary(count: asWritten.value.count, isTimerRunning: asWritten.value.isTimerRunning)
print("\nDone: the library's counter at \(library); the tutorial's as written at \(tutorial).")
