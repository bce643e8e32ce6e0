import Foundation

/// Where `forEach` and `ifLet` report an action that found no state to act on.
///
/// In an app the message goes to standard error. `EffectfulTesting`'s test store installs a reporter
/// around each reducer call (a task-local value, read synchronously while the reducer runs), so that
/// the report fails the test at the line that sent the action.
package enum FeatureDiagnostics {
  /// Receives the message; `nil` means standard error.
  @TaskLocal package static var reporter: (@Sendable (_ message: String) -> Void)?

  static func report(_ message: String) {
    if let reporter {
      reporter(message)
    } else {
      FileHandle.standardError.write(Data((message + "\n").utf8))
    }
  }
}

/// What a `forEach` or `ifLet` found missing when an action came for its child: the message names
/// it, so that the user can tell which feature and which child.
@usableFromInline
enum MissingChild {
  /// No element with `id` in the `forEach`'s collection, of type `collection`.
  case element(id: Any, collection: Any.Type)
  /// The `ifLet`'s state, of type `child?`, is `nil`.
  case optionalChild(Any.Type)
  /// The enum state is in another case than the one holding `child`: `found`.
  case enumCase(Any.Type, found: Any)
  /// A presented destination, of type `destination`, shows another case than the one holding
  /// `child`: `found`.
  case presentedCase(Any.Type, destination: Any.Type, found: Any)
  /// No element with `id` in the stack, of type `stack`.
  case stackElement(id: StackElementID, stack: Any.Type)

  /// Reports that `action` found this child missing and changed nothing.
  @usableFromInline
  func report(_ action: some Any) {
    switch self {
    case .element(let id, let collection):
      FeatureDiagnostics.report(
        """
        Effectful: forEach received \(StoreDiagnostics.excerpt(of: action)) for the element with id \
        \(id), but \(collection) has no element with that id; nothing changed. An element's actions \
        must arrive while it is there: cancel its effects when you remove it (forEach does this for \
        effects its reducer returned), and do not send actions for elements you removed.
        """)
    case .optionalChild(let child):
      FeatureDiagnostics.report(
        """
        Effectful: ifLet received \(StoreDiagnostics.excerpt(of: action)) while its state \
        (\(child)?) is nil; nothing changed. A child's actions must arrive while its state is there: \
        send them only while it is shown, and let ifLet cancel its effects when it goes away.
        """)
    case .enumCase(let child, let found):
      FeatureDiagnostics.report(
        """
        Effectful: a Scope over an enum case received \(StoreDiagnostics.excerpt(of: action)) for its \
        \(child), but the state is \(StoreDiagnostics.excerpt(of: found)); nothing changed. A case's \
        actions must arrive while the state is in that case: a presentation ifLet cancels the case's \
        effects when it changes.
        """)
    case .presentedCase(let child, let destination, let found):
      FeatureDiagnostics.report(
        """
        Effectful: ifLet received \(StoreDiagnostics.excerpt(of: action)) for its \(child) case of \
        \(destination), but the destination shows \(StoreDiagnostics.excerpt(of: found)); nothing \
        changed. A case's actions must arrive while it is presented: ifLet cancels the case's \
        effects when another case takes its place.
        """)
    case .stackElement(let id, let stack):
      FeatureDiagnostics.report(
        """
        Effectful: a stack's forEach received \(StoreDiagnostics.excerpt(of: action)) for the element \
        with id \(id), but \(stack) has no element with that id; nothing changed. An element's \
        actions must arrive while it is on the stack: the forEach cancels its effects when it leaves.
        """)
    }
  }
}
