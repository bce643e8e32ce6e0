import Foundation

/// An error a `.run` effect threw that nothing handled, as its store's reporter receives it.
package struct RunErrorReport: Sendable {
  /// What went wrong and what to do, naming the effect's output type and where it was written.
  package let message: String
  /// The top-level run the effect was part of: what the store started, for a test store to name
  /// the step that started it.
  package let run: EffectLifetime
  /// Where the effect was written.
  package let fileID: StaticString
  package let line: UInt
}

/// Where a `.run` effect's error goes when the effect has no `catch` handler.
///
/// To its store's ``CancellationRegistry/runErrorReporter``, read when the error happens, so that
/// an effect that starts late (a concatenation's second part, after a `delay`) reports where one
/// that starts at once does. An app's store has none: the message goes to standard error.
/// `EffectfulTesting` sets one, so that the error fails the test instead.
@usableFromInline
package enum RunErrorReporting {
  /// Reports `error`, thrown by a `.run` effect written at `fileID:line` whose outputs are `Output`s,
  /// running under `lifetime`.
  @usableFromInline
  package static func report<Output>(
    _ error: any Error, outputType: Output.Type, fileID: StaticString, line: UInt,
    lifetime: EffectLifetime
  ) {
    let message = """
      Effectful: a `.run` effect of \(Output.self) (\(fileID):\(line)) threw an error that nothing \
      handled: \(error). Handle it inside the operation with do/catch, or pass \
      `catch: { error, send in … }` to `.run` to turn it into an action. (CancellationError is not \
      reported: cancelling is normal.)
      """
    deliver(message, fileID: fileID, line: line, lifetime: lifetime)
  }

  /// Reports a `send` made after the operation of the `.run` effect written at `fileID:line` had
  /// returned: the output is dropped, and the code that kept the `Send` needs fixing.
  package static func reportLateSend(fileID: StaticString, line: UInt, lifetime: EffectLifetime) {
    let message = """
      Effectful: a `.run` effect (\(fileID):\(line)) sent an output after its operation had \
      returned, so the output was dropped. A `Send` works only while its operation runs: await \
      the work that sends (a task group, `async let`, an `AsyncStream` the operation iterates) \
      instead of leaving it running in a `Task { … }` or a callback.
      """
    deliver(message, fileID: fileID, line: line, lifetime: lifetime)
  }

  /// To the store's reporter, or to standard error in an app.
  private static func deliver(_ message: String, fileID: StaticString, line: UInt, lifetime: EffectLifetime) {
    if let reporter = lifetime.registry.runErrorReporter {
      reporter(RunErrorReport(message: message, run: lifetime.topLevel, fileID: fileID, line: line))
    } else {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }
}
