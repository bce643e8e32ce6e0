import Effectful

/// The leaf reducer pulled back through twenty levels with Effectful's `pullback`.
enum DeepPullback {
  /// With ``CasePath``s, the overload the documentation recommends.
  static let casePaths = make(keyPaths: false)
  /// With the episode's optional key paths into the action.
  static let keyPaths = make(keyPaths: true)
  /// With case paths made from the case alone, which extract by reflection.
  static let reflectedCasePaths = make(keyPaths: false, reflected: true)

  private static func make(keyPaths: Bool, reflected: Bool = false) -> Reducer<DeepState, DeepAction> {
    let level0 = EffectfulReducers.leaf
    let level1 = lift(level0, keyPaths: keyPaths, reflected: reflected)
    let level2 = lift(level1, keyPaths: keyPaths, reflected: reflected)
    let level3 = lift(level2, keyPaths: keyPaths, reflected: reflected)
    let level4 = lift(level3, keyPaths: keyPaths, reflected: reflected)
    let level5 = lift(level4, keyPaths: keyPaths, reflected: reflected)
    let level6 = lift(level5, keyPaths: keyPaths, reflected: reflected)
    let level7 = lift(level6, keyPaths: keyPaths, reflected: reflected)
    let level8 = lift(level7, keyPaths: keyPaths, reflected: reflected)
    let level9 = lift(level8, keyPaths: keyPaths, reflected: reflected)
    let level10 = lift(level9, keyPaths: keyPaths, reflected: reflected)
    let level11 = lift(level10, keyPaths: keyPaths, reflected: reflected)
    let level12 = lift(level11, keyPaths: keyPaths, reflected: reflected)
    let level13 = lift(level12, keyPaths: keyPaths, reflected: reflected)
    let level14 = lift(level13, keyPaths: keyPaths, reflected: reflected)
    let level15 = lift(level14, keyPaths: keyPaths, reflected: reflected)
    let level16 = lift(level15, keyPaths: keyPaths, reflected: reflected)
    let level17 = lift(level16, keyPaths: keyPaths, reflected: reflected)
    let level18 = lift(level17, keyPaths: keyPaths, reflected: reflected)
    let level19 = lift(level18, keyPaths: keyPaths, reflected: reflected)
    let level20 = lift(level19, keyPaths: keyPaths, reflected: reflected)
    return level20
  }

  private static func lift<Inner, InnerAction: Sendable>(
    _ reducer: @escaping Reducer<Inner, InnerAction>, keyPaths: Bool, reflected: Bool
  ) -> Reducer<Level<Inner>, LevelAction<InnerAction>> {
    if reflected {
      return pullback(reducer, value: \Level<Inner>.inner, action: CasePath(LevelAction.inner))
    }
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
