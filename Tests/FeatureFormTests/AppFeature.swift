import Effectful  // was: import ComposableArchitecture

// The seeds' three-tab app. Edited: `action: \.tab1` (a key path to a case, which needs macros)
// is the case itself, `action: Action.tab1`, in one Scope and `CasePath(Action.tab2)` in another.

// was: @Reducer
struct AppFeature: ReducerProtocol {
  struct State: Equatable {
    var tab1 = CounterFeature.State()
    var tab2 = CounterFeature.State()
    var tab3 = CounterFeature.State()
  }

  enum Action {
    case tab1(CounterFeature.Action)
    case tab2(CounterFeature.Action)
    case tab3(CounterFeature.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.tab1, action: Action.tab1) {  // was: action: \.tab1
      CounterFeature()
    }
    Scope(state: \.tab2, action: CasePath(Action.tab2)) {  // was: action: \.tab2
      CounterFeature()
    }
    Scope(state: \.tab3, action: Action.tab3) {  // was: action: \.tab3
      CounterFeature()
    }
  }
}
