@_spi(Benchmarks) import EffectfulPrimes

#if canImport(Darwin)
  import Darwin
#else
  import Glibc
#endif

// Times one nthPrime search, for Scripts/compare-primesieve:
//   swift run -c release EffectfulNthPrimeBench --n 100000000 --threads 1
// prints `prime <p> seconds <s>`, the seconds measured around the search alone (not process start).

var n = 100_000_000
var threads = 1
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
  guard let value = arguments.popFirst().flatMap({ Int($0) }), value >= 1 else {
    print("usage: EffectfulNthPrimeBench [--n N] [--threads T]   (N, T: positive whole numbers)")
    exit(2)
  }
  switch flag {
  case "--n": n = value
  case "--threads": threads = value
  default:
    print("unknown option \(flag): use --n N and --threads T")
    exit(2)
  }
}

let clock = ContinuousClock()
var prime: Int?
let elapsed = clock.measure { prime = nthPrime(n, threadCount: threads, isCancelled: { false }) }
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("prime \(prime.map(String.init) ?? "none") seconds \(seconds)")
