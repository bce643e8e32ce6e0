#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Foundation
#endif

/// Why the `n`-th prime is not searched for: there is no such prime, or the search would take
/// too long to be worth starting.
///
/// ```swift
/// do {
///   try checkNthPrimeIsWithinReach(Int.max)
/// } catch {
///   error   // .beyondReach(n: Int.max, limit: 1_000_000_000, estimate: nil)
/// }
/// ```
///
/// An estimate of `nil` means the prime is larger than `Int.max`: no `Int` could hold it.
public enum NthPrimeReachError: Error, Equatable, Sendable {
  /// `n` is below 1: primes are counted from the 1st, 2.
  case noSuchPrime(n: Int)
  /// `n` is above `limit`, ``largestNthPrimeWithinReach``; the prime is about `estimate`.
  case beyondReach(n: Int, limit: Int, estimate: Int?)
}

/// The largest `n` an app should ask `nthPrime(_:progress:isCancelled:)` for: the
/// 1,000,000,000th prime, 22,801,763,489, took 6 s on two busy cores in a release build and
/// half a minute in a debug build; the 10,000,000,000th took 142 s in release.
///
/// ```swift
/// largestNthPrimeWithinReach   // 1_000_000_000
/// ```
///
/// Memory is not what bounds the search (it stays under a megabyte): time is, growing as
/// `n log n`. Past this, a search runs for many minutes; past about 2 * 10^17 the prime no
/// longer fits in an `Int` at all.
public let largestNthPrimeWithinReach = 1_000_000_000

/// Throws unless the `n`-th prime can be found in reasonable time: `1 <= n` and
/// `n <= largestNthPrimeWithinReach`.
///
/// ```swift
/// try checkNthPrimeIsWithinReach(1_000)   // fine
/// try checkNthPrimeIsWithinReach(0)       // throws .noSuchPrime(n: 0)
/// try checkNthPrimeIsWithinReach(10_000_000_000)
/// // throws .beyondReach(n: 10_000_000_000, limit: 1_000_000_000,
/// //   estimate: 251_624_684_682)
/// ```
public func checkNthPrimeIsWithinReach(_ n: Int) throws(NthPrimeReachError) {
  guard n >= 1 else { throw .noSuchPrime(n: n) }
  guard n <= largestNthPrimeWithinReach else {
    throw .beyondReach(n: n, limit: largestNthPrimeWithinReach, estimate: nthPrimeEstimate(n))
  }
}

/// About how large the `n`-th prime is, within a percent for `n >= 10_000`: n (ln n + ln ln n - 1)
/// (Cesàro, 1894); `nil` when it is larger than `Int.max`, and for `n < 1`.
///
/// ```swift
/// nthPrimeEstimate(1_000_000)   // 15_441_302 (the prime is 15_485_863)
/// nthPrimeEstimate(Int.max)     // nil
/// ```
public func nthPrimeEstimate(_ n: Int) -> Int? {
  guard n >= 1 else { return nil }
  guard n >= 6 else { return [2, 3, 5, 7, 11][n - 1] }
  let x = Double(n)
  let estimate = (x * (log(x) + log(log(x)) - 1)).rounded()
  return estimate >= Double(Int.max) ? nil : Int(estimate)
}
