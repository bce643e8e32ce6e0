/// A key that carries its hash, computed once at its making (``EffectID``, ``RemovalCheckKey``,
/// ``ChildGroup``): the registry and the child counts look such keys up several times for each run
/// (registered, counted, checked, cancelled), and hashing them again each time was a large part of
/// starting and cancelling an effect (cancel.startCancel, navigation.presentDismiss in
/// BENCHMARKS.md). A conforming type stores `hashValueOnce` and writes its own `==`, which compares
/// the hashes first.
@usableFromInline
package protocol HashedOnce: Hashable {
  var hashValueOnce: Int { get }
}

extension HashedOnce {
  @inlinable
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hashValueOnce)
  }

  /// What `Dictionary` hashes the key with. Its default runs a whole `Hasher` (SipHash) over the
  /// hash again at every lookup; the hash came out of a seeded `Hasher` already, so mixing in the
  /// table's seed is enough: a multiply and a shift, so that the seed changes every bit of the
  /// result.
  @inlinable
  package func _rawHashValue(seed: Int) -> Int {
    let mixed = (hashValueOnce ^ seed) &* -7_046_029_254_386_353_131  // 0x9E3779B97F4A7C15
    return mixed ^ (mixed >> 29)
  }
}
