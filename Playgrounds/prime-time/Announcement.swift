import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime

/// Something the user should be told once, as it happens: an nth-prime alert, an error, a fact that
/// arrived, the outcome of a save or load, an entry in the activity feed.
///
/// ```swift
/// for announcement in Announcement.changes(from: before, to: after) {
///   print(announcement)   // "alert: The 3rd prime is 5"
/// }
/// ```
///
/// Line mode prints each on its own line as `kind: text`; the screen shows them in place.
struct Announcement: Equatable, Sendable, CustomStringConvertible {
  enum Kind: String, Sendable {
    case alert, error, fact, info, activity
  }

  /// What a message is about: once that changes in the state, the message is no longer true and
  /// the screen stops showing it ("8 is not prime" after counting on to 9).
  enum Subject: Equatable, Sendable {
    case count(Int)
    case favorites([Int])

    /// Whether `state` is still what the message was said about.
    func holds(in state: AppState) -> Bool {
      switch self {
      case .count(let count): return state.count == count
      case .favorites(let favorites): return state.favoritePrimes == favorites
      }
    }
  }

  var kind: Kind
  var text: String
  /// What the message is about, when it is about the count or the list; nil for news that stays
  /// true (a command that could not be read, say).
  var subject: Subject? = nil

  /// `kind: text`, the text made ``visible(_:limit:)``: every announcement carries text from outside
  /// (a fact, a server's error, a path, what the user typed).
  var description: String { "\(kind.rawValue): \(visible(text))" }

  /// What changed between two consecutive states that deserves a line of its own.
  ///
  /// Compared action by action, so that an answer is announced even when it repeats the previous
  /// one (the same fact twice, a second save): a message that is set again after being cleared, or
  /// a loading flag that goes back to false, counts as new.
  static func changes(from old: AppState, to new: AppState) -> [Announcement] {
    var announcements: [Announcement] = []
    if let alert = new.counter.alertNthPrime, alert != old.counter.alertNthPrime {
      announcements.append(Announcement(kind: .alert, text: alert.title.string))
    }
    if let message = new.counter.errorMessage,
      message != old.counter.errorMessage || finishedWork(old.counter, new.counter)
    {
      // Both requests can fail the same way (no network): say which one it was.
      let request =
        old.counter.isLoading && !new.counter.isLoading
        ? "the fact request failed: "
        : old.counter.isNthPrimeButtonDisabled && !new.counter.isNthPrimeButtonDisabled
          ? "the nth-prime request failed: " : ""
      announcements.append(Announcement(kind: .error, text: request + message))
    }
    if old.counter.isLoading, !new.counter.isLoading, new.counter.errorMessage == nil,
      let fact = new.counter.fact
    {
      announcements.append(Announcement(kind: .fact, text: fact))
    }
    let favoritesDone =
      (old.favorites.isSaving && !new.favorites.isSaving)
      || (old.favorites.isLoading && !new.favorites.isLoading)
    if let message = new.favorites.errorMessage, message != old.favorites.errorMessage || favoritesDone {
      announcements.append(Announcement(kind: .error, text: message))
    }
    if let status = new.favorites.statusMessage, status != old.favorites.statusMessage || favoritesDone {
      announcements.append(Announcement(kind: .info, text: status))
    }
    if new.activityFeed.count > old.activityFeed.count {
      announcements += new.activityFeed.dropFirst(old.activityFeed.count).map {
        Announcement(kind: .activity, text: $0.description)
      }
    }
    return announcements
  }

  /// Whether a search or a fact request ended between the two states.
  private static func finishedWork(_ old: CounterState, _ new: CounterState) -> Bool {
    (old.isLoading && !new.isLoading) || (old.isNthPrimeButtonDisabled && !new.isNthPrimeButtonDisabled)
  }
}
