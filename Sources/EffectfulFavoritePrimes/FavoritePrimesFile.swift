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
/// let file = FavoritePrimesFile.defaultLocation()   // ~/.local/share/prime-time/favorite-primes.json
/// try file.save([2, 3, 5])                          // the file holds "[2, 3, 5]"
/// try file.load()                                   // [2, 3, 5]
/// ```
///
/// - Saving creates the file's directory if needed, writes a temporary file next to the target,
///   flushes it to disk and renames it over the target. A crash or a full disk at any moment leaves
///   either the old file or the new one, never a torn one, and a failed save leaves the old file
///   byte for byte.
/// - Loading a file that does not exist gives `[]`: nothing has been saved yet.
/// - Loading a corrupt, empty or unreadable file throws, and never changes or deletes the file.
/// - Both run synchronously on the calling thread; the file is a few bytes per prime.
public struct FavoritePrimesFile: Sendable, CustomStringConvertible {
  /// Where the file is.
  public let url: URL
  /// Names the temporary file a save writes before renaming it; unique per save. Tests replace it
  /// to make a save fail on a real file system.
  let temporaryFileName: @Sendable () -> String

  /// A favorites file at `url`, which must be a file URL.
  ///
  /// ```swift
  /// let file = FavoritePrimesFile(url: FileManager.default.temporaryDirectory
  ///   .appendingPathComponent("favorite-primes.json"))
  /// ```
  public init(url: URL) {
    self.init(url: url) { ".\(url.lastPathComponent).\(UUID().uuidString).tmp" }
  }

  init(url: URL, temporaryFileName: @escaping @Sendable () -> String) {
    self.url = url
    self.temporaryFileName = temporaryFileName
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

  /// The saved favorite primes: `[]` if nothing has been saved yet.
  ///
  /// ```swift
  /// do {
  ///   favorites = try file.load()
  /// } catch {
  ///   print(error.message)   // corrupt, unreadable, or a directory: the file is left as it is
  /// }
  /// ```
  public func load() throws(PersistenceError) -> [Int] {
    let path = self.path
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { return [] }
      throw .unreadable(path: path, reason: describeError(code))
    }
    defer { close(descriptor) }

    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadable(path: path, reason: describeError(errno))
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw .isDirectory(path: path)
    }

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
    }

    // JSON's whitespace only (or nothing at all): what a crash during someone else's write leaves.
    if bytes.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
      throw .corrupt(path: path, reason: "the file is empty")
    }
    let data = Data(bytes)
    do {
      return try JSONDecoder().decode([Int].self, from: data)
    } catch {
      // DecodingError does not reliably separate bad syntax from the wrong shape; a plain parse does.
      let isJSON = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
      throw .corrupt(
        path: path, reason: isJSON ? "it is not a JSON list of whole numbers" : "it is not valid JSON")
    }
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
  /// Creates the file's directory (and its parents) when missing. When the path is a symbolic link,
  /// the file it points to is replaced and the link is kept. Throws when a directory cannot be
  /// created (a parent is a file, or not writable), when the path is a directory, or when writing,
  /// flushing or renaming fails; the temporary file is removed in every case.
  public func save(_ favoritePrimes: [Int]) throws(PersistenceError) {
    let path = self.path
    let target = URL(fileURLWithPath: saveTarget(path))
    let directory = target.deletingLastPathComponent().path
    try makeDirectories(directory)
    if isDirectory(path) {
      throw .isDirectory(path: path)
    }

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
/// a dotfiles repository.
private func saveTarget(_ path: String) -> String {
  var info = stat()
  guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
    return path
  }
  defer { free(resolved) }
  return String(cString: resolved)
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
