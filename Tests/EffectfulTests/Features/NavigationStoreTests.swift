import EffectfulEffectTestSupport
import Effectful
import Testing

// The child stores a view of a navigation feature is given (issue 34, item 8): a presented
// child's, one enum case's, and each stack element's. The reducer below edits the navigation state
// by hand, so that these tests are about the stores alone.

private struct Sheet: Equatable, Identifiable {
  let id: Int
  var count = 0
}

private enum Destination: Equatable {
  case edit(Sheet)
  case note(String)
}

private enum DestinationAction: Equatable {
  case edit(ChildAction)
  case note(ChildAction)
}

private enum ChildAction: Equatable { case increment }

private struct Screen: Equatable {
  var count = 0
}

private struct NavigationValue: Equatable {
  @PresentationState var sheet: Sheet?
  @PresentationState var destination: Destination?
  var path = StackState<Screen>()
  var other = 0
}

private enum NavigationAction: Equatable {
  case sheet(PresentationAction<ChildAction>)
  case destination(PresentationAction<DestinationAction>)
  case path(StackAction<Screen, ChildAction>)
  case present(id: Int)
  case editDestination(id: Int)
  case noteDestination
  case push
  case other
}

private let navigationReducer: Reducer<NavigationValue, NavigationAction> = { state, action in
  switch action {
  case .sheet(.presented(.increment)): state.sheet?.count += 1
  case .sheet(.dismiss): state.sheet = nil
  case .destination(.presented(.edit(.increment))):
    if case .edit(var sheet) = state.destination {
      sheet.count += 1
      state.destination = .edit(sheet)
    }
  case .destination(.presented(.note)): break
  case .destination(.dismiss): state.destination = nil
  case .path(.element(let id, .increment)): state.path[id: id]?.count += 1
  case .path(.popFrom(let id)): state.path.pop(from: id)
  case .path(.push(_, let screen)): state.path.append(screen)
  case .present(let id): state.sheet = Sheet(id: id)
  case .editDestination(let id): state.destination = .edit(Sheet(id: id))
  case .noteDestination: state.destination = .note("hello")
  case .push: state.path.append(Screen())
  case .other: state.other += 1
  }
  return []
}

@MainActor
@Suite("Child stores for presented children and stack elements")
struct NavigationStoreTests {
  private func makeStore() -> Store<NavigationValue, NavigationAction> {
    Store(initialValue: NavigationValue(), reducer: navigationReducer)
  }

  /// A store with two screens pushed, and their ids, bottom first.
  private func makeStoreWithTwoScreens() -> (Store<NavigationValue, NavigationAction>, [StackElementID]) {
    let store = makeStore()
    store.send(.push)
    store.send(.push)
    return (store, store.value.path.ids)
  }

  @Test("A presented child's store is nil until presented, kept while shown, and notifies alone")
  func presentedChildStore() {
    let store = makeStore()
    #expect(store.scope(state: \.$sheet, action: NavigationAction.sheet) == nil)
    store.send(.present(id: 1))
    let sheet = store.scope(state: \.$sheet, action: NavigationAction.sheet)
    #expect(sheet?.value == Sheet(id: 1))
    #expect(sheet === store.scope(state: \.$sheet, action: NavigationAction.sheet))
    // Made and read inside the tracked read, as a SwiftUI body does: only the parent keeps it.
    let tracker = Tracker { store.scope(state: \.$sheet, action: NavigationAction.sheet)?.value.count }
    store.send(.other)
    store.send(.push)
    sheet?.send(.increment)  // reaches the parent as .sheet(.presented(.increment))
    #expect(tracker.heard == [1])
    #expect(store.value.sheet?.count == 1)
  }

