/// What one case measured: median ns/op per contender, and what some cases check besides.
struct CaseResult {
  let name: CaseName
  var nanosecondsPerOperation: [Contender: Double]
  /// `chain.sync1M`: how deep a chain the naive store survives.
  var naiveDeepestChain: ChainDepthReport?
  /// `cancel.startCancel`: memory over a million cycles.
  var memory: CancelMemoryReport?
  /// `observation.fields100.unreadFieldChanges`: which observers were told.
  var fieldNotifications: FieldNotificationReport?
}

/// Resident memory around a long run of start/cancel cycles on one store.
struct CancelMemoryReport {
  let cycles: Int
  let residentBytesBefore: Int?
  let residentBytesAfter: Int?
  /// Entries in the store's cancellation registry before and after the cycles.
  let registryEntriesBefore: Int?
  let registryEntriesAfter: Int?
  /// How many of the effects heard their cancellation; all of them should have.
  let cancellationsSeen: Int

  var growthBytes: Int? {
    guard let residentBytesBefore, let residentBytesAfter else { return nil }
    return residentBytesAfter - residentBytesBefore
  }

  /// Less than a byte per cycle, a registry no bigger than before, and every effect cancelled: a
  /// registry that kept one entry per effect would grow by tens of MB.
  var isFlat: Bool {
    guard let growthBytes, let registryEntriesBefore, let registryEntriesAfter else { return false }
    return growthBytes < cycles && registryEntriesAfter <= registryEntriesBefore
      && cancellationsSeen == cycles
  }
}

/// Everything one run found.
struct RunReport {
  let mode: String
  let machine: String
  let results: [CaseResult]
  let peakResidentBytes: Int
  let targets: [TargetCheck]

  func result(_ name: CaseName) -> CaseResult? {
    results.first { $0.name == name }
  }
}
