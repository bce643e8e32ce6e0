/// Where results go so that the optimizer cannot drop the work that made them. Read once at exit.
nonisolated(unsafe) var blackHoleSink = 0

/// Keeps `value` alive: a call the optimizer cannot see through, with a store it cannot prove dead.
@inline(never)
func blackHole(_ value: Int) {
  blackHoleSink &+= value
}

/// Returns `value` unchanged, through a call the optimizer cannot see through, so that the bare loops
/// call the reducer as the stores do (an unknown closure) instead of inlining its body.
@inline(never)
func opaque<T>(_ value: T) -> T {
  value
}
