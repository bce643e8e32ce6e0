import EffectfulPrimes
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A JSON file of favorite primes on disk, saved atomically and loaded with clear errors.
///
/// ```swift
/// // ~/.local/share/prime-time/favorite-primes.json
/// let file = FavoritePrimesFile.defaultLocation()
/// // the file holds "[2, 3, 5]"
/// try file.save([2, 3, 5])
/// try file.load()                                   // [2, 3, 5]
/// ```
///
/// - Saving creates the file's directory if needed, writes a temporary file next to the target,
///   flushes it to disk and renames it over the target. A crash or a full disk at any moment leaves
///   either the old file or the new one, never a torn one, and a failed save leaves the old file
///   byte for byte.
/// - Only regular files are read or replaced. A path naming a directory, a device, a named pipe or a
///   socket is refused with an error that says what it is, and nothing is read from or written to it.
/// - A symbolic link to a regular file is followed: the save writes next to the file it points to
///   and renames over that file, so the link is kept. A link to anything else, or to nothing, is
///   refused.
/// - Loading reads at most ``sizeLimit`` bytes (1 MB); a larger file is refused unread.
/// - Loading a file that does not exist throws ``PersistenceError/noSavedFile(path:)``.
/// - Loading a corrupt, empty or unreadable file, or one whose entries are not distinct primes,
///   throws, and never changes or deletes the file.
/// - Both run synchronously on the calling thread: ``FavoritePrimesEnvironment/file(_:queue:mainQueue:)``
///   runs them off the main thread.
public struct FavoritePrimesFile: Sendable, CustomStringConvertible {
  /// Where the file is.
  public let url: URL
  /// Names the temporary file a save writes before renaming it; unique per save. Tests replace it
  /// to make a save fail on a real file system.
  let temporaryFileName: @Sendable () -> String
  /// What a path names, following links (nil: nothing). Tests replace it to fake a device without
  /// touching one.
  let fileKind: @Sendable (_ path: String) -> FileKind?

  /// The largest file `load` reads: 1 MB, room for 100,000 primes.
  public static let sizeLimit = 1_000_000

  /// A favorites file at `url`, which must be a file URL.
  ///
  /// ```swift
  /// let file = FavoritePrimesFile(url: FileManager.default.temporaryDirectory
  ///   .appendingPathComponent("favorite-primes.json"))
  /// ```
  public init(url: URL) {
    self.init(url: url) { ".\(url.lastPathComponent).\(UUID().uuidString).tmp" }
  }

  init(
    url: URL, temporaryFileName: @escaping @Sendable () -> String,
    fileKind: @escaping @Sendable (_ path: String) -> FileKind? = FileKind.of
  ) {
    self.url = url
    self.temporaryFileName = temporaryFileName
    self.fileKind = fileKind
  }

  /// The file's path.
  public var path: String { url.path }

  /// The file's path.
  public var description: String { path }

  /// The file in the user's data directory: `$XDG_DATA_HOME/prime-time/favorite-primes.json`, or
  /// `~/.local/share/prime-time/favorite-primes.json` when `XDG_DATA_HOME` is unset.
  ///
  /// ```swift
  /// FavoritePrimesFile.defaultLocation(environment: ["HOME": "/home/me"]).path
  /// // "/home/me/.local/share/prime-time/favorite-primes.json"
  /// ```
  ///
  /// Following the XDG Base Directory specification, an empty or relative `XDG_DATA_HOME` is
  /// ignored. The home directory is `$HOME`, or the account's home when `HOME` is unset.
  public static func defaultLocation(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> FavoritePrimesFile {
    let dataHome: URL
    if let xdgDataHome = environment["XDG_DATA_HOME"], xdgDataHome.hasPrefix("/") {
      dataHome = URL(fileURLWithPath: xdgDataHome, isDirectory: true)
    } else {
      let home =
        environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
        ?? FileManager.default.homeDirectoryForCurrentUser
      dataHome = home.appendingPathComponent(".local").appendingPathComponent("share")
    }
    return FavoritePrimesFile(
      url: dataHome.appendingPathComponent("prime-time").appendingPathComponent("favorite-primes.json"))
  }

  /// The saved favorite primes.
  ///
  /// ```swift
  /// do {
  ///   favorites = try file.load()
  /// } catch {
  ///   // missing, corrupt, too large, not a regular file: left as it is
  ///   print(error.message)
  /// }
  /// ```
  ///
  /// Every entry must be a prime (2 or more), each at most once; otherwise nothing is loaded and
  /// ``PersistenceError/invalidEntries(path:problems:)`` names each bad entry.
  public func load() throws(PersistenceError) -> [Int] {
    let path = self.path
    // Non-blocking, so that opening a named pipe with no writer returns at once instead of hanging.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .noSavedFile(path: path) }
      throw .unreadable(path: path, reason: describeError(code))
    }
    defer { close(descriptor) }

    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadable(path: path, reason: describeError(errno))
    }
    switch FileKind(mode: info.st_mode) {
    case .regularFile: break
    case .directory: throw .isDirectory(path: path)
    case let kind: throw .notARegularFile(path: path, kind: kind)
    }
    let limit = Self.sizeLimit
    if Int(info.st_size) > limit { throw .tooLarge(path: path, limit: limit) }

