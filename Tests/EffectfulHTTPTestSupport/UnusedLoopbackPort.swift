#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A port on 127.0.0.1 where nothing listens, so connecting to it is refused at once.
///
/// ```swift
/// let url = URL(string: "http://127.0.0.1:\(try unusedLoopbackPort())/")!
/// // A request to `url` fails with URLError.cannotConnectToHost.
/// ```
///
/// The port is bound but never listened on, and stays bound until the process exits (one file
/// descriptor per call): a bound port cannot be handed to another socket, so it stays refused for
/// the whole test run instead of only "probably, for a while" as with bind-then-close.
public func unusedLoopbackPort() throws -> Int {
  // The descriptor is deliberately never closed; see above.
  try bindLoopbackSocket().port
}
