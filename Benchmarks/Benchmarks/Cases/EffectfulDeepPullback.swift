import Effectful

/// The leaf reducer pulled back through twenty levels with Effectful's `pullback`.
enum DeepPullback {
  /// With ``CasePath``s, the overload the documentation recommends.
  static let casePaths = make(keyPaths: false)
  /// With the episode's optional key paths into the action.
  static let keyPaths = make(keyPaths: true)

  private static func make(keyPaths: Bool) -> Reducer<DeepState, DeepAction> {
    let level0 = EffectfulReducers.leaf
    let level1 = lift(level0, keyPaths: keyPaths)
    let level2 = lift(level1, keyPaths: keyPaths)
    let level3 = lift(level2, keyPaths: keyPaths)
    let level4 = lift(level3, keyPaths: keyPaths)
    let level5 = lift(level4, keyPaths: keyPaths)
    let level6 = lift(level5, keyPaths: keyPaths)
    let level7 = lift(level6, keyPaths: keyPaths)
    let level8 = lift(level7, keyPaths: keyPaths)
    let level9 = lift(level8, keyPaths: keyPaths)
    let level10 = lift(level9, keyPaths: keyPaths)
    let level11 = lift(level10, keyPaths: keyPaths)
    let level12 = lift(level11, keyPaths: keyPaths)
    let level13 = lift(level12, keyPaths: keyPaths)
    let level14 = lift(level13, keyPaths: keyPaths)
    let level15 = lift(level14, keyPaths: keyPaths)
    let level16 = lift(level15, keyPaths: keyPaths)
    let level17 = lift(level16, keyPaths: keyPaths)
    let level18 = lift(level17, keyPaths: keyPaths)
    let level19 = lift(level18, keyPaths: keyPaths)
    let level20 = lift(level19, keyPaths: keyPaths)
    return level20
  }

  private static func lift<Inner, InnerAction: Sendable>(
    _ reducer: @escaping Reducer<Inner, InnerAction>, keyPaths: Bool
  ) -> Reducer<Level<Inner>, LevelAction<InnerAction>> {
    if keyPaths {
      return pullback(reducer, value: \Level<Inner>.inner, action: \LevelAction<InnerAction>.innerAction)
    }
    return pullback(
      reducer, value: \Level<Inner>.inner,
      action: CasePath(LevelAction.inner) { action in
        guard case .inner(let inner) = action else { return nil }
        return inner
      })
  }
}
