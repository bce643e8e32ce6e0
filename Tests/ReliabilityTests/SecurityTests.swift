import Effectful
import EffectfulCounter
import EffectfulEffectTestSupport
import EffectfulFavoritePrimes
import EffectfulHTTPTestSupport
import EffectfulPrimeTime
import EffectfulTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Joins pieces of a planted secret at run time, so that this file's own text stays clean.
private func planted(_ pieces: String...) -> String {
  pieces.joined()
}

/// A random app id-like secret for one test, with the characters that break naive URL building.
private func makeSecret() -> String {
  "Rt" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(14) + "&+= /%#?"
}

@Suite("Security")
struct SecurityTests {
  @Test("No Wolfram|Alpha app id in the source tree; the scanner finds planted ones")
  func noSecretInTheSourceTree() throws {
    let plantedLines = [
      planted("let appID = \"", "K7QX2P-", "R8TW3YV9LM", "\""),
      planted(".live(appID: \"", "3GHJ72-", "KXPQ5R8LWE", "\")"),
      planted("WOLFRAM_APP_ID=", "K7QX2PR8", "TW3YV9LM", " swift run prime-time"),
      planted("export WOLFRAM_APP_ID='", "a1b2c3d4", "e5f6g7", "'"),
      planted("{\"appid\": \"", "abc123def", "456ghi\"}"),
      planted("https://api.wolframalpha.com/v2/query?input=prime%203&appid=", "Q9W8E7", "-R6T5Y4U3I2"),
    ]
    let cleanLines = [
      #"let appID = "TEST-APP-ID""#,
      #"LiveEndpoints.production.wolframAlphaURL(nthPrime: 1_000, appID: "DEMO-123")"#,
      "https://api.wolframalpha.com/v2/query?input=prime%203&format=plaintext&output=JSON&appid=DEMO",
      #"let appID = ProcessInfo.processInfo.environment["WOLFRAM_APP_ID"]"#,
      "let appID = processEnvironment[CounterEnvironment.appIDVariable].flatMap { $0.isEmpty ? nil : $0 }",
      "WOLFRAM_APP_ID=your-app-id swift run prime-time --live",
      "request id 123E4567-E89B-12D3-A456-426614174000",
    ]
    for line in plantedLines {
      #expect(
        secretFindings(in: "// context\n" + line + "\n", file: "planted").map(\.line).first == 2, "\(line)")
    }
    for line in cleanLines {
      #expect(secretFindings(in: line, file: "clean").isEmpty, "\(line)")
    }

