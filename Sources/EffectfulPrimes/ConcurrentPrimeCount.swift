import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How many primes above 5 are below the number `30 * endByte`, counted by `threadCount` threads:
/// the calling thread and `threadCount - 1` helpers from Dispatch's global queue.
///
/// The range is dealt out in chunks of whole windows (see `ChunkDealer`): each thread takes the next
/// chunk when it is done with one, so a thread slowed down by other work on the machine simply
/// takes fewer chunks, and all threads finish within one chunk of each other. Chunks shrink towards
/// the end for the same reason. A thread moves its own sieve to each chunk it takes, which costs
/// one division per sieving prime, so chunks are kept large (16 to 512 windows).
///
/// `report` and `isCancelled` are called on the calling thread only: before each of its windows it
/// asks `isCancelled`, and after each it reports the primes counted so far by all threads. Helpers
/// stop at their next window once the caller has seen a cancellation.
///
/// Nothing waits for a helper that has not started (Dispatch may start it late, or after this
/// function returns, on a busy machine): the caller then counts every chunk itself, and a late
/// helper finds the work closed and returns at once.
///
/// - Returns: the count, or nil when cancelled.
func countPrimesConcurrently(
  belowByte endByte: Int,
  threadCount: Int,
  expectedLimit: Int,
  windowBytes: Int,
  slice: SegmentSizes.Slice = SegmentSizes.forThisMachine.slice,
  report: (Int) -> Void,
  isCancelled: () -> Bool
) -> Int? {
  let dealer = ChunkDealer(endByte: endByte, windowBytes: windowBytes, threadCount: max(1, threadCount))
  // The caller takes its first chunk before any helper exists, so that it sieves, reports and checks
  // for cancellation over at least one chunk (16 windows or all there is), however threads are
  // scheduled: a caller's progress bar never jumps from 0 to done.
  var chunk = dealer.takeChunk(forHelper: false)
  for _ in 1..<max(1, threadCount) {
    // User-initiated, like the search the counter's offline environment starts: someone waits for it.
    DispatchQueue.global(qos: .userInitiated).async {
      // Made on the first chunk: a helper that starts after the work is closed costs nothing.
      var helperSieve: WheelSieve?
      while let chunk = dealer.takeChunk(forHelper: true) {
        let sieve =
          helperSieve ?? WheelSieve(windowBytes: windowBytes, slice: slice, expectedLimit: expectedLimit)
        helperSieve = sieve
        sieve.move(toByte: chunk.lowerBound, stoppingAt: chunk.upperBound)
        while sieve.hasWindowsLeft, sieve.advance(), dealer.add(helperPrimes: sieve.primeCountInWindow()) {}
        dealer.finishHelperChunk()
      }
    }
  }

  let sieve = WheelSieve(windowBytes: windowBytes, slice: slice, expectedLimit: expectedLimit)
  var primes = 0
  while let current = chunk {
    sieve.move(toByte: current.lowerBound, stoppingAt: current.upperBound)
    while sieve.hasWindowsLeft {
      if isCancelled() {
        dealer.close(cancelling: true)
        return nil
      }
      _ = sieve.advance()
      primes += sieve.primeCountInWindow()
      report(primes + dealer.helperPrimes)
    }
    chunk = dealer.takeChunk(forHelper: false)
  }
  dealer.close(cancelling: false)
  return primes + dealer.helperPrimes
}

/// The processors online, for the default thread count.
func processorCount() -> Int {
  Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
