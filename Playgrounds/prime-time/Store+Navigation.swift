import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime

// How the terminal moves between the app's screens: by the same actions a view would send (a row
// tapped, a sheet's dismissal, a pop), never by writing the state. A command or key that belongs
// to a screen brings that screen to the top first, as a person would go there to do it: anything
// presented over it is dismissed and anything pushed above it popped, which cancels their effects.
extension Store where Value == AppState, Action == AppAction {
  /// Brings the counter screen to the top, pushing one if there is none, and returns its id.
  @discardableResult
  func showCounter() -> StackElementID {
    guard let id = value.id(of: .counter) else {
      send(.counterButtonTapped)
      return value.path.ids[value.path.count - 1]
    }
    popAbove(id)
    if value.counterScreen?.primeModal != nil {
      send(.path(.element(id: id, action: .counter(.primeModal(.dismiss)))))
    }
    return id
  }

  /// Brings the favorites screen to the top: back to one on the stack, or pushed over the
  /// counter (its is-prime screen dismissed first); returns its id.
  @discardableResult
  func showFavorites() -> StackElementID {
    if let id = value.id(of: .favorites) {
      popAbove(id)
      return id
    }
    if let counter = value.id(of: .counter), value.counterScreen?.primeModal != nil {
      send(.path(.element(id: counter, action: .counter(.primeModal(.dismiss)))))
    }
    send(.favoritePrimesButtonTapped)
    return value.path.ids[value.path.count - 1]
  }

  /// Dismisses the top screen: the is-prime screen if it is presented, else the pushed screen on
  /// top. Returns false at the root, where there is nothing to go back from.
  @discardableResult
  func goBack() -> Bool {
    guard let id = value.path.ids.last, let top = value.top else { return false }
    if case .counter(let counter) = top, counter.primeModal != nil {
      send(.path(.element(id: id, action: .counter(.primeModal(.dismiss)))))
    } else {
      send(.path(.popFrom(id: id)))
    }
    return true
  }

  /// Sends `action` to the topmost counter screen, if there is one.
  func sendToCounter(_ action: CounterAction) {
    guard let id = value.id(of: .counter) else { return }
    send(.path(.element(id: id, action: .counter(.counter(action)))))
  }

  /// Sends `action` to the topmost favorites screen, if there is one.
  func sendToFavorites(_ action: FavoritePrimesAction) {
    guard let id = value.id(of: .favorites) else { return }
    send(.path(.element(id: id, action: .favorites(action))))
  }

  /// Pops every screen above the one with `id`.
  private func popAbove(_ id: StackElementID) {
    let ids = value.path.ids
    guard let index = ids.firstIndex(of: id), index + 1 < ids.count else { return }
    send(.path(.popFrom(id: ids[index + 1])))
  }
}
