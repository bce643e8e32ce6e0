@testable import EffectfulTesting
import Foundation
import Testing

/// The name of each placeholder whose failure was collected, in order.
private func placeholderNames(_ failures: [CollectedFailure]) -> [String] {
  failures.map { placeholderName(in: $0.message) }
}

/// The placeholder a failure names: `Unimplemented: NAME was called. …`.
private func placeholderName(in message: String) -> String {
  message.dropFirst("Unimplemented: ".count).components(separatedBy: " was called.")[0]
}

/// What a call threw, if it threw an `UnimplementedError`.
private func thrown(_ body: () async throws -> Void) async -> String? {
  do {
    try await body()
    return nil
  } catch {
    return (error as? UnimplementedError)?.name
  }
}

@Suite("unimplemented: dependency placeholders that fail the test naming themselves")
struct UnimplementedTests {
  // The placeholders of every arity fail as the others below do; their failures are collected
  // rather than recorded as known issues, so that a passing run does not print them as failures.

  @Test func throwingPlaceholdersOfEveryArityFailAndThrow() async {
    let line = #line + 3
    var errors: [String?] = []
    let failures = await collectingFailures {
      let zero: @Sendable () throws -> Int = unimplemented("Client.zero")
      let one: @Sendable (Int) throws -> String = unimplemented("Client.one")
      let two: @Sendable (Int, String) throws -> Void = unimplemented("Client.two")
      let three: @Sendable (Int, String, Bool) throws -> [Int] = unimplemented("Client.three")
      errors.append(await thrown { _ = try zero() })
      errors.append(await thrown { _ = try one(1) })
      errors.append(await thrown { try two(1, "a") })
      errors.append(await thrown { _ = try three(1, "a", true) })
    }
    let names = ["Client.zero", "Client.one", "Client.two", "Client.three"]
    #expect(placeholderNames(failures) == names)
    #expect(errors == names)
    #expect(failures.map(\.line) == [line, line + 1, line + 2, line + 3].map(UInt.init))
  }

  @Test func asyncThrowingPlaceholdersOfEveryArityFailAndThrow() async {
    var errors: [String?] = []
    let failures = await collectingFailures {
      let zero: @Sendable () async throws -> Int = unimplemented("Client.zero")
      let one: @Sendable (Int) async throws -> String = unimplemented("Client.one")
      let two: @Sendable (Int, String) async throws -> Void = unimplemented("Client.two")
      let three: @Sendable (Int, String, Bool) async throws -> [Int] = unimplemented("Client.three")
      errors.append(await thrown { _ = try await zero() })
      errors.append(await thrown { _ = try await one(1) })
      errors.append(await thrown { try await two(1, "a") })
      errors.append(await thrown { _ = try await three(1, "a", true) })
    }
    let names = ["Client.zero", "Client.one", "Client.two", "Client.three"]
    #expect(placeholderNames(failures) == names)
    #expect(errors == names)
  }

  @Test func voidPlaceholdersOfEveryArityFailAndReturn() async {
    let failures = await collectingFailures {
      let zero: @Sendable () -> Void = unimplemented("Log.zero")
      let one: @Sendable (Int) -> Void = unimplemented("Log.one")
      let two: @Sendable (Int, String) async -> Void = unimplemented("Log.two")
      let three: @Sendable (Int, String, Bool) async -> Void = unimplemented("Log.three")
      zero()
      one(1)
      await two(1, "a")
      await three(1, "a", true)
    }
    #expect(placeholderNames(failures) == ["Log.zero", "Log.one", "Log.two", "Log.three"])
  }

  @Test func placeholdersWithAValueOfEveryArityFailAndReturnIt() async {
    var results: [String] = []
    let failures = await collectingFailures {
      let zero: @Sendable () -> Int = unimplemented("Count.zero", placeholder: 0)
      let one: @Sendable (Int) -> String = unimplemented("Count.one", placeholder: "one")
      let two: @Sendable (Int, String) async -> Int = unimplemented("Count.two", placeholder: 2)
      let three: @Sendable (Int, String, Bool) async -> [Int] = unimplemented("Count.three", placeholder: [3])
      results.append("\(zero())")
      results.append(one(1))
      results.append("\(await two(1, "a"))")
      results.append("\(await three(1, "a", true))")
    }
    #expect(placeholderNames(failures) == ["Count.zero", "Count.one", "Count.two", "Count.three"])
    #expect(results == ["0", "one", "2", "[3]"])
  }

  @Test func aPlaceholderNeverCalledCostsNothing() {
    let fact: @Sendable (Int) async throws -> String = unimplemented("Client.fact")
    let log: @Sendable (String) -> Void = unimplemented("Client.log")
    _ = (fact, log)
  }

  @Test func aCallFromAnEffectsTaskFailsTheTestThatStartedIt() async {
    let failures = await collectingFailures {
      let fact: @Sendable (Int) async throws -> String = unimplemented("Client.fact")
      let task = Task { try await fact(1) }
      _ = await task.result
    }
    #expect(placeholderNames(failures) == ["Client.fact"])
  }

  @Test func aCallFromADetachedTaskFailsTheTestThatMadeIt() async {
    var thrownName: String?
    let failures = await collectingFailures {
      // Made here, in the test: the call comes from a task that has none of its task-locals.
      let fact: @Sendable (Int) async throws -> String = unimplemented("Client.fact")
      let detached = Task.detached {
        #expect(Test.current == nil)
        return await thrown { _ = try await fact(1) }
      }
      thrownName = await detached.value
    }
    #expect(placeholderNames(failures) == ["Client.fact"])
    #expect(thrownName == "Client.fact")
  }

  /// Where a call with no task comes from.
  enum NoTask: CaseIterable, Sendable {
    case thread, mainQueue, globalQueue

    func run(_ body: @escaping @Sendable () -> Void) {
      switch self {
      case .thread: Thread.detachNewThread(body)
      case .mainQueue: DispatchQueue.main.async(execute: body)
      case .globalQueue: DispatchQueue.global().async(execute: body)
      }
    }
  }

  @Test(arguments: NoTask.allCases)
  func aCallFromAThreadWithNoTaskFailsTheTestThatMadeIt(from place: NoTask) async {
    var line: UInt = 0
    let failures = await collectingFailures {
      line = #line + 1
      let log: @Sendable (String) -> Void = unimplemented("Client.log")
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        place.run {
          log("from \(place)")
          done.resume()
        }
      }
    }
    #expect(placeholderNames(failures) == ["Client.log"])
    #expect(failures.map(\.line) == [line])
  }

  @Test func theErrorSaysWhatHappened() {
    #expect(
      UnimplementedError(name: "Client.fact").description
        == "Client.fact is unimplemented: the test made it a placeholder that fails when called.")
  }
}
