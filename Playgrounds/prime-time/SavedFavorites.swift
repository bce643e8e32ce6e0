import Effectful
import EffectfulFavoritePrimes
import EffectfulPrimeTime

/// Reads the saved favorites before the screen's first frame, so that the list a person saved is
/// there when they come back; read at once, so that no key pressed meanwhile (a `p`) is
/// overwritten by a load that lands later. Returns the app's first state and what to say.
///
/// ```swift
/// let (state, said) = savedFavorites(from: launch.favoritesFile)
/// // with [2, 3] saved: favorites [2, 3], "info: Loaded 2 favorite primes."
/// ```
///
/// Nothing saved yet is no news on a first start, and is not said; a file that cannot be read is
/// said as `l` would say it, advice included. Line mode does not call this: a script starts from
/// no favorites, whatever its user saved, and types `load` when it wants them.
func savedFavorites(from file: FavoritePrimesFile) -> (AppState, [Announcement]) {
  do {
    let saved = try file.load()
    let count =
      saved.isEmpty
      ? "no favorite primes" : saved.count == 1 ? "1 favorite prime" : "\(saved.count) favorite primes"
    return (
      AppState(favoritePrimes: saved),
      [Announcement(kind: .info, text: "Loaded \(count).", subject: .favorites(saved))]
    )
  } catch .noSavedFile {
    return (AppState(), [])
  } catch {
    let message = [error.message, advice(for: error)].compactMap { $0 }.joined(separator: " ")
    return (AppState(), [Announcement(kind: .error, text: message)])
  }
}
