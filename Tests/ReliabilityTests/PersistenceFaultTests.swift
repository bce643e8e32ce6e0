import Dispatch
import Effectful
import EffectfulCounter
import EffectfulEffectTestSupport
import EffectfulPrimeTime
import Foundation
import Testing

@testable import EffectfulFavoritePrimes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file the app cannot load, and the error it must report.
private struct LoadFault: Sendable {
  var name: String
  /// Puts the fault in place in an empty `directory`; returns the path to load.
  var create: @Sendable (_ directory: URL) throws -> URL
  var expected: @Sendable (_ path: String) -> PersistenceError
}

private let notValidJSON = "it is not valid JSON"
private let notAListOfWholeNumbers = "it is not a JSON list of whole numbers"

/// A fault that is the file's contents.
private func contents(_ data: Data) -> @Sendable (URL) throws -> URL {
  { directory in
    let url = directory.appendingPathComponent("favorite-primes.json")
    try data.write(to: url)
    return url
  }
}

private func contents(_ text: String) -> @Sendable (URL) throws -> URL {
  contents(Data(text.utf8))
}

private let loadFaults: [LoadFault] = [
  LoadFault(
    name: "truncated JSON", create: contents("[2, 3, 5"),
    expected: { .corrupt(path: $0, reason: notValidJSON) }),
  LoadFault(
    name: "not JSON", create: contents("2, 3, 5, 7"), expected: { .corrupt(path: $0, reason: notValidJSON) }),
  LoadFault(
    name: "an object", create: contents(#"{"favoritePrimes": [2, 3]}"#),
    expected: { .corrupt(path: $0, reason: notAListOfWholeNumbers) }),
  LoadFault(
    name: "fractions", create: contents("[2.5, 3]"),
    expected: { .corrupt(path: $0, reason: notAListOfWholeNumbers) }),
  LoadFault(
    name: "a number past Int.max", create: contents("[99999999999999999999999]"),
    expected: { .corrupt(path: $0, reason: notAListOfWholeNumbers) }),
  LoadFault(
    name: "invalid UTF-8", create: contents(Data("[2, 3".utf8) + Data([0xFF, 0xFE]) + Data("]".utf8)),
    expected: { .corrupt(path: $0, reason: notValidJSON) }),
  LoadFault(
    name: "4 KB of zero bytes (a power cut before the data reached the disk)",
    create: contents(Data(count: 4_096)), expected: { .corrupt(path: $0, reason: notValidJSON) }),
  LoadFault(
    name: "100,000 nested brackets", create: contents(String(repeating: "[", count: 100_000)),
    expected: { .corrupt(path: $0, reason: notValidJSON) }),
  LoadFault(
    name: "an empty file", create: contents(""), expected: { .corrupt(path: $0, reason: "the file is empty") }
  ),
  LoadFault(
    name: "only whitespace", create: contents(" \n\t\r\n"),
    expected: { .corrupt(path: $0, reason: "the file is empty") }),
  LoadFault(
    name: "a directory",
    create: { directory in
      let url = directory.appendingPathComponent("favorite-primes.json")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
      return url
    },
    expected: { .isDirectory(path: $0) }),
  LoadFault(
    name: "a regular file where its directory should be",
    create: { directory in
      let blocker = directory.appendingPathComponent("prime-time")
      try Data("[2]".utf8).write(to: blocker)
      return blocker.appendingPathComponent("favorite-primes.json")
    },
    expected: { .unreadable(path: $0, reason: "a part of the path is a file, not a directory") }),
]

/// The app with favorites in memory that a failed load or save must never take away.
private func appState() -> AppState {
  AppState(
    count: 7, favoritePrimes: [2, 3, 5, 7],
    activityFeed: [Activity(timestamp: Date(timeIntervalSince1970: 0), type: .addedFavoritePrime(7))])
}

@MainActor
private func appStore(
  _ file: FavoritePrimesFile, _ state: AppState = appState()
) -> Store<AppState, AppAction> {
  let store = Store(
    initialValue: state,
    reducer: appReducer(
      environment: .offline(favoritesFile: file, mainQueue: .immediate, fileQueue: .immediate)))
  // The favorites screen, where saves and loads are.
  store.send(.favoritePrimesButtonTapped)
  return store
}

/// Favorites saved and loaded with real files in a scratch directory, through the app where the app
/// is concerned.
@Suite("Persistence faults")
struct PersistenceFaultTests {
  let directory: ScratchDirectory
  init() throws { directory = try ScratchDirectory() }

  @MainActor
  @Test("A failed load shows why, keeps the app's favorites, and leaves the file as it was")
  func failedLoadsNeverClearTheApp() throws {
    var checked = 0
    for (index, fault) in loadFaults.enumerated() {
      let faultDirectory = directory.file("\(index)")
      try FileManager.default.createDirectory(at: faultDirectory, withIntermediateDirectories: false)
      let url = try fault.create(faultDirectory)
      let before = snapshot(faultDirectory)
      let file = FavoritePrimesFile(url: url)
      let store = appStore(file)
      // The app as it was, the favorites screen pushed: what a failure must leave.
      let shown = store.value

      store.sendToFavorites(.loadButtonTapped)

      var expected = shown
      expected.favorites.errorMessage = fault.expected(file.path).message
      #expect(store.value == expected, "\(fault.name)")
      #expect(snapshot(faultDirectory) == before, "\(fault.name): nothing on disk changed")
      if store.value == expected { checked += 1 }
    }
    #expect(checked == loadFaults.count)
    testLog(
      "persistence/load: \(checked) of \(loadFaults.count) unloadable files reported with the right error; "
        + "favorites kept, files untouched")
  }

  @MainActor
  @Test(
    "A file cut or damaged at every byte: the app takes a whole valid list of distinct primes or keeps its own"
  )
  func everyTruncationAndDamagedByte() throws {
    let seed = reliabilitySeed()
    var random = SplitMix64(seed: seed)
    let good = Data("[2, 3, 5, 7, 11, 13, 17, 19, 23, 29]\n".utf8)
    var variants = (0..<good.count).map { good.prefix($0) }
    for _ in 0..<2_000 {
      var damaged = good
      let position = Int.random(in: 0..<damaged.count, using: &random)
      if Bool.random(using: &random) {
        damaged[damaged.startIndex + position] = UInt8.random(in: 0...255, using: &random)
      } else {
        damaged.remove(at: damaged.startIndex + position)
      }
      variants.append(damaged)
    }
    let url = directory.file("favorite-primes.json")
    let store = appStore(FavoritePrimesFile(url: url))
    var loaded = 0
    var refused = 0
    var wrong = 0
    var firstWrong: String?
    for variant in variants {
      let wrongBefore = wrong
      try variant.write(to: url)
      let before = store.value.favoritePrimes
      store.sendToFavorites(.loadButtonTapped)
      let whitespaceOnly = variant.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
      if !whitespaceOnly, let list = try? JSONDecoder().decode([Int].self, from: variant),
        areDistinctPrimes(list)
      {
        loaded += 1
        if store.value.favoritePrimes != list || store.value.favorites.errorMessage != nil { wrong += 1 }
      } else {
        refused += 1
        if store.value.favoritePrimes != before || store.value.favorites.errorMessage == nil { wrong += 1 }
      }
      if (try? Data(contentsOf: url)) != variant { wrong += 1 }
      if wrong > wrongBefore, firstWrong == nil {
        firstWrong = "\(String(decoding: variant, as: UTF8.self).debugDescription) → \(store.value.favorites)"
      }
      store.sendToFavorites(.errorDismissButtonTapped)
    }
    #expect(wrong == 0, "seed \(seed), first: \(firstWrong ?? "")")
    testLog(
      "persistence/damage (seed \(seed)): \(variants.count) cut or damaged files: \(loaded) loaded whole, "
        + "\(refused) refused with the app's list kept, \(wrong) wrong")
  }

  @MainActor
  @Test("A failed save keeps the app's favorites and the last good file, byte for byte")
  func failedSavesKeepEverything() throws {
    let url = directory.file("data/favorite-primes.json")
    let good = appStore(
      FavoritePrimesFile(url: url), AppState(favoritePrimes: [2, 3, 5]))
    good.sendToFavorites(.saveButtonTapped)
    #expect(good.value.favorites.statusMessage == "Saved 3 favorite primes.")
    let lastGood = try #require(directory.contents("data/favorite-primes.json"))

    // A save that fails after the directory checks, where only the write can fail: the temporary
    // file's name is taken by a directory. The failure a full disk would cause, on a real file system.
    try FileManager.default.createDirectory(
      at: directory.file("data/in-the-way"), withIntermediateDirectories: false)
    let blockedWrite = FavoritePrimesFile(url: url) { "in-the-way" }
    // A location nobody can write, root included: its parent is a regular file.
    try directory.write(Data("not a directory".utf8), to: "afile")
    let blockedDirectory = FavoritePrimesFile(url: directory.file("afile/favorite-primes.json"))
    // The path itself is a directory.
    try FileManager.default.createDirectory(
      at: directory.file("folder.json"), withIntermediateDirectories: false)
    let directoryPath = FavoritePrimesFile(url: directory.file("folder.json"))

    let cases: [(FavoritePrimesFile, PersistenceError)] = [
      (blockedWrite, .cannotWrite(path: url.path, reason: "File exists")),
      (
        blockedDirectory,
        .cannotCreateDirectory(
          path: directory.file("afile").path,
          reason: "\(directory.file("afile").path) is a file, not a directory")
      ),
      (directoryPath, .isDirectory(path: directoryPath.path)),
    ]
    var checked = 0
    for (file, error) in cases {
      let store = appStore(file)
      // The app as it was, the favorites screen pushed: what a failure must leave.
      let shown = store.value
      store.sendToFavorites(.saveButtonTapped)
      var expected = shown
      expected.favorites.errorMessage = error.message
      #expect(store.value == expected, "\(file.path)")
      if store.value == expected { checked += 1 }
    }
    #expect(directory.contents("data/favorite-primes.json") == lastGood)
    #expect(directory.listing("data") == ["favorite-primes.json", "in-the-way"], "no temporary file left")
    #expect(directory.contents("afile") == Data("not a directory".utf8))
    #expect(directory.listing("folder.json") == [])
    #expect(try FavoritePrimesFile(url: url).load() == [2, 3, 5])
    testLog(
      "persistence/save: \(checked) of \(cases.count) failed saves reported; favorites kept; last good file "
        + "(\(lastGood.count) bytes) unchanged byte for byte; no temporary files left")
  }

  @MainActor
  @Test(
    "A read-only directory and an unreadable file (as a user other than root)",
    .enabled(
      if: getuid() != 0,
      "running as root, which ignores file permissions: nothing is read-only to it. The parent-is-a-file cases stand in."
    ))
  func readOnlyDirectoryAndUnreadableFile() throws {
    let url = directory.file("locked/favorite-primes.json")
    try FavoritePrimesFile(url: url).save([2, 3, 5])
    let lastGood = try #require(directory.contents("locked/favorite-primes.json"))
    let manager = FileManager.default
    try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.file("locked").path)
    defer {
      try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.file("locked").path)
    }

    let store = appStore(FavoritePrimesFile(url: url))
    // The app as it was, the favorites screen pushed: what a failure must leave.
    let shown = store.value
    store.sendToFavorites(.saveButtonTapped)
    var expected = shown
    expected.favorites.errorMessage =
      PersistenceError.cannotWrite(path: url.path, reason: "Permission denied").message
    #expect(store.value == expected)
    #expect(directory.contents("locked/favorite-primes.json") == lastGood)

    try manager.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
    defer { try? manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
    store.sendToFavorites(.errorDismissButtonTapped)
    store.sendToFavorites(.loadButtonTapped)
    expected.favorites.errorMessage =
      PersistenceError.unreadable(path: url.path, reason: "Permission denied").message
    #expect(store.value == expected)
    testLog(
      "persistence/permissions: a read-only directory refused the save and an unreadable file the load; favorites kept"
    )
  }

  @Test("100 concurrent saves: every read, during and after, is one whole saved list")
  func concurrentSaves() async throws {
    let saves = 100
    // Lists a load accepts: distinct primes, of many lengths.
    let primes = (2...1_000).filter(isSmallPrime)
    let lists: [[Int]] = (0..<saves).map { index in [primes[index]] + primes[100..<(100 + index % 37)] }
    let validBytes = Set(lists.map { Data(("[" + $0.map(String.init).joined(separator: ", ") + "]\n").utf8) })
    let validLists = Set(lists)
    var report: [String] = []

    // Round 1: the directory does not exist yet, so the saves also race to create it. Round 2: the
    // file exists, and every save replaces it.
    for round in 1...2 {
      let file = FavoritePrimesFile(url: directory.file("nested/prime-time/favorite-primes.json"))
      let result = await saveConcurrently(lists, to: file, validBytes: validBytes, validLists: validLists)
      #expect(result.failures.isEmpty, "round \(round): \(result.failures.prefix(3))")
      #expect(
        result.tornReads == 0, "round \(round): a read saw something never saved: \(result.firstTorn ?? "")")
      #expect(result.vanishedReads == 0, "round \(round): the file disappeared after it was first seen")
      #expect(result.reads > 0)
      let final = try file.load()
      #expect(validLists.contains(final))
      #expect(directory.listing("nested/prime-time") == ["favorite-primes.json"], "no temporary file left")
      report.append(
        "round \(round): \(saves) saves, \(result.failures.count) failed; \(result.reads) reads during them, "
          + "\(result.tornReads) torn, \(result.absentReads) before the first save, \(result.vanishedReads) vanished"
      )
    }
    testLog("persistence/concurrent: " + report.joined(separator: "; "))
  }
}

