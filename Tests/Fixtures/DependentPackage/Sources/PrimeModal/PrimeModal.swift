import Effectful

public struct PrimeModalState: Equatable, Sendable {
  public var count: Int
  public var favoritePrimes: [Int]
  public init(count: Int, favoritePrimes: [Int]) {
    self.count = count
    self.favoritePrimes = favoritePrimes
  }
}

public enum PrimeModalAction: Equatable, Sendable {
  case saveFavoritePrimeTapped
  case removeFavoritePrimeTapped
}

public let primeModalReducer: Reducer<PrimeModalState, PrimeModalAction> = { state, action in
  switch action {
  case .saveFavoritePrimeTapped:
    state.favoritePrimes.append(state.count)
  case .removeFavoritePrimeTapped:
    state.favoritePrimes.removeAll { $0 == state.count }
  }
  return []
}
