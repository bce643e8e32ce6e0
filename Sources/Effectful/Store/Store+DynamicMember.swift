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
  /// so it is told when any part of `detail` changes; `store.value.count` reads the whole value.
  /// See <doc:Observation>.
  ///
  /// The store's own members come first: a state property named `value`, `id`, `send` or
  /// `subscribe` is read through `store.value`.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    trackRead(of: keyPath) { fieldArm(keyPath) }
    return currentValue[keyPath: keyPath]
  }
}
