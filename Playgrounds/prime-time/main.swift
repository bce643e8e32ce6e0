import Effectful
import EffectfulPrimeTime
import Foundation

// The PrimeTime app: `swift run prime-time [--live] [--log] [--favorites PATH]`.
// In a terminal it draws the counter screen; with stdin from a pipe or a file it runs one command
// per line (see LineSession). Either way the main thread only runs the main queue, where the store
// lives and effects deliver: input is read on a thread of its own.

/// Writes a line to stderr, unbuffered.
@Sendable func printToStandardError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

let options: LaunchOptions
do {
  options = try LaunchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  printToStandardError("prime-time: \(error.message)")
  exit(2)
}
if options.isHelpRequested {
  print(LaunchOptions.usage)
  exit(0)
}

// The screen redraws the whole terminal: a log written to the same terminal would be painted over
// as soon as it was written, so it must go somewhere else.
if options.isLogging, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1 {
  printToStandardError(
    "prime-time: --log writes to stderr, which is this terminal, where the screen would paint over "
      + "it. Redirect it: prime-time --log 2>prime-time.log (then `tail -f prime-time.log` elsewhere).")
  exit(2)
}

let launch = Launch(options: options, processEnvironment: ProcessInfo.processInfo.environment)
launch.warnings.forEach(printToStandardError)

// The app's advice is added before logging, so the log shows the messages the user reads; the log
// shows each action with only what it changed (the whole state is 23 lines an action).
let reducer = withFavoritesAdvice(appReducer(environment: launch.environment))
let terminal = RawTerminal.enter()
// The screen starts with the favorites saved last time; a script starts from none.
let (initialState, said) = terminal == nil ? (AppState(), []) : savedFavorites(from: launch.favoritesFile)
let store = Store(
  initialValue: initialState,
  reducer: options.isLogging ? loggingChanges(reducer, printer: printToStandardError) : reducer)
// The app opens on the counter screen, pushed over the root list as if its row had been tapped:
// Esc (or `back`) goes back to the list.
store.send(.counterButtonTapped)

// A global, so the session lives until the process exits: its subscription to the store ends with it.
let session: AnyObject
if let terminal {
  let context = ScreenContext(
    environmentName: launch.environmentName, favoritesPath: launch.favoritesFile.path, messages: said)
  let screen = ScreenSession(store: store, terminal: terminal, context: context)
  screen.start()
  session = screen
} else {
  let about = [
    "environment: \(launch.environmentName)",
    "favorites file: \(launch.favoritesFile.path)",
  ]
  // A terminal echoes what is typed; a pipe does not, so the transcript shows each command itself.
  let lines = LineSession(store: store, about: about, echoesCommands: isatty(STDIN_FILENO) == 0)
  lines.start()
  session = lines
}
dispatchMain()
