import Effectful

/// The navigation cases.
///
/// `navigation.stack100.elementAction`: a stack of 100 screens; each operation sends an action to
/// the next screen, which increments its count. Against `forEach.rows100.oneRowAction`, the same
/// action routed through the `IdentifiedArray` `forEach` over 100 rows: a stack finds its element
/// by a binary search over its ids and runs the parent after it.
///
/// `navigation.presentDismiss`: one operation presents a child, starts an effect in it (one that
/// never ends on its own and counts its cancellation, as `cancel.startCancel`'s does) and
/// dismisses it, which cancels the effect. Against `cancel.startCancel`.
@MainActor
enum Navigation {
  nonisolated static let stackCount = 100

  struct Screen: Equatable, Sendable {
    var count = 0
  }

  enum ScreenAction: Sendable {
    case increment
    case start
  }

  struct Screens: Equatable, Sendable {
    var path = StackState((0..<Navigation.stackCount).map { _ in Screen() })
    @PresentationState var destination: Screen?
  }

  enum ScreensAction: Sendable {
    case path(StackAction<Screen, ScreenAction>)
    case destination(PresentationAction<ScreenAction>)
    case present
  }

  static func screen(cancellations: CancellationCounter) -> Reducer<Screen, ScreenAction> {
    { state, action in
      switch action {
      case .increment:
        state.count &+= 1
        return []
      case .start:
        return [
          Effect<ScreenAction>.create { subscriber in
            subscriber.onCancel { cancellations.count &+= 1 }
          }
        ]
      }
    }
  }

  static let own: Reducer<Screens, ScreensAction> = { state, action in
    if case .present = action { state.destination = Screen() }
    return []
  }

  static let pathCase = CasePath(ScreensAction.path) { action -> StackAction<Screen, ScreenAction>? in
    guard case .path(let stackAction) = action else { return nil }
    return stackAction
  }

  static let destinationCase = CasePath(ScreensAction.destination) {
    action -> PresentationAction<ScreenAction>? in
    guard case .destination(let presentationAction) = action else { return nil }
    return presentationAction
  }

  static func reducer(cancellations: CancellationCounter) -> Reducer<Screens, ScreensAction> {
    let screen = screen(cancellations: cancellations)
    return forEach(
      ifLet(own, value: \.$destination, action: destinationCase, destination: screen),
      value: \.path, action: pathCase, destination: screen)
  }

  static var stackElementAction: WorkloadFactory {
    {
      let store = Store(initialValue: Screens(), reducer: reducer(cancellations: CancellationCounter()))
      let ids = store.value.path.ids
      return { iterations in
        var next = 0
        for _ in 0..<iterations {
          store.send(.path(.element(id: ids[next], action: .increment)))
          next = next == stackCount - 1 ? 0 : next + 1
        }
        withExtendedLifetime(store) {}
      }
    }
  }

  static var presentDismiss: WorkloadFactory {
    {
      let cancellations = CancellationCounter()
      let store = Store(initialValue: Screens(), reducer: reducer(cancellations: cancellations))
      return { iterations in
        for _ in 0..<iterations {
          store.send(.present)
          store.send(.destination(.presented(.start)))
          store.send(.destination(.dismiss))
        }
        precondition(cancellations.count > 0, "dismissing cancelled nothing")
        withExtendedLifetime(store) {}
      }
    }
  }

  /// `forEach.rows100.oneRowAction`: `forEach.rows10k.oneRowAction` over 100 rows.
  static var rows100: WorkloadFactory {
    {
      let store = Store(
        initialValue: ForEachRows.ListState(
          rows: IdentifiedArrayOf(uniqueElements: (0..<stackCount).map { ForEachRows.Row(id: $0) })),
        reducer: ForEachRows.reducer)
      return { iterations in
        var next = 0
        for _ in 0..<iterations {
          store.send(.row(next, .increment))
          next = next == stackCount - 1 ? 0 : next + 1
        }
        withExtendedLifetime(store) {}
      }
    }
  }
}
