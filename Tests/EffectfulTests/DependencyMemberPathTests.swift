import Effectful
import Synchronization
import Testing

/// How many times something happened, from any thread.
private final class Count: Sendable {
  private let value = Mutex(0)
  func next() -> Int { value.withLock { $0 += 1; return $0 } }
  var current: Int { value.withLock { $0 } }
}

/// A client with a member computed at each read, as `DateGenerator.now` is.
private struct Ticker: Sendable {
  let count: Count
  var now: Int { count.next() }
}

/// Ticks counted across the process; each test reads differences.
private let ticks = Count()
/// How many times each key below made its value.
private let tickersMade = Count()
private let clocksMade = Count()

private enum TickerKey: DependencyKey {
  static var liveValue: Ticker { Ticker(count: ticks) }
  static var testValue: Ticker {
    _ = tickersMade.next()
    return Ticker(count: ticks)
  }
}

private enum CountedClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> {
    _ = clocksMade.next()
    return ContinuousClock()
  }
}

extension DependencyValues {
  fileprivate var ticker: Ticker {
    get { self[TickerKey.self] }
    set { self[TickerKey.self] = newValue }
  }
  fileprivate var countedClock: any Clock<Duration> {
    get { self[CountedClockKey.self] }
    set { self[CountedClockKey.self] = newValue }
  }
}

/// Issue 36, item 1: with the default values (every app store), a `@Dependency` kept the value of
/// its whole key path, so a path through a computed member (`\.date.now`) became a constant after
/// its first read. It may keep the dependency itself, never what a member computes from it.
@MainActor
@Suite struct DependencyMemberPathTests {
  /// A feature struct made once, whose wrapper serves every read, as an app's does.
  struct Feature {
    @Dependency(\.ticker.now) var now

    var reducer: Reducer<[Int], Void> {
      { state, _ in
        state.append(now)
        return .none
      }
    }
  }

  @Test func aPathThroughAComputedMemberIsReadAfreshInAStoreWithTheDefaults() {
    let store = Store(initialValue: [], reducer: Feature().reducer)
    for _ in 0..<3 { store.send(()) }
    let first = store.value[0]
    #expect(store.value == [first, first + 1, first + 2])
  }

  @Test func theDependencyItselfIsMadeOnceAndKept() {
    @Dependency(\.ticker) var ticker
    let before = tickersMade.current
    let counts = (0..<3).map { _ in ticker.count.current }
    #expect(tickersMade.current == before + 1)
    #expect(counts.count == 3)
  }

  @Test func anExistentialDependencyIsKeptToo() {
    @Dependency(\.countedClock) var clock
    let before = clocksMade.current
    for _ in 0..<3 { _ = clock.now }
    #expect(clocksMade.current == before + 1)
  }
}