private struct ConcurrentSaveResult: Sendable {
  var failures: [String] = []
  var reads = 0
  var tornReads = 0
  var absentReads = 0
  var vanishedReads = 0
  var firstTorn: String?
}

/// Saves every list in `lists` to `file` from its own thread, all released at once, while two threads
/// read the file over and over (raw bytes, and `load()`), until every save has returned.
private func saveConcurrently(
  _ lists: [[Int]], to file: FavoritePrimesFile, validBytes: Set<Data>, validLists: Set<[Int]>
) async -> ConcurrentSaveResult {
  let result = LockedValue(ConcurrentSaveResult())
  let gate = DispatchSemaphore(value: 0)
  let writers = DispatchGroup()
  let readers = DispatchGroup()
  let stop = LockedValue(false)

  for list in lists {
    writers.enter()
    Thread.detachNewThread {
      gate.wait()
      do {
        try file.save(list)
      } catch {
        result.withValue { $0.failures.append("\(error)") }
      }
      writers.leave()
    }
  }
  for usesLoad in [false, true] {
    readers.enter()
    Thread.detachNewThread {
      var seenFile = false
      repeat {
        let isDone = stop.withValue { $0 }
        var absent = false
        var valid = false
        var seen = ""
        if usesLoad {
          do {
            let list = try file.load()
            valid = validLists.contains(list)
            seen = "load() → \(list)"
          } catch PersistenceError.noSavedFile {
            absent = true
          } catch {
            seen = "load() threw \(error)"
          }
        } else {
          do {
            let bytes = try Data(contentsOf: file.url)
            valid = validBytes.contains(bytes)
            seen = "read \(String(decoding: bytes, as: UTF8.self).debugDescription)"
          } catch CocoaError.fileReadNoSuchFile {
            absent = true
          } catch {
            seen = "reading threw \(error)"
          }
        }
        result.withValue {
          $0.reads += 1
          if absent {
            if seenFile { $0.vanishedReads += 1 } else { $0.absentReads += 1 }
          } else if !valid {
            $0.tornReads += 1
            $0.firstTorn = $0.firstTorn ?? seen
          }
        }
        seenFile = seenFile || valid
        if isDone { break }
      } while true
      readers.leave()
    }
  }

  gate.signal(count: lists.count)
  await withCheckedContinuation { continuation in
    writers.notify(queue: .global()) {
      stop.withValue { $0 = true }
      readers.notify(queue: .global()) { continuation.resume() }
    }
  }
  return result.withValue { $0 }
}

