import Dispatch
import Effectful
import EffectfulPrimeTime
import Foundation
import Testing

@testable import EffectfulFavoritePrimes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A save never replaces what is not a regular file, and a load never reads one: named pipes,
/// devices (faked through the injectable file-type check, so no real device is touched), links to
/// them, links to nothing. All in a scratch directory.
@Suite("File types: only regular files are read or replaced")
struct FileTypeSafetyTests {
  let directory: ScratchDirectory
  init() throws { directory = try ScratchDirectory() }

  /// What `path` is, without following a link (0 when nothing is there).
  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test("A named pipe at the path is refused, named, and left a pipe")
  func saveRefusesANamedPipe() throws {
    let path = directory.file("favorites.json").path
    #expect(mkfifo(path, 0o600) == 0)
    let file = FavoritePrimesFile(url: URL(fileURLWithPath: path))
    #expect(throws: PersistenceError.notARegularFile(path: path, kind: .fifo)) { try file.save([2]) }
    #expect(kind(path) == S_IFIFO)
    #expect(directory.listing() == ["favorites.json"])  // no temporary file left behind
    #expect(
      PersistenceError.notARegularFile(path: path, kind: .fifo).message.contains("\(path) is a named pipe"))
  }

  @Test("A character device (faked) is refused and the entry is left as it was")
  func saveRefusesACharacterDevice() throws {
    // A regular file we own stands in for the device; only the file-type check says "device".
    let path = directory.file("null").path
    try directory.write(Data("keep".utf8), to: "null")
    let file = FavoritePrimesFile(
      url: URL(fileURLWithPath: path), temporaryFileName: { "tmp" },
      fileKind: { $0 == path ? .characterDevice : FileKind.of($0) })
    #expect(throws: PersistenceError.notARegularFile(path: path, kind: .characterDevice)) {
      try file.save([2])
    }
    #expect(directory.contents("null") == Data("keep".utf8))
    #expect(directory.listing() == ["null"])
  }

  @Test("A link to a (faked) device is refused, and the link is kept")
  func saveRefusesALinkToADevice() throws {
    let target = directory.file("device").path
    try directory.write(Data("keep".utf8), to: "device")
    let link = directory.file("favorites.json").path
    #expect(symlink(target, link) == 0)
    let file = FavoritePrimesFile(
      url: URL(fileURLWithPath: link), temporaryFileName: { "tmp" },
      fileKind: { $0 == target ? .characterDevice : FileKind.of($0) })
    #expect(throws: PersistenceError.notARegularFile(path: link, kind: .characterDevice)) {
      try file.save([2])
    }
    #expect(kind(link) == S_IFLNK)
    #expect(directory.contents("device") == Data("keep".utf8))
  }

  @Test("A socket at the path is refused")
  func saveRefusesASocket() throws {
    let path = directory.file("s").path
    let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socketDescriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    try #require(path.utf8.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: path.utf8)
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    let file = FavoritePrimesFile(url: URL(fileURLWithPath: path))
    #expect(throws: PersistenceError.notARegularFile(path: path, kind: .socket)) { try file.save([2]) }
    #expect(kind(path) == S_IFSOCK)
  }

  @Test("A link to a regular file: the file is replaced, the link is kept")
  func saveFollowsALinkToARegularFile() throws {
    try FileManager.default.createDirectory(
      at: directory.file("dotfiles"), withIntermediateDirectories: false)
    try directory.write(Data("[2]\n".utf8), to: "dotfiles/favorites.json")
    let link = directory.file("favorites.json").path
    #expect(symlink(directory.file("dotfiles/favorites.json").path, link) == 0)
    try FavoritePrimesFile(url: URL(fileURLWithPath: link)).save([2, 3])
    #expect(kind(link) == S_IFLNK)
    #expect(directory.contents("dotfiles/favorites.json") == Data("[2, 3]\n".utf8))
    #expect(directory.listing("dotfiles") == ["favorites.json"])  // the temporary file was beside it
  }

  @Test("A link to nothing is refused, and nothing is created")
  func saveRefusesADanglingLink() throws {
    let link = directory.file("favorites.json").path
    #expect(symlink(directory.file("elsewhere.json").path, link) == 0)
    #expect(throws: PersistenceError.self) {
      try FavoritePrimesFile(url: URL(fileURLWithPath: link)).save([2])
    }
    #expect(directory.listing() == ["favorites.json"])
    #expect(kind(link) == S_IFLNK)
  }

  @Test("Loading a named pipe, or a link to one, returns at once with an error")
  func loadRefusesANamedPipe() async throws {
    let pipe = directory.file("pipe").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let link = directory.file("link").path
    #expect(symlink(pipe, link) == 0)
    for path in [pipe, link] {
      // A blocking open would never return: the watchdog turns that into a failure, not a hang.
      let result = await withDeadline(.seconds(20)) {
        Result { () throws(PersistenceError) in try FavoritePrimesFile(url: URL(fileURLWithPath: path)).load()
        }
      }
      #expect(result == .failure(.notARegularFile(path: path, kind: .fifo)), "\(path)")
    }
  }

  @Test("A file over the size limit is refused unread, and the error states the limit")
  func loadRefusesALargeFile() throws {
    try directory.write(Data(count: FavoritePrimesFile.sizeLimit + 1), to: "big.json")
    let path = directory.file("big.json").path
    let error = PersistenceError.tooLarge(path: path, limit: 1_000_000)
    #expect(throws: error) { try FavoritePrimesFile(url: URL(fileURLWithPath: path)).load() }
    #expect(error.message.contains("1 MB (1000000 bytes)"))
  }

  @Test(
    "Entries that are not distinct primes are each reported",
    arguments: [
      (
        "[4, 6, 8, -1, 0]",
        [
          "4 is not a prime", "6 is not a prime", "8 is not a prime",
          "-1 is out of range: primes start at 2", "0 is out of range: primes start at 2",
        ]
      ),
      ("[2, 2, 2, 3]", ["2 appears more than once"]),
      (
        "[1, 9223372036854775807]",
        ["1 is out of range: primes start at 2", "9223372036854775807 is not a prime"]
      ),
    ])
  func loadReportsInvalidEntries(contents: String, problems: [String]) throws {
    try directory.write(Data(contents.utf8), to: "f.json")
    let path = directory.file("f.json").path
    #expect(throws: PersistenceError.invalidEntries(path: path, problems: problems)) {
      try FavoritePrimesFile(url: URL(fileURLWithPath: path)).load()
    }
    #expect(directory.contents("f.json") == Data(contents.utf8))
  }

  @MainActor
  @Test("Through the app: an invalid file and a missing file both keep the favorites in memory")
  func theAppKeepsItsFavorites() throws {
    try directory.write(Data("[4, 2, 2]".utf8), to: "bad.json")
    for name in ["bad.json", "missing.json"] {
      let store = Store(
        initialValue: AppState(favoritePrimes: [2, 3]),
        reducer: appReducer(
          environment: .offline(
            favoritesFile: FavoritePrimesFile(url: directory.file(name)), mainQueue: .immediate,
            fileQueue: .immediate)))
      store.send(.favoritePrimesButtonTapped)
      store.sendToFavorites(.loadButtonTapped)
      #expect(store.value.favoritePrimes == [2, 3], "\(name)")
      #expect(store.value.favorites.isLoading == false)
    }
    #expect(directory.listing() == ["bad.json"])
  }

  @MainActor
  @Test("The file is read and written off the main thread")
  func fileWorkIsOffTheMainThread() async throws {
    let onMain = LockedFlag()
    let file = FavoritePrimesFile(
      url: directory.file("f.json"), temporaryFileName: { "tmp" },
      fileKind: { path in
        if Thread.isMainThread { onMain.set() }
        return FileKind.of(path)
      })
    let environment = FavoritePrimesEnvironment.file(file)
    let saved = await withCheckedContinuation { continuation in
      environment.save([2]).run { continuation.resume(returning: $0) }
    }
    #expect(saved == .success([2]))
    #expect(!onMain.isSet)
  }
}

/// A flag set from any thread.
private final class LockedFlag: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = false
  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}

/// `work`'s result, or nil when it has not returned by `deadline` (its thread is then abandoned).
private func withDeadline<T: Sendable>(_ deadline: Duration, _ work: @escaping @Sendable () -> T) async -> T?
{
  let box = LockedResult<T>()
  let done = DispatchSemaphore(value: 0)
  Thread {
    box.set(work())
    done.signal()
  }.start()
  return await Task.detached {
    done.wait(timeout: .now() + .seconds(Int(deadline.components.seconds))) == .success ? box.get() : nil
  }.value
}

private final class LockedResult<T: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: T?
  func set(_ newValue: T) { lock.withLock { value = newValue } }
  func get() -> T? { lock.withLock { value } }
}
