import Foundation
import Testing

/// Issue 30, item 8: a clock passed as `scheduler:` (the scheduler forms' habit) is answered by the
/// compiler with the spelling to write, and a `TestClock`, which is a clock and a scheduler both,
/// still takes the scheduler forms.
@Suite("A clock where a scheduler goes")
struct ClockGuidanceTests {
  @Test func theCompilerNamesTheClockSpelling() throws {
    guard let compiler = Compiler.find() else { return }
    let misuse = try compiler.diagnose(
      """
      import Effectful
      enum Action: Sendable { case search }
      func reduce(clock: ContinuousClock) -> [Effect<Action>] {
        let one = Effect.send(Action.search)
        _ = one.delay(for: .seconds(1), scheduler: clock)
        _ = one.debounce(id: "search", for: .seconds(1), scheduler: clock)
        _ = one.throttle(id: "search", for: .seconds(1), scheduler: clock, latest: true)
        return [one].debounce(id: "search", for: .seconds(1), scheduler: clock)
      }
      """)
    for spelling in [".delay(for:clock:)", ".debounce(id:for:clock:)", ".throttle(id:for:clock:latest:)"] {
      #expect(misuse.contains("a clock goes in `clock:`: write \(spelling)"), "\(misuse)")
    }
    #expect(!misuse.contains("conform to 'Scheduler'"), "\(misuse)")

    let fine = try compiler.diagnose(
      """
      import Effectful
      import EffectfulTesting
      import Dispatch
      enum Action: Sendable { case search }
      func reduce(clock: TestClock, queue: DispatchQueue) -> [Effect<Action>] {
        let one = Effect.send(Action.search)
        _ = one.debounce(id: "search", for: .seconds(1), scheduler: clock)
        _ = one.debounce(id: "search", for: .seconds(1), scheduler: queue)
        _ = one.debounce(id: "search", for: .seconds(1), clock: ContinuousClock())
        return [one].delay(for: .seconds(1), scheduler: clock)
      }
      """)
    #expect(!fine.contains("error:"), "a valid client did not compile:\n\(fine)")
  }
}
