extension Provider.Cache {
    /// Where a ``Provider/Cache`` keeps responses. ``Provider/Cache/MemoryStore`` is the default for
    /// Swift; ``Provider/Cache/DiskStore`` keeps them in a directory (the CLI's).
    ///
    /// A store holds at most one response per ``Provider/Cache/Key`` and decides itself what to evict
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
