// `swift run sessions [--sessions N] [--messages M]`: N sessions, each a store on an actor of its
// own, fed M messages each from concurrent tasks. Every message starts a `.run` that echoes it back;
// every session keeps a heartbeat timer until it closes (cancelled by id). Prints messages a second
// while it runs, then the totals, CPU use and peak memory. Offline; ends by itself.
import Effectful
import EffectfulProcessUsage
import Foundation

let options = SessionsOptions.parse(CommandLine.arguments.dropFirst())
print("sessions: \(options.sessions), messages each: \(options.messages)")

let counter = MessageCounter()
let clock = ContinuousClock()
let started = clock.now
let cpuAtStart = ProcessUsage.cpuSeconds

let sessions = (0..<options.sessions).map { _ in Session(counter: counter) }
for session in sessions { await session.open() }

let reporter = Task {
  var last = 0
  while !Task.isCancelled {
    try? await Task.sleep(for: .seconds(1))
    let now = counter.count
    print("  \(now - last) messages/s (\(now) so far)")
    last = now
  }
}

await withTaskGroup(of: Void.self) { group in
  for session in sessions {
    group.addTask {
      for message in 0..<options.messages { await session.handle(message) }
    }
  }
}
var echoed = 0
for session in sessions { echoed += await session.close() }
reporter.cancel()

let elapsed = started.duration(to: clock.now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let cpu = ProcessUsage.cpuSeconds - cpuAtStart
print("done: \(echoed) messages echoed by \(options.sessions) sessions in \(format(seconds)) s")
print("throughput: \(Int(Double(echoed) / max(seconds, 1e-9))) messages/s")
print("cpu: \(Int(cpu / max(seconds, 1e-9) * 100))% of one core")
print("peak memory: \(ProcessUsage.peakResidentBytes / 1_048_576) MB")

func format(_ value: Double) -> String { String(format: "%.2f", value) }
