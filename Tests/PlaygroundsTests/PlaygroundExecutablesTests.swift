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
    #expect(run.lines.last == "Done: 1 counter left, 0 timer running.", "\(run)")
  }
}
