#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a path names on disk, as far as reading and writing a favorites file cares.
///
/// ```swift
/// FileKind(mode: info.st_mode)          // .characterDevice for /dev/null
/// FileKind.fifo.description             // "a named pipe (FIFO)"
/// ```
///
/// Only ``regularFile`` may be loaded or replaced: writing over a device, a pipe or a socket would
/// destroy something that is not ours, and reading one may never end.
public enum FileKind: Equatable, Sendable, CustomStringConvertible {
  /// A plain file: the only kind read or replaced.
  case regularFile
  /// A directory.
  case directory
  /// A character device, like `/dev/null` or a terminal.
  case characterDevice
  /// A block device, like a disk.
  case blockDevice
  /// A named pipe: reading it waits for a writer, maybe forever.
  case fifo
  /// A Unix domain socket.
  case socket
  /// A symbolic link itself (only seen without following links).
  case symbolicLink
  /// A kind this platform has and the list above does not.
  case unknown

  /// The kind a `stat` mode describes.
  ///
  /// ```swift
  /// var info = stat()
  /// if stat(path, &info) == 0 { print(FileKind(mode: info.st_mode)) }
  /// ```
  public init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regularFile
    case S_IFDIR: self = .directory
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    case S_IFLNK: self = .symbolicLink
    default: self = .unknown
    }
  }

  /// The kind of what `path` names, following symbolic links; nil when nothing is there.
  ///
  /// ```swift
  /// FileKind.of("/dev/null")   // .characterDevice
  /// ```
  public static func of(_ path: String) -> FileKind? {
    var info = stat()
    return stat(path, &info) == 0 ? FileKind(mode: info.st_mode) : nil
  }

  /// "a character device", "a named pipe (FIFO)": what a sentence about the path calls it.
  public var description: String {
    switch self {
    case .regularFile: return "a regular file"
    case .directory: return "a directory"
    case .characterDevice: return "a character device"
    case .blockDevice: return "a block device"
    case .fifo: return "a named pipe (FIFO)"
    case .socket: return "a socket"
    case .symbolicLink: return "a symbolic link"
    case .unknown: return "not a regular file"
    }
  }
}
