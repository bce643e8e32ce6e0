import EffectfulCounter
import Effectful
import EffectfulFavoritePrimes
import Foundation
import EffectfulPrimeTime

/// The app driven by lines of text, one command each: what runs when stdin is a pipe or a file.
///
/// ```swift
/// let session = LineSession(store: store, about: ["environment: offline"], echoesCommands: true)
/// session.start()
/// dispatchMain()   // the session exits the process at `quit` or the end of input
/// ```
///
/// Output, line by line, flushed as it is written:
/// - `> nth`, each command as it is run, when `echoesCommands` (so a transcript reads on its own);
/// - then whatever the command has to say, and a state line starting with `count: N` (also after a
///   line that is not a command: its error, then the state it left alone);
/// - alerts, errors, facts and the like on lines of their own (`alert: The 3rd prime is 5`); each
///   alert and error is dismissed once printed, as a user would after reading it;
/// - between commands, when an effect changes the state (a timer tick, an answer arriving), the
///   announcements and the state line again (always after announcements, otherwise only if it
///   changed); a `wait` ends with the state line only if what happened during it did not already.
/// - after `save` or `load`, the next command waits for the file's answer, as a person would.
///
/// `wait SECONDS` holds the next command back for that long while the main queue keeps running,
/// so effects deliver in real time. At `quit` the process exits at once with status 0; at the end
/// of input it first lets a search or a fact request in flight answer (the timer, which never
/// ends, does not hold it back).
@MainActor
final class LineSession {
  private let store: Store<AppState, AppAction>
  private let about: [String]
  private let echoesCommands: Bool
  private var subscription: StoreSubscription?
  /// The state the last announcements were computed against.
  private var lastState: AppState
  private var lastStatusLine: String?
  /// Whether the last line printed was a state line: a command's output always ends with one.
  private var endsWithStatusLine = false
  /// Announcements not printed yet: a command's are printed together when it is done.
  private var unprinted: [Announcement] = []
  /// Lines read but not run yet.
  private var queuedLines = LineQueue()
  private var isRunningCommand = false
  private var isWaiting = false
  private var isLineScheduled = false
  private var hasInputEnded = false
  /// Lines written but not yet handed to stdout: a turn's lines go out in one write (a command's
  /// echo and its state line), at the end of the turn that wrote them.
  private var unflushed = ""

  /// - Parameters:
  ///   - about: Lines `help` prints after the command list (the environment, the favorites file).
  ///   - echoesCommands: Whether to print each command before its output.
  init(store: Store<AppState, AppAction>, about: [String], echoesCommands: Bool) {
    self.store = store
    self.about = about
    self.echoesCommands = echoesCommands
    self.lastState = store.value
  }

