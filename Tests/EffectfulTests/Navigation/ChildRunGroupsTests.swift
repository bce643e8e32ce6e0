import Effectful
import Synchronization
import Testing

/// Several `ifLet`s and `forEach`es with children running effects at once, started and removed in
/// every order: each removal cancels exactly that child's effects. (A store keeps the first group
/// with runs apart from the others, and promotes another when it empties.)
@MainActor
@Suite("Children of several ifLets and forEaches, removed in any order")
struct ChildRunGroupsTests {
  struct Child: Equatable, Identifiable, Sendable {
    let id: Int
  }

  enum ChildAction: Sendable { case start }

  struct Parent: Equatable, Sendable {
    @PresentationState var sheet: Child?
    @PresentationState var alertLike: Child?
    var rows: IdentifiedArrayOf<Child> = []
  }

  enum ParentAction: Sendable {
    case sheet(PresentationAction<ChildAction>)
    case alertLike(PresentationAction<ChildAction>)
    case row(Int, ChildAction)
    case showSheet(Int), showAlertLike(Int), addRow(Int)
    case clearSheet, clearAlertLike, removeRow(Int)
  }

  /// Which children's effects were cancelled, in order.
  final class Cancellations: Sendable {
    private let log = Mutex<[Int]>([])
    func record(_ id: Int) { log.withLock { $0.append(id) } }
    var ids: [Int] { log.withLock { $0 } }
  }

  static func store(_ cancellations: Cancellations) -> Store<Parent, ParentAction> {
    let child: Reducer<Child, ChildAction> = { child, _ in
      [
        Effect<ChildAction>.create { [id = child.id] subscriber in
          subscriber.onCancel { cancellations.record(id) }
        }
      ]
    }
    let own: Reducer<Parent, ParentAction> = { state, action in
      switch action {
      case .showSheet(let id): state.sheet = Child(id: id)
      case .showAlertLike(let id): state.alertLike = Child(id: id)
      case .addRow(let id): state.rows.append(Child(id: id))
      case .clearSheet: state.sheet = nil
      case .clearAlertLike: state.alertLike = nil
      case .removeRow(let id): state.rows.remove(id: id)
      case .sheet, .alertLike, .row: break
      }
      return []
    }
    let sheet = CasePath(ParentAction.sheet) { action -> PresentationAction<ChildAction>? in
      guard case .sheet(let presentation) = action else { return nil }
      return presentation
    }
    let alertLike = CasePath(ParentAction.alertLike) { action -> PresentationAction<ChildAction>? in
      guard case .alertLike(let presentation) = action else { return nil }
      return presentation
    }
    let row = CasePath(ParentAction.row) { action -> (Int, ChildAction)? in
      guard case .row(let id, let rowAction) = action else { return nil }
      return (id, rowAction)
    }
    let presenting = ifLet(
      ifLet(own, value: \.$sheet, action: sheet, destination: child),
      value: \.$alertLike, action: alertLike, destination: child)
    return Store(
      initialValue: Parent(),
      reducer: combine(forEach(child, value: \.rows, action: row), presenting))
  }

  @Test("The first group to run empties, then the others are removed one by one")
  func firstGroupEmptiesFirst() {
    let cancellations = Cancellations()
    let store = Self.store(cancellations)
    store.send(.showSheet(1))
    store.send(.sheet(.presented(.start)))
    store.send(.showAlertLike(2))
    store.send(.alertLike(.presented(.start)))
    store.send(.addRow(3))
    store.send(.row(3, .start))
    store.send(.addRow(4))
    store.send(.row(4, .start))
    store.send(.row(4, .start))

    store.send(.clearSheet)
    #expect(cancellations.ids == [1])
    // The sheet's group had runs first; a row and the other presentation start and go after it.
    store.send(.showSheet(5))
    store.send(.sheet(.presented(.start)))
    store.send(.removeRow(4))
    #expect(cancellations.ids == [1, 4, 4])
    store.send(.clearAlertLike)
    #expect(cancellations.ids == [1, 4, 4, 2])
    store.send(.clearSheet)
    #expect(cancellations.ids == [1, 4, 4, 2, 5])
    store.send(.removeRow(3))
    #expect(cancellations.ids == [1, 4, 4, 2, 5, 3])
    withExtendedLifetime(store) {}
  }

  @Test("A later group empties first, and the first one still cancels what it holds")
  func laterGroupEmptiesFirst() {
    let cancellations = Cancellations()
    let store = Self.store(cancellations)
    store.send(.addRow(1))
    store.send(.row(1, .start))
    store.send(.showSheet(2))
    store.send(.sheet(.presented(.start)))
    store.send(.clearSheet)
    #expect(cancellations.ids == [2])
    store.send(.showSheet(3))
    store.send(.sheet(.presented(.start)))
    store.send(.removeRow(1))
    #expect(cancellations.ids == [2, 1])
    store.send(.clearSheet)
    #expect(cancellations.ids == [2, 1, 3])
    withExtendedLifetime(store) {}
  }
}
