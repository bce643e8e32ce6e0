import Foundation
import Testing

/// Issue 10, defect 12: `Effect` was `Sendable` whatever its output, and `send` stored the output
/// unchecked, so a class that is not `Sendable` could cross threads inside an effect with no
/// diagnostic. The check belongs to the compiler, so this test asks the compiler: it compiles two small
/// clients of the built `Effectful` module in Swift 6 mode.
@Suite("Sendable outputs")
struct SendableOutputTests {
  @Test func anEffectOfANonSendableClassCannotRaceAcrossThreads() throws {
    guard let compiler = Compiler.find() else {
      print("SendableOutputTests: no swiftc or no built Effectful module beside the tests; skipped")
      return
    }
    let racy = try compiler.diagnose(
      """
      import Effectful
      final class Counter { var n = 0 }
      func race() {
        let counter = Counter()
        let effect = Effect.send(counter)
        Task.detached { effect.run { $0.n += 1 } }
        counter.n += 1
      }
      """)
    #expect(racy.contains("risks causing data races"), "the compiler accepted a race:\n\(racy)")

    // The episode's shapes still compile for any output; Sendable outputs go anywhere.
    let fine = try compiler.diagnose(
      """
      import Effectful
      final class Counter { var n = 0 }
      enum Action: Sendable { case tick }
      func fine() {
        let ticks = Effect.send(Action.tick).map { _ in 1 }
        Task.detached { ticks.run { _ in } }
        let local = Effect<Counter> { callback in callback(Counter()) }.map { $0.n }
        local.run { _ in }
        Effect<Counter>.send(Counter()).run { $0.n += 1 }
      }
      """)
    #expect(!fine.contains("error:"), "a valid client did not compile:\n\(fine)")
  }
}

/// The toolchain's `swiftc`, pointed at the modules the test binary was built with.
struct Compiler {
  let swiftc: URL
  let modules: URL
  /// Shared by every compile, in this run and the next, beside the built modules: a fresh cache
  /// per compile rebuilt the system modules (Glibc, Foundation's) each time, about a second of CPU
  /// for a compile that takes a twentieth of that with them cached. The compiler keeps a cache
  /// safe for compiles running at once (entries are written whole and renamed into place).
  var moduleCache: URL { modules.deletingLastPathComponent().appendingPathComponent("ClientModuleCache") }

  static func find() -> Compiler? {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = binary.deletingLastPathComponent()
    // Linux runs the test executable itself; on Apple platforms it sits inside a bundle.
    for _ in 0..<4
    where !FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("Modules/Effectful.swiftmodule").path)
    {
      directory = directory.deletingLastPathComponent()
    }
    let modules = directory.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("Effectful.swiftmodule").path)
    else { return nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for entry in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(entry)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return Compiler(swiftc: candidate, modules: modules)
      }
    }
    return nil
  }

  /// Compiles `source` through the SIL diagnostics (where data-race checks live) and returns what the
  /// compiler said.
  func diagnose(_ source: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("effectful-sendable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("client.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = swiftc
    process.arguments = [
      "-emit-sil", "-o", "/dev/null", "-swift-version", "6", "-I", modules.path, "-module-cache-path",
      moduleCache.path, file.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
