extension MockStore {
    /// The ids of deleted items a store remembers, so that a path below one answers 404 rather
    /// than as if it had never been created (``MockStateful/deletedParent(of:pathValues:)``):
    /// at most `limit` of them, the oldest deletion forgotten first, and an id forgotten as soon
    /// as its item is created again. A server answering millions of deletes keeps a bounded set.
    struct Deletions: Sendable {
        /// How many deleted ids a server remembers unless told otherwise.
        static let defaultLimit = 10_000

        /// The most ids remembered.
        var limit = Self.defaultLimit
        /// The remembered ids, per collection, each with the number of its deletion.
        private var ids: [Key: [String: Int]] = [:]
        /// The deletions in the order they were made (from `start` on), each with its number: a
        /// deletion whose id was created again, or deleted again since, no longer matches its id's
        /// number and is skipped when the oldest is forgotten.
        private var order: [(key: Key, id: String, number: Int)] = []
        private var start = 0
        private var made = 0
        /// How many ids are remembered.
        private(set) var count = 0

        func contains(_ id: String, in key: Key) -> Bool {
            count > 0 && ids[key]?[id] != nil
        }

        /// Remembers that `id` was deleted, forgetting the oldest deletion when past the limit.
        mutating func remember(_ id: String, in key: Key) {
            made += 1
            if ids[key, default: [:]].updateValue(made, forKey: id) == nil { count += 1 }
            order.append((key, id, made))
            while count > limit, start < order.count {
                let oldest = order[start]
                start += 1
                if ids[oldest.key]?[oldest.id] == oldest.number { forget(oldest.id, in: oldest.key) }
            }
            // The queue keeps only the deletions still remembered once it is twice the limit
            // (ids deleted and created again over and over leave stale entries, not remembered ids).
            if order.count > 2 * max(limit, 64) {
                order = order[start...].filter { ids[$0.key]?[$0.id] == $0.number }
                start = 0
            }
        }

        /// Forgets that `id` was deleted (its item is created again).
        mutating func forget(_ id: String, in key: Key) {
            // Most creates follow no deletion: no look-up then.
            guard count > 0, ids[key]?.removeValue(forKey: id) != nil else { return }
            count -= 1
            if ids[key]?.isEmpty == true { ids[key] = nil }
        }
    }
}
