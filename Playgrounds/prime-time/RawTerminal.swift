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
/// The original settings, bracketed paste off included, are restored on every way out this program controls: ``exit(_:)``, and
/// SIGINT, SIGTERM or SIGHUP (say `kill -INT`; Ctrl-C itself arrives as a key, since raw mode turns
/// off the terminal's signal keys, and the app quits on it). A crash can still leave the terminal raw (and marking pastes);
/// `reset` or `stty sane` fixes that.
final class RawTerminal {
  /// The settings to put back, as they were before raw mode.
  private let original: termios
  /// Keeps the signal handlers alive for the life of the program.
  private let signalSources: [any DispatchSourceSignal]

  private init(original: termios, signalSources: [any DispatchSourceSignal]) {
    self.original = original
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
    write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.enableBracketedPaste)
    return RawTerminal(original: original, signalSources: sources)
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

/// Ends the process; a free function because the class's own `exit(_:)` hides the C one.
private func terminateProcess(_ status: Int32) -> Never {
  exit(status)
}
