extension CaseName {
  /// Whether `--filter` selects this case: its name contains the text, or, for a text ending in `$`,
  /// ends with the rest (to pick `pullback.depth20.withEffect` alone, without its `.keyPaths` variant).
  func matches(filter: String) -> Bool {
    // Alternatives, so that a target's two cases run in one interleaved run: `--filter 'a,b'`.
    if filter.contains(",") {
      return filter.split(separator: ",").contains { matches(filter: String($0)) }
    }
    guard filter.hasSuffix("$") else { return rawValue.contains(filter) }
    return rawValue.hasSuffix(filter.dropLast())
  }
}

/// The command line: `Benchmarks [--quick] [--json PATH] [--filter TEXT]`.
struct Options {
  var quick = false
  var jsonPath: String?
  /// Only cases whose name contains this text (for profiling one case).
  var filter: String?
  /// Only this contender (for profiling it alone).
  var only: Contender?
  /// A fixed iteration count (one round, no calibration), for instruction counts under callgrind.
  var iterations: Int?
  /// Set in a child process that tries one naive chain depth (see ``NaiveChainProbe``).
  var naiveChainProbeDepth: Int?
  var showHelp = false

  static let usage = """
    usage: swift run -c release Benchmarks [--quick] [--json PATH] [--filter TEXT] [--only NAME]
      --quick        run every case briefly (CI); the numbers are rough
      --json PATH    also write the results as JSON to PATH
      --filter TEXT  run only the cases whose name contains TEXT (ending in $: ends with it;
                     several, comma-separated: any of them)
      --only NAME    run only one contender: bare, naive or effectful (for profiling)
      --iterations N one warm-up and one round of N iterations each, uncalibrated (for callgrind)
    """

  /// What went wrong on the command line, in words.
  enum ParseError: Error, CustomStringConvertible {
    case unknownArgument(String)
    case missingValue(option: String)
    case invalidDepth(String)
    case invalidIterations(String)
    case unknownContender(String)

    var description: String {
      switch self {
      case .unknownArgument(let argument): "unknown argument \(argument)\n\(Options.usage)"
      case .missingValue(let option): "\(option) needs a value\n\(Options.usage)"
      case .invalidDepth(let text): "\(NaiveChainProbe.flag) needs a positive depth, not \(text)"
      case .invalidIterations(let text): "--iterations needs a positive count, not \(text)"
      case .unknownContender(let name): "--only takes bare, naive or effectful, not \(name)"
      }
    }
  }

  static func parse(_ arguments: [String]) throws(ParseError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    func value(for option: String) throws(ParseError) -> String {
      guard let value = remaining.popFirst() else { throw .missingValue(option: option) }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": options.quick = true
      case "--json": options.jsonPath = try value(for: argument)
      case "--filter": options.filter = try value(for: argument)
      case "--only":
        let name = try value(for: argument)
        guard let contender = Contender(rawValue: name) else { throw .unknownContender(name) }
        options.only = contender
      case "--iterations":
        let text = try value(for: argument)
        guard let count = Int(text), count > 0 else { throw .invalidIterations(text) }
        options.iterations = count
      case "--help", "-h": options.showHelp = true
      case NaiveChainProbe.flag:
        let text = try value(for: argument)
        guard let depth = Int(text), depth > 0 else { throw .invalidDepth(text) }
        options.naiveChainProbeDepth = depth
      default: throw .unknownArgument(argument)
      }
    }
    return options
  }
}
