/// Lifetimes held together (those registered under one id, or the runs of one child): one, almost
/// always, which needs no bag; any number, each leaving in O(1) (see ``IndexedBag``).
enum LifetimeSet<Slot: IndexedBagSlot> where Slot.Element == EffectLifetime {
  case one(EffectLifetime)
  case many(IndexedBag<Slot>)

  var lifetimes: [EffectLifetime] {
    switch self {
    case .one(let lifetime): [lifetime]
    case .many(let bag): bag.elements
    }
  }

  /// Adds a second or later lifetime.
  mutating func add(_ lifetime: EffectLifetime) {
    switch self {
    case .one(let other):
      var bag = IndexedBag<Slot>()
      bag.insert(other)
      bag.insert(lifetime)
      self = .many(bag)
    case .many(var bag):
      // `self` lets go of the bag first, so that inserting does not copy it: thousands of effects
      // can share an id.
      self = .one(lifetime)
      bag.insert(lifetime)
      self = .many(bag)
    }
  }

  /// Removes `lifetime`; returns whether no lifetime is left.
  mutating func remove(_ lifetime: EffectLifetime) -> Bool {
    switch self {
    case .one(let only):
      return only === lifetime
    case .many(var bag):
      self = .one(lifetime)
      bag.remove(lifetime)
      let isEmpty = bag.isEmpty
      self = .many(bag)
      return isEmpty
    }
  }
}
