extension Store {
  /// A part of the value, read as if it were the store's own property: `store.count` is
  /// `store.value.count`.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// store.count   // 1
  /// ```
  ///
  /// Observation tracks the read by field: a SwiftUI body reading `store.count` re-renders when
  /// `count` changes (for an `Equatable` member, only when it really changed; any other member counts
  /// as changed by every send), not when another field does. `store.detail.title` reads `detail`,
  /// so it is told when any part of `detail` changes (``subscript(_:)`` reads `title` alone);
  /// `store.value.count` reads the whole value. See <doc:Observation>.
  ///
  /// The store's own members come first: a state property named `value`, `id`, `send` or
  /// `subscribe` is read through `store.value`.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    trackRead(of: keyPath) { fieldArm(keyPath) }
    return currentValue[keyPath: keyPath]
  }
}

extension Store {
  /// A part of the value at any depth, read and tracked by its whole key path:
  /// `store[\.detail.title]` is `store.value.detail.title`, and its reader hears about `title` alone.
  ///
  /// ```swift
  /// withObservationTracking {
  ///   print(store[\.detail.title])
  /// } onChange: {
  ///   print("the title changed")
  /// }
  /// store.send(.detail(.subtitleChanged("New")))  // nothing printed
  /// ```
  ///
  /// `store.detail.title` gives the same value but is tracked at `detail`: dynamic member lookup
  /// sees only the first step, and `.title` is read from the plain value it returned. Both kinds of
  /// reader can wait on one store: a reader of `detail` still hears about a change to `title`.
  /// The rules for what counts as a change are those of ``subscript(dynamicMember:)``, applied to
  /// the member at the end of the path; an optional-chaining path (`\.detail?.title`) compares
  /// the optional it ends in.
  @inlinable
  public subscript<Member>(_ path: KeyPath<Value, Member>) -> Member {
    trackRead(of: path) { fieldArm(path) }
    return currentValue[keyPath: path]
  }
}
