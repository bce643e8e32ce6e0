// Checks that the documentation stays complete and true; `Scripts/build-docs` compiles and runs it.
//
//   check-docs curation SYMBOL_GRAPH_DIR ARCHIVE MODULE
//     Every public symbol of MODULE (from the compiler's symbol graph) has a page in ARCHIVE and sits
//     under a topic that somebody wrote: a `## Topics` group of the landing page, an article or a
//     symbol's extension file. DocC files an uncurated symbol under a generated group ("Instance
//     Methods"); that is what this check refuses, so a new public symbol cannot ship unplaced.
//
//   check-docs articles CODE_DIR CATALOG...
//     Every ```swift block of every article in the catalogs appears, line for line (indentation
//     aside), in a Swift file under CODE_DIR, the test target that compiles and runs the articles'
//     code. An article cannot show code that does not build. Lines of every code block (```swift,
//     ```console, ```text) fit the page: at most `maximumCodeWidth` characters.
//
//   check-docs concatenate ARTICLE
//     Prints the article's ```swift blocks one after the other, for an article whose blocks are one
//     file (Getting started): `Scripts/build-docs` compiles what it prints.
//
//   check-docs doc-comments SOURCE_DIR...
//     Code lines inside the `///` comments of the Swift files under each directory fit
//     `maximumCodeWidth` characters, as an article's do: a symbol's page shows no more without
//     scrolling.
//
// Toolchain only: Foundation's JSONSerialization, no package.
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("check-docs: \(message)\n".utf8))
  exit(1)
}

func json(at url: URL) -> [String: Any] {
  guard let data = try? Data(contentsOf: url),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else { fail("cannot read JSON at \(url.path)") }
  return object
}

func files(under directory: URL, withExtension ext: String) -> [URL] {
  guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
  else { return [] }
  return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
}

// MARK: curation

/// A public symbol the compiler declared in the module itself (not a protocol's default
/// implementation, which DocC lists on its own and which the module never wrote).
struct PublicSymbol {
  var preciseIdentifier: String
  var path: String
}

func publicSymbols(module: String, in directory: URL) -> [PublicSymbol] {
  let graphs = files(under: directory, withExtension: "json").filter {
    let name = $0.lastPathComponent
    return name == "\(module).symbols.json" || name.hasPrefix("\(module)@")
  }
  if graphs.isEmpty { fail("no symbol graph for \(module) in \(directory.path)") }
  var symbols: [PublicSymbol] = []
  for graph in graphs {
    for case let symbol as [String: Any] in json(at: graph)["symbols"] as? [Any] ?? [] {
      guard let access = symbol["accessLevel"] as? String, access == "public" || access == "open",
        let identifier = symbol["identifier"] as? [String: Any],
        let precise = identifier["precise"] as? String, !precise.contains("::SYNTHESIZED::"),
        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
        kind != "swift.extension"
      else { continue }
      let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: "/")
      symbols.append(PublicSymbol(preciseIdentifier: precise, path: path))
    }
  }
  return symbols
}

func checkCuration(symbolGraphs: URL, archive: URL, module: String) {
  let symbols = publicSymbols(module: module, in: symbolGraphs)
  var pageForSymbol: [String: String] = [:]  // precise identifier -> page identifier
  var curated: Set<String> = []
  let pages = archive.appendingPathComponent("data/documentation")
  for page in files(under: pages, withExtension: "json") {
    let node = json(at: page)
    guard let url = (node["identifier"] as? [String: Any])?["url"] as? String else { continue }
    if let external = (node["metadata"] as? [String: Any])?["externalID"] as? String {
      pageForSymbol[external] = url
    }
    for case let section as [String: Any] in node["topicSections"] as? [Any] ?? [] {
      if section["generated"] as? Bool == true { continue }
      for case let identifier as String in section["identifiers"] as? [Any] ?? [] {
        curated.insert(identifier)
      }
    }
  }
  var problems: [String] = []
  for symbol in symbols {
    guard let page = pageForSymbol[symbol.preciseIdentifier] else {
      problems.append("\(symbol.path): public, but DocC made no page for it")
      continue
    }
    if !curated.contains(page) { problems.append("\(symbol.path): under no topic (\(page))") }
  }
  if !problems.isEmpty {
    fail(
      """
      \(problems.count) public symbol(s) of \(module) are not curated. Add each to a `## Topics` group \
      (the landing page \(module).md, or the extension file of its type, e.g. Effect.md):
        \(problems.sorted().joined(separator: "\n  "))
      """)
  }
  print("check-docs: all \(symbols.count) public symbols of \(module) are curated")
}

