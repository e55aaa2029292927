import NetspecModel
import Synchronization

/// The items a stateful mock server keeps, per resource and parent (`/owners/1/pets` apart from
/// `/owners/2/pets`), behind one lock: each operation holds it for a dictionary lookup or change,
/// never while a body is read, made or written. `reset()` goes back to the seeds.
final class MockStore: Sendable {
    /// A collection: a resource's index and its parents' values (empty for a top-level one).
    struct Key: Hashable, Sendable {
        var resource: Int
        var parents: [String]
    }

    /// A stored item: its value and the order it was created in (a list's order).
    struct Entry: Sendable {
        var order: Int
        var value: JSONValue
    }

    struct State: Sendable {
        var collections: [Key: [String: Entry]] = [:]
        /// The last integer id given out, per resource.
        var sequences: [Int: Int] = [:]
        var counter = 0
        /// The ids of the items deleted (and not created again), per collection, with the order
        /// they were deleted in (``Deletions``).
        var deleted = Deletions()

        /// Stores `value` under `id` unless the id is taken.
        mutating func insert(_ value: JSONValue, id: String, in key: Key) -> Bool {
            store(value, id: id, in: key, replacing: { false }) == .inserted
        }

        /// Stores `value` under `id`; an id already taken is replaced (keeping its place in
        /// the list) when `replacing` says so, else left as it is.
        mutating func store(_ value: JSONValue, id: String, in key: Key, replacing: () -> Bool) -> Insertion {
            if collections[key]?[id] != nil {
                guard replacing() else { return .taken }
                collections[key]?[id]?.value = value
                return .replaced
            }
            counter += 1
            deleted.forget(id, in: key)
            collections[key, default: [:]][id] = Entry(order: counter, value: value)
            if let number = Int(id), number > sequences[key.resource] ?? 0 { sequences[key.resource] = number }
            return .inserted
        }
    }

    /// What ``upsert(_:id:in:replacing:)`` did.
    enum Insertion: Equatable {
        case inserted, replaced
        /// The id was taken, and the item holding it was left as it was.
        case taken
    }

    private let state: Mutex<State>
    private let seeds: State
    /// The resources whose deleted ids are remembered: those with paths below their items (the
    /// deleted-parent 404s, ``MockStateful/deletedParent(of:pathValues:)``); `nil` for every one.
    private let remembersDeletions: Set<Int>?

    /// A store holding `seeds`, remembering the deleted ids of `remembersDeletions` (every
    /// resource's for `nil`), at most `deletionLimit` of them, the oldest forgotten first.
    init(seeds: State, remembersDeletions: Set<Int>? = nil, deletionLimit: Int = Deletions.defaultLimit) {
        var seeds = seeds
        seeds.deleted.limit = deletionLimit
        self.seeds = seeds
        self.remembersDeletions = remembersDeletions
        state = Mutex(seeds)
    }

    /// The next number of a resource's sequence (past every integer id stored).
    func nextNumber(resource: Int) -> Int {
        state.withLock { state in
            let next = (state.sequences[resource] ?? 0) + 1
            state.sequences[resource] = next
            return next
        }
    }

    /// Stores a new item under `id`, or, when the id is taken and `replacing` says so (it is
    /// asked only then, under the lock), replaces the item holding it: one look-up for a create
    /// whatever the id.
    func upsert(_ value: JSONValue, id: String, in key: Key, replacing: () -> Bool) -> Insertion {
        state.withLock { $0.store(value, id: id, in: key, replacing: replacing) }
    }

    func item(_ id: String, in key: Key) -> JSONValue? {
        state.withLock { $0.collections[key]?[id]?.value }
    }

    /// Changes a stored item with `change` (run under the lock, so two changes never interleave);
    /// `nil` when there is no such item, else what `change` gave.
    func update<Failure: Error>(_ id: String, in key: Key, _ change: (JSONValue) throws(Failure) -> JSONValue) throws(Failure) -> JSONValue? {
        try state.withLock { (state: inout State) throws(Failure) -> JSONValue? in
            guard var entry = state.collections[key]?[id] else { return nil }
            entry.value = try change(entry.value)
            state.collections[key]?[id] = entry
            return entry.value
        }
    }

    /// Removes an item; `false` when there was none.
    func remove(_ id: String, in key: Key) -> Bool {
        state.withLock { state in
            guard state.collections[key]?.removeValue(forKey: id) != nil else { return false }
            if remembersDeletions?.contains(key.resource) ?? true { state.deleted.remember(id, in: key) }
            return true
        }
    }

    /// Whether the item was deleted (and not created again since).
    func wasDeleted(_ id: String, in key: Key) -> Bool {
        state.withLock { $0.deleted.contains(id, in: key) }
    }

    /// The items of a collection in the order they were created.
    func items(in key: Key) -> [JSONValue] {
        let entries = state.withLock { Array(($0.collections[key] ?? [:]).values) }
        return entries.sorted { $0.order < $1.order }.map(\.value)
    }

    /// How many deleted ids are remembered (for the tests of the bound).
    var deletedCount: Int { state.withLock { $0.deleted.count } }

    /// Back to the seeds.
    func reset() {
        state.withLock { $0 = seeds }
    }
}
