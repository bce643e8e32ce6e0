import Effectful
import EffectfulFavoritePrimes
import EffectfulTesting
import Foundation
import Testing

extension FavoritePrimesEnvironment {
  /// A test environment; a dependency the test does not expect to be used records an issue.
  static func test(
    save: @escaping @Sendable ([Int]) -> Effect<Result<[Int], PersistenceError>> = { primes in
      Issue.record("save(\(primes)) was not expected")
      return .none
    },
    load: @escaping @Sendable () -> Effect<Result<[Int], PersistenceError>> = {
      Issue.record("load() was not expected")
      return .none
    }
  ) -> FavoritePrimesEnvironment {
    FavoritePrimesEnvironment(save: save, load: load)
  }
}

@MainActor
@Suite struct FavoritePrimesReducerTests {
  @Test func deleteAtOffsets() {
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11]),
      reducer: favoritePrimesReducer(environment: .test()))
    store.send(.deleteFavoritePrimes([1])) { $0.favoritePrimes = [2, 5, 7, 11] }
    store.send(.deleteFavoritePrimes([0, 2, 3])) { $0.favoritePrimes = [5] }
  }

  @Test func aDeleteEndsTheStatusAboutTheOldList() {
    let store = TestStore(
      initialValue: FavoritePrimesState(
        favoritePrimes: [2, 3, 5], statusMessage: "Saved 3 favorite primes."),
      reducer: favoritePrimesReducer(environment: .test()))
    store.send(.deleteFavoritePrimes([9]))  // nothing deleted: the status still holds
    store.send(.deleteFavoritePrimes([0])) {
      $0.favoritePrimes = [3, 5]
      $0.statusMessage = nil
    }
  }

  @Test func offsetsPastTheEndAreIgnored() {
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3]),
      reducer: favoritePrimesReducer(environment: .test()))
    store.send(.deleteFavoritePrimes([5]))
    store.send(.deleteFavoritePrimes([1, 2, 9])) { $0.favoritePrimes = [2] }
  }

  @Test func saveWritesTheListAndSaysSo() {
    let saved = LockedValue<[[Int]]>([])
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3]),
      reducer: favoritePrimesReducer(
        environment: .test(save: { primes in
          saved.withValue { $0.append(primes) }
          return .send(.success(primes))
        })))
    store.send(.saveButtonTapped) { $0.isSaving = true }
    store.receive(.favoritePrimesSaved(.success([2, 3]))) {
      $0.isSaving = false
      $0.statusMessage = "Saved 2 favorite primes."
    }
    #expect(saved.withValue { $0 } == [[2, 3]])
  }

  @Test func aFailedSaveKeepsTheListAndExplains() {
    let error = PersistenceError.cannotWrite(
      path: "/data/favorite-primes.json", reason: "No space left on device")
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [7], statusMessage: "Loaded 1 favorite prime."),
      reducer: favoritePrimesReducer(environment: .test(save: { _ in .send(.failure(error)) })))
    store.send(.saveButtonTapped) {
      $0.isSaving = true
      $0.statusMessage = nil
    }
    store.receive(.favoritePrimesSaved(.failure(error))) {
      $0.isSaving = false
      $0.errorMessage = error.message
    }
    store.send(.errorDismissButtonTapped) { $0.errorMessage = nil }
  }

  @Test func loadReplacesTheList() {
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2]),
      reducer: favoritePrimesReducer(environment: .test(load: { .send(.success([3, 5, 7])) })))
    store.send(.loadButtonTapped) { $0.isLoading = true }
    store.receive(.favoritePrimesLoaded(.success([3, 5, 7]))) {
      $0.isLoading = false
      $0.favoritePrimes = [3, 5, 7]
      $0.statusMessage = "Loaded 3 favorite primes."
    }
  }

  @Test func loadingNothingSavedSaysSoAndKeepsTheList() {
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3]),
      reducer: favoritePrimesReducer(
        environment: .test(load: { .send(.failure(.noSavedFile(path: "/f.json"))) })))
    store.send(.loadButtonTapped) { $0.isLoading = true }
    store.receive(.favoritePrimesLoaded(.failure(.noSavedFile(path: "/f.json")))) {
      $0.isLoading = false
      $0.statusMessage = "No saved favorite primes at /f.json; your list is unchanged."
    }
  }

  @Test func aFailedLoadKeepsTheListAndExplains() {
    let error = PersistenceError.corrupt(path: "/data/favorite-primes.json", reason: "it is not valid JSON")
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3], errorMessage: "an old error"),
      reducer: favoritePrimesReducer(environment: .test(load: { .send(.failure(error)) })))
    store.send(.loadButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    store.receive(.favoritePrimesLoaded(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = error.message
    }
  }

  @Test func singularStatus() {
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2]),
      reducer: favoritePrimesReducer(environment: .test(save: { .send(.success($0)) })))
    store.send(.saveButtonTapped) { $0.isSaving = true }
    store.receive(.favoritePrimesSaved(.success([2]))) {
      $0.isSaving = false
      $0.statusMessage = "Saved 1 favorite prime."
    }
  }
}

