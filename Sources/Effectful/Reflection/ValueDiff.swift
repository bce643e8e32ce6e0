/// A readable description of how `actual` differs from `expected`, or nil when their dumps are
/// identical.
///
/// ```swift
/// if let difference = diff(expectedState, store.state) {
///   reportFailure("State does not match:\n" + difference)
/// }
/// // CounterState.count: expected 2, actual 3
/// // CounterState.alertNthPrime: expected nil,
/// //   actual PrimeAlert(n: 3, prime: 5)
/// //
/// // Diff (- expected, + actual):
/// //   CounterState(
/// // -   count: 2,
/// // +   count: 3,
/// // -   alertNthPrime: nil,
/// // +   alertNthPrime: PrimeAlert(n: 3, prime: 5),
/// //     isLoading: false
/// //   )
/// ```
///
/// The text has two parts. First, one line per difference naming its path from the root type
/// (`AppState.counter.favoritePrimes[1]`), so the changed field is the first thing a reader sees:
/// - `path: expected X, actual Y` for a changed value, including a changed enum case
///   (`expected .counter(…), actual .favorites`); a changed payload of the same case is reported
///   inside it, the case name acting as a path component (`AppState.route.counter.count`);
/// - `path: expected 3 elements, actual 4 (added [3]: 13)` when an array or set grew or shrank,
///   `removed` for the other direction; dictionaries say `entries` and name keys: `(added "c": 3)`.
///   Arrays are compared after trimming their common prefix and suffix, so one insertion is
///   reported as one insertion rather than as every later element changing.
///
/// Then a `-`/`+` block of the two dumps, where only the differing lines are marked. Unchanged
/// values that would take many lines are collapsed to `TypeName(…)`, and runs of more than three
/// unchanged collection elements to `… (N unchanged)`.
///
/// Both parts stop after 20 differences (`… and N more differences`), and the work grows with
/// the size of the values times their nesting depth (plus sorting sets and dictionaries), never
/// with the square of an array's length, so a 10,000-element array neither slows a test down nor
/// fills the log.
///
/// Values that dump identically are reported as having no difference even when they are not
/// `==` (two distinct class instances with the same fields, `1 as Int` and `1 as Int8`): callers
/// decide equality with `==` and use this function only to explain a mismatch.
package func diff(_ expected: Any, _ actual: Any) -> String? {
  let expectedNode = DumpNode(reflecting: expected)
  let actualNode = DumpNode(reflecting: actual)
  guard expectedNode != actualNode, expectedNode.lines(isRoot: true) != actualNode.lines(isRoot: true) else {
    return nil
  }
  var summary = DifferenceSummary(wording: .expectedActual)
  summary.compare(expectedNode, actualNode, path: rootPath(expectedNode, actualNode, expected))
  var block = DiffBlock()
  block.appendChange(expectedNode, actualNode, head: "", tail: "", indent: "", isRoot: true)
  return (summary.lines + ["", "Diff (- expected, + actual):"] + block.lines).joined(separator: "\n")
}

/// What changed from `before` to `after`, one line per change naming its path, or an empty array
/// when their dumps are identical: the summary part of ``diff(_:_:)``, worded as a change.
///
/// ```swift
/// changes(from: before, to: after)
/// // ["AppState.counter.count: 1 → 2",
/// //  "AppState.favoritePrimes: 2 → 3 elements (added [2]: 5)"]
/// ```
///
/// The same paths, limits and costs as ``diff(_:_:)``: at most 20 lines, then
/// `… and N more changes`.
package func changes(from before: Any, to after: Any) -> [String] {
  let beforeNode = DumpNode(reflecting: before)
  let afterNode = DumpNode(reflecting: after)
  guard beforeNode != afterNode else { return [] }
  var summary = DifferenceSummary(wording: .beforeAfter)
  summary.compare(beforeNode, afterNode, path: rootPath(beforeNode, afterNode, before))
  return summary.lines
}

/// How a summary line words a difference: a test's expectation against what happened, or a value
/// before and after it changed.
private enum DiffWording {
  case expectedActual
  case beforeAfter

  /// `expected 2, actual 3`, or `2 → 3`.
  func values(_ old: String, _ new: String) -> String {
    switch self {
    case .expectedActual: "expected \(old), actual \(new)"
    case .beforeAfter: "\(old) → \(new)"
    }
  }

