/// Observers of one store, in the order they subscribed.
@usableFromInline
struct ObserverList<Value> {
  @usableFromInline var entries: [Observer<Value>] = []
  @usableFromInline var nextID = 0

  @usableFromInline init() {}

  @inlinable var isEmpty: Bool { entries.isEmpty }

  @usableFromInline
  mutating func insert(_ observe: @escaping (Value) -> Void) -> Int {
    nextID += 1
    entries.append(Observer(id: nextID, observe: observe))
    return nextID
  }

  @usableFromInline
  mutating func remove(_ id: Int) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    // A notification in progress may hold this observer in its snapshot: the mark tells it to skip it.
    entries[index].isRemoved = true
    entries.remove(at: index)
  }

  /// Calls every observer that is still subscribed, in order, with `value`.
  ///
  /// An observer may subscribe or unsubscribe anybody, itself included, while being notified: one that
  /// subscribes hears the next notification, not this one; one that is unsubscribed before its turn is
  /// not called.
  @inlinable
  func notify(_ value: Value) {
    // The loop walks a snapshot, so that the list may change under it. Each observer is called through
    // an unretained reference, which spares a retain and a release per observer (most of the cost of a
    // parent notifying a thousand views). That is safe because `snapshot` holds the buffer, and through
    // it every observer in it, until the loop ends: an observer that subscribes or unsubscribes
    // meanwhile changes the store's list, which copies the shared buffer first and leaves this one as
    // it was. An observer removed meanwhile is still in the snapshot, marked.
    let snapshot = entries
    snapshot.withUnsafeBufferPointer { observers in
      for index in observers.indices {
        Unmanaged.passUnretained(observers[index])._withUnsafeGuaranteedRef { observer in
          if !observer.isRemoved { observer.observe(value) }
        }
      }
    }
  }
}

/// One observer of a store. A class, so that ``ObserverList/notify(_:)`` can call it without
/// retaining it.
@usableFromInline
final class Observer<Value> {
  @usableFromInline let id: Int
  @usableFromInline let observe: (Value) -> Void
  /// Set when the observer is unsubscribed; read by notifications already under way. Only touched on the
  /// store's actor, so the runtime's exclusivity check is not needed.
  @usableFromInline @exclusivity(unchecked) var isRemoved = false

  @usableFromInline
  init(id: Int, observe: @escaping (Value) -> Void) {
    self.id = id
    self.observe = observe
  }
}
