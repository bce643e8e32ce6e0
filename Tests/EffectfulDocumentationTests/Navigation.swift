import Effectful
import EffectfulTesting
import Foundation
import Testing

// The code of Articles/Navigation.md (check-docs compares the article's blocks with it): an app
// shaped like Point-Free's SyncUps, and the stories its tests tell.

struct SyncUp: Equatable, Identifiable, Sendable {
  let id: UUID
  var title = ""
  var meetings: [Meeting] = []
}

struct Meeting: Equatable, Sendable {
  var transcript: String
}

struct SyncUpForm: ReducerProtocol {
  struct State: Equatable {
    var syncUp: SyncUp
    var isEdited = false
    @PresentationState var dialog: ConfirmationDialogState<Dialog>? = nil
  }

  enum Action: Equatable, Sendable {
    case titleChanged(String)
    case cancelButtonTapped
    case dialog(PresentationAction<Dialog>)
  }

  enum Dialog: Equatable, Sendable { case discard }

  static let discardDialog = ConfirmationDialogState<Dialog>(
    titleVisibility: .visible
  ) {
    TextState("Discard changes?")
  } actions: {
    ButtonState(role: .destructive, action: .discard) {
      TextState("Discard")
    }
    ButtonState(role: .cancel) { TextState("Keep editing") }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.syncUp.title = title
        state.isEdited = true
        return .none
      case .cancelButtonTapped:
        guard state.isEdited else {
          return .run { _ in await dismiss() }
        }
        state.dialog = Self.discardDialog
        return .none
      case .dialog(.presented(.discard)):
        return .run { _ in await dismiss() }
      case .dialog:
        return .none
      }
    }
    .ifLet(\.$dialog, action: Action.dialog)
  }
}

struct SyncUpsList: ReducerProtocol {
  struct State: Equatable {
    var syncUps: IdentifiedArrayOf<SyncUp> = []
    @PresentationState var add: SyncUpForm.State? = nil
  }

  enum Action: Equatable, Sendable {
    case addButtonTapped
    case confirmAddButtonTapped
    case add(PresentationAction<SyncUpForm.Action>)
    case syncUpTapped(SyncUp.ID)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.add = SyncUpForm.State(syncUp: SyncUp(id: uuid()))
        return .none
      case .confirmAddButtonTapped:
        guard let syncUp = state.add?.syncUp else { return .none }
        state.syncUps.append(syncUp)
        state.add = nil
        return .none
      case .add, .syncUpTapped:
        return .none
      }
    }
    .ifLet(\.$add, action: Action.add) { SyncUpForm() }
  }
}

struct RecordMeeting: ReducerProtocol {
  struct State: Equatable {
    var secondsElapsed = 0
    var transcript = ""
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case timerTick
    case endMeetingButtonTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.secondsElapsed += 1
        state.transcript = "\(state.secondsElapsed) s of talk"
        return .none
      case .endMeetingButtonTapped:
        return .run { _ in await dismiss() }
      }
    }
  }
}

struct SyncUpDetail: ReducerProtocol {
  struct State: Equatable {
    var syncUp: SyncUp
    @PresentationState var destination: Destination? = nil
  }

  enum Destination: Equatable {
    case alert(AlertState<Action.Alert>)
    case edit(SyncUpForm.State), record(RecordMeeting.State)
  }

  enum Action: Equatable, Sendable {
    case editButtonTapped
    case doneEditingButtonTapped
    case deleteButtonTapped
    case startMeetingButtonTapped
    case alert(PresentationAction<Alert>)
    case edit(PresentationAction<SyncUpForm.Action>)
    case record(PresentationAction<RecordMeeting.Action>)
    case delegate(Delegate)

    enum Alert: Equatable, Sendable { case confirmDeletion }
    enum Delegate: Equatable, Sendable { case deleteSyncUp(SyncUp.ID) }
  }

  static let deleteAlert = AlertState<Action.Alert> {
    TextState("Delete this sync-up?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) {
      TextState("Delete")
    }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .editButtonTapped:
        state.destination = .edit(SyncUpForm.State(syncUp: state.syncUp))
        return .none
      case .doneEditingButtonTapped:
        guard case .edit(let form) = state.destination else {
          return .none
        }
        state.syncUp = form.syncUp
        state.destination = nil
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(Self.deleteAlert)
        return .none
      case .startMeetingButtonTapped:
        state.destination = .record(RecordMeeting.State())
        return .none
      case .alert(.presented(.confirmDeletion)):
        return .run { [id = state.syncUp.id] send in
          await send(.delegate(.deleteSyncUp(id)))
          await dismiss()
        }
      case .record(.dismiss):
        // The parent sees a dismissal first: the meeting is still here.
        guard case .record(let record) = state.destination else {
          return .none
        }
        let meeting = Meeting(transcript: record.transcript)
        state.syncUp.meetings.insert(meeting, at: 0)
        return .none
      case .alert, .edit, .record, .delegate:
        return .none
      }
    }
    .ifLet(\.$destination) {
      Case(Destination.alert, action: Action.alert)
      Case(Destination.edit, action: Action.edit) { SyncUpForm() }
      Case(Destination.record, action: Action.record) { RecordMeeting() }
    }
  }
}

