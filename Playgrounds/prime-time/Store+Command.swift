import EffectfulCounter
import Effectful
import Foundation
import EffectfulPrimeTime

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
  /// session's business and do nothing here.
  func perform(_ command: Command) -> [Announcement] {
    let state = value
    switch command {
    case .increment:
      send(.counterView(.counter(.incrementButtonTapped)))
    case .decrement:
      send(.counterView(.counter(.decrementButtonTapped)))
    case .setCount(let n):
      send(.counterView(.counter(.countEntered(n))))
    case .nthPrime:
      guard !state.counter.isNthPrimeButtonDisabled else {
        return [Announcement(kind: .error, text: "a search is already running (type `cancel` to stop it)")]
      }
      send(.counterView(.counter(.nthPrimeButtonTapped)))
    case .cancelNthPrime:
      guard state.counter.isNthPrimeButtonDisabled || state.counter.isLoading else {
        return [Announcement(kind: .info, text: "no search or fact is running")]
      }
      if state.counter.isNthPrimeButtonDisabled { send(.counterView(.counter(.nthPrimeCancelButtonTapped))) }
      if state.counter.isLoading { send(.counterView(.counter(.factCancelButtonTapped))) }
    case .fact:
      send(.counterView(.counter(.factButtonTapped)))
    case .toggleTimer:
      send(.counterView(.counter(.toggleTimerButtonTapped)))
    case .toggleFavorite:
      guard state.counter.isPrime else {
        return [
          Announcement(
            kind: .error, text: "\(state.count) is not prime: only primes can be favorites",
            subject: .count(state.count))
        ]
      }
      let isFavorite = state.favoritePrimes.contains(state.count)
      send(.counterView(.primeModal(isFavorite ? .removeFavoritePrimeTapped : .saveFavoritePrimeTapped)))
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
      send(.favoritePrimes(.deleteFavoritePrimes(IndexSet(integer: position - 1))))
    case .save:
      send(.favoritePrimes(.saveButtonTapped))
    case .load:
      send(.favoritePrimes(.loadButtonTapped))
    case .wait, .help, .quit:
      break
    }
    return []
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
