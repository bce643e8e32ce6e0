import Effectful
import Foundation

public enum FavoritePrimesAction: Equatable, Sendable {
  case deleteFavoritePrimes(IndexSet)
}

public let favoritePrimesReducer: Reducer<[Int], FavoritePrimesAction> = { state, action in
  switch action {
  case .deleteFavoritePrimes(let offsets):
    for index in offsets.sorted(by: >) { state.remove(at: index) }
    return []
  }
}