/// The reducer with the real file environment, against real files.
@MainActor
@Suite struct FavoritePrimesFileEnvironmentTests {
  let directory: TemporaryDirectory
  init() throws { directory = try TemporaryDirectory() }

  var file: FavoritePrimesFile { FavoritePrimesFile(url: directory.file("prime-time/favorite-primes.json")) }

  @Test func saveThenLoadInANewStore() {
    let first = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5]),
      reducer: favoritePrimesReducer(environment: .file(file, queue: .immediate, mainQueue: .immediate)))
    first.send(.deleteFavoritePrimes([1])) { $0.favoritePrimes = [2, 5] }
    first.send(.saveButtonTapped) { $0.isSaving = true }
    first.receive(.favoritePrimesSaved(.success([2, 5]))) {
      $0.isSaving = false
      $0.statusMessage = "Saved 2 favorite primes."
    }

    let second = TestStore(
      initialValue: FavoritePrimesState(),
      reducer: favoritePrimesReducer(environment: .file(file, queue: .immediate, mainQueue: .immediate)))
    second.send(.loadButtonTapped) { $0.isLoading = true }
    second.receive(.favoritePrimesLoaded(.success([2, 5]))) {
      $0.isLoading = false
      $0.favoritePrimes = [2, 5]
      $0.statusMessage = "Loaded 2 favorite primes."
    }
  }

  @Test func loadingACorruptFileKeepsWhatIsInMemoryAndTheFile() throws {
    try FileManager.default.createDirectory(
      at: directory.file("prime-time"), withIntermediateDirectories: false)
    try directory.write("{not json", to: "prime-time/favorite-primes.json")
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [11, 13]),
      reducer: favoritePrimesReducer(environment: .file(file, queue: .immediate, mainQueue: .immediate)))
    let error = PersistenceError.corrupt(path: file.path, reason: "it is not valid JSON")
    store.send(.loadButtonTapped) { $0.isLoading = true }
    store.receive(.favoritePrimesLoaded(.failure(error))) {
      $0.isLoading = false
      $0.errorMessage = error.message
    }
    #expect(try directory.contents("prime-time/favorite-primes.json") == Data("{not json".utf8))
  }

  @Test func savingToABlockedLocationKeepsWhatIsInMemory() throws {
    // A regular file where the directory should be: unwritable even for root (see FavoritePrimesFileTests).
    try directory.write("in the way", to: "prime-time")
    let store = TestStore(
      initialValue: FavoritePrimesState(favoritePrimes: [17]),
      reducer: favoritePrimesReducer(environment: .file(file, queue: .immediate, mainQueue: .immediate)))
    let path = directory.file("prime-time").path
    let error = PersistenceError.cannotCreateDirectory(
      path: path, reason: "\(path) is a file, not a directory")
    store.send(.saveButtonTapped) { $0.isSaving = true }
    store.receive(.favoritePrimesSaved(.failure(error))) {
      $0.isSaving = false
      $0.errorMessage = error.message
    }
  }
}
