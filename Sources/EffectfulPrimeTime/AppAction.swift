import Effectful

/// Everything that can happen in the PrimeTime app: the root's rows, and its navigation stack.
///
/// ```swift
/// store.send(.counterButtonTapped)   // pushes the counter screen, id 0
/// store.send(.path(.element(id: 0, action: .counter(.isPrimeButtonTapped))))
/// store.send(.path(.popFrom(id: 0)))   // back to the root
/// ```
public enum AppAction: Equatable, Sendable {
  /// "Counter demo" was tapped: push the counter screen.
  case counterButtonTapped
  /// "Favorite primes" was tapped: push the favorite primes screen.
  case favoritePrimesButtonTapped
  /// A screen on the stack did something, or the stack was pushed or popped.
  case path(StackAction<AppScreen, AppScreenAction>)

  /// Picks the stack's actions out of app actions, for `forEach`.
  public static let pathCase = CasePath(AppAction.path) { action in
    guard case .path(let pathAction) = action else { return nil }
    return pathAction
  }
}
