/// Notes the dependencies read through the values it is in, so that a ``Dependency`` can tell
/// whether its key path gives a dependency itself (which it may keep) or computes something from
/// one (which it must compute at each read).
///
/// ```swift
/// let probe = DependencyReadProbe()
/// let value = DependencyValues(probe: probe)[keyPath: keyPath]
/// let isDependency = probe.readOnce(value)
/// ```
///
/// Used by one thread, for one key path application.
final class DependencyReadProbe: @unchecked Sendable {
  private var reads = 0
  /// The last dependency read, as `Any`: an existential opened to its value.
  private var lastRead: Any?

  /// Called with each dependency read.
  func note<Value>(_ value: Value) {
    reads += 1
    lastRead = value
  }

  /// Whether exactly one dependency was read and `value` is it, bit for bit.
  ///
  /// Compared as the values of their dynamic types: the bytes of an existential container past a
  /// small value are not the value's, and differ between two copies of it.
  func readOnce(_ value: Any) -> Bool {
    guard reads == 1, let lastRead, type(of: lastRead) == type(of: value),
      let readBytes = Self.bytes(of: lastRead), let valueBytes = Self.bytes(of: value)
    else { return false }
    return readBytes == valueBytes
  }

  /// The bytes of the value `value` holds, as its dynamic type: an `Any` made from a generic value
  /// of an existential type holds the existential, not the value inside it.
  private static func bytes(of value: Any) -> [UInt8]? {
    func concrete<Concrete>(_: Concrete.Type) -> [UInt8]? {
      guard let unwrapped = value as? Concrete else { return nil }
      return withUnsafeBytes(of: unwrapped) { Array($0) }
    }
    return _openExistential(type(of: value), do: concrete)
  }
}

extension DependencyValues {
  /// The default values, noting each dependency read through them in `probe`.
  init(probe: DependencyReadProbe) {
    // Not through `noteOverride()`: these values are never in force, and are the defaults but
    // for the probe.
    self.init()
    overrides[ObjectIdentifier(DependencyReadProbe.self)] = probe
  }

  /// The probe these values carry, if any: they are otherwise the defaults.
  var probe: DependencyReadProbe? {
    overrides.count == 1 ? overrides[ObjectIdentifier(DependencyReadProbe.self)] as? DependencyReadProbe : nil
  }
}