  @Test("Another child, or a dismissal, ends the store; a store kept past that shows the last value")
  func presentedChildStoreFollowsIdentity() {
    let store = makeStore()
    store.send(.present(id: 1))
    let first = store.scope(state: \.$sheet, action: NavigationAction.sheet)
    first?.send(.increment)
    #expect(first?.value.count == 1)  // what its view last showed
    store.send(.present(id: 2))
    let second = store.scope(state: \.$sheet, action: NavigationAction.sheet)
    #expect(second !== first)
    #expect(second?.value == Sheet(id: 2))
    #expect(first?.value == Sheet(id: 1, count: 1))
    store.send(.sheet(.dismiss))
    weak let dismissed = second
    #expect(store.scope(state: \.$sheet, action: NavigationAction.sheet) == nil)
    _ = consume second
    #expect(dismissed == nil)
  }

  @Test("An enum destination's case store exists only in its case, and notifies alone")
  func destinationCaseStore() {
    let store = makeStore()
    store.send(.noteDestination)
    let destination = store.scope(state: \.$destination, action: NavigationAction.destination)
    #expect(destination?.scope(case: Destination.edit, action: DestinationAction.edit) == nil)
    #expect(destination?.scope(case: Destination.note, action: DestinationAction.note)?.value == "hello")

    store.send(.editDestination(id: 7))
    let tracker = Tracker {
      store.scope(state: \.$destination, action: NavigationAction.destination)?
        .scope(case: Destination.edit, action: DestinationAction.edit)?.value.count
    }
    let edit = store.scope(state: \.$destination, action: NavigationAction.destination)?
      .scope(case: Destination.edit, action: DestinationAction.edit)
    #expect(edit?.value == Sheet(id: 7))
    store.send(.other)
    edit?.send(.increment)  // .destination(.presented(.edit(.increment)))
    #expect(tracker.heard == [1])
    #expect(store.value.destination == .edit(Sheet(id: 7, count: 1)))
    let again = store.scope(state: \.$destination, action: NavigationAction.destination)?
      .scope(case: Destination.edit, action: DestinationAction.edit)
    #expect(again === edit)
  }

  @Test("Each stack element's store is kept by id, sends to its element, and notifies alone")
  func stackElementStores() {
    let (store, ids) = makeStoreWithTwoScreens()
    let trackers = ids.map { id in
      Tracker { store.scope(state: \.path, element: id, action: NavigationAction.path)?.value.count }
    }
    let top = store.scope(state: \.path, element: ids[1], action: NavigationAction.path)
    top?.send(.increment)  // .path(.element(id: ids[1], action: .increment))
    top?.send(.increment)
    store.send(.other)
    store.send(.present(id: 1))
    #expect(trackers.map(\.heard) == [[], [1, 2]])
    #expect(store.value.path.map(\.count) == [0, 2])
    let all = store.scope(forEach: \.path, action: NavigationAction.path)
    #expect(all.count == 2)
    #expect(all[1] === top)
    #expect(all[0] === store.scope(state: \.path, element: ids[0], action: NavigationAction.path))
  }

  @Test("A popped element's store is dropped, the others keep theirs, and a new push gets a new one")
  func poppedElementStoreIsDropped() {
    let (store, ids) = makeStoreWithTwoScreens()
    let bottom = store.scope(state: \.path, element: ids[0], action: NavigationAction.path)
    var top = store.scope(state: \.path, element: ids[1], action: NavigationAction.path)
    top?.send(.increment)
    #expect(top?.value.count == 1)  // what its view last showed
    weak let popped = top
    store.send(.path(.popFrom(id: ids[1])))
    #expect(top?.value == Screen(count: 1))  // the last value it showed
    #expect(store.scope(state: \.path, element: ids[1], action: NavigationAction.path) == nil)
    top = nil
    #expect(popped == nil)
    store.send(.push)
    let pushed = store.scope(forEach: \.path, action: NavigationAction.path)
    #expect(pushed.count == 2)
    #expect(pushed[0] === bottom)
    #expect(pushed[1].value == Screen())
    #expect(store.value.path.ids[1] != ids[1])  // ids are never reused
  }
}