  /// `expected 3 elements, actual 4`, or `3 → 4 elements`.
  func counts(_ old: Int, _ new: Int, _ singular: String, _ plural: String) -> String {
    switch self {
    case .expectedActual: "expected \(counted(old, singular, plural)), actual \(new)"
    case .beforeAfter: "\(old) → \(counted(new, singular, plural))"
    }
  }

  /// The line that counts what was left out.
  func more(_ hidden: Int) -> String {
    switch self {
    case .expectedActual: "… and \(hidden) more differences"
    case .beforeAfter: "… and \(hidden) more changes"
    }
  }
}

/// The bounds that keep a diff of huge values short.
enum DiffLimits {
  /// Differences reported in each part of the diff before the rest are only counted.
  static let maxDifferences = 20
  /// Added or removed elements named in one summary line.
  static let maxListedElements = 5
  /// Lines of one changed value shown in the block.
  static let maxLinesPerValue = 40
  /// Lines an unchanged value may take in the block before it is collapsed to `TypeName(…)`.
  static let maxUnchangedLines = 12
  /// Unchanged collection elements in a row that are still shown one by one.
  static let maxUnchangedRun = 3
}

/// The root of every path: the type name of a struct, class or enum, or else the static type.
private func rootPath(_ expected: DumpNode, _ actual: DumpNode, _ value: Any) -> String {
  for node in [expected, actual] {
    switch node.kind {
    case .fields(let typeName), .cycle(let typeName), .enumCase(let typeName, _, _): return typeName
    default: continue
    }
  }
  return readableTypeName(type(of: value))
}

/// True when two nodes have the same shape, so their children can be compared one by one.
private func haveSameShape(_ expected: DumpNode, _ actual: DumpNode) -> Bool {
  switch (expected.kind, actual.kind) {
  case (.array, .array), (.set, .set), (.dictionary, .dictionary): return true
  case (.fields, .fields), (.tuple, .tuple), (.enumCase, .enumCase):
    return expected.kind == actual.kind && expected.children.map(\.label) == actual.children.map(\.label)
  default: return false
  }
}

/// `1 element`, `3 elements`.
private func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
  "\(count) \(count == 1 ? singular : plural)"
}

/// `a, b, c`, naming at most `DiffLimits.maxListedElements` items.
private func listed(_ items: [String]) -> String {
  let shown = items.prefix(DiffLimits.maxListedElements).joined(separator: ", ")
  let hidden = items.count - DiffLimits.maxListedElements
  return hidden > 0 ? "\(shown), and \(hidden) more" : shown
}

/// `removed a, b; added c`, leaving out an empty side.
private func changeList(removed: [String], added: [String]) -> String {
  [removed.isEmpty ? nil : "removed " + listed(removed), added.isEmpty ? nil : "added " + listed(added)]
    .compactMap { $0 }
    .joined(separator: "; ")
}

/// How two arrays line up: a common prefix, a middle compared position by position, and a
/// common suffix. Linear, unlike a minimal edit script, and enough to show one insertion or
/// removal as exactly that.
private struct ArrayAlignment {
  let prefix: Int
  let suffix: Int
  let expectedMiddle: Range<Int>
  let actualMiddle: Range<Int>

  init(_ expected: [DumpNode.Child], _ actual: [DumpNode.Child]) {
    let shorter = min(expected.count, actual.count)
    var prefix = 0
    while prefix < shorter, expected[prefix] == actual[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix,
      expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix]
    {
      suffix += 1
    }
    self.prefix = prefix
    self.suffix = suffix
    expectedMiddle = prefix..<(expected.count - suffix)
    actualMiddle = prefix..<(actual.count - suffix)
  }

  /// Middle positions present on both sides.
  var paired: Range<Int> { prefix..<(prefix + min(expectedMiddle.count, actualMiddle.count)) }
  /// Positions in `expected` with no counterpart in `actual`.
  var removed: Range<Int> { paired.upperBound..<expectedMiddle.upperBound }
  /// Positions in `actual` with no counterpart in `expected`.
  var added: Range<Int> { paired.upperBound..<actualMiddle.upperBound }
}

