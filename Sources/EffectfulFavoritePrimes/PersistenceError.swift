/// Why favorite primes could not be saved or loaded, with a message that says what to do.
///
/// ```swift
/// case .favoritePrimesLoaded(.failure(let error)):
///   state.errorMessage = error.message
///   // "The favorites file at /home/me/.local/share/prime-time/favorite-
///   // primes.json is not a list of
///   // primes (the file is empty). It was left untouched: fix or delete it,
///   // then load again."
/// ```
///
/// A missing file is ``noSavedFile``: the reducer reports it as a status and keeps the list.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but does not hold a JSON list of whole numbers (it may be empty or truncated).
  case corrupt(path: String, reason: String)
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The path names a directory, where a file was expected.
  case isDirectory(path: String)
  /// The path names something that is not a regular file (a device, a named pipe, a socket), so it
  /// was neither read nor replaced.
  case notARegularFile(path: String, kind: FileKind)
  /// The file is larger than ``FavoritePrimesFile/sizeLimit``; it was not read.
  case tooLarge(path: String, limit: Int)
  /// The file is a list of whole numbers, but some are not favorite primes: each problem, in order.
  case invalidEntries(path: String, problems: [String])
  /// Nothing has been saved at the path yet.
  case noSavedFile(path: String)
  /// The directory that should hold the file could not be created.
  case cannotCreateDirectory(path: String, reason: String)
  /// The file could not be written; the previous file, if any, is unchanged.
  case cannotWrite(path: String, reason: String)

  /// A sentence for the user: what went wrong and what can be done about the file. How to choose
  /// another file is the app's to say (a command-line option, a file picker), so it is not here.
  public var message: String {
    switch self {
    case .corrupt(let path, let reason):
      return
        "The favorites file at \(path) is not a list of primes (\(reason)). "
          + "It was left untouched: fix or delete it, then load again."
    case .unreadable(let path, let reason):
      return
        "Could not read the favorites file at \(path): \(reason). "
          + "Check that it is a readable file, then load again."
    case .isDirectory(let path):
      return
        "\(path) is a directory, not a favorites file: it was neither read nor replaced. "
          + "Move it out of the way, or use another file."
    case .notARegularFile(let path, let kind):
      return
        "\(path) is \(kind), not a regular file: it was neither read nor replaced."
    case .tooLarge(let path, let limit):
      return
        "The favorites file at \(path) is larger than \(limit / 1_000_000) MB (\(limit) bytes), "
          + "the most a favorites file may hold; it was not read."
    case .invalidEntries(let path, let problems):
      let shown = problems.prefix(10).joined(separator: "; ")
      let more = problems.count > 10 ? "; and \(problems.count - 10) more" : ""
      return
        "The favorites file at \(path) holds entries that are not favorite primes (\(shown)\(more)). "
          + "Nothing was loaded and the file was left untouched: fix it, then load again."
    case .noSavedFile(let path):
      return "No saved favorite primes at \(path); your list is unchanged."
    case .cannotCreateDirectory(let path, let reason):
      return
        "Could not create the directory \(path) for favorites: \(reason). "
          + "Check that its parents are writable directories."
    case .cannotWrite(let path, let reason):
      return
        "Could not save favorites to \(path): \(reason). "
          + "Your favorites are still here and the last saved file is unchanged; "
          + "fix the problem and save again."
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}
