import Effectful
import EffectfulFavoritePrimes
import Foundation
import EffectfulPlaygroundSidebar

// A walk through the favorite primes screen: delete, save and load against a real file, including
// what happens when the file is corrupt, missing or cannot be written. Run it with
// `swift run favorite-primes [DIRECTORY]`: without a directory it works in a temporary one and
// removes it afterwards.

answerHelp(
  """
  usage: favorite-primes [DIRECTORY]

  A walk through the favorite primes screen against a real file: save, delete, load,
  and a corrupt file, non-primes, a missing file, a named pipe and a directory that
  cannot be created. After each action it prints the action and the state, and the
  file's bytes where they matter. It takes no keys or commands: it runs to its end
  and exits 0.

    DIRECTORY   where to keep favorite-primes.json (default: a temporary directory,
                removed afterwards)
    --help      this text
  """)

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
  FileHandle.standardError.write(Data("usage: favorite-primes [DIRECTORY] (see --help)\n".utf8))
  exit(2)
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

// Immediate queues: each step's answer is printed before the next step starts. The app reads and
// writes off the main thread instead (`.file(file)`).
let store = Store(
  initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11]),
  reducer: sidebar(favoritePrimesReducer(environment: .file(file, queue: .immediate, mainQueue: .immediate))))

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

step("Entries that are not distinct primes are reported, each of them; the list stays.")
prepare("write a list of non-primes") { try Data("[4, 2, 2, -1]".utf8).write(to: file.url) }
store.send(.loadButtonTapped)
store.send(.errorDismissButtonTapped)

step("A missing file changes nothing: nothing has been saved yet, and the list stays.")
prepare("remove the file") { try FileManager.default.removeItem(at: file.url) }
store.send(.loadButtonTapped)

step("A named pipe where the file should be is neither read nor replaced.")
prepare("make a named pipe") {
  guard mkfifo(file.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
}
store.send(.saveButtonTapped)
store.send(.errorDismissButtonTapped)
prepare("remove the named pipe") { try FileManager.default.removeItem(at: file.url) }

step("A directory that cannot be created (a file stands in the way) is reported; nothing is lost.")
let blocker = directory.appendingPathComponent("not-a-directory")
prepare("create a file in the way") { try Data().write(to: blocker) }
let blocked = Store(
  initialValue: FavoritePrimesState(favoritePrimes: [13]),
  reducer: sidebar(
    favoritePrimesReducer(
      environment: .file(
        FavoritePrimesFile(url: blocker.appendingPathComponent("favorite-primes.json")), queue: .immediate,
        mainQueue: .immediate))))
blocked.send(.saveButtonTapped)
prepare("remove the file in the way") { try FileManager.default.removeItem(at: blocker) }

if isTemporary {
  prepare("remove \(directory.path)") { try FileManager.default.removeItem(at: directory) }
  print("\nDone; removed \(directory.path).")
} else {
  step("Save once more, so that the directory keeps a favorites file to look at.")
  store.send(.saveButtonTapped)
  showFile()
  print("\nDone; the file is in \(directory.path).")
}