/// How two sorted lists of set elements or dictionary entries line up, matched by `key`.
private struct SortedAlignment {
  enum Step {
    case both(Int, Int)
    case removed(Int)
    case added(Int)
  }
  var steps: [Step] = []

  init(_ expected: [DumpNode.Child], _ actual: [DumpNode.Child], key: (DumpNode.Child) -> String) {
    let expectedKeys = expected.map(key)
    let actualKeys = actual.map(key)
    var (i, j) = (0, 0)
    while i < expectedKeys.count || j < actualKeys.count {
      if j == actualKeys.count || (i < expectedKeys.count && expectedKeys[i] < actualKeys[j]) {
        steps.append(.removed(i))
        i += 1
      } else if i == expectedKeys.count || actualKeys[j] < expectedKeys[i] {
        steps.append(.added(j))
        j += 1
      } else {
        steps.append(.both(i, j))
        i += 1
        j += 1
      }
    }
  }
}

// MARK: - Summary lines

/// The first part of a diff: one line per difference, naming its path.
private struct DifferenceSummary {
  private let wording: DiffWording
  private var reported: [String] = []
  private var total = 0

  init(wording: DiffWording) {
    self.wording = wording
  }

  var lines: [String] {
    let hidden = total - reported.count
    return hidden > 0 ? reported + [wording.more(hidden)] : reported
  }

  /// Counts a difference, and builds its line, in this summary's wording, only while there is room
  /// to show it.
  private mutating func record(_ line: (DiffWording) -> String) {
    total += 1
    if reported.count < DiffLimits.maxDifferences { reported.append(line(wording)) }
  }

  mutating func compare(_ expected: DumpNode, _ actual: DumpNode, path: String) {
    guard haveSameShape(expected, actual) else {
      if expected != actual {
        record { "\(path): " + $0.values(expected.abbreviated(), actual.abbreviated()) }
      }
      return
    }
    switch expected.kind {
    case .array: compareArrays(expected.children, actual.children, path: path)
    case .set: compareSets(expected.children, actual.children, path: path)
    case .dictionary: compareDictionaries(expected.children, actual.children, path: path)
    case .enumCase(_, let caseName, _) where expected.isSingleValueEnumCase:
      compare(expected.children[0].node, actual.children[0].node, path: "\(path).\(caseName)")
    default:
      var prefix = path
      if case .enumCase(_, let caseName, _) = expected.kind { prefix += "." + caseName }
      for (index, (expectedChild, actualChild)) in zip(expected.children, actual.children).enumerated() {
        compare(expectedChild.node, actualChild.node, path: "\(prefix).\(expectedChild.label ?? "\(index)")")
      }
    }
  }

  private mutating func compareArrays(
    _ expected: [DumpNode.Child], _ actual: [DumpNode.Child], path: String
  ) {
    let alignment = ArrayAlignment(expected, actual)
    if expected.count != actual.count {
      let change =
        alignment.added.isEmpty
        ? "removed " + listed(alignment.removed.map { "[\($0)]: \(expected[$0].node.abbreviated())" })
        : "added " + listed(alignment.added.map { "[\($0)]: \(actual[$0].node.abbreviated())" })
      record { "\(path): \($0.counts(expected.count, actual.count, "element", "elements")) (\(change))" }
    }
    for index in alignment.paired {
      compare(expected[index].node, actual[index].node, path: "\(path)[\(index)]")
    }
  }

  private mutating func compareSets(_ expected: [DumpNode.Child], _ actual: [DumpNode.Child], path: String) {
    let alignment = SortedAlignment(expected, actual) { $0.node.oneLine() }
    var removed: [String] = []
    var added: [String] = []
    for step in alignment.steps {
      switch step {
      case .both: continue
      case .removed(let index): removed.append(expected[index].node.abbreviated())
      case .added(let index): added.append(actual[index].node.abbreviated())
      }
    }
    guard !removed.isEmpty || !added.isEmpty else { return }
    record {
      "\(path): \($0.counts(expected.count, actual.count, "element", "elements")) "
        + "(\(changeList(removed: removed, added: added)))"
    }
  }

