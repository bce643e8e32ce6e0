import Effectful
import EffectfulFavoritePrimes
import EffectfulPrimeTime

/// Reads the saved favorites into the store before the screen's first frame, so that the list a
/// person saved is there when they come back; read at once, so that no key pressed meanwhile (a
/// `p`) is overwritten by a load that lands later.
///
/// ```swift
/// loadSavedFavorites(into: store, from: launch.favoritesFile)
/// // with [2, 3] saved: favorites [2, 3], "info: Loaded 2 favorite primes."
/// ```
///
/// Nothing saved yet is no news on a first start, and is not said; a file that cannot be read is
/// said as the `l` key would say it. Line mode does not call this: a script starts from no
/// favorites, whatever its user saved, and types `load` when it wants them.
@MainActor
func loadSavedFavorites(into store: Store<AppState, AppAction>, from file: FavoritePrimesFile) {
  do {
    let saved = try file.load()
    store.send(.favoritePrimes(.favoritePrimesLoaded(.success(saved))))
  } catch .noSavedFile {
    return
  } catch {
    store.send(.favoritePrimes(.favoritePrimesLoaded(.failure(error))))
  }
}
