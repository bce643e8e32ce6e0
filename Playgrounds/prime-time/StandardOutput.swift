#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes `text` straight to stdout's file descriptor, all of it, past stdio.
///
/// ```swift
/// writeToStandardOutput("count: 1\n")   // a reader at the other end of a pipe sees it now
/// ```
///
/// Not `print` and `fflush`: stdio's streams have locks, and `fflush(nil)` waits for stdin's, which
/// the input thread holds for as long as it sits in `readLine`, so output stalled while input was
/// open and idle. Nothing is buffered, so nothing is lost when the process exits from a handler.
func writeToStandardOutput(_ text: String) {
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    if written < 0 {
      if errno == EINTR { continue }
      return  // stdout is gone (a closed pipe): there is no one left to tell
    }
    offset += written
  }
}