    // Bounded again while reading: the file may grow after the size was checked.
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .unreadable(path: path, reason: describeError(code))
      }
      bytes.append(contentsOf: buffer[..<count])
      if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
    }

    // JSON's whitespace only (or nothing at all): what a crash during someone else's write leaves.
    if bytes.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
      throw .corrupt(path: path, reason: "the file is empty")
    }
    let data = Data(bytes)
    let numbers: [Int]
    do {
      numbers = try JSONDecoder().decode([Int].self, from: data)
    } catch {
      // DecodingError does not reliably separate bad syntax from the wrong shape; a plain parse does.
      let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
      throw .corrupt(
        path: path, reason: isJSON ? "it is not a JSON list of whole numbers" : "it is not valid JSON")
    }
    let problems = favoritePrimeProblems(numbers)
    if !problems.isEmpty { throw .invalidEntries(path: path, problems: problems) }
    return numbers
  }

  /// Replaces the saved favorites with `favoritePrimes`, atomically.
  ///
  /// ```swift
  /// do {
  ///   try file.save([2, 3, 5])
  /// } catch {
  ///   print(error.message)   // the previous file, if any, is unchanged
  /// }
  /// ```
  ///
  /// Creates the file's directory (and its parents) when missing. When the path is a symbolic link
  /// to a regular file, that file is replaced (atomically, from a temporary file beside it) and the
  /// link is kept. Throws, writing nothing, when the path (or what its link points to) exists and is
  /// not a regular file, or is a link to nothing; throws when a directory cannot be created (a parent
  /// is a file, or not writable), or when writing, flushing or renaming fails; the temporary file is
  /// removed in every case.
  public func save(_ favoritePrimes: [Int]) throws(PersistenceError) {
    let path = self.path
    let target = try saveTarget(path)
    switch fileKind(target.path) {
    case nil, .regularFile: break
    case .directory: throw .isDirectory(path: path)
    case let kind?: throw .notARegularFile(path: path, kind: kind)
    }
    let directory = target.deletingLastPathComponent().path
    try makeDirectories(directory)

    // Written by hand: integers have exactly one JSON spelling, and this cannot fail.
    let contents = Array(("[" + favoritePrimes.map(String.init).joined(separator: ", ") + "]\n").utf8)
    let temporaryPath = target.deletingLastPathComponent().appendingPathComponent(temporaryFileName()).path

    let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .cannotWrite(path: path, reason: describeError(errno))
    }
    // Flushed before the rename, so that after a crash the new name never points at missing data.
    if let code = writeAll(contents, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errno) {
      close(descriptor)
      unlink(temporaryPath)
      throw .cannotWrite(path: path, reason: describeError(code))
    }
    close(descriptor)

    guard rename(temporaryPath, target.path) == 0 else {
      let code = errno
      unlink(temporaryPath)
      throw .cannotWrite(path: path, reason: describeError(code))
    }
    // Makes the rename itself durable. Best effort: the data is safe either way.
    let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}

/// Where a save to `path` writes: `path` itself, or, when `path` is a symbolic link, the file it
/// points to. Renaming over the link would replace it with a plain file and cut it loose from, say,
/// a dotfiles repository. A link to nothing is refused: creating a file wherever a dangling link
/// points is a surprise, and a classic way to be tricked into writing somewhere else.
private func saveTarget(_ path: String) throws(PersistenceError) -> URL {
  var info = stat()
  guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
    return URL(fileURLWithPath: path)
  }
  guard let resolved = realpath(path, nil) else {
    throw .cannotWrite(
      path: path,
      reason: "it is a symbolic link to a file that does not exist (create that file, or remove the link)")
  }
  defer { free(resolved) }
  return URL(fileURLWithPath: String(cString: resolved))
}

/// What is wrong with a loaded list, entry by entry: "4 is not a prime", "2 appears more than once".
private func favoritePrimeProblems(_ numbers: [Int]) -> [String] {
  var seen = Set<Int>()
  var reported = Set<Int>()
  var problems: [String] = []
  for number in numbers {
    if number < 2 {
      problems.append("\(number) is out of range: primes start at 2")
    } else if !isPrime(number) {
      problems.append("\(number) is not a prime")
    } else if !seen.insert(number).inserted, reported.insert(number).inserted {
      problems.append("\(number) appears more than once")
    }
  }
  return problems
}

/// Creates `path` and any missing parents, like `mkdir -p`, naming the part that is in the way.
private func makeDirectories(_ path: String) throws(PersistenceError) {
  var prefix = path.hasPrefix("/") ? "" : "."
  for component in path.split(separator: "/") {
    prefix += "/" + component
    if mkdir(prefix, 0o755) == 0 { continue }
    let code = errno
    if code == EEXIST {
      if isDirectory(prefix) { continue }
      throw .cannotCreateDirectory(path: path, reason: "\(prefix) is a file, not a directory")
    }
    throw .cannotCreateDirectory(path: path, reason: "\(prefix): \(describeError(code))")
  }
}

/// Whether `path` names a directory (following symbolic links).
private func isDirectory(_ path: String) -> Bool {
  var info = stat()
  return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}

/// Writes every byte, retrying short writes and interruptions; the `errno` of a failure, or nil.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
  bytes.withUnsafeBytes { buffer -> Int32? in
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        let code = errno
        if code == EINTR { continue }
        return code
      }
      offset += written
    }
    return nil
  }
}

/// The system's description of an `errno` value, with the one that puzzles users spelled out.
private func describeError(_ code: Int32) -> String {
  if code == ENOTDIR { return "a part of the path is a file, not a directory" }
  return String(cString: strerror(code))
}
