extension Store {
  /// A part of the value, read as if it were the store's own property: `store.count` is
  /// `store.value.count`.
  ///
  /// ```swift
  /// store.send(.incrementButtonTapped)
  /// store.count   // 1
  /// ```
  ///
  /// The read goes through ``value``, so Observation tracks it as it tracks `value` (a SwiftUI body
  /// reading `store.count` re-renders when the value changes). The store's own members come first:
  /// a state property named `value`, `id`, `send` or `subscribe` is read through `store.value`.
  @inlinable
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Member {
    value[keyPath: keyPath]
  }
}
