import Foundation
import Testing

@testable import EffectfulFavoritePrimes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Persistence against real files in a fresh temporary directory per test.
@Suite struct FavoritePrimesFileTests {
  let directory: TemporaryDirectory
  init() throws { directory = try TemporaryDirectory() }

  func file(_ relativePath: String = "favorite-primes.json") -> FavoritePrimesFile {
    FavoritePrimesFile(url: directory.file(relativePath))
  }

  func expectLoadFails(
    _ file: FavoritePrimesFile, with expected: PersistenceError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: expected, sourceLocation: sourceLocation) { try file.load() }
  }

  @Test func saveThenLoadRoundTrips() throws {
    try file().save([2, 3, 5, 7])
    #expect(try file().load() == [2, 3, 5, 7])
    #expect(try directory.contents("favorite-primes.json") == Data("[2, 3, 5, 7]\n".utf8))
  }

  @Test func anEmptyListRoundTrips() throws {
    try file().save([])
    #expect(try file().load() == [])
    #expect(try directory.contents("favorite-primes.json") == Data("[]\n".utf8))
  }

  @Test func saveReplacesThePreviousFile() throws {
    try file().save([2, 3])
    try file().save([11])
    #expect(try file().load() == [11])
  }

  @Test func saveCreatesMissingDirectoriesAndLeavesNoTemporaryFile() throws {
    let nested = file("a/b/prime-time/favorite-primes.json")
    try nested.save([13])
    #expect(try nested.load() == [13])
    #expect(try directory.listing("a/b/prime-time") == ["favorite-primes.json"])
  }

  @Test func aMissingFileLoadsAsNoSavedFile() throws {
    let missing = file()
    #expect(throws: PersistenceError.noSavedFile(path: missing.path)) { try missing.load() }
    let deeper = file("missing/directory/favorite-primes.json")
    #expect(throws: PersistenceError.noSavedFile(path: deeper.path)) { try deeper.load() }
    #expect(try directory.listing() == [])  // loading creates nothing
  }

  @Test func aCorruptFileIsReportedAndLeftUntouched() throws {
    try directory.write("[2, 3, 5", to: "favorite-primes.json")
    expectLoadFails(file(), with: .corrupt(path: file().path, reason: "it is not valid JSON"))
    #expect(try directory.contents("favorite-primes.json") == Data("[2, 3, 5".utf8))
  }

  @Test(arguments: [#"{"favoritePrimes": [2]}"#, #"["two", "three"]"#, "[2.5]", "[null]", "7"])
  func jsonThatIsNotAListOfWholeNumbersIsReported(contents: String) throws {
    try directory.write(contents, to: "favorite-primes.json")
    expectLoadFails(
      file(), with: .corrupt(path: file().path, reason: "it is not a JSON list of whole numbers"))
    #expect(try directory.contents("favorite-primes.json") == Data(contents.utf8))
  }

  @Test(arguments: ["", " \n\t\r\n"])
  func anEmptyFileIsReportedAndLeftUntouched(contents: String) throws {
    try directory.write(contents, to: "favorite-primes.json")
    expectLoadFails(file(), with: .corrupt(path: file().path, reason: "the file is empty"))
    #expect(try directory.contents("favorite-primes.json") == Data(contents.utf8))
  }

  @Test func aDirectoryAtThePathIsReported() throws {
    try FileManager.default.createDirectory(
      at: directory.file("favorite-primes.json"), withIntermediateDirectories: false)
    expectLoadFails(file(), with: .isDirectory(path: file().path))
    #expect(throws: PersistenceError.isDirectory(path: file().path)) { try file().save([2]) }
  }

  // Tests run as root here, and root ignores directory permissions: a read-only directory would
  // still be writable. A regular file where a directory should be stops root too, so it stands in
  // for an unwritable location.
  @Test func aFileWhereTheDirectoryShouldBeIsReported() throws {
    try directory.write("not a directory", to: "afile")
    let blocked = file("afile/favorite-primes.json")
    #expect(
      throws: PersistenceError.cannotCreateDirectory(
        path: directory.file("afile").path,
        reason: "\(directory.file("afile").path) is a file, not a directory")
    ) {
      try blocked.save([2, 3])
    }
    #expect(
      throws: PersistenceError.unreadable(
        path: blocked.path, reason: "a part of the path is a file, not a directory")
    ) {
      try blocked.load()
    }
    #expect(try directory.contents("afile") == Data("not a directory".utf8))
  }

  @Test func aFileDeeperUpThePathIsReported() throws {
    try directory.write("x", to: "afile")
    #expect(throws: PersistenceError.self) { try file("afile/sub/favorite-primes.json").save([2]) }
    #expect(try directory.listing() == ["afile"])
  }

  @Test(.enabled(if: getuid() != 0, "root ignores directory permissions"))
  func aReadOnlyDirectoryIsReported() throws {
    try file().save([2])
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
    }
    #expect(throws: PersistenceError.cannotWrite(path: file().path, reason: "Permission denied")) {
      try file().save([2, 3])
    }
    #expect(try file().load() == [2])
  }

  @Test func aFailedSaveKeepsTheLastGoodFileByteForByte() throws {
    try file().save([2, 3, 5])
    let before = try directory.contents("favorite-primes.json")
    // A directory where the save's temporary file must go: creating it fails on a real file system,
    // for root too, after the target directory has been checked.
    try FileManager.default.createDirectory(
      at: directory.file("in-the-way"), withIntermediateDirectories: false)
    let failing = FavoritePrimesFile(url: directory.file("favorite-primes.json")) { "in-the-way" }
    #expect(throws: PersistenceError.cannotWrite(path: failing.path, reason: "File exists")) {
      try failing.save([7, 11])
    }
    #expect(try directory.contents("favorite-primes.json") == before)
    #expect(try directory.listing() == ["favorite-primes.json", "in-the-way"])
    #expect(try file().load() == [2, 3, 5])
  }

  @Test func aSymbolicLinkIsKeptAndItsFileReplaced() throws {
    try FileManager.default.createDirectory(
      at: directory.file("dotfiles"), withIntermediateDirectories: false)
    try directory.write("[2]\n", to: "dotfiles/favorites.json")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("favorite-primes.json").path,
      withDestinationPath: directory.file("dotfiles/favorites.json").path)
    try file().save([3, 5])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: file().path)
        == directory.file("dotfiles/favorites.json").path)
    #expect(try directory.contents("dotfiles/favorites.json") == Data("[3, 5]\n".utf8))
    #expect(try directory.listing("dotfiles") == ["favorites.json"])
    #expect(try file().load() == [3, 5])
  }

  @Test func everySaveUsesANewTemporaryName() {
    let file = file()
    #expect(file.temporaryFileName() != file.temporaryFileName())
    #expect(file.temporaryFileName().hasPrefix(".favorite-primes.json."))
  }

  // MARK: Default location

  @Test func defaultLocationUsesXDGDataHome() {
    let file = FavoritePrimesFile.defaultLocation(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
    #expect(file.path == "/data/prime-time/favorite-primes.json")
  }

  @Test func defaultLocationFallsBackToLocalShare() {
    let file = FavoritePrimesFile.defaultLocation(environment: ["HOME": "/home/me"])
    #expect(file.path == "/home/me/.local/share/prime-time/favorite-primes.json")
  }

  @Test(arguments: ["", "relative/data"])
  func anEmptyOrRelativeXDGDataHomeIsIgnored(value: String) {
    let file = FavoritePrimesFile.defaultLocation(environment: ["XDG_DATA_HOME": value, "HOME": "/home/me"])
    #expect(file.path == "/home/me/.local/share/prime-time/favorite-primes.json")
  }

  @Test func withoutHomeTheAccountsHomeIsUsed() {
    let file = FavoritePrimesFile.defaultLocation(environment: [:])
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    #expect(file.path.hasPrefix(home))
    #expect(file.path.hasSuffix("/.local/share/prime-time/favorite-primes.json"))
  }

  // MARK: Messages

  @Test func messagesNameNoAppsOptions() {
    let errors: [PersistenceError] = [
      .corrupt(path: "/x", reason: "r"), .unreadable(path: "/x", reason: "r"), .isDirectory(path: "/x"),
      .notARegularFile(path: "/x", kind: .fifo), .tooLarge(path: "/x", limit: 1_000_000),
      .invalidEntries(path: "/x", problems: ["4 is not prime"]), .noSavedFile(path: "/x"),
      .cannotCreateDirectory(path: "/x", reason: "r"), .cannotWrite(path: "/x", reason: "r"),
    ]
    for error in errors {
      // A SwiftUI app has no --favorites: how to choose another file is the app's to say.
      #expect(!error.message.contains("--") && !error.message.contains("XDG_DATA_HOME"), "\(error.message)")
    }
  }

  @Test func messagesNameThePathAndSayWhatToDo() {
    let corrupt = PersistenceError.corrupt(path: "/x/favorite-primes.json", reason: "the file is empty")
    #expect(corrupt.message.contains("/x/favorite-primes.json"))
    #expect(corrupt.message.contains("left untouched"))
    #expect(
      PersistenceError.cannotWrite(path: "/x", reason: "No space left on device").message.contains(
        "unchanged"))
    #expect(PersistenceError.cannotCreateDirectory(path: "/x", reason: "r").message.contains("writable"))
    #expect(
      PersistenceError.isDirectory(path: "/x").description == PersistenceError.isDirectory(path: "/x").message
    )
  }
}
