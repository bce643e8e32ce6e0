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
  let elements = ElementScopes(value)
  return { parent, parentAction in
    var effects: [Effect<ParentAction>] = []
    var startsEffects = false
    if let (id, elementAction) = action.extract(parentAction) {
      let elementEffects = valuePath.modify(&parent) { array in
        array.modify(id: id) { element(&$0, elementAction) }
      }
      if let elementEffects {
        if !elementEffects.isEmpty {
          startsEffects = true
          effects = elements.lift(elementEffects, of: id, embed: action.embed)
        }
      } else {
        elements.reportMissing(parentAction, id: id)
      }
    }
    // Last, so that it also sees the effects this action gave the element, once they have started.
    if startsEffects || elements.tracker.hasRunningEffects {
      effects.append(Effect(operation: .checkRemovals(elements.removalCheck)))
    }
    return effects
  }
}

/// What one `forEach` keeps for the effects of its elements: which run, how to scope them, and the
/// removal check. Off the hot path, so not inlinable.
@usableFromInline
final class ElementScopes<ParentValue, ID: Hashable & Sendable, ElementValue>: Sendable {
  @usableFromInline let tracker = ScopeTracker<ID>()
  @usableFromInline let removalCheck: RemovalCheck
  let collection: EffectID
  // Key paths are immutable once formed; the ones `forEach` takes name plain properties.
  let path: UncheckedSendable<KeyPath<ParentValue, IdentifiedArray<ID, ElementValue>>>

  @usableFromInline
  init(_ path: KeyPath<ParentValue, IdentifiedArray<ID, ElementValue>>) {
    // This object, which the reducer keeps for its life: each `forEach` is a namespace of its own.
    let tracker = self.tracker
    let collection = EffectID(CollectionKey(id: ObjectIdentifier(tracker)))
    let readPath = UncheckedSendable(path)
    self.collection = collection
    self.path = readPath
    removalCheck = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
      let ids = parent[keyPath: readPath.value].ids
      tracker.cancelGone(in: registry, under: scope, isPresent: ids.contains) { id in
        EffectID(ElementKey(collection: collection, id: id))
      }
    }
  }

  /// An element's effects as the parent's: scoped to the element, mapped into the parent's action,
  /// and a nested feature's removal check lifted to read the element through the parent.
  @usableFromInline
  func lift<ElementAction, ParentAction>(
    _ effects: [Effect<ElementAction>], of id: ID,
    embed: @escaping @Sendable ((ID, ElementAction)) -> ParentAction
  ) -> [Effect<ParentAction>] {
    let key = EffectID(ElementKey(collection: collection, id: id))
    let path = self.path
    return effects.map { effect in
      if let check = effect.removalCheck {
        let lifted = RemovalCheck(for: ParentValue.self) { parent, scope, registry in
          guard let element = parent[keyPath: path.value][id: id] else { return }
          check.check(element, EffectScope(parent: scope, key: key), registry)
        }
        return Effect(operation: .checkRemovals(lifted))
      }
      return effect.scoped(to: key, member: id, tracker: tracker).map { embed((id, $0)) }
    }
  }

  @usableFromInline
  func reportMissing<Action>(_ action: Action, id: ID) {
    FeatureDiagnostics.missingElement(action, id: id, collection: IdentifiedArray<ID, ElementValue>.self)
  }
}

/// Which `forEach` an element belongs to: one reducer value is one namespace of element scopes.
struct CollectionKey: Hashable, Sendable {
  let id: ObjectIdentifier
}

/// One element of one collection: the key of the element's scope.
struct ElementKey<ID: Hashable & Sendable>: Hashable, Sendable {
  let collection: EffectID
  let id: ID
}
