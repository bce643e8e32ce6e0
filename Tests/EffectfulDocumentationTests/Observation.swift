import Effectful
import Observation
import Testing

// The code of Articles/Observation.md (check-docs compares the article's blocks with it).

struct ProfileDetail: Equatable {
  var title = "Detail"
  var isStarred = false
}

struct Profile: Equatable {
  var count = 0
  var title = "Profile"
  var detail = ProfileDetail()
}

enum ProfileDetailAction: Sendable { case starred }

enum ProfileAction: Sendable {
  case incrementButtonTapped
  case titleChanged(String)
  case detail(ProfileDetailAction)
}

let profileReducer: Reducer<Profile, ProfileAction> = { profile, action in
  switch action {
  case .incrementButtonTapped: profile.count += 1
  case .titleChanged(let title): profile.title = title
  case .detail(.starred): profile.detail.isStarred = true
  }
  return []
}

@MainActor
@Suite("Article: Observation")
struct ObservationArticle {
  @Test func aFieldIsTrackedAlone() {
    let store = Store(initialValue: Profile(), reducer: profileReducer)
    withObservationTracking {
      print("count: \(store.count)")
    } onChange: {
      print("the count changed")
    }
    store.send(.titleChanged("Primes"))  // nothing printed
    store.send(.incrementButtonTapped)  // the count changed
    #expect(store.count == 1)
  }

  @Test func aNestedPathThroughTheKeyPathSubscript() {
    let store = Store(initialValue: Profile(), reducer: profileReducer)
    withObservationTracking {
      print("title: \(store[\.detail.title])")
    } onChange: {
      print("the title changed")
    }
    store.send(.detail(.starred))  // nothing printed
    #expect(store[\.detail.isStarred])
  }

  @Test func aNestedFieldThroughAStoreForTheDetail() {
    let store = Store(initialValue: Profile(), reducer: profileReducer)
    let detailStore = store.scope(
      state: \.detail, action: ProfileAction.detail)
    withObservationTracking {
      print("title: \(detailStore.title)")
    } onChange: {
      print("the title changed")
    }
    store.send(.detail(.starred))  // nothing printed
    #expect(detailStore.isStarred)
  }
}