    let root = packageRoot()
    let listed = packageSourceFiles(root: root)
    let files = listed ?? walkSourceFiles(root: root)
    var scanned = 0
    var lines = 0
    var findings: [SecretFinding] = []
    for path in files {
      let url = root.appendingPathComponent(path)
      guard let data = try? Data(contentsOf: url), data.count <= 4_000_000,
        let text = String(data: data, encoding: .utf8)
      else { continue }  // gone since listing, huge, or not text
      scanned += 1
      lines += text.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
      findings += secretFindings(in: text, file: path)
    }
    #expect(scanned > 50, "the scan found the package's files")
    #expect(findings.isEmpty, "\(findings)")
    testLog(
      "security/secrets: scanner caught \(plantedLines.count) of \(plantedLines.count) planted ids and passed "
        + "\(cleanLines.count) placeholders; \(scanned) files (\(lines) lines, listed by "
        + "\(listed == nil ? "a directory walk" : "git")) scanned, \(findings.count) findings")
  }

  @Test("Live endpoints use HTTPS where the service offers it")
  func httpsWhereOffered() {
    #expect(LiveEndpoints.production.wolframAlpha.scheme == "https")
    // numbersapi.com offers no HTTPS (the LiveEndpoints documentation says so).
    #expect(LiveEndpoints.production.numbersAPI.scheme == "http")
    testLog("security/https: Wolfram|Alpha over https; numbersapi.com over http, as it offers nothing else")
  }

  @MainActor
  @Test("The app id and the count reach the server as query values, never as extra parameters")
  func queryValuesAreEncoded() async throws {
    let server = try TestHTTPServer { request in
      request.path == "/v2/query"
        ? .json(wolframAnswer("17")) : .json(#"{"text": "A fact.", "number": 1, "found": true}"#)
    }
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }

    // The whole story through the feature: an app id full of separators, asked with count 7.
    let appID = "a&b=c+d e%f#g?h/i"
    let store = liveCounterStore(server, session: session, count: 7, appID: appID)
    store.send(.nthPrimeButtonTapped) { $0.isNthPrimeButtonDisabled = true }
    await store.receive(.nthPrimeResponse(n: 7, .success(17))) {
      $0.isNthPrimeButtonDisabled = false
      $0.alertNthPrime = .nthPrime(n: 7, prime: 17)
    }
    store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.success("A fact."))) {
      $0.isLoading = false
      $0.fact = "A fact."
    }
    await store.finish()
    let storyRequests = server.requests
    try #require(storyRequests.count == 2)
    #expect(
      storyRequests[0].queryItems == [
        URLQueryItem(name: "input", value: "prime 7"), URLQueryItem(name: "format", value: "plaintext"),
        URLQueryItem(name: "output", value: "JSON"), URLQueryItem(name: "appid", value: appID),
      ])
    #expect(storyRequests[0].query?.hasSuffix("&appid=a%26b%3Dc%2Bd%20e%25f%23g%3Fh%2Fi") == true)
    #expect(storyRequests[1].target == "/7/trivia?json")

    // Then many hostile app ids and counts, straight through the live environment.
    let seed = reliabilitySeed()
    var random = SplitMix64(seed: seed)
    let alphabet = Array("aZ09&=+ ?#%/;,:@!$'()*[]\"<>\\^`{|}~\t\né中🙂-._")
    let counts = [1, 2, 1_000, Int.max] + (0..<96).map { _ in Int.random(in: 1...Int.max, using: &random) }
    var appIDs: [String] = []
    for count in counts {
      let length = Int.random(in: 1...24, using: &random)
      let appID = String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" })
      appIDs.append(appID)
      let environment = CounterEnvironment.live(
        appID: appID, endpoints: LiveEndpoints(serverAt: server.baseURL), session: session)
      #expect(await outputs(of: environment.nthPrime(count)) == [.answer(.success(17))])
    }
    let factCounts =
      [Int.min, -1, 0, 1, Int.max] + (0..<95).map { _ in Int.random(in: .min ... .max, using: &random) }
    let environment = CounterEnvironment.live(
      appID: "x", endpoints: LiveEndpoints(serverAt: server.baseURL), session: session)
    for count in factCounts {
      #expect(await outputs(of: environment.fact(count)) == [.success("A fact.")])
    }

    let recorded = Array(server.requests.dropFirst(2))
    try #require(recorded.count == counts.count + factCounts.count)
    var exact = 0
    for (index, request) in recorded.prefix(counts.count).enumerated() {
      let expected = [
        URLQueryItem(name: "input", value: "prime \(counts[index])"),
        URLQueryItem(name: "format", value: "plaintext"), URLQueryItem(name: "output", value: "JSON"),
        URLQueryItem(name: "appid", value: appIDs[index]),
      ]
      #expect(request.queryItems == expected, "seed \(seed): app id \(appIDs[index].debugDescription)")
      if request.queryItems == expected { exact += 1 }
    }
    for (index, request) in recorded.dropFirst(counts.count).enumerated() {
      #expect(request.path == "/\(factCounts[index])/trivia" && request.query == "json")
      if request.path == "/\(factCounts[index])/trivia" && request.query == "json" { exact += 1 }
    }
    testLog(
      "security/query (seed \(seed)): \(exact + 2) of \(recorded.count + 2) requests carried exactly the expected "
        + "parameters (\(counts.count + 1) hostile app ids, \(factCounts.count + 1) counts)")
  }

  @MainActor
  @Test("The app id never appears in the log of a failing live story, even when servers quote it")
  func appIDIsRedactedFromLogs() async throws {
    let secret = makeSecret()
    let encoded = try #require(
      secret.addingPercentEncoding(
        withAllowedCharacters: CharacterSet(
          charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")))
    let spellings = [
      secret, encoded, encoded.lowercased(), encoded.replacingOccurrences(of: "%20", with: "+"),
    ]

    // Servers that quote the request back, each its own way.
    let answers: [@Sendable (TestHTTPRequest) -> TestHTTPResponse] = [
      { .text("Internal error while serving GET \($0.target)", status: 500) },
      { request in
        let appID = request.queryItems.first { $0.name == "appid" }?.value ?? ""
        return .text("<html>No application \(appID) here</html>", status: 404)
      },
      { request in
        let appID = request.queryItems.first { $0.name == "appid" }?.value ?? ""
        // The secret holds no quote or backslash, so it goes into a JSON string as it is.
        return .json(
          #"{"queryresult": {"success": false, "error": {"code": "1", "msg": "Invalid appid \#(appID)"}}}"#)
      },
      { .text("<html>moved: \($0.target.lowercased())</html>") },
      { .text("forbidden: \($0.target.replacingOccurrences(of: "%20", with: "+"))", status: 403) },
      {
        .text("Internal error while serving GET \($0.target)", status: 500).closingConnection(
          afterBodyBytes: 5)
      },
    ]
    let served = LockedValue(0)
    let server = try TestHTTPServer { request in
      guard request.path == "/v2/query" else { return .json(#"{"text": "7 is lucky."}"#) }
      let index = served.withValue { count in
        defer { count += 1 }
        return count
      }
      return answers[index % answers.count](request)
    }
    defer { server.stop() }
    let session = ephemeralSession()
    defer { session.invalidateAndCancel() }
    let scratch = try ScratchDirectory()
    let log = LockedValue<[String]>([])
    let environment = AppEnvironment(
      counter: .live(
        appID: secret, endpoints: LiveEndpoints(serverAt: server.baseURL), session: session,
        mainQueue: DispatchQueue.main),
      favoritePrimes: .file(FavoritePrimesFile(url: scratch.file("favorite-primes.json"))),
      now: { Date(timeIntervalSince1970: 0) })
    let store = Store(
      initialValue: AppState(count: 6),
      reducer: appReducer(environment: environment, logging: { entry in log.withValue { $0.append(entry) } }))

    store.send(.counterButtonTapped)
    store.sendToCounterScreen(.counter(.incrementButtonTapped))
    store.sendToCounterScreen(.isPrimeButtonTapped)
    store.sendToCounterScreen(.primeModal(.presented(.saveFavoritePrimeTapped)))
    store.sendToCounterScreen(.primeModal(.dismiss))
    store.send(.favoritePrimesButtonTapped)
    store.sendToFavorites(.saveButtonTapped)
    store.send(.path(.popFrom(id: store.value.path.ids[1])))
    store.sendToCounterScreen(.counter(.factButtonTapped))
    #expect(await waitUntil(timeout: .seconds(180)) { !store.value.counter.isLoading })
    var messages: [String] = []
    for _ in answers {
      store.sendToCounterScreen(.counter(.nthPrimeButtonTapped))
      #expect(await waitUntil(timeout: .seconds(180)) { !store.value.counter.isNthPrimeButtonDisabled })
      messages.append(store.value.counter.errorMessage ?? "")
      store.sendToCounterScreen(.counter(.errorDismissButtonTapped))
    }

    let entries = log.withValue { $0 }
    let text = entries.joined(separator: "\n")
    let leaks = spellings.filter { text.range(of: $0, options: .caseInsensitive) != nil }
    #expect(leaks.isEmpty, "the log quotes the app id as \(leaks)")
    #expect(messages.allSatisfy { !$0.isEmpty })
    // The five quoting answers reached the log, redacted: proof that the check above looked at them.
    let redactedResponses = entries.filter { entry in
      let action = entry.components(separatedBy: "\nValue:\n")[0]
      return action.contains("nthPrimeResponse") && action.contains("<redacted>")
    }
    #expect(redactedResponses.count == 5, "\(messages)")
    testLog(
      "security/redaction: \(entries.count) log entries (\(text.count) characters) from \(answers.count) "
        + "failing requests, 5 of whose servers quoted the app id: \(redactedResponses.count) responses logged "
        + "with <redacted>, \(leaks.count) of \(spellings.count) spellings of the id anywhere in the log")
  }
}