  /// Starts observing the store and reading stdin on a thread of its own.
  ///
  /// Keep the session for as long as the process runs (main.swift holds it in a global): its
  /// subscription to the store ends when it goes away.
  func start() {
    subscription = store.subscribe { [unowned self] state in
      self.stateDidChange(state)
    }
    InputReader.start(mode: .lines) { event in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.receive(event) }
      }
    }
  }

  private func receive(_ event: InputEvent) {
    switch event {
    case .line(let line): queuedLines.push(line)
    case .keys: break
    case .end: hasInputEnded = true
    }
    scheduleNextLine()
  }

  /// Runs the next line on a later turn of the main queue. One line a turn lets what effects have
  /// already delivered (a fact computed at once, say) be reduced before the next command, as it
  /// would be between a user's taps.
  private func scheduleNextLine() {
    guard !isLineScheduled else { return }
    isLineScheduled = true
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        self.isLineScheduled = false
        self.runNextLine()
      }
    }
  }

  private func runNextLine() {
    defer { flushOutput() }
    guard !isWaiting, !isFileBusy else { return }
    if let line = queuedLines.pop() {
      run(line)
    }
    if queuedLines.isEmpty {
      exitIfDone()
    } else if !isWaiting, !isFileBusy {
      scheduleNextLine()
    }
  }

  /// Whether a save or a load is on its way: the next command waits for its answer, as a person
  /// waits for the disk, so that a transcript reads the same on a fast machine and a slow one.
  private var isFileBusy: Bool {
    store.value.favorites.isSaving || store.value.favorites.isLoading
  }

  private func run(_ line: String) {
    guard !Command.isIgnorable(line) else { return }
    if echoesCommands { write("> \(visible(line.trimmingBlanks()))") }
    let command: Command
    do {
      command = try Command(parsing: line)
    } catch {
      write(Announcement(kind: .error, text: error.message).description)
      // Like every command's output, a line that is not one ends with the state, unchanged.
      printUpdate(alwaysPrintingState: true)
      return
    }

    switch command {
    case .quit:
      flushOutput()
      exit(0)
    case .help:
      Command.referenceLines.forEach(write)
      about.map { visible($0) }.forEach(write)
      printUpdate(alwaysPrintingState: true)
    case .wait(let seconds):
      isWaiting = true
      DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
        MainActor.assumeIsolated { self.finishWaiting() }
      }
    default:
      isRunningCommand = true
      let said = store.perform(command)
      isRunningCommand = false
      unprinted += said
      printUpdate(alwaysPrintingState: true)
    }
  }

  private func finishWaiting() {
    defer { flushOutput() }
    isWaiting = false
    // What changed during the wait was printed as it happened; the state line closes the output.
    printUpdate(alwaysPrintingState: !endsWithStatusLine)
    scheduleNextLine()
  }

  private func stateDidChange(_ state: AppState) {
    defer { if !isRunningCommand { flushOutput() } }
    unprinted += Announcement.changes(from: lastState, to: state)
    lastState = state
    // Read, so dismissed: a line of output is all the alert the user will see.
    if state.counter.alertNthPrime != nil {
      store.sendToCounter(.alertNthPrime(.dismiss))
    }
    if state.counter.errorMessage != nil {
      store.sendToCounter(.errorDismissButtonTapped)
    }
    if state.favorites.errorMessage != nil {
      store.sendToFavorites(.errorDismissButtonTapped)
    }
    guard !isRunningCommand else { return }
    // Announcements are always followed by the state line, so that the state they leave is on record.
    printUpdate(alwaysPrintingState: !unprinted.isEmpty)
    if !queuedLines.isEmpty, !isFileBusy { scheduleNextLine() }
    exitIfDone()
  }

  /// Prints the pending announcements, then the state line: always after a command, and otherwise
  /// only when it changed.
  private func printUpdate(alwaysPrintingState: Bool) {
    for announcement in unprinted {
      write(announcement.description)
    }
    unprinted = []
    let line = statusLine(store.value)
    if alwaysPrintingState || line != lastStatusLine {
      write(line)
      lastStatusLine = line
      endsWithStatusLine = true
    }
  }

  /// Writes a line to stdout by the end of this turn of the main queue, so that a reader at the
  /// other end of a pipe sees it now (see ``writeToStandardOutput(_:)`` for why not `print` and
  /// `fflush`), in one system call with the turn's other lines.
  private func write(_ line: String) {
    unflushed += line
    unflushed += "\n"
    endsWithStatusLine = false
  }

  private func flushOutput() {
    guard !unflushed.isEmpty else { return }
    writeToStandardOutput(unflushed)
    unflushed = ""
  }

  /// Exits once the input has ended, every line has run, and no answer is on its way.
  private func exitIfDone() {
    guard hasInputEnded, queuedLines.isEmpty, !isWaiting else { return }
    let state = store.value
    let isAnswerPending =
      state.counter.isNthPrimeButtonDisabled || state.counter.isLoading
      || state.favorites.isSaving || state.favorites.isLoading
    guard !isAnswerPending else { return }
    flushOutput()
    exit(0)
  }
}
