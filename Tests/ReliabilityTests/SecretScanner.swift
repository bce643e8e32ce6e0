import Foundation

/// One line of a file that looks like a committed Wolfram|Alpha app id.
struct SecretFinding: Equatable, CustomStringConvertible {
  var file: String
  var line: Int
  var match: String

  var description: String { "\(file):\(line): \(match)" }
}

/// The lines of `text` that look like a Wolfram|Alpha app id written into source.
///
/// ```swift
/// secretFindings(in: #"let appID = "TEST-APP-ID""#, file: "a.swift")   // []: a placeholder
/// ```
///
/// Two signs, each enough:
/// - something shaped like a real app id: six capitals or digits, a dash, ten more (`XXXXXX-XXXXXXXXXX`),
///   mixing letters and digits;
/// - a key-like value (12 or more letters, digits, `-` or `_`, mixing letters and digits) assigned to
///   `appid`, `app_id` or `WOLFRAM_APP_ID`: `appid=…` in a URL or a shell line, `appID: "…"` or
///   `appID = "…"` in Swift, `"appid": "…"` in JSON.
///
/// Placeholders such as `TEST-APP-ID`, `DEMO` or `your-app-id` have no digits, or are short, and pass;
/// so does reading the id from the environment.
func secretFindings(in text: String, file: String) -> [SecretFinding] {
  // `XXXXXX-XXXXXXXXXX`, not inside a longer word.
  let appIDShape = #/(?:^|[^A-Za-z0-9_\-])([A-Z0-9]{6}-[A-Z0-9]{10})(?![A-Za-z0-9_\-])/#
  // `appid=VALUE`, `appid = 'VALUE'`, `appID: "VALUE"`, `"appid": "VALUE"`, `WOLFRAM_APP_ID=VALUE`.
  let appIDAssignment =
    #/(?i)(appid|app_id|wolfram_app_id)["']?\s*(?:=\s*["']?|:\s*["'])([A-Za-z0-9_\-]{12,})/#
  var findings: [SecretFinding] = []
  for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let line = String(line)
    for match in line.matches(of: appIDShape) where mixesLettersAndDigits(match.output.1) {
      findings.append(SecretFinding(file: file, line: index + 1, match: String(match.output.1)))
    }
    for match in line.matches(of: appIDAssignment) where mixesLettersAndDigits(match.output.2) {
      findings.append(SecretFinding(file: file, line: index + 1, match: String(match.output.0)))
    }
  }
  return findings
}

private func mixesLettersAndDigits(_ text: Substring) -> Bool {
  text.contains(where: \.isNumber) && text.contains(where: \.isLetter)
}

/// The package's own files: what git tracks plus new files it does not ignore, so a secret is
/// caught before it is committed. Nil when git cannot list them (no git, not a checkout).
func packageSourceFiles(root: URL) -> [String]? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "git", "-c", "safe.directory=*", "ls-files", "-z", "--cached", "--others", "--exclude-standard",
  ]
  process.currentDirectoryURL = root
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  do {
    try process.run()
  } catch {
    return nil
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
}

/// The package root: three levels up from this file (`Tests/ReliabilityTests/SecretScanner.swift`).
func packageRoot(file: StaticString = #filePath) -> URL {
  URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

/// Every regular file under `root` except hidden ones and build folders: the fallback when git is
/// not there to say which files are the package's.
func walkSourceFiles(root: URL) -> [String] {
  guard
    let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
  else { return [] }
  var files: [String] = []
  let rootPath = root.standardizedFileURL.path + "/"
  for case let url as URL in enumerator {
    let path = url.standardizedFileURL.path
    guard path.hasPrefix(rootPath) else { continue }
    let relative = String(path.dropFirst(rootPath.count))
    if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      files.append(relative)
    }
  }
  return files
}
