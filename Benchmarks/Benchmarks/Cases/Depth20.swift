// Twenty levels of nesting for the pullback cases: one generic level type, so that each level is a
// distinct type (as features nested in an app are) without writing twenty structs.

/// The leaf feature: a counter with a request that an effect answers.
struct LeafState {
  var count = 0
}

enum LeafAction: Sendable {
  case increment
  case request
  case response
}

/// One level of nesting: a parent whose state holds its child's.
struct Level<Inner> {
  var inner: Inner
  var other = 0

  init(_ inner: Inner) {
    self.inner = inner
  }
}

/// One level of nesting of actions.
enum LevelAction<Inner> {
  case inner(Inner)
  case other

  /// The episode's way to pull an action back: an optional property for a `WritableKeyPath`.
  var innerAction: Inner? {
    get {
      guard case .inner(let action) = self else { return nil }
      return action
    }
    set {
      guard case .inner = self, let newValue else { return }
      self = .inner(newValue)
    }
  }
}

extension LevelAction: Sendable where Inner: Sendable {}

typealias State0 = LeafState
typealias State1 = Level<State0>
typealias State2 = Level<State1>
typealias State3 = Level<State2>
typealias State4 = Level<State3>
typealias State5 = Level<State4>
typealias State6 = Level<State5>
typealias State7 = Level<State6>
typealias State8 = Level<State7>
typealias State9 = Level<State8>
typealias State10 = Level<State9>
typealias State11 = Level<State10>
typealias State12 = Level<State11>
typealias State13 = Level<State12>
typealias State14 = Level<State13>
typealias State15 = Level<State14>
typealias State16 = Level<State15>
typealias State17 = Level<State16>
typealias State18 = Level<State17>
typealias State19 = Level<State18>
typealias State20 = Level<State19>
typealias Action0 = LeafAction
typealias Action1 = LevelAction<Action0>
typealias Action2 = LevelAction<Action1>
typealias Action3 = LevelAction<Action2>
typealias Action4 = LevelAction<Action3>
typealias Action5 = LevelAction<Action4>
typealias Action6 = LevelAction<Action5>
typealias Action7 = LevelAction<Action6>
typealias Action8 = LevelAction<Action7>
typealias Action9 = LevelAction<Action8>
typealias Action10 = LevelAction<Action9>
typealias Action11 = LevelAction<Action10>
typealias Action12 = LevelAction<Action11>
typealias Action13 = LevelAction<Action12>
typealias Action14 = LevelAction<Action13>
typealias Action15 = LevelAction<Action14>
typealias Action16 = LevelAction<Action15>
typealias Action17 = LevelAction<Action16>
typealias Action18 = LevelAction<Action17>
typealias Action19 = LevelAction<Action18>
typealias Action20 = LevelAction<Action19>

/// The app's value: the leaf twenty levels down.
typealias DeepState = State20
typealias DeepAction = Action20

enum Deep {
  static func makeState() -> DeepState {
    let level0 = LeafState()
    let level1 = State1(level0)
    let level2 = State2(level1)
    let level3 = State3(level2)
    let level4 = State4(level3)
    let level5 = State5(level4)
    let level6 = State6(level5)
    let level7 = State7(level6)
    let level8 = State8(level7)
    let level9 = State9(level8)
    let level10 = State10(level9)
    let level11 = State11(level10)
    let level12 = State12(level11)
    let level13 = State13(level12)
    let level14 = State14(level13)
    let level15 = State15(level14)
    let level16 = State16(level15)
    let level17 = State17(level16)
    let level18 = State18(level17)
    let level19 = State19(level18)
    let level20 = State20(level19)
    return level20
  }

  static let increment = wrap(.increment)
  static let request = wrap(.request)

  /// A leaf action wrapped in all twenty levels.
  static func wrap(_ level0: LeafAction) -> DeepAction {
    let level1 = Action1.inner(level0)
    let level2 = Action2.inner(level1)
    let level3 = Action3.inner(level2)
    let level4 = Action4.inner(level3)
    let level5 = Action5.inner(level4)
    let level6 = Action6.inner(level5)
    let level7 = Action7.inner(level6)
    let level8 = Action8.inner(level7)
    let level9 = Action9.inner(level8)
    let level10 = Action10.inner(level9)
    let level11 = Action11.inner(level10)
    let level12 = Action12.inner(level11)
    let level13 = Action13.inner(level12)
    let level14 = Action14.inner(level13)
    let level15 = Action15.inner(level14)
    let level16 = Action16.inner(level15)
    let level17 = Action17.inner(level16)
    let level18 = Action18.inner(level17)
    let level19 = Action19.inner(level18)
    let level20 = Action20.inner(level19)
    return level20
  }

  /// The leaf's count, read by hand.
  static func leafCount(_ state: DeepState) -> Int {
    state
      .inner.inner.inner.inner.inner
      .inner.inner.inner.inner.inner
      .inner.inner.inner.inner.inner
      .inner.inner.inner.inner.inner
      .count
  }

  /// The leaf value, reached by hand: what a pullback does without key paths or closures.
  static func leaf(_ state: inout DeepState, _ body: (inout LeafState) -> Void) {
    body(
      &state
        .inner.inner.inner.inner.inner
        .inner.inner.inner.inner.inner
        .inner.inner.inner.inner.inner
        .inner.inner.inner.inner.inner)
  }
}
