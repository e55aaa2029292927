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
        /// The ids of the items deleted (and not created again), per collection.
        var deleted: [Key: Set<String>] = [:]

        /// Stores `value` under `id` unless the id is taken.
        mutating func insert(_ value: JSONValue, id: String, in key: Key) -> Bool {
            guard collections[key]?[id] == nil else { return false }
            counter += 1
            if deleted[key]?.remove(id) != nil, deleted[key]?.isEmpty == true { deleted[key] = nil }
            collections[key, default: [:]][id] = Entry(order: counter, value: value)
            if let number = Int(id), number > sequences[key.resource] ?? 0 { sequences[key.resource] = number }
            return true
        }
    }

    private let state: Mutex<State>
    private let seeds: State

    init(seeds: State) {
        self.seeds = seeds
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

    /// Stores a new item; `false` when the id is taken.
    func insert(_ value: JSONValue, id: String, in key: Key) -> Bool {
        state.withLock { $0.insert(value, id: id, in: key) }
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
            state.deleted[key, default: []].insert(id)
            return true
        }
    }

    /// Whether the item was deleted (and not created again since).
    func wasDeleted(_ id: String, in key: Key) -> Bool {
        state.withLock { $0.deleted[key]?.contains(id) ?? false }
    }

    /// The items of a collection in the order they were created.
    func items(in key: Key) -> [JSONValue] {
        let entries = state.withLock { Array(($0.collections[key] ?? [:]).values) }
        return entries.sorted { $0.order < $1.order }.map(\.value)
    }

    /// Back to the seeds.
    func reset() {
        state.withLock { $0 = seeds }
    }
}
