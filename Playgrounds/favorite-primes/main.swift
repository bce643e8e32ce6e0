import Effectful
import EffectfulFavoritePrimes
import Foundation
import EffectfulPlaygroundSidebar

// A walk through the favorite primes screen: delete, save and load against a real file, including
// what happens when the file is corrupt, missing or cannot be written. Run it with
// `swift run favorite-primes [DIRECTORY]`: without a directory it works in a temporary one and
// removes it afterwards.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
  print("usage: favorite-primes [DIRECTORY]   (default: a temporary directory, removed afterwards)")
  exit(arguments.first == "--help" ? 0 : 2)
}
let isTemporary = arguments.isEmpty
let directory =
  arguments.first.map { URL(fileURLWithPath: $0, isDirectory: true) }
  ?? FileManager.default.temporaryDirectory.appendingPathComponent("favorite-primes-\(UUID().uuidString)")
let file = FavoritePrimesFile(url: directory.appendingPathComponent("favorite-primes.json"))

/// Runs a step of the script's own set-up (not the feature's work), stopping with a message if the
/// file system refuses.
func prepare(_ what: String, _ work: () throws -> Void) {
  do {
    try work()
  } catch {
    print("Could not \(what): \(error)")
    exit(1)
  }
}

/// Prints what is on disk now, byte for byte.
func showFile() {
  guard let data = FileManager.default.contents(atPath: file.path) else {
    print("  file: (none)")
    return
  }
  print("  file: \(String(decoding: data, as: UTF8.self).debugDescription)")
}

print("Favorites file: \(file.path)")
print("After each action, its state: fields that are nil, false or empty are left out.")

let store = Store(
  initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11]),
  reducer: sidebar(favoritePrimesReducer(environment: .file(file))))

step("Save: the directory is created, a temporary file written and renamed over the target.")
store.send(.saveButtonTapped)
showFile()

step("Delete the 2nd and 4th rows (offsets 1 and 3); memory changes, the file does not.")
store.send(.deleteFavoritePrimes([1, 3]))
showFile()

step("Load: the saved list comes back.")
store.send(.loadButtonTapped)

step("A corrupt file is reported and left untouched; the list in memory stays as it was.")
prepare("corrupt the file") { try Data("[2, 3,".utf8).write(to: file.url) }
store.send(.loadButtonTapped)
showFile()
store.send(.errorDismissButtonTapped)

step("A missing file is not an error: nothing has been saved yet.")
prepare("remove the file") { try FileManager.default.removeItem(at: file.url) }
store.send(.loadButtonTapped)

step("A directory that cannot be created (a file stands in the way) is reported; nothing is lost.")
let blocker = directory.appendingPathComponent("not-a-directory")
prepare("create a file in the way") { try Data().write(to: blocker) }
let blocked = Store(
  initialValue: FavoritePrimesState(favoritePrimes: [13]),
  reducer: sidebar(
    favoritePrimesReducer(
      environment: .file(FavoritePrimesFile(url: blocker.appendingPathComponent("favorite-primes.json"))))))
blocked.send(.saveButtonTapped)

if isTemporary {
  prepare("remove \(directory.path)") { try FileManager.default.removeItem(at: directory) }
  print("\nDone; removed \(directory.path).")
} else {
  print("\nDone; the files are in \(directory.path).")
}
