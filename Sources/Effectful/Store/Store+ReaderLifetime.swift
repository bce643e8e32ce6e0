import Observation

// A view made and read in a tracked closure (a SwiftUI `body` reading a store it makes) is held by
// nobody once the closure returns, and its parent holds tracked views weakly, so that a view nobody
// uses costs nothing. With nothing else holding it, what tells its readers about changes would be
// freed as the closure returns, and they would never hear about one.
//
// What must keep it alive is exactly what Observation keeps while a reader waits: the reader's
// registration. A registrar holds the key paths readers registered under until they are told or
// cancelled (a tracking scope that hears about any change cancels all of its registrations), and a
// key path holds its subscript arguments. So each read of a view also registers under a key path
// whose argument is the view's observation: it lives while a reader waits on it, and goes when the
// last one is told or gives up. A read outside any tracking scope registers nothing, so it keeps
// nothing.
//
// What that keeps must not lead back to a store object (issue 36, item 18). A view's store holds its
// parent store, so that a view its user keeps still works; the registration holds neither, or a
// store the program let go of would live as long as a reader that is never told (nothing changes a
// store nobody holds), and its view with it. It holds the view's observation, which holds the
// view's core (whose value it compares; the core reads its parent's core, not the parent store)
// and the parent's observation (through which the parent's sends reach it), up to the root's. The
// root store going away is then seen: it tells every reader still waiting on it or its views, once
// (as Observation's registrar does for its own readers when it goes), and their registrations end.
//
// Caching views in their parent instead would need an identity for a view, and closures have none:
// two calls at one place in the code may compute different parts (one per row of a list).

/// Where readers of views register the key paths that keep those views alive. Nothing here ever
/// changes, so nobody is told through it; a registration ends when its reader is told about another
/// change, or cancelled. Not the view's own registrar: ending a registration may free the view, and
/// a view freed while its own registrar holds its lock to let go of the key path would free that
/// registrar inside the lock. Whether that can happen is Observation's detail; here it cannot.
private let keepAliveRegistrar = ObservationRegistrar()
private let keepAliveSubject = KeepAliveSubject()

extension ScopedCore {
  /// Registers the current reader of this core's store, if there is one, under a key path that
  /// keeps the store's `observation` alive while the reader waits.
  func keepAliveForReader(_ observation: StoreObservation<Value, Action>) {
    // Cached weakly: registrations hold it while anybody waits, and after a read with no tracking
    // scope around it nothing does, which is what keeps an untracked read from keeping anything.
    // Forming one costs about half a microsecond, so reads while a reader waits reuse it.
    let keyPath = keepAliveKeyPath ?? makeKeepAliveKeyPath(observation)
    keepAliveRegistrar.access(keepAliveSubject, keyPath: keyPath)
  }

  private func makeKeepAliveKeyPath(
    _ observation: StoreObservation<Value, Action>
  ) -> KeyPath<KeepAliveSubject, Void> {
    let made = \KeepAliveSubject.[keepingAlive: KeptAlive(observation)]
    keepAliveKeyPath = made
    return made
  }
}

/// What readers of views register with: the root of the key paths that keep views alive. One type
/// for every store's views, because forming a key path rooted in a generic type costs half as much
/// again.
final class KeepAliveSubject: Observable, Sendable {
  /// Nothing to read: only a key path to it matters, for the object its argument holds.
  subscript(keepingAlive kept: KeptAlive) -> Void { () }
}

/// An object held by a key path's argument, compared by identity.
///
/// Unchecked: the object (a store's observation, which belongs to the store's isolation) is only
/// held and compared by identity, never used, wherever the key path goes.
struct KeptAlive: Hashable, @unchecked Sendable {
  let object: AnyObject

  init(_ object: AnyObject) { self.object = object }

  static func == (lhs: KeptAlive, rhs: KeptAlive) -> Bool { lhs.object === rhs.object }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}
