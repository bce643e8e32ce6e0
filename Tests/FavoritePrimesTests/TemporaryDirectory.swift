import Foundation
import Testing

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "FavoritePrimesTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Undo any read-only test first, or the removal fails.
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  func write(_ text: String, to relativePath: String) throws {
    try Data(text.utf8).write(to: file(relativePath))
  }

  func contents(_ relativePath: String) throws -> Data {
    try Data(contentsOf: file(relativePath))
  }

  func listing(_ relativePath: String = "") throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: relativePath.isEmpty ? url.path : file(relativePath).path
    )
    .sorted()
  }
}
