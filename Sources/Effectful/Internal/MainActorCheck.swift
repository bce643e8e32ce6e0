import Dispatch
import Foundation

/// Whether the caller runs on the main actor, asked without trapping.
///
/// `Thread.isMainThread` alone is not enough: after `dispatchMain()` (Swift Testing on Linux, any
/// executable that parks in it) the main thread exits and a worker thread drains the main queue, which
/// is still the main actor. Marking the main queue and asking for the mark finds that case.
@usableFromInline
package enum MainActorCheck {
  private static let key = DispatchSpecificKey<UInt8>()
  private static let marked: Bool = {
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return true
  }()

  @usableFromInline
  package static var isOnMainActor: Bool {
    if Thread.isMainThread { return true }
    guard marked else { return false }
    return DispatchQueue.getSpecific(key: key) != nil
  }

  /// Whether `queue` is the main queue. Not `=== DispatchQueue.main`: on Linux each read of
  /// `DispatchQueue.main` makes a new object for the same queue, so identity never matches.
  package static func isMainQueue(_ queue: DispatchQueue) -> Bool {
    guard marked else { return false }
    return queue.getSpecific(key: key) != nil
  }
}
