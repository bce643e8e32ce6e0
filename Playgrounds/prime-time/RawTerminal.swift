import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The terminal switched to raw mode for the interactive screen: keys arrive one at a time, unechoed,
/// the screen is drawn on the alternate buffer so the user's scrollback comes back untouched, and
/// bracketed paste is on, so that pasted text arrives marked as a paste (see ``KeyDecoder``).
///
/// ```swift
/// guard let terminal = RawTerminal.enter() else { /* stdin is not a terminal: read lines */ }
/// // … draw, read keys …
/// terminal.exit(0)   // restores the terminal, then exits
/// ```
///
/// The original settings, bracketed paste off included, are restored on every way out this program
/// controls: ``exit(_:)``, and SIGINT, SIGTERM or SIGHUP (say `kill -INT`; Ctrl-C itself arrives as
/// a key, since raw mode turns off the terminal's signal keys, and the app quits on it). A crash
/// can still leave the terminal raw (and marking pastes); `reset` or `stty sane` fixes that.
///
/// Ctrl-Z, a key in raw mode too, is the app's to pass on: ``suspend()`` gives the terminal back to
/// the shell before the process stops, and takes it again when `fg` continues it.
final class RawTerminal {
  /// The settings to put back, as they were before raw mode.
  private let original: termios
  /// Raw mode, to take the terminal again after a stop.
  private let raw: termios
  /// Keeps the signal handlers alive for the life of the program.
  private let signalSources: [any DispatchSourceSignal]

  private init(original: termios, raw: termios, signalSources: [any DispatchSourceSignal]) {
    self.original = original
    self.raw = raw
    self.signalSources = signalSources
  }

  /// Switches stdin to raw mode and stdout to the alternate screen, or returns nil when either is not
  /// a terminal or the settings cannot be read.
  static func enter() -> RawTerminal? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }

    var raw = original
    // No echo, no line editing, no signal keys (Ctrl-C is read as a key and quits cleanly), no
    // flow-control keys, and CR not turned into NL. Output processing stays on, so "\n" still
    // starts a new line at its left edge.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }

    let sources = [SIGINT, SIGTERM, SIGHUP].map { number in
      // The signal is ignored as a signal and handled as an event instead, on a queue of its own,
      // so the handler may do what a C signal handler may not (write, flush, exit).
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        restore(original)
        terminateProcess(128 + number)
      }
      source.resume()
      return source
    }
    write(Self.screenOn)
    return RawTerminal(original: original, raw: raw, signalSources: sources)
  }

  private static let screenOn = ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.enableBracketedPaste

  /// Stops the process as the terminal's own Ctrl-Z would, the terminal restored meanwhile; returns
  /// once the process is continued (`fg`), raw mode and the alternate screen back on. The caller
  /// draws the whole screen again: the alternate screen comes back blank.
  func suspend() {
    Self.restore(original)
    stopAsAJob()
    var settings = raw
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    write(Self.screenOn)
  }

  /// Raw mode again, for a process continued after a stop it did not ask for, when the shell may
  /// have restored the settings it keeps; the alternate screen was never left.
  func takeBack() {
    var settings = raw
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  /// Puts the terminal back as it was and ends the program with `status`.
  func exit(_ status: Int32) -> Never {
    Self.restore(original)
    terminateProcess(status)
  }

  /// The terminal's width and height in characters, or 80 × 24 when it does not say.
  var size: (columns: Int, rows: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return (80, 24)
    }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  private static func restore(_ original: termios) {
    write(ANSI.disableBracketedPaste + ANSI.showCursor + ANSI.leaveAlternateScreen)
    var settings = original
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  /// Writes straight to the file descriptor, past stdio's buffer, so that nothing is left unwritten
  /// when the process exits from a signal handler.
  private static func write(_ text: String) {
    writeToStandardOutput(text)
  }

  private func write(_ text: String) { Self.write(text) }
}

/// Stops this process as the terminal's own Ctrl-Z stops a job: `swift run` too, when it waits on
/// this process in the same process group.
///
/// The signal is sent to this thread, not to the process: dispatch runs the main queue on a worker
/// thread while the parked main thread takes the process's signals, so a `kill(0, SIGTSTP)` stopped
/// the process a moment later, after this thread had already put raw mode back.
private func stopAsAJob() {
  let parent = getppid()
  if getpgid(parent) == getpgrp() { kill(parent, SIGTSTP) }
  var stop = sigset_t()
  sigemptyset(&stop)
  sigaddset(&stop, SIGTSTP)
  var previous = sigset_t()
  pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
  pthread_kill(pthread_self(), SIGTSTP)  // returns once the process is continued
  pthread_sigmask(SIG_SETMASK, &previous, nil)
}

/// Ends the process; a free function because the class's own `exit(_:)` hides the C one.
private func terminateProcess(_ status: Int32) -> Never {
  exit(status)
}