  private mutating func compareDictionaries(
    _ expected: [DumpNode.Child], _ actual: [DumpNode.Child], path: String
  ) {
    let alignment = SortedAlignment(expected, actual) { $0.label ?? "" }
    var removed: [String] = []
    var added: [String] = []
    var paired: [(DumpNode.Child, DumpNode.Child)] = []
    for step in alignment.steps {
      switch step {
      case .both(let i, let j): paired.append((expected[i], actual[j]))
      case .removed(let i): removed.append("\(expected[i].label ?? ""): \(expected[i].node.abbreviated())")
      case .added(let j): added.append("\(actual[j].label ?? ""): \(actual[j].node.abbreviated())")
      }
    }
    if !removed.isEmpty || !added.isEmpty {
      record {
        "\(path): \($0.counts(expected.count, actual.count, "entry", "entries")) "
          + "(\(changeList(removed: removed, added: added)))"
      }
    }
    for (expectedEntry, actualEntry) in paired {
      compare(expectedEntry.node, actualEntry.node, path: "\(path)[\(expectedEntry.label ?? "")]")
    }
  }

}

// MARK: - The -/+ block

/// The second part of a diff: both dumps in one, differing lines marked `-` (expected) and `+`
/// (actual).
private struct DiffBlock {
  /// One child slot of a composite value, on one side or both.
  private enum Entry {
    case both(head: String, expected: DumpNode, actual: DumpNode)
    case removed(head: String, DumpNode)
    case added(head: String, DumpNode)

    var isUnchanged: Bool {
      if case .both(_, let expected, let actual) = self { return expected == actual }
      return false
    }
  }

  private(set) var lines: [String] = []
  private var budget = DiffLimits.maxDifferences

  private mutating func emit(_ marker: String, _ text: String) {
    lines.append(marker + " " + text)
  }

  mutating func appendChange(
    _ expected: DumpNode, _ actual: DumpNode, head: String, tail: String, indent: String, isRoot: Bool
  ) {
    if expected == actual {
      appendUnchanged(expected, head: head, tail: tail, indent: indent, isRoot: isRoot)
      return
    }
    let isExpandedRoot: Bool
    if isRoot, case .fields = expected.kind { isExpandedRoot = true } else { isExpandedRoot = false }
    // Short values read best as a whole line each; only longer ones are opened up.
    guard haveSameShape(expected, actual), isExpandedRoot || !(expected.fitsOnOneLine && actual.fitsOnOneLine)
    else {
      appendReplacement(expected, actual, head: head, tail: tail, indent: indent, isRoot: isRoot)
      return
    }
    let (open, close) = expected.brackets(isRoot: isRoot)
    if expected.isSingleValueEnumCase {
      appendChange(
        expected.children[0].node, actual.children[0].node,
        head: head + open, tail: close + tail, indent: indent, isRoot: false)
      return
    }
    emit(" ", indent + head + open)
    let entries: [Entry]
    switch expected.kind {
    case .array: entries = arrayEntries(expected.children, actual.children)
    case .set, .dictionary:
      let byLabel: Bool
      if case .dictionary = expected.kind { byLabel = true } else { byLabel = false }
      entries = sortedEntries(expected, actual, byLabel: byLabel)
    default:
      entries = zip(expected.children, actual.children).enumerated().map { index, pair in
        .both(head: expected.childPrefix(pair.0, at: index), expected: pair.0.node, actual: pair.1.node)
      }
    }
    let isCollection: Bool
    switch expected.kind {
    case .array, .set, .dictionary: isCollection = true
    default: isCollection = false
    }
    appendEntries(entries, indent: indent + "  ", collapsesRuns: isCollection)
    emit(" ", indent + close + tail)
  }

  private func arrayEntries(_ expected: [DumpNode.Child], _ actual: [DumpNode.Child]) -> [Entry] {
    let alignment = ArrayAlignment(expected, actual)
    var entries: [Entry] = []
    for index in 0..<alignment.paired.upperBound {
      entries.append(.both(head: "[\(index)]: ", expected: expected[index].node, actual: actual[index].node))
    }
    for index in alignment.removed { entries.append(.removed(head: "[\(index)]: ", expected[index].node)) }
    for index in alignment.added { entries.append(.added(head: "[\(index)]: ", actual[index].node)) }
    for offset in 0..<alignment.suffix {
      let expectedIndex = alignment.expectedMiddle.upperBound + offset
      let actualIndex = alignment.actualMiddle.upperBound + offset
      entries.append(
        .both(
          head: "[\(actualIndex)]: ", expected: expected[expectedIndex].node, actual: actual[actualIndex].node
        ))
    }
    return entries
  }

