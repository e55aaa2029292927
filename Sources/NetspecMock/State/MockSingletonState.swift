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

    private let entries = Mutex<[Key: Entry]>([:])

    /// What `key` holds: what was written last, else its initial state.
    func entry(_ key: Key, startsPresent: Bool) -> Entry {
        entries.withLock { $0[key] } ?? (startsPresent ? .present(.none) : .absent)
    }

    /// Writes `entry`, and says what was there before.
    @discardableResult
    func write(_ entry: Entry, at key: Key, startsPresent: Bool) -> Entry {
        entries.withLock { $0.updateValue(entry, forKey: key) } ?? (startsPresent ? .present(.none) : .absent)
    }

    /// Forgets the writes of the sub-resources below a deleted item: those of `singletons`
    /// whose first path values are `values` (the item's placeholders'), which are back in their
    /// initial state when the item is created again.
    func forget(below values: [String], singletons: Set<Int>) {
        entries.withLock { entries in
            for key in entries.keys where singletons.contains(key.singleton) && key.values.starts(with: values) {
                entries[key] = nil
            }
        }
    }

    /// Back to every sub-resource's initial state.
    func reset() {
        entries.withLock { $0 = [:] }
    }
}