/// Every file under `directory` with its bytes (nil for a directory), to show that nothing changed.
private func snapshot(_ directory: URL) -> [String: Data?] {
  var files: [String: Data?] = [:]
  let manager = FileManager.default
  for path in manager.subpaths(atPath: directory.path) ?? [] {
    let url = directory.appendingPathComponent(path)
    var isDirectory: ObjCBool = false
    _ = manager.fileExists(atPath: url.path, isDirectory: &isDirectory)
    let bytes = isDirectory.boolValue ? nil : (try? Data(contentsOf: url)) ?? Data("unreadable".utf8)
    files.updateValue(bytes, forKey: path)  // a subscript would drop a directory's nil
  }
  return files
}

extension DispatchSemaphore {
  fileprivate func signal(count: Int) {
    for _ in 0..<count { signal() }
  }
}

/// Whether `list` is what a load accepts: primes, each once.
private func areDistinctPrimes(_ list: [Int]) -> Bool {
  Set(list).count == list.count && list.allSatisfy(isSmallPrime)
}

/// Trial division: enough for the few small numbers a damaged test file holds.
private func isSmallPrime(_ n: Int) -> Bool {
  guard n >= 2 else { return false }
  var divisor = 2
  while divisor <= n / divisor {
    if n % divisor == 0 { return false }
    divisor += 1
  }
  return true
}
