/// The cases, in report order, with the names the issue gives them. Extra cases (marked below) break a
/// required case down further: a deferred effect instead of `.send`, key paths instead of case paths.
enum CaseName: String, CaseIterable {
  case sendNoEffect = "send.noEffect"
  case sendOneObserver = "send.oneObserver"
  case effectRoundTrip = "effect.roundTrip"
  /// Extra: the round trip through `.sync { }`, an effect that runs (allocates a lifetime) instead of
  /// carrying its output.
  case effectRoundTripSync = "effect.roundTrip.sync"
  case effectMap10 = "effect.map10"
  /// Extra: ten maps over `.sync { }`, each layer a closure applied when the effect runs.
  case effectMap10Sync = "effect.map10.sync"
  case fanoutNoObservers = "fanout.views1000.noObservers"
  case fanoutUnrelatedChange = "fanout.views1000.unrelatedChange"
  case fanoutOneChildChanges = "fanout.views1000.oneChildChanges"
  case pullbackNoEffect = "pullback.depth20.noEffect"
  case pullbackWithEffect = "pullback.depth20.withEffect"
  /// Extra: the same through the episode's key-path `pullback` overload instead of `CasePath`.
  case pullbackWithEffectKeyPaths = "pullback.depth20.withEffect.keyPaths"
  case cancelStartCancel = "cancel.startCancel"
  case chainSync1M = "chain.sync1M"
  /// A `.run` effect that sends one action: started, its action reduced (see ``RunRoundTrip``).
  case runRoundTrip = "run.roundTrip"

  /// Actions in the chain of `chain.sync1M`.
  static let chainLength = 1_000_000

  /// The suite: every case with the workload of each contender that has one.
  @MainActor
  static func suite() -> [BenchmarkCase] {
    allCases.map { name in
      BenchmarkCase(
        name: name,
        operationsPerIteration: name == .chainSync1M ? chainLength : 1,
        bare: BareWorkloads.factory(for: name),
        naive: NaiveWorkloads.factory(for: name),
        effectful: EffectfulWorkloads.factory(for: name))
    }
  }
}
