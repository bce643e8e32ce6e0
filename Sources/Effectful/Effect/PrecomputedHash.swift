/// What `Dictionary` hashes a key with when the key carries a hash computed once, at its making
/// (``EffectID``, ``RemovalCheckKey``). `Dictionary`'s default runs a whole `Hasher` (SipHash) over
/// that hash again at every lookup, and a cancellable run looks its keys up at least twice
/// (registered, then cancelled). The hash came out of a seeded `Hasher` already, so mixing in the
/// table's seed is enough: a multiply and a shift, so that the seed changes every bit of the result.
@inlinable
package func precomputedHash(_ hashValueOnce: Int, seed: Int) -> Int {
  let mixed = (hashValueOnce ^ seed) &* -7_046_029_254_386_353_131  // 0x9E3779B97F4A7C15
  return mixed ^ (mixed >> 29)
}
