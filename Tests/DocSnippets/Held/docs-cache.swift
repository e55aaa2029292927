// docs/cache.md's Swift block, verbatim between `// snippet docs/cache.md N` and
// `// end snippet docs/cache.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func httpCache() async throws {
        // snippet docs/cache.md 1
        let cache = HTTPCache()                                   // in memory, up to 32 MiB; RFC 9111 rules
        let provider = Provider(baseURL: "https://api.example.com", options: .init(cache: cache))
        let api = try Service(spec: .load(path: "specs/users.yaml"), provider: provider)
        _ = try await api.call("getUser", ["id": "johne"])             // from the network, stored
        _ = try await api.call("getUser", ["id": "johne"])             // from the cache while fresh
        _ = try await api.call("getUser", ["id": "johne"], options: CallOptions(cachePolicy: .reload))
        try await cache.remove(api.prepare("getUser", ["id": "johne"]))   // one URL, every credential
        try await cache.clear()
        // end snippet docs/cache.md 1
    }
}
