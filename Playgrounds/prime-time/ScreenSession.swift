import Effectful
import EffectfulCounter
import EffectfulFavoritePrimes
import EffectfulPrimeTime
import Foundation

/// The app in a terminal: the counter screen, redrawn after every change, driven by single keys.
///
/// ```swift
/// guard let terminal = RawTerminal.enter() else { … }
/// ScreenSession(store: store, terminal: terminal, context: context).start()
/// dispatchMain()
/// ```
///
/// The keys are listed on the screen's last line (see ``KeyBindings``); `:` opens a command line
/// that takes every line-mode command, for the few without a key (`delete 2`). Quitting, by `q`,
/// Ctrl-C, Ctrl-D or the end of input, restores the terminal.
@MainActor
final class ScreenSession {
  private let store: Store<AppState, AppAction>
  private let terminal: RawTerminal
  private var context: ScreenContext
  private var subscription: StoreSubscription?
  /// Redraw when the terminal is resized, and take the terminal back when the process is continued.
  private var signalSources: [any DispatchSourceSignal] = []
  private var isDrawScheduled = false

  init(store: Store<AppState, AppAction>, terminal: RawTerminal, context: ScreenContext) {
    self.store = store
    self.terminal = terminal
    self.context = context
  }

  /// Starts observing the store and reading stdin on a thread of its own.
  ///
  /// Keep the session for as long as the process runs (main.swift holds it in a global): its
  /// subscription to the store ends when it goes away.
  func start() {
    subscription = store.subscribe { [unowned self] state in
      // The alert, the errors, the fact, the favorites' status and the activity feed are drawn
      // from the state itself; what commands said goes once what it was about has changed, for
      // good (it would not be news if the count came back).
      self.context.messages.removeAll { !($0.subject?.holds(in: state) ?? true) }
      if self.context.dismissedStatus != state.favorites.statusMessage { self.context.dismissedStatus = nil }
      self.draw()
    }
    InputReader.start(mode: .keys) { event in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self.receive(event) }
      }
    }
    // SIGWINCH: redraw at the new size. SIGCONT: after a stop this process did not ask for
    // (`kill -STOP`), the shell may have put the terminal back in cooked mode, and drawn on it.
    signalSources = [
      onSignal(SIGWINCH) { self.draw() },
      onSignal(SIGCONT) {
        self.terminal.takeBack()
        self.draw()
      },
    ]
    draw()
  }

  private func receive(_ event: InputEvent) {
    switch event {
    case .keys(let keys): keys.forEach(handle)
    case .line: break
    case .end: terminal.exit(0)
    }
    draw()
  }

  private func handle(_ key: Key) {
    if let commandLine = context.commandLine {
      edit(commandLine, with: key)
      return
    }
    if context.isShowingHelp {
      turnHelpPage(with: key)
      return
    }
    switch key {
    case .character("q"), .endOfTransmission:
      terminal.exit(0)
    case .interrupt:
      // Ctrl-C is a request to stop, as the shell's 128 + SIGINT says to whoever started us.
      terminal.exit(130)
    case .suspend:
      terminal.suspend()
    case .enter:
      dismissEverything()
    case .escape:
      // Esc dismisses what is shown over the screen (the alert, the messages) first, then the
      // screen itself: the is-prime screen, then the pushed screens, down to the root list.
      if !dismissEverything() { store.goBack() }
    case .character(":"):
      context.commandLine = CommandLineEditor()
    case .character("#"):
      context.commandLine = CommandLineEditor("count ")
    case .character("h"), .character("?"):
      context.isShowingHelp = true
      context.helpPage = 0
    case .paste(let text):
      // A paste is text, never keys: it waits on the command line for Enter.
      context.commandLine = CommandLineEditor(text)
    case .character("c") where store.value.top == nil:
      // On the first list, c is its "Counter demo" row; elsewhere it cancels.
      perform(.open(.counter))
    default:
      if let command = KeyBindings.command(for: key) {
        perform(command)
      }
    }
  }

  /// The help takes the screen until closed: Space or ↓ turns to the next page, ↑ back, and
  /// h, ?, Esc or Enter close it; `q` and Ctrl-C still quit, and other keys do nothing.
  private func turnHelpPage(with key: Key) {
    let pages = HelpPage(width: context.width, height: context.height).count
    switch key {
    case .character(" "), .down, .character("j"):
      context.helpPage = min(context.helpPage + 1, pages - 1)
    case .up, .character("k"), .character("b"):
      context.helpPage = max(min(context.helpPage, pages - 1) - 1, 0)
    case .character("h"), .character("?"), .escape, .enter:
      context.isShowingHelp = false
    case .character("q"), .endOfTransmission:
      terminal.exit(0)
    case .interrupt:
      terminal.exit(130)
    case .suspend:
      terminal.suspend()
    case .paste(let text):
      context.isShowingHelp = false
      context.commandLine = CommandLineEditor(text)
    default:
      break
    }
  }

  private func edit(_ commandLine: CommandLineEditor, with key: Key) {
    var line = commandLine
    switch key {
    case .character(let character): line.insert(String(character))
    case .paste(let text): line.insert(text)
    case .backspace: line.deleteBackward()
    case .left: line.moveLeft()
    case .right: line.moveRight()
    case .home: line.moveToStart()
    case .end: line.moveToEnd()
    case .up, .down: break
    case .endOfTransmission:
      // As in a shell: the end of input on an empty line, a delete on one being typed.
      guard !line.isEmpty else { terminal.exit(0) }
      line.deleteForward()
    case .escape:
      context.commandLine = nil
      return
    case .interrupt:
      terminal.exit(130)
    case .suspend:
      terminal.suspend()
    case .enter:
      context.commandLine = nil
      run(line.text)
      return
    }
    context.commandLine = line
  }

  private func run(_ line: String) {
    guard !Command.isIgnorable(line) else { return }
    do {
      switch try Command(parsing: line) {
      case .quit: terminal.exit(0)
      case .help:
        context.isShowingHelp = true
        context.helpPage = 0
      case .wait:
        context.messages.append(
          Announcement(kind: .info, text: "`wait` is for scripts: here, time just passes"))
      case let command: perform(command)
      }
    } catch {
      context.messages.append(Announcement(kind: .error, text: error.message))
    }
  }

  /// Runs a command, keeping what it says, and which prime a search it starts looks for: the
  /// count may move on while it runs, and the screen names the search's own n.
  private func perform(_ command: Command) {
    if command == .nthPrime, !store.value.counter.isNthPrimeButtonDisabled {
      context.searchedCount = store.value.count
    }
    context.messages += store.perform(command)
  }

  /// Dismisses the alert, the errors, the favorites' status and the messages; returns whether
  /// any of them was on screen.
  @discardableResult
  private func dismissEverything() -> Bool {
    let state = store.value
    let status = state.favorites.statusMessage.flatMap { $0 == context.dismissedStatus ? nil : $0 }
    let messages = context.messages.filter { $0.subject?.holds(in: state) ?? true }
    let wasShown =
      state.counter.alertNthPrime != nil || state.counter.errorMessage != nil
      || state.favorites.errorMessage != nil || status != nil || !messages.isEmpty
    if state.counter.alertNthPrime != nil { store.sendToCounter(.alertNthPrime(.dismiss)) }
    if state.counter.errorMessage != nil { store.sendToCounter(.errorDismissButtonTapped) }
    if state.favorites.errorMessage != nil { store.sendToFavorites(.errorDismissButtonTapped) }
    context.dismissedStatus = state.favorites.statusMessage
    context.messages = []
    return wasShown
  }

  /// Draws on the next turn of the main queue: a key that changes the state and the key's own
  /// handling ask twice, and the screen is drawn once.
  private func draw() {
    guard !isDrawScheduled else { return }
    isDrawScheduled = true
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        self.isDrawScheduled = false
        self.drawNow()
      }
    }
  }

  /// Overwrites the screen in place, line by line, erasing what is left of each line and below the
  /// last: no clearing first, so no flicker.
  private func drawNow() {
    let size = terminal.size
    context.width = size.columns
    context.height = size.rows
    let lines = renderScreen(store.value, context).split(separator: "\n", omittingEmptySubsequences: false)
    writeToStandardOutput(
      ANSI.home + lines.joined(separator: ANSI.clearToEndOfLine + "\r\n") + ANSI.clearToEndOfLine
        + ANSI.clearToEndOfScreen)
  }
}

/// Runs `handler` on the main queue each time the process gets `number`, instead of the signal's
/// default action (which for these is to do nothing, or to continue, either way).
@MainActor
private func onSignal(_ number: Int32, _ handler: @escaping @MainActor () -> Void) -> any DispatchSourceSignal
{
  signal(number, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
  source.setEventHandler { MainActor.assumeIsolated { handler() } }
  source.resume()
  return source
}