struct SyncUpsApp: ReducerProtocol {
  struct State: Equatable {
    var list = SyncUpsList.State()
    var path = StackState<SyncUpDetail.State>()
  }

  enum Action: Equatable, Sendable {
    case list(SyncUpsList.Action)
    case path(StackAction<SyncUpDetail.State, SyncUpDetail.Action>)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: Action.list) { SyncUpsList() }
    Reduce { state, action in
      switch action {
      case .list(.syncUpTapped(let id)):
        guard let syncUp = state.list.syncUps[id: id] else {
          return .none
        }
        state.path.append(SyncUpDetail.State(syncUp: syncUp))
        return .none
      case .path(.element(_, action: .delegate(.deleteSyncUp(let id)))):
        state.list.syncUps.remove(id: id)
        return .none
      case .path(.element(let id, action: _)):
        // The detail ran first: the list shows what it changed.
        guard let detail = state.path[id: id] else { return .none }
        state.list.syncUps[id: detail.syncUp.id] = detail.syncUp
        return .none
      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: Action.path) { SyncUpDetail() }
  }
}

@MainActor
@Suite("Navigation")
struct NavigationArticleTests {
  @Test func addingASyncUp() {
    let store = TestStore(initialState: SyncUpsList.State()) {
      SyncUpsList()
    }
    store.send(.addButtonTapped) {
      $0.add = SyncUpForm.State(syncUp: SyncUp(id: UUID(0)))
    }
    store.send(.add(.presented(.titleChanged("Design")))) {
      $0.add?.syncUp.title = "Design"
      $0.add?.isEdited = true
    }
    store.send(.confirmAddButtonTapped) {
      $0.syncUps = [SyncUp(id: UUID(0), title: "Design")]
      $0.add = nil
    }
  }

  @Test func discardingAnEditedForm() async {
    let store = TestStore(initialState: SyncUpsList.State()) {
      SyncUpsList()
    }
    store.send(.addButtonTapped) {
      $0.add = SyncUpForm.State(syncUp: SyncUp(id: UUID(0)))
    }
    store.send(.add(.presented(.titleChanged("Design")))) {
      $0.add?.syncUp.title = "Design"
      $0.add?.isEdited = true
    }
    store.send(.add(.presented(.cancelButtonTapped))) {
      $0.add?.dialog = SyncUpForm.discardDialog
    }
    // The dialog goes with its button; the form dismisses itself.
    store.send(.add(.presented(.dialog(.presented(.discard))))) {
      $0.add?.dialog = nil
    }
    await store.receive(.add(.dismiss)) {
      $0.add = nil
    }
  }

  @Test func theTopScreensStores() {
    let syncUp = SyncUp(id: UUID(0), title: "Design")
    let list = SyncUpsList.State(syncUps: [syncUp])
    let store = Store(initialState: SyncUpsApp.State(list: list)) {
      SyncUpsApp()
    }
    #expect(topScreen(store) == "1 sync-ups")
    store.send(.list(.syncUpTapped(syncUp.id)))
    #expect(topScreen(store) == "Design")
    let id = store.value.path.ids[0]
    store.send(.path(.element(id: id, action: .startMeetingButtonTapped)))
    #expect(topScreen(store) == "Recording: 0 s")
  }

  @Test func editingAPushedDetail() {
    let syncUp = SyncUp(id: UUID(0), title: "Design")
    let list = SyncUpsList.State(syncUps: [syncUp])
    let store = TestStore(initialState: SyncUpsApp.State(list: list)) {
      SyncUpsApp()
    }
    store.send(.list(.syncUpTapped(syncUp.id))) {
      $0.path[id: 0] = SyncUpDetail.State(syncUp: syncUp)
    }
    let form = SyncUpForm.State(syncUp: syncUp)
    store.send(.path(.element(id: 0, action: .editButtonTapped))) {
      $0.path[id: 0]?.destination = .edit(form)
    }
    let edit = SyncUpDetail.Action.edit(
      .presented(.titleChanged("Design review")))
    store.send(.path(.element(id: 0, action: edit))) {
      $0.path[id: 0]?.destination = .edit(
        SyncUpForm.State(
          syncUp: SyncUp(id: UUID(0), title: "Design review"),
          isEdited: true))
    }
    store.send(.path(.element(id: 0, action: .doneEditingButtonTapped))) {
      $0.path[id: 0]?.syncUp.title = "Design review"
      $0.path[id: 0]?.destination = nil
      $0.list.syncUps[id: syncUp.id]?.title = "Design review"
    }
  }

