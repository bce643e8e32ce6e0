import Foundation
import Testing

/// Each playground runs to its end, offline, and says what it did.
@Suite("Playground executables", .timeLimit(.minutes(1)))
struct PlaygroundExecutablesTests {
  @Test("counter walks through counting, the nth prime, a fact and the timer")
  func counter() async throws {
    let run = try await ProgramRunner.run("counter", timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.contains("▸ counter(nthPrimeResponse(n: 2, success(3)))"), "\(run)")
    #expect(run.lines.contains("▸ counter(timerTick)"), "\(run)")
    #expect(run.lines.last == "Done: count 2, favorite primes [].", "\(run)")
  }

  @Test("sessions feeds stores on their own actors concurrently and reports throughput, CPU and memory")
  func sessions() async throws {
    let run = try await ProgramRunner.run(
      "sessions", arguments: ["--sessions", "40", "--messages", "25"], timeout: .seconds(30))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.first == "sessions: 40, messages each: 25", "\(run)")
    #expect(run.lines.contains { $0.hasPrefix("done: 1000 messages echoed by 40 sessions") }, "\(run)")
    #expect(run.lines.contains { $0.hasPrefix("throughput: ") && $0.hasSuffix(" messages/s") }, "\(run)")
    #expect(run.lines.contains { $0.hasPrefix("cpu: ") }, "\(run)")
    #expect(run.lines.last?.hasPrefix("peak memory: ") == true, "\(run)")
  }

  @Test("sessions refuses an option it does not know, saying how to call it")
  func sessionsUsage() async throws {
    let run = try await ProgramRunner.run("sessions", arguments: ["--users", "3"], timeout: .seconds(20))
    #expect(run.status == 2, "\(run)")
  }

  @Test("nth-prime shows the Primes functions, progress, cancellation and failures")
  func nthPrime() async throws {
    let run = try await ProgramRunner.run("nth-prime", timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.contains("nthPrime(1_000)  // 7919"), "\(run)")
    #expect(run.lines.contains("alert: The 3rd prime is 5"), "\(run)")
    #expect(run.lines.contains("▸ nthPrimeCancelButtonTapped"), "\(run)")
    // An error whose message holds a "." (a web address) is shown whole, not cut at the dot.
    #expect(!run.output.contains("failure(com)"), "\(run)")
    #expect(run.output.contains(#"failure("No Wolfram|Alpha app id: set WOLFRAM_APP_ID"#), "\(run)")
    #expect(run.lines.last == "Done.", "\(run)")
  }

  @Test("nth-prime's long search reports progress, and is cancelled at the report it names")
  func nthPrimeProgressAndCancellation() async throws {
    let run = try await ProgramRunner.run("nth-prime", timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    func section(_ start: String) -> [String] {
      Array(run.lines.drop { !$0.contains(start) }.dropFirst().prefix { !$0.hasPrefix("//") })
    }
    let long = section("A longer search reports its progress")
    #expect(long.filter { $0.hasPrefix("▸ nthPrimeProgress(") }.count > 5, "\(long)")
    let cancelled = section("cancelled at its first report of 3% or more")
    let actions = cancelled.filter { $0.hasPrefix("▸ ") }
    let reports = actions.compactMap { action -> Double? in
      guard action.hasPrefix("▸ nthPrimeProgress(") else { return nil }
      return Double(action.dropFirst("▸ nthPrimeProgress(".count).dropLast())
    }
    // Every report but the last is below 3%, the last is at or past it, and the cancel follows it.
    #expect(reports.dropLast().allSatisfy { $0 < 0.03 } && (reports.last ?? 0) >= 0.03, "\(cancelled)")
    #expect(actions.last == "▸ nthPrimeCancelButtonTapped", "\(cancelled)")
  }

  @Test("favorite-primes drops the saved status once the list changes")
  func favoritePrimesStatusEndsWithADelete() async throws {
    let run = try await ProgramRunner.run("favorite-primes", timeout: .seconds(20))
    let afterDelete = run.lines.drop { !$0.hasPrefix("▸ deleteFavoritePrimes(") }.dropFirst().first
    #expect(afterDelete?.contains("favoritePrimes: [2, 5, 11]") == true, "\(run)")
    #expect(afterDelete?.contains("statusMessage") == false, "\(run)")
  }

  @Test("favorite-primes saves, loads and meets a corrupt file in a temporary directory")
  func favoritePrimes() async throws {
    let run = try await ProgramRunner.run("favorite-primes", timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.contains(#"  file: "[2, 3, 5, 7, 11]\n""#), "\(run)")
    #expect(run.lines.contains(#"  file: "[2, 3,""#), "\(run)")
    #expect(run.lines.last?.hasPrefix("Done; removed ") == true, "\(run)")
  }

  @Test("favorite-primes keeps its files in a directory it is given")
  func favoritePrimesInAGivenDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("favorite-primes-playground-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await ProgramRunner.run(
      "favorite-primes", arguments: [directory.path], timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(
      run.lines.first == "Favorites file: \(directory.appendingPathComponent("favorite-primes.json").path)")
    // What it promises to keep is there: the favorites file, and nothing left over from the steps.
    let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(listing == ["favorite-primes.json"], "\(run)")
    #expect(
      FileManager.default.contents(atPath: directory.appendingPathComponent("favorite-primes.json").path)
        == Data("[2, 3, 5, 7, 11]\n".utf8), "\(run)")
  }
}

/// `swift run tutorial`: the summary is about what was shown last.
@Suite("The tutorial playground", .timeLimit(.minutes(1)))
struct TutorialPlaygroundTests {
  @Test("tutorial's summary gives each counter's count as its last state line showed it")
  func summaryMatchesTheDump() async throws {
    let run = try await ProgramRunner.run("tutorial", arguments: ["--immediate"], timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    let asWritten = run.lines.firstIndex { $0.hasPrefix("// The tutorial's reducer as it writes it") } ?? 0
    func lastCount(_ lines: ArraySlice<String>) -> String {
      lines.last { $0.hasPrefix("  count: ") }.map { String($0.split(separator: " ")[1]) } ?? "?"
    }
    let library = "count \(lastCount(run.lines[..<asWritten]))"
    let tutorial = "count \(lastCount(run.lines[asWritten...]))"
    #expect(
      run.lines.last
        == "Done: the library's counter at \(library), timer off; the tutorial's as written at \(tutorial), timer off.",
      "\(run)")
  }
}

/// `swift run counters`: the list of counters, whose rows' effects are their own.
@Suite("The counters playground", .timeLimit(.minutes(1)))
struct CountersPlaygroundTests {
  @Test("counters adds rows, gets a fact, deletes a ticking row and closes a detail")
  func counters() async throws {
    let run = try await ProgramRunner.run("counters", arguments: ["--immediate"], timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.contains("▸ row(2, factResponse(\"2 is the only even prime number.\"))"), "\(run)")
    #expect(run.lines.contains("▸ deleteButtonTapped(1)"), "\(run)")
    #expect(run.lines.contains("▸ detailClosed"), "\(run)")
    // Nothing of the deleted row arrives after its deletion: its timer stopped with it.
    let deletion = run.lines.firstIndex(of: "▸ deleteButtonTapped(1)") ?? run.lines.endIndex
    #expect(!run.lines[deletion...].contains("▸ row(1, timerTick)"), "\(run)")
    #expect(run.lines.last == "Done: 1 counter left, 0 timers running.", "\(run)")
  }

  @Test("counters prints the compact dump the other playgrounds print: a line per row, no long lines")
  func countersDumpIsCompact() async throws {
    let run = try await ProgramRunner.run("counters", arguments: ["--immediate"], timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    let long = run.lines.filter { $0.count > 100 && !$0.hasPrefix("//") && !$0.hasPrefix("A list") }
    #expect(long.isEmpty, "\(long.joined(separator: "\n"))")
    // Nil and false fields are left out, as in every other playground's dump; no module names.
    #expect(!run.output.contains("EffectfulCounters.") && !run.output.contains("fact: nil"), "\(run)")
    let fact = run.lines.firstIndex(of: "▸ row(2, factResponse(\"2 is the only even prime number.\"))")
    #expect(
      fact.map { Array(run.lines[($0 + 1)...].prefix(3)) } == [
        "  nextID: 3", "  rows[id: 1]: count: 0",
        "  rows[id: 2]: count: 2 · fact: \"2 is the only even prime number.\"",
      ], "\(run)")
  }
}

/// Every playground says what it is and how to run it, and exits 0, rather than running.
@Suite("Playgrounds answer --help", .timeLimit(.minutes(1)))
struct PlaygroundHelpTests {
  @Test(
    "--help prints the usage and what the playground does, and exits 0",
    arguments: [
      "prime-time", "counter", "counters", "tutorial", "nth-prime", "favorite-primes",
    ])
  func help(_ name: String) async throws {
    let run = try await ProgramRunner.run(name, arguments: ["--help"], timeout: .seconds(20))
    #expect(run.status == 0 && !run.timedOut, "\(run)")
    #expect(run.lines.first?.hasPrefix("usage: \(name)") == true, "\(run)")
    #expect(run.lines.count > 3 && !run.output.contains("▸ "), "\(run)")
  }
}
