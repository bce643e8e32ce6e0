import Effectful
import EffectfulCounter
import EffectfulEffectTestSupport
import EffectfulHTTPTestSupport
import EffectfulTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The counter on its live environment against a loopback server that misbehaves: every fault must
/// become the right error, show a message, and leave the screen idle, with nothing crashing.
@MainActor
@Suite("Network faults")
struct NetworkFaultTests {
  @Test("Slow response, then Cancel: the server sees the client go, and no response arrives")
  func slowResponseThenCancel() async throws {
    let rounds = 10
    // Nothing may end a request but the cancel: not the server's answer, not the app's 10 s timeout,
    // not the session's 60 s default. Under the thread sanitizer with both cores busy, other suites
    // held the main actor long enough for a request to time out between reaching the server and the
    // test's cancel (seen with 10 s, then with 60 s).
    let server = try TestHTTPServer { _ in .json(wolframAnswer("7919")).delayed(by: .seconds(3_600)) }
    defer { server.stop() }
    let session = ephemeralSession(requestTimeout: 3_600)
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session, requestTimeout: .seconds(3_600))
    var hangUps = 0
    for round in 1...rounds {
      store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
      let arrived = await offMainActor { server.waitForRequests(count: round, timeout: .seconds(30)) }
      #expect(arrived, "round \(round): the request reached the server")
      store.send(.nthPrimeCancelButtonTapped) { $0.isNthPrimeButtonDisabled = false }
      // The delayed answer is abandoned only when the client really hangs up.
      guard await offMainActor({ server.waitUntilIdle(timeout: .seconds(10)) }) else {
        Issue.record("round \(round): the request was not cancelled: the server still holds it")
        break
      }
      hangUps += 1
    }
    // URLSession reports each cancelled task to its completion handler, on its own queue, after the
    // hang-up: let those reports reach the main queue, where a leaked one would become an action.
    try await Task.sleep(for: .milliseconds(300))
    await store.finish()
    #expect(hangUps == rounds)
    #expect(server.requests.count == rounds)
    testLog(
      "network/cancel: \(rounds) slow requests, \(server.requests.count) reached the server, \(hangUps) cancelled "
        + "with the server seeing the hang-up, 0 responses delivered")
  }

  @Test("Connection closed mid-body: a transport error, for both requests")
  func connectionClosedMidBody() async throws {
    let server = try TestHTTPServer { request in
      let body = request.path == "/v2/query" ? wolframAnswer("7919") : #"{"text": "1000 is a round number."}"#
      return .json(body).closingConnection(afterBodyBytes: 10)
    }
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session)
    var checked = 0
    for request in CounterRequest.allCases {
      let error = await expectFailure(of: request, in: store)
      guard case .network(.transport(let code, let description)) = error else {
        Issue.record("\(request): expected a transport error, got \(String(describing: error))")
        continue
      }
      // Linux's URLSession (libcurl) reports "transfer closed with N bytes remaining to read" as
      // NSURLErrorUnknown; Apple's reports networkConnectionLost.
      #expect([URLError.Code.unknown.rawValue, URLError.Code.networkConnectionLost.rawValue].contains(code))
      #expect(!description.isEmpty)
      checked += 1
    }
    await store.finish()
    testLog(
      "network/cut: \(checked) of 2 requests cut after 10 body bytes became transport errors; screen idle")
  }

  @Test("A 10 MB body: read whole when it is an answer, quoted in 200 characters when it is not")
  func tenMegabyteBodies() async throws {
    let size = 10 * 1_024 * 1_024
    let padding = String(repeating: "p", count: size)
    let validFact = #"{"padding": "\#(padding)", "text": "1000 is the end of the padding."}"#
    let garbage = Data("<html>".utf8) + Data(repeating: UInt8(ascii: "x"), count: size)
    let server = try TestHTTPServer { request in
      request.path == "/v2/query"
        ? TestHTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: garbage)
        : .json(validFact)
    }
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session)

    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.success("1000 is the end of the padding."))) {
      $0.isLoading = false
      $0.fact = "1000 is the end of the padding."
    }

    let error = await expectFailure(of: .nthPrime, in: store)
    guard case .network(.undecodable(let type, _, let body)) = error, let error else {
      Issue.record("expected an undecodable answer, got \(String(describing: error))")
      return
    }
    #expect(type == "WolframAlphaResult")
    #expect(body.count == 201 && body.hasPrefix("<html>xxx") && body.hasSuffix("…"))
    #expect(error.message.utf8.count < 1_000, "10 MB never reach the screen or the logs")
    await store.finish()
    testLog(
      "network/10MB: \(validFact.utf8.count) byte answer decoded; \(garbage.count) byte non-answer became "
        + "undecodable with a \(body.count)-character excerpt")
  }

  @Test("Invalid UTF-8 where text is expected: undecodable, never a crash or a garbled fact")
  func invalidUTF8() async throws {
    let invalidSequences: [[UInt8]] = [
      [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80],
    ]
    let bodies = LockedValue<[Data]>([])
    let server = try TestHTTPServer { _ in .json(bodies.withValue { $0.removeFirst() }) }
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session)
    var checked = 0
    for sequence in invalidSequences {
      for request in CounterRequest.allCases {
        let (before, after) =
          request == .nthPrime
          ? (#"{"queryresult": {"pods": [{"primary": true, "subpods": [{"plaintext": "79"#, #"19"}]}]}}"#)
          : (#"{"text": "1000 is "#, #" a number."}"#)
        bodies.withValue { $0 = [Data(before.utf8) + Data(sequence) + Data(after.utf8)] }
        let error = await expectFailure(of: request, in: store)
        guard case .network(.undecodable(_, _, let body)) = error else {
          Issue.record(
            "\(request), bytes \(sequence): expected undecodable, got \(String(describing: error))")
          continue
        }
        #expect(body.contains("\u{FFFD}"), "the excerpt shows the bad bytes as replacement characters")
        checked += 1
      }
    }
    await store.finish()
    testLog(
      "network/utf8: \(invalidSequences.count) invalid UTF-8 sequences × 2 requests: \(checked) undecodable, screen idle"
    )
  }

  @Test("HTTP 500 with a JSON error body: httpStatus with the body, shown to the user")
  func serverErrorWithJSONBody() async throws {
    let errorBody = #"{"error": {"code": 500, "message": "database unavailable"}}"#
    let server = try TestHTTPServer(response: .json(errorBody, status: 500))
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session)
    var checked = 0
    for request in CounterRequest.allCases {
      let error = await expectFailure(of: request, in: store)
      #expect(error == .network(.httpStatus(500, body: errorBody)))
      #expect(error?.message == "The server answered 500 (\(errorBody)). Try again later.")
      if error == .network(.httpStatus(500, body: errorBody)) { checked += 1 }
    }
    await store.finish()
    testLog("network/500: \(checked) of 2 requests became httpStatus(500) with the JSON body; screen idle")
  }

  @Test("The session's request timeout (1 s): timedOut, and the server sees the client go")
  func requestTimeout() async throws {
    let server = try TestHTTPServer { _ in .json(wolframAnswer("7919")).delayed(by: .seconds(60)) }
    defer { server.stop() }
    let session = ephemeralSession(requestTimeout: 1)
    defer { session.invalidateAndCancel() }
    let store = liveCounterStore(server, session: session)
    var checked = 0
    var message = ""
    let clock = ContinuousClock()
    let start = clock.now
    for request in CounterRequest.allCases {
      let error = await expectFailure(of: request, in: store)
      message = error?.message ?? ""
      guard case .network(.transport(let code, _)) = error else {
        Issue.record("\(request): expected a transport error, got \(String(describing: error))")
        continue
      }
      #expect(code == URLError.Code.timedOut.rawValue)
      if code == URLError.Code.timedOut.rawValue { checked += 1 }
    }
    let elapsed = clock.now - start
    let idle = await offMainActor { server.waitUntilIdle(timeout: .seconds(30)) }
    #expect(idle, "the timed-out requests' connections were closed")
    await store.finish()
    testLog(
      "network/timeout: \(checked) of 2 requests timed out (URLError.timedOut) in \(elapsed) total; "
        + "server idle: \(idle); the user read: \"\(message)\"")
  }
}
