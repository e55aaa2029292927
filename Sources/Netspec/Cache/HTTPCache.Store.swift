extension HTTPCache {
    /// Where an ``HTTPCache`` keeps responses: in memory (``HTTPCache/init(policy:maxEntrySize:memoryLimit:)``),
    /// in a directory (``HTTPCache/init(directory:sizeLimit:policy:maxEntrySize:)``), or in a store of your own.
    ///
    /// A store holds at most one response per ``HTTPCache/Key`` and decides itself what to evict
    /// to stay within its size. The cache treats a store's errors as misses: a failing store slows
    /// calls down but never fails them.
    public protocol Store: Sendable {
        /// The response stored under `key`, if any.
        func response(for key: Key) async throws -> Entry?
        /// Stores `response` under `key`, replacing what is there.
        func store(_ response: Entry, for key: Key) async throws
        /// Removes the responses stored for `url`, in every partition.
        func removeResponses(for url: String) async throws
        /// Removes every response.
        func removeAll() async throws
    }
}
