/// Turns a reducer on one element into a reducer on a parent holding an ``IdentifiedArray`` of such
/// elements: an action for the element with an id is reduced into that element, found in O(1).
///
/// ```swift
/// enum ListAction { case row(Row.ID, RowAction), addButtonTapped }
/// let rowCase = CasePath(ListAction.row) { action in
///   guard case .row(let id, let rowAction) = action else { return nil }
///   return (id, rowAction)
/// }
/// let listReducer: Reducer<ListState, ListAction> = combine(
///   forEach(rowReducer, value: \.rows, action: rowCase),
///   listOwnReducer   // adds and removes rows
/// )
/// ```
///
/// Each element's effects are its own:
/// - cancellation ids inside the element's reducer belong to that element: two rows can both use
///   `cancellable(id: "timer")`, and one row's `.cancel(id: "timer")` stops only its own timer;
/// - when the element leaves the array, every effect its reducer started is cancelled, whichever
///   reducer removed it and in whatever order they are combined: the check runs once the store has
///   reduced the whole action (see <doc:ListsAndOptionalFeatures>).
///
/// An action for an id that is not in the array changes nothing and is reported: on standard error in
/// an app, as a test failure under a test store.
///
/// Put `forEach` first in `combine`, as here, so that the parent sees the element's action after
/// the element has reduced it (a row's "delete" button, say, that the list reacts to by removing it).
@inlinable
public func forEach<ParentValue, ParentAction, ID: Hashable & Sendable, ElementValue, ElementAction>(
  _ element: @escaping Reducer<ElementValue, ElementAction>,
  value: WritableKeyPath<ParentValue, IdentifiedArray<ID, ElementValue>>,
  action: CasePath<ParentAction, (ID, ElementAction)>
) -> Reducer<ParentValue, ParentAction> {
  let valuePath = LocalValuePath(value)
  let elements = ScopedChildren(elementsAt: valuePath)
  // Made once, not at each action (see `ChildActions`).
  let actions = ChildActions<ID, ElementAction, ParentAction>(
    embed: { [embed = action.embed] in embed(($0, $1)) })
  return { parent, parentAction in
    elements.reduce(&parent, parentAction, route: action.extract, actions: actions) { parent, routed in
      let (id, elementAction) = routed
      let effects = valuePath.modify(&parent) { array in
        array.modify(id: id) { element(&$0, elementAction) }
      }
      guard let effects else {
        return .missing(.element(id: id, collection: IdentifiedArray<ID, ElementValue>.self))
      }
      return effects.isEmpty ? .noEffects : .effects(effects, of: id)
    }
  }
}

extension ScopedChildren {
  /// The elements of the ``IdentifiedArray`` at `path`, each by its id.
  @inlinable
  convenience init<Element>(elementsAt path: LocalValuePath<ParentValue, IdentifiedArray<Member, Element>>) {
    self.init(
      holds: { parent, id in path.read(at: parent).ids.contains(id) },
      current: { parent, id in path.read(parent)[id: id].map { ($0, id) } })
  }
}
