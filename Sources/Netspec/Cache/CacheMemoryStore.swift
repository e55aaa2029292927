import NIOConcurrencyHelpers

extension HTTPCache {
    /// Responses in memory, at most ``maxSize`` bytes of them, the least recently used evicted first:
    /// the default store of an ``HTTPCache``.
    package final class MemoryStore: Store {
        /// The most bytes of responses kept (bodies and headers).
        package let maxSize: Int

        private struct State {
            var entries: [Key: (response: Entry, lastUse: UInt64)] = [:]
            var size = 0
            var clock: UInt64 = 0
        }

        private let state = NIOLockedValueBox(State())

        /// Creates an empty store.
        ///
        /// - Parameter maxSize: the most bytes kept; 32 MiB by default.
        package init(maxSize: Int = 32 * 1024 * 1024) {
            self.maxSize = maxSize
        }

        /// The bytes the stored responses take.
        package var size: Int { state.withLockedValue { $0.size } }

        /// The number of stored responses.
        package var count: Int { state.withLockedValue { $0.entries.count } }

        package func response(for key: Key) async throws -> Entry? {
            state.withLockedValue { state in
                guard let entry = state.entries[key] else { return nil }
                state.clock += 1
                state.entries[key]?.lastUse = state.clock
                return entry.response
            }
        }

        package func store(_ response: Entry, for key: Key) async throws {
            let size = response.size
            state.withLockedValue { state in
                if let old = state.entries.removeValue(forKey: key) { state.size -= old.response.size }
                guard size <= maxSize else { return }
                state.clock += 1
                state.entries[key] = (response, state.clock)
                state.size += size
                while state.size > maxSize, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                    state.entries[oldest.key] = nil
                    state.size -= oldest.value.response.size
                }
            }
        }

        package func removeResponses(for url: String) async throws {
            state.withLockedValue { state in
                for (key, entry) in state.entries where key.url == url {
                    state.entries[key] = nil
                    state.size -= entry.response.size
                }
            }
        }

        package func removeAll() async throws {
            state.withLockedValue { $0 = State() }
        }
    }
}
