import NetspecModel
import Synchronization

/// The sub-resources a stateful mock server keeps that are not a collection's items
/// (``InferredSingleton``: GitHub's `/gists/{gist_id}/star`), per sub-resource and path values,
/// behind one lock. One not written since the start (or a reset) is in its initial state
/// (``InferredSingleton/startsPresent``); `reset()` forgets every write.
final class MockSingletonState: Sendable {
    /// One sub-resource: its index and the values of its path's placeholders.
    struct Key: Hashable, Sendable {
        var singleton: Int
        var values: [String]
    }

    /// What a written one holds: absent (deleted), or present with the body put (`nil`: none).
    enum Entry: Sendable, Equatable {
        case absent
        case present(JSONValue?)
    }

    /// The writes, per sub-resource, by its path values: a deleted item's are found without
    /// going over the other sub-resources' (``forget(below:singletons:)``).
    private let entries = Mutex<[Int: [[String]: Entry]]>([:])

    /// What one not written since the start (or a reset) holds.
    private static func initial(startsPresent: Bool) -> Entry {
        startsPresent ? .present(.none) : .absent
    }

    /// What `key` holds: what was written last, else its initial state.
    func entry(_ key: Key, startsPresent: Bool) -> Entry {
        entries.withLock { $0[key.singleton]?[key.values] } ?? Self.initial(startsPresent: startsPresent)
    }

    /// Writes `entry`, and says what was there before.
    @discardableResult
    func write(_ entry: Entry, at key: Key, startsPresent: Bool) -> Entry {
        entries.withLock { $0[key.singleton, default: [:]].updateValue(entry, forKey: key.values) } ?? Self.initial(startsPresent: startsPresent)
    }

    /// Changes what `key` holds with `change` (run under the lock, so two changes never
    /// interleave), and gives what it holds after.
    func update<Failure: Error>(_ key: Key, startsPresent: Bool, _ change: (Entry) throws(Failure) -> Entry) throws(Failure) -> Entry {
        try entries.withLock { (entries: inout [Int: [[String]: Entry]]) throws(Failure) -> Entry in
            let changed = try change(entries[key.singleton]?[key.values] ?? Self.initial(startsPresent: startsPresent))
            entries[key.singleton, default: [:]][key.values] = changed
            return changed
        }
    }

    /// Forgets the writes of the sub-resources below a deleted item: those of `singletons`
    /// whose first path values are `values` (the item's placeholders'), which are back in their
    /// initial state when the item is created again. One whose path values are the item's
    /// (`/gists/{gist_id}/star` below `/gists/{gist_id}`) is one look-up; one with values of its
    /// own after the item's, a pass over its own writes.
    func forget(below values: [String], singletons: [Int]) {
        entries.withLock { entries in
            for singleton in singletons {
                guard let length = entries[singleton]?.first?.key.count else { continue }
                if length == values.count {
                    entries[singleton]?.removeValue(forKey: values)
                } else {
                    entries[singleton] = entries[singleton]?.filter { !$0.key.starts(with: values) }
                }
            }
        }
    }

    /// Back to every sub-resource's initial state.
    func reset() {
        entries.withLock { $0 = [:] }
    }
}