// MARK: articles

struct CodeBlock {
  var file: URL
  var line: Int
  /// What follows the opening fence: `swift`, `console`, `text`, or nothing.
  var language: String
  var lines: [String]
}

/// Every fenced block of an article, whatever its language.
func codeBlocks(in file: URL) -> [CodeBlock] {
  guard let text = try? String(contentsOf: file, encoding: .utf8) else { fail("cannot read \(file.path)") }
  var blocks: [CodeBlock] = []
  var current: CodeBlock?
  for (index, line) in text.components(separatedBy: "\n").enumerated() {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if var block = current {
      if trimmed == "```" {
        blocks.append(block)
        current = nil
      } else {
        block.lines.append(line)
        current = block
      }
    } else if trimmed.hasPrefix("```") {
      current = CodeBlock(file: file, line: index + 1, language: String(trimmed.dropFirst(3)), lines: [])
    }
  }
  return blocks
}

func swiftBlocks(in file: URL) -> [CodeBlock] {
  codeBlocks(in: file).filter { $0.language == "swift" }
}

/// Lines without their common indentation, trailing spaces and the blank lines around them.
func normalized<S: Collection>(_ lines: S) -> [String] where S.Element == String {
  var result = lines.map { line -> String in
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
  while result.first?.isEmpty == true { result.removeFirst() }
  while result.last?.isEmpty == true { result.removeLast() }
  let indent = result.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
  return result.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
}

/// How many characters of a code line a DocC page shows without scrolling sideways.
///
/// Measured by `Scripts/check-doc-widths`: in a 1280-px-wide window, with the navigator open
/// beside the page and a classic scroll bar (Linux, Windows, or a Mac with a mouse), a code block
/// is 703 px wide, 675 px inside its padding, and a character of its 15-px monospaced font is
/// 9.03 px (Menlo, or DejaVu Sans Mono on Linux; SF Mono is about 0.6 em too): 74 characters fit,
/// 75 need 677 px and scroll. The former 76 fitted only where the scroll bar overlays the page (a
/// Mac with a trackpad).
/// Tests/EffectfulDocumentationTests/.swift-format wraps code at the same width.
let maximumCodeWidth = 74

func checkArticles(code: URL, catalogs: [URL]) {
  let sources = files(under: code, withExtension: "swift").map { file -> [String] in
    guard let text = try? String(contentsOf: file, encoding: .utf8) else { fail("cannot read \(file.path)") }
    return text.components(separatedBy: "\n")
  }
  if sources.isEmpty { fail("no Swift files under \(code.path)") }
  var count = 0
  var problems: [String] = []
  for catalog in catalogs {
    for article in files(under: catalog, withExtension: "md") {
      for block in codeBlocks(in: article) {
        for (offset, line) in block.lines.enumerated() where line.count > maximumCodeWidth {
          problems.append(
            "\(article.path):\(block.line + 1 + offset): \(line.count) characters wide; DocC shows "
              + "\(maximumCodeWidth) without scrolling (Tests/EffectfulDocumentationTests/.swift-format "
              + "wraps code at that width)")
        }
        guard block.language == "swift" else { continue }
        count += 1
        let wanted = normalized(block.lines)
        if wanted.isEmpty { continue }
        let found = sources.contains { lines in
          guard lines.count >= wanted.count else { return false }
          for start in 0...(lines.count - wanted.count) {
            // Cheap test first: the first line, indentation aside.
            guard
              lines[start].trimmingCharacters(in: .whitespaces)
                == wanted[0].trimmingCharacters(in: .whitespaces)
            else { continue }
            if normalized(lines[start..<(start + wanted.count)]) == wanted { return true }
          }
          return false
        }
        if !found {
          problems.append("\(article.path):\(block.line): `\(wanted[0])`…")
        }
      }
    }
  }
  if !problems.isEmpty {
    fail(
      """
      \(problems.count) problem(s) with the Swift blocks of the articles. Each block must be found, \
      line for line, in the compiled code under \(code.path): change the code there first (it builds and runs with `swift test`), then copy the lines into the \
      article, or mark a block that is not Swift as ```console / ```text:
        \(problems.joined(separator: "\n  "))
      """)
  }
  print("check-docs: all \(count) Swift blocks in the articles are compiled under \(code.lastPathComponent)")
}

// MARK: one file

/// The Swift blocks of one article, one after the other: an article that says its blocks are one
/// file (Getting started) is compiled from this by `Scripts/build-docs`.
func concatenate(article: URL) {
  let blocks = swiftBlocks(in: article)
  if blocks.isEmpty { fail("no Swift blocks in \(article.path)") }
  for block in blocks {
    print("// \(article.lastPathComponent):\(block.line)")
    print(block.lines.joined(separator: "\n"))
  }
}

// MARK: doc comments

/// Code lines inside `///` comments fit a symbol's page as they fit an article's.
func checkDocComments(sources: [URL]) {
  var problems: [String] = []
  var count = 0
  for directory in sources {
    for file in files(under: directory, withExtension: "swift") {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { fail("cannot read \(file.path)") }
      var inCode = false
      for (index, line) in text.components(separatedBy: "\n").enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("///") else {
          inCode = false
          continue
        }
        // The comment's text, as DocC sees it: after `///` and one space.
        var content = trimmed.dropFirst(3)
        if content.first == " " { content = content.dropFirst() }
        if content.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
          inCode.toggle()
          if inCode { count += 1 }
          continue
        }
        if inCode && content.count > maximumCodeWidth {
          problems.append("\(file.path):\(index + 1): \(content.count) characters wide")
        }
      }
    }
  }
  if !problems.isEmpty {
    fail(
      """
      \(problems.count) code line(s) in doc comments are wider than \(maximumCodeWidth) characters, \
      which a symbol's page shows without scrolling. Wrap them:
        \(problems.joined(separator: "\n  "))
      """)
  }
  print("check-docs: all \(count) code blocks in doc comments fit \(maximumCodeWidth) columns")
}

// MARK: main

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "curation" where arguments.count == 4:
  let rest = Array(arguments.dropFirst())
  checkCuration(
    symbolGraphs: URL(fileURLWithPath: rest[0]), archive: URL(fileURLWithPath: rest[1]), module: rest[2])
case "articles" where arguments.count >= 3:
  let rest = Array(arguments.dropFirst())
  checkArticles(
    code: URL(fileURLWithPath: rest[0]), catalogs: rest.dropFirst().map { URL(fileURLWithPath: $0) })
case "concatenate" where arguments.count == 2:
  concatenate(article: URL(fileURLWithPath: Array(arguments)[1]))
case "doc-comments" where arguments.count >= 2:
  checkDocComments(sources: arguments.dropFirst().map { URL(fileURLWithPath: $0) })
default:
  fail(
    "usage: check-docs curation SYMBOL_GRAPH_DIR ARCHIVE MODULE | check-docs articles CODE_DIR CATALOG... "
      + "| check-docs concatenate ARTICLE | check-docs doc-comments SOURCE_DIR...")
}
