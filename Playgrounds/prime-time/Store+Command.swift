import Effectful
import EffectfulCounter
import EffectfulPrimeTime
import Foundation

extension Store where Value == AppState, Action == AppAction {
  /// Sends the actions a command stands for, as the app's buttons would, and returns what the
  /// command has to say beyond the state change (a list, or why it did nothing).
  ///
  /// ```swift
  /// store.perform(.increment)            // []
  /// store.perform(.delete(position: 9))  // [error: there is no favorite number 9 …]
  /// ```
  ///
  /// Like the screen, it offers only what makes sense: `fav` on a number that is not prime, or
  /// `cancel` with no search running, is explained instead of sent. `wait`, `help` and `quit` are the
  /// session's business and do nothing here. A command that belongs to a screen brings that
  /// screen to the top first (`+` goes back to the counter, `save` opens the favorites).
  func perform(_ command: Command) -> [Announcement] {
    let state = value
    switch command {
    case .increment:
      showCounter()
      sendToCounter(.incrementButtonTapped)
    case .decrement:
      showCounter()
      sendToCounter(.decrementButtonTapped)
    case .setCount(let n):
      showCounter()
      sendToCounter(.countEntered(n))
    case .nthPrime:
      guard !state.counter.isNthPrimeButtonDisabled else {
        return [Announcement(kind: .error, text: "a search is already running (type `cancel` to stop it)")]
      }
      showCounter()
      sendToCounter(.nthPrimeButtonTapped)
    case .cancelNthPrime:
      // Where the work runs, without moving: cancelling is not a reason to change screens.
      guard state.counter.isNthPrimeButtonDisabled || state.counter.isLoading else {
        return [Announcement(kind: .info, text: "no search or fact is running")]
      }
      if state.counter.isNthPrimeButtonDisabled { sendToCounter(.nthPrimeCancelButtonTapped) }
      if state.counter.isLoading { sendToCounter(.factCancelButtonTapped) }
    case .fact:
      showCounter()
      sendToCounter(.factButtonTapped)
    case .toggleTimer:
      showCounter()
      sendToCounter(.toggleTimerButtonTapped)
    case .toggleFavorite:
      guard state.counter.isPrime else {
        return [
          Announcement(
            kind: .error, text: "\(state.count) is not prime: only primes can be favorites",
            subject: .count(state.count))
        ]
      }
      // The episode's way: "Is this prime?" presents the is-prime screen, whose button saves or
      // removes; the screen stays up, showing the new state, until Esc or another screen's key.
      let id = showCounter()
      sendToCounterScreen(id, .isPrimeButtonTapped)
      let isFavorite = value.favoritePrimes.contains(value.count)
      sendToCounterScreen(
        id, .primeModal(.presented(isFavorite ? .removeFavoritePrimeTapped : .saveFavoritePrimeTapped)))
    case .favorites:
      return favoritesList(state.favoritePrimes)
    case .delete(let position):
      guard position <= state.favoritePrimes.count else {
        let count = state.favoritePrimes.count
        return [
          Announcement(
            kind: .error,
            text: "there is no favorite number \(position): there \(count == 1 ? "is" : "are") \(count)",
            subject: .favorites(state.favoritePrimes))
        ]
      }
      showFavorites()
      sendToFavorites(.deleteFavoritePrimes(IndexSet(integer: position - 1)))
    case .save:
      showFavorites()
      sendToFavorites(.saveButtonTapped)
    case .load:
      showFavorites()
      sendToFavorites(.loadButtonTapped)
    case .open(.counter):
      showCounter()
    case .open(.favorites):
      showFavorites()
    case .back:
      guard goBack() else {
        return [Announcement(kind: .info, text: "this is the first screen: there is nothing to go back to")]
      }
    case .wait, .help, .quit:
      break
    }
    return []
  }

  private func sendToCounterScreen(_ id: StackElementID, _ action: CounterViewAction) {
    send(.path(.element(id: id, action: .counter(action))))
  }
}

/// The favorites, numbered from 1 as `delete N` counts them.
private func favoritesList(_ favoritePrimes: [Int]) -> [Announcement] {
  guard !favoritePrimes.isEmpty else {
    return [
      Announcement(
        kind: .info, text: "no favorite primes yet (count to a prime and type `fav`)",
        subject: .favorites(favoritePrimes))
    ]
  }
  let list = favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
  return [
    Announcement(
      kind: .info, text: "favorite primes: " + list.joined(separator: ", "),
      subject: .favorites(favoritePrimes))
  ]
}
