import EffectfulCounter
import EffectfulPrimeTime

/// The one-line summary of the app's state that line mode prints after every command.
///
/// ```swift
/// statusLine(AppState(counter: CounterState(count: 3)))
/// // "count: 3 (prime) | favorites: [] | timer: off"
/// statusLine(state)   // with a search running and 3 saved as a favorite:
/// // "count: 3 (prime, favorite) | favorites: [3] | timer: on | nth prime: searching"
/// ```
///
/// It always starts with `count: N`, so scripts can find the count with one pattern. A search's
/// progress is left out on purpose: a line per percent would drown the output.
func statusLine(_ state: AppState) -> String {
  var count = "count: \(state.count)"
  if state.counter.isPrime {
    count += state.favoritePrimes.contains(state.count) ? " (prime, favorite)" : " (prime)"
  }
  var parts = [
    count,
    "favorites: [\(state.favoritePrimes.map(String.init).joined(separator: ", "))]",
    "timer: \(state.counter.isTimerRunning ? "on" : "off")",
  ]
  if state.counter.isNthPrimeButtonDisabled { parts.append("nth prime: searching") }
  if state.counter.isLoading { parts.append("fact: loading") }
  return parts.joined(separator: " | ")
}
