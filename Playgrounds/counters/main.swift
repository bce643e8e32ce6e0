import Effectful
import EffectfulCounters
import EffectfulPlaygroundSidebar
import Foundation

// A list of counters with a detail, walked through: every action sent (by this script or by an
// effect) and the state after it. Each row has a fact (a `.run` effect) and a timer (on the
// environment's clock), all under the same cancellation ids: `forEach` makes them each row's own,
// and deleting a row stops what it started. `swift run counters` takes a few seconds of real time;
// `swift run counters --immediate` runs timers on an ImmediateClock and the undo window on an
// ImmediateScheduler, which do not wait.

answerHelp(
  """
  usage: counters [--immediate]

  A list of counters with a detail, walked through: two rows added and counted up, a
  fact for one, both timers started, a ticking row deleted (its timer stops with it),
  and the last row opened in detail. After each action it prints the action and the
  list's state, a line per row. It takes no keys or commands: it runs to its end and
  exits 0.

    --immediate   timers on an ImmediateClock, the undo window on an
                  ImmediateScheduler: no waiting (default: a few seconds of real time)
    --help        this text
  """)

let immediate = CommandLine.arguments.dropFirst().contains("--immediate")
let environment = CountersEnvironment(
  clock: immediate ? ImmediateClock() : ContinuousClock(),
  mainQueue: immediate ? ImmediateScheduler() : DispatchQueue.main)

print(
  """
  A list of counters, offline, on \(immediate ? "an ImmediateClock (no waiting)" : "the real clock"). \
  After each action, the list's state: fields that are nil, false or empty are left out.
  """)

let store = Store(
  initialValue: CountersList.State(),
  reducer: sidebar(CountersList.reducer(environment: environment)))
let rows = { store.scope(forEach: \.rows, action: CountersList.rowAction) }

step("Add two counters, and count the second one up twice, through its own row store.")
store.send(.addButtonTapped)
store.send(.addButtonTapped)
rows()[1].send(.incrementButtonTapped)
rows()[1].send(.incrementButtonTapped)

step("Ask the second counter for a fact: a `.run` effect computes it and sends it back to that row.")
rows()[1].send(.factButtonTapped)
_ = runMainQueue(until: { store.value.rows[id: 2]?.isLoading == false })

step(
  "Start both timers, under the same id. "
    + "After three ticks of the first, delete it (its timer stops with it) and stop the second's."
)
let deleter = store.subscribe { state in
  guard state.rows[id: 1]?.count == 3 else { return }
  store.send(.deleteButtonTapped(1))
  store.send(.row(2, .toggleTimerButtonTapped))
}
rows()[0].send(.toggleTimerButtonTapped)
rows()[1].send(.toggleTimerButtonTapped)
_ = runMainQueue(until: { store.value.rows[id: 1] == nil }, timeout: .seconds(10))
deleter.cancel()

step("Open the remaining counter in detail, count up there, and close it: the row gets the count.")
store.send(.rowTapped(2))
store.send(.detail(.incrementButtonTapped))
store.send(.detailClosed)

let timers = store.value.rows.filter(\.isTimerRunning).count
print("\nDone: \(counted(store.value.rows.count, "counter")) left, \(counted(timers, "timer")) running.")
