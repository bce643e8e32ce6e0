import Foundation

/// Dismisses the presented child feature it is read in: `await dismiss()` in one of the child's
/// `.run` effects asks its parent to dismiss exactly that child.
///
/// ```swift
/// struct AddFeature: ReducerProtocol {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(
///     into state: inout State, action: Action
///   ) -> [Effect<Action>] {
///     switch action {
///     case .cancelButtonTapped:
///       return .run { _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// In a child of `ifLet(_:action:destination:)` it sends the parent `.dismiss`; in an element of
/// `forEach(_:action:destination:)` it sends `.popFrom(id:)` with that element's id. The parent's reducer
/// sees it first, then the child is cleared and every effect it started is cancelled, the calling one
/// included: `dismiss()` returns only once that happened, so a send after it is dropped and a clock sleep
/// after it throws `CancellationError`. A child dismissed already (or replaced) sends nothing.
///
/// Outside a presented child there is nothing to dismiss: an app reports the call on standard
/// error; a test store fails the test unless it set `withDependencies: { $0.dismiss = … }`, which
/// is how a child is tested alone.
public struct DismissEffect: Sendable {
  private let dismiss: @Sendable (_ fileID: StaticString, _ line: UInt) async -> Void

  /// A dismissal that runs `dismiss`: how a test of a child alone records it.
  ///
  /// ```swift
  /// let dismissed = LockIsolated(false)   // any Sendable box
  /// $0.dismiss = DismissEffect { dismissed.setValue(true) }
  /// ```
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = { _, _ in await dismiss() }
  }

  init(reporting dismiss: @escaping @Sendable (_ fileID: StaticString, _ line: UInt) async -> Void) {
    self.dismiss = dismiss
  }

  /// Asks the parent to dismiss this child, and returns once the child's effects are cancelled.
  ///
  /// ```swift
  /// return .run { _ in await dismiss() }
  /// ```
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    await dismiss(fileID, line)
  }
}

extension DependencyValues {
  /// Dismisses the presented child feature this is read in (see ``DismissEffect``).
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  /// return .run { _ in await dismiss() }
  /// ```
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the feature reading it runs as a presented child (of a presentation `ifLet` or a
  /// stack `forEach`), in its reducer or its effects: `false` at the root and in a child tested
  /// alone, unless the test sets it to `true`.
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// if isPresented { … show a close button … }
  /// ```
  public var isPresented: Bool {
    get { PresentedChild.isPresentedNow || self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect(reporting: PresentedChild.dismissCurrent)
  // A child tested alone has no parent to dismiss it: the test says what dismissing does.
  static var testValue: DismissEffect {
    let unset = UnsetDependency("dismiss", example: "DismissEffect { … }")
    return DismissEffect(reporting: { fileID, line in
      if let child = PresentedChild.current {
        await child.dismiss()
      } else {
        unset.report("`await dismiss()` at \(fileID):\(line) called")
      }
    })
  }
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}
