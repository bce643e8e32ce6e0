import Foundation

/// Where a `.run` effect's error goes when the effect has no `catch` handler.
///
/// In an app, the message goes to standard error. `EffectfulTesting` installs its own reporter around
/// the effects a test store starts (a task-local value, inherited by the effect's task), so that the
/// error fails the test that started the effect instead.
package enum RunErrorReporting {
  /// Receives the message for an unhandled error; `nil` means standard error.
  @TaskLocal package static var reporter: (@Sendable (_ message: String) -> Void)?

  /// Reports `error`, thrown by a `.run` effect written at `fileID:line` whose outputs are `Output`s.
  package static func report<Output>(
    _ error: any Error, outputType: Output.Type, fileID: StaticString, line: UInt
  ) {
    let message = """
      Effectful: a `.run` effect of \(Output.self) (\(fileID):\(line)) threw an error that nothing \
      handled: \(error). Handle it inside the operation with do/catch, or pass `catch: { error, send in … }` \
      to `.run` to turn it into an action. (CancellationError is not reported: cancelling is normal.)
      """
    if let reporter {
      reporter(message)
    } else {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }
}
