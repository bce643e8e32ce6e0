import Effectful
import Testing

/// A child's run lets go of everything it held once the child goes: its scope, the child's identity,
/// and, for a presented child, the `PresentedChild` that `await dismiss()` uses. (A store's run that
/// took a presented child's scope itself held that scope, whose `PresentedChild` held the run: each
/// present, effect, dismiss cycle leaked about a kilobyte, 1.7 GB over navigation.presentDismiss's
/// 1,600,000 cycles.)
@MainActor
@Suite("A child's run is released when the child goes")
struct PresentedRunReleaseTests {
  /// A child's id that says when it is freed.
  final class Token: Hashable, Sendable {
    static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  struct Child: Equatable, Identifiable, Sendable {
    let id: Token
  }

  enum ChildAction: Sendable { case start }

  struct Parent: Equatable, Sendable {
    @PresentationState var destination: Child?
  }

  enum ParentAction: Sendable {
    case destination(PresentationAction<ChildAction>)
    case present(Token)
  }

  nonisolated fileprivate static let child: Reducer<Child, ChildAction> = { _, _ in
    // Never ends on its own: only the dismissal ends it.
    [Effect<ChildAction>.create { _ in }]
  }

  nonisolated fileprivate static let own: Reducer<Parent, ParentAction> = { state, action in
    if case .present(let token) = action { state.destination = Child(id: token) }
    return []
  }

  nonisolated fileprivate static let destination = CasePath(ParentAction.destination) {
    action -> PresentationAction<ChildAction>? in
    guard case .destination(let presentationAction) = action else { return nil }
    return presentationAction
  }

  @Test("Present, start an effect, dismiss: the child's id is freed while the store lives on")
  func dismissedChildIsFreed() {
    let store = Store(
      initialValue: Parent(),
      reducer: ifLet(Self.own, value: \.$destination, action: Self.destination, destination: Self.child))
    weak var freed: Token?
    do {
      let token = Token()
      freed = token
      store.send(.present(token))
    }
    store.send(.destination(.presented(.start)))
    store.send(.destination(.dismiss))
    #expect(store.value.destination == nil)
    #expect(freed == nil, "the dismissed child's run still holds its identity")
    withExtendedLifetime(store) {}
  }

  @Test("The same in a store that belongs to another actor, whose runs' subscribers hold their run")
  func dismissedChildOfAnActorsStoreIsFreed() async {
    let owner = Owner()
    weak var freed: Token?
    do {
      let token = Token()
      freed = token
      #expect(await owner.presentStartDismiss(token))
    }
    #expect(freed == nil, "the dismissed child's run still holds its identity")
    withExtendedLifetime(owner) {}
  }

  struct Row: Equatable, Identifiable, Sendable {
    let id: Token
  }

  struct List: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = []
  }

  enum ListAction: Sendable {
    case row(Token, ChildAction)
    case add(Token)
    case removeAll
  }

  private static let row: Reducer<Row, ChildAction> = { _, _ in [Effect<ChildAction>.create { _ in }] }

  private static let listOwn: Reducer<List, ListAction> = { state, action in
    switch action {
    case .row: break
    case .add(let token): state.rows.append(Row(id: token))
    case .removeAll: state.rows.removeAll()
    }
    return []
  }

  private static let rowAction = CasePath(ListAction.row) { action -> (Token, ChildAction)? in
    guard case .row(let id, let rowAction) = action else { return nil }
    return (id, rowAction)
  }

  @Test("A row's run, which takes the store's run over, is freed with the row's id when the row goes")
  func removedRowIsFreed() {
    let store = Store(
      initialValue: List(),
      reducer: combine(forEach(Self.row, value: \.rows, action: Self.rowAction), Self.listOwn))
    weak var freed: Token?
    do {
      let token = Token()
      freed = token
      store.send(.add(token))
      store.send(.row(token, .start))
    }
    store.send(.removeAll)
    #expect(store.value.rows.isEmpty)
    #expect(freed == nil, "the removed row's run still holds its identity")
    withExtendedLifetime(store) {}
  }
}

/// An actor that owns a presenting store.
private actor Owner {
  let store = Store(
    initialValue: PresentedRunReleaseTests.Parent(),
    reducer: ifLet(
      PresentedRunReleaseTests.own, value: \.$destination, action: PresentedRunReleaseTests.destination,
      destination: PresentedRunReleaseTests.child))

  /// Presents a child, starts its effect and dismisses it; whether the child is gone.
  func presentStartDismiss(_ token: PresentedRunReleaseTests.Token) -> Bool {
    store.send(.present(token))
    store.send(.destination(.presented(.start)))
    store.send(.destination(.dismiss))
    return store.value.destination == nil
  }
}
