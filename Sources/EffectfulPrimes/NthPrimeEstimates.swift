#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Foundation
#endif

/// An upper bound for the `n`-th prime: n (ln n + ln ln n) for n ≥ 6 (Rosser & Schoenfeld, 1962),
/// and 11, the 5th prime, below that. Clamped to `Int.max` for absurdly large `n`.
///
/// Only the sieve's base primes are sized from it (they must reach its square root), so its few
/// percent of slack cost nothing: the search itself stops at the prime.
func nthPrimeUpperBound(_ n: Int) -> Int {
  guard n >= 6 else { return 11 }
  let x = Double(n)
  // The +1 and rounding up absorb floating-point error; the sieve grows on demand anyway.
  let bound = (x * (log(x) + log(log(x)))).rounded(.up) + 1
  return bound >= Double(Int.max) ? Int.max : Int(bound)
}

/// A number just below the `n`-th prime, for `n ≥ 2`: li⁻¹(n) less a safety margin of √li⁻¹(n).
///
/// π(x) < li(x) has been checked for every x up to 10^19 (Büthe, 2018), so li⁻¹(n) is below the
/// `n`-th prime, and only by about √x (0.002% at the billionth prime). A concurrent search counts
/// the primes up to this estimate in parallel and finds the rest in a short sequential tail. Its
/// answer never depends on the estimate: the caller checks the count and falls back when the
/// estimate turns out too high.
func nthPrimeLowerEstimate(_ n: Int) -> Int {
  guard n >= 2 else { return 2 }
  let target = Double(n)
  // Newton's method on li(x) = n: li'(x) = 1 / ln x. From n ln n it converges in a few steps.
  var x = target * log(target) + 2
  for _ in 0..<50 {
    let step = (logarithmicIntegral(x) - target) * log(x)
    x = max(x - step, 2)
    if abs(step) < 1 { break }
  }
  let estimate = x - x.squareRoot()
  return estimate >= Double(Int.max) ? Int.max : max(2, Int(estimate))
}

/// li(x), the logarithmic integral, for x > 1, by Ramanujan's series
/// li(x) = γ + ln ln x + √x Σ (-1)^(k-1) (ln x)^k / (k! 2^(k-1)) Σ_{i ≤ (k-1)/2} 1 / (2i + 1),
/// which converges quickly for every x an `Int` can hold.
func logarithmicIntegral(_ x: Double) -> Double {
  let eulerGamma = 0.577_215_664_901_532_9
  let lnX = log(x)
  var sum = 0.0
  var term = 1.0  // (ln x)^k / (k! 2^(k-1)), with its sign
  var innerSum = 0.0
  for k in 1...200 {
    term *= (k == 1 ? lnX : -lnX / (2 * Double(k)))
    if (k - 1) % 2 == 0 { innerSum += 1 / Double(k) }
    let contribution = term * innerSum
    sum += contribution
    if abs(contribution) < 1e-17 * abs(sum) { break }
  }
  return eulerGamma + log(lnX) + x.squareRoot() * sum
}