  private func sortedEntries(_ expected: DumpNode, _ actual: DumpNode, byLabel: Bool) -> [Entry] {
    let alignment = SortedAlignment(expected.children, actual.children) {
      byLabel ? $0.label ?? "" : $0.node.oneLine()
    }
    return alignment.steps.map { step in
      switch step {
      case .both(let i, let j):
        let child = expected.children[i]
        return .both(
          head: expected.childPrefix(child, at: i), expected: child.node, actual: actual.children[j].node)
      case .removed(let i):
        return .removed(head: expected.childPrefix(expected.children[i], at: i), expected.children[i].node)
      case .added(let j):
        return .added(head: actual.childPrefix(actual.children[j], at: j), actual.children[j].node)
      }
    }
  }

  private mutating func appendEntries(_ entries: [Entry], indent: String, collapsesRuns: Bool) {
    var index = 0
    while index < entries.count {
      if collapsesRuns, entries[index].isUnchanged {
        var end = index
        while end < entries.count, entries[end].isUnchanged { end += 1 }
        if end - index > DiffLimits.maxUnchangedRun {
          emit(" ", indent + "… (\(end - index) unchanged)" + (end == entries.count ? "" : ","))
          index = end
          continue
        }
      }
      let tail = index == entries.count - 1 ? "" : ","
      switch entries[index] {
      case .both(let head, let expected, let actual) where expected == actual:
        appendUnchanged(expected, head: head, tail: tail, indent: indent, isRoot: false)
      case _ where budget <= 0:
        emit(" ", indent + "… (\(entries.count - index) more not shown)")
        return
      case .both(let head, let expected, let actual):
        appendChange(expected, actual, head: head, tail: tail, indent: indent, isRoot: false)
      case .removed(let head, let node):
        budget -= 1
        appendLines(of: node, marker: "-", head: head, tail: tail, indent: indent, isRoot: false)
      case .added(let head, let node):
        budget -= 1
        appendLines(of: node, marker: "+", head: head, tail: tail, indent: indent, isRoot: false)
      }
      index += 1
    }
  }

  private mutating func appendReplacement(
    _ expected: DumpNode, _ actual: DumpNode, head: String, tail: String, indent: String, isRoot: Bool
  ) {
    budget -= 1
    appendLines(of: expected, marker: "-", head: head, tail: tail, indent: indent, isRoot: isRoot)
    appendLines(of: actual, marker: "+", head: head, tail: tail, indent: indent, isRoot: isRoot)
  }

  private mutating func appendLines(
    of node: DumpNode, marker: String, head: String, tail: String, indent: String, isRoot: Bool
  ) {
    var nodeLines: [String] = []
    node.appendLines(to: &nodeLines, head: head, tail: tail, indent: indent, isRoot: isRoot)
    for line in nodeLines.prefix(DiffLimits.maxLinesPerValue) { emit(marker, line) }
    if nodeLines.count > DiffLimits.maxLinesPerValue {
      emit(marker, indent + "  … (\(nodeLines.count - DiffLimits.maxLinesPerValue) more lines)")
    }
  }

  /// An unchanged value: in full when short, as `TypeName(…)` when it would take many lines.
  private mutating func appendUnchanged(
    _ node: DumpNode, head: String, tail: String, indent: String, isRoot: Bool
  ) {
    // Counting nodes first bounds the cost of rendering a value only to find it too long.
    if node.fitsOnOneLine || node.nodeCount(upTo: 200) < 200 {
      var nodeLines: [String] = []
      node.appendLines(to: &nodeLines, head: head, tail: tail, indent: indent, isRoot: isRoot)
      if nodeLines.count <= DiffLimits.maxUnchangedLines {
        for line in nodeLines { emit(" ", line) }
        return
      }
    }
    let (open, close) = node.brackets(isRoot: isRoot)
    emit(" ", indent + head + open + "…" + close + tail)
  }
}

extension DumpNode {
  /// The number of nodes in this tree, counting no further than `limit`.
  func nodeCount(upTo limit: Int) -> Int {
    var count = 1
    for child in children where count < limit {
      count += child.node.nodeCount(upTo: limit - count)
    }
    return min(count, limit)
  }
}