  @Test func deletingPopsBack() async {
    let syncUp = SyncUp(id: UUID(0), title: "Design")
    let list = SyncUpsList.State(syncUps: [syncUp])
    let store = TestStore(initialState: SyncUpsApp.State(list: list)) {
      SyncUpsApp()
    }
    store.send(.list(.syncUpTapped(syncUp.id))) {
      $0.path[id: 0] = SyncUpDetail.State(syncUp: syncUp)
    }
    store.send(.path(.element(id: 0, action: .deleteButtonTapped))) {
      $0.path[id: 0]?.destination = .alert(SyncUpDetail.deleteAlert)
    }
    let confirm = SyncUpDetail.Action.alert(.presented(.confirmDeletion))
    store.send(.path(.element(id: 0, action: confirm))) {
      $0.path[id: 0]?.destination = nil
    }
    let delete = SyncUpDetail.Action.delegate(.deleteSyncUp(syncUp.id))
    await store.receive(.path(.element(id: 0, action: delete))) {
      $0.list.syncUps = []
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func aMeetingIsSavedWhenItsScreenIsDismissed() async {
    let clock = TestClock()
    let syncUp = SyncUp(id: UUID(0), title: "Design")
    let store = TestStore(
      initialState: SyncUpDetail.State(syncUp: syncUp)
    ) {
      SyncUpDetail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.startMeetingButtonTapped) {
      $0.destination = .record(RecordMeeting.State())
    }
    store.send(.record(.presented(.onAppear)))
    await clock.advance(by: .seconds(2))
    await store.receive(.record(.presented(.timerTick))) {
      $0.destination = .record(
        RecordMeeting.State(secondsElapsed: 1, transcript: "1 s of talk"))
    }
    await store.receive(.record(.presented(.timerTick))) {
      $0.destination = .record(
        RecordMeeting.State(secondsElapsed: 2, transcript: "2 s of talk"))
    }
    // The timer stops with its screen: nothing is left running.
    store.send(.record(.dismiss)) {
      $0.syncUp.meetings = [Meeting(transcript: "2 s of talk")]
      $0.destination = nil
    }
  }

  @Test func poppingTheDetailStopsItsMeeting() async {
    let clock = TestClock()
    let syncUp = SyncUp(id: UUID(0), title: "Design")
    let list = SyncUpsList.State(syncUps: [syncUp])
    let store = TestStore(initialState: SyncUpsApp.State(list: list)) {
      SyncUpsApp()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.list(.syncUpTapped(syncUp.id))) {
      $0.path[id: 0] = SyncUpDetail.State(syncUp: syncUp)
    }
    let start = SyncUpDetail.Action.startMeetingButtonTapped
    store.send(.path(.element(id: 0, action: start))) {
      $0.path[id: 0]?.destination = .record(RecordMeeting.State())
    }
    let record = { (action: RecordMeeting.Action) in
      SyncUpsApp.Action.path(
        .element(id: 0, action: .record(.presented(action))))
    }
    store.send(record(.onAppear))
    await clock.advance(by: .seconds(1))
    await store.receive(record(.timerTick)) {
      $0.path[id: 0]?.destination = .record(
        RecordMeeting.State(secondsElapsed: 1, transcript: "1 s of talk"))
    }
    // Back to the list: the meeting's timer goes with the screen.
    store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }
}

/// What a view of the app shows on top, from the child stores a SwiftUI
/// view would be given: the list, a pushed detail, or its recording.
@MainActor
func topScreen(_ store: StoreOf<SyncUpsApp>) -> String {
  guard let id = store.value.path.ids.last,
    let detail = store.scope(
      state: \.path, element: id, action: SyncUpsApp.Action.path)
  else {
    return "\(store.value.list.syncUps.count) sync-ups"
  }
  if let record = detail.scope(
    state: \.$destination, case: SyncUpDetail.Destination.record,
    action: SyncUpDetail.Action.record
  ) {
    return "Recording: \(record.value.secondsElapsed) s"
  }
  return detail.value.syncUp.title
}

extension UUID {
  /// `00000000-0000-0000-0000-00000000000n`: what a test store's `uuid` makes, in order.
  init(_ n: Int) {
    self.init(uuidString: "00000000-0000-0000-0000-" + String(format: "%012x", n))!
  }
}
