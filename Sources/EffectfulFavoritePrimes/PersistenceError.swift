/// Why favorite primes could not be saved or loaded, with a message that says what to do.
///
/// ```swift
/// case .favoritePrimesLoaded(.failure(let error)):
///   state.errorMessage = error.message
///   // "The favorites file at /home/me/.local/share/prime-time/favorite-primes.json is not a list of
///   //  primes (the file is empty). It was left untouched: fix or delete it, then load again."
/// ```
///
/// A missing file is not an error: it loads as no saved favorites.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file exists but does not hold a JSON list of whole numbers (it may be empty or truncated).
  case corrupt(path: String, reason: String)
  /// The file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// The path names a directory, where a file was expected.
  case isDirectory(path: String)
  /// The directory that should hold the file could not be created.
  case cannotCreateDirectory(path: String, reason: String)
  /// The file could not be written; the previous file, if any, is unchanged.
  case cannotWrite(path: String, reason: String)

  /// A sentence for the user: what went wrong and what to do.
  public var message: String {
    switch self {
    case .corrupt(let path, let reason):
      return
        "The favorites file at \(path) is not a list of primes (\(reason)). It was left untouched: fix or delete it, then load again."
    case .unreadable(let path, let reason):
      return
        "Could not read the favorites file at \(path): \(reason). Check that it is a readable file, then load again."
    case .isDirectory(let path):
      return
        "\(path) is a directory, not a favorites file. Move it out of the way, or choose another file."
    case .cannotCreateDirectory(let path, let reason):
      return
        "Could not create the directory \(path) for favorites: \(reason). Check that its parents are writable directories, or set XDG_DATA_HOME."
    case .cannotWrite(let path, let reason):
      return
        "Could not save favorites to \(path): \(reason). Your favorites are still here and the last saved file is unchanged; fix the problem and save again."
    }
  }

  /// The same as ``message``.
  public var description: String { message }
}
