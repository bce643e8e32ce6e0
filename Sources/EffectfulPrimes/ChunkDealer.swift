import Dispatch

/// The work of `countPrimesConcurrently`, shared by its threads: which chunk of bytes comes next,
/// how many primes the helpers have counted, and whether the caller has given up.
///
/// Every field is behind one lock (a semaphore: Dispatch is all this module uses besides the
/// standard library), taken once per window at most, which costs nothing next to a window's
/// half-millisecond of sieving.
final class ChunkDealer: @unchecked Sendable {
  private let lock = DispatchSemaphore(value: 1)
  /// Entered by a helper when it takes a chunk, left when it is done with it: `close` waits on it.
  private let helpersAtWork = DispatchGroup()
  private let endByte: Int
  private let windowBytes: Int
  private let threadCount: Int
  // Guarded by `lock`.
  private var nextByte = 0
  private var countedByHelpers = 0
  private var isClosed = false
  private var isCancelled = false

  init(endByte: Int, windowBytes: Int, threadCount: Int) {
    self.endByte = endByte
    self.windowBytes = windowBytes
    self.threadCount = threadCount
  }

  /// The next chunk of bytes to count, or nil when none is left or the work is closed.
  ///
  /// Chunks are a quarter of each thread's share of what is left, between 16 and 512 windows: large
  /// while much is left (fewer moves of a sieve), small at the end (threads finish together).
  func takeChunk(forHelper: Bool) -> Range<Int>? {
    withLock {
      guard !isClosed, nextByte < endByte else { return nil }
      let windowsLeft = (endByte - nextByte + windowBytes - 1) / windowBytes
      let windows = min(512, max(16, windowsLeft / (4 * threadCount)))
      let chunk = nextByte..<min(endByte, nextByte + windows * windowBytes)
      nextByte = chunk.upperBound
      if forHelper { helpersAtWork.enter() }
      return chunk
    }
  }

  /// Adds a helper's window count; returns false when the helper should stop (cancelled).
  func add(helperPrimes count: Int) -> Bool {
    withLock {
      countedByHelpers += count
      return !isCancelled
    }
  }

  /// Ends a chunk taken with `takeChunk(forHelper: true)`.
  func finishHelperChunk() {
    helpersAtWork.leave()
  }

  /// The primes the helpers have counted so far.
  var helperPrimes: Int {
    withLock { countedByHelpers }
  }

  /// Deals no more chunks and waits until every helper is done with the chunk it holds (at most
  /// one window when cancelling). A helper that has not started yet is not waited for.
  func close(cancelling: Bool) {
    withLock {
      isClosed = true
      if cancelling { isCancelled = true }
    }
    helpersAtWork.wait()
  }

  private func withLock<T>(_ body: () -> T) -> T {
    lock.wait()
    defer { lock.signal() }
    return body()
  }
}
