import Foundation
import NetspecTestServer
import Testing
@testable import Netspec
import NetspecTestSupport

/// The cache against httpbin (a server none of us wrote, pinned in Tests/Peers/requirements.txt):
/// `/cache` answers 304 to a conditional request, `/cache/{n}` is fresh for n seconds, `/etag/{etag}`
/// answers 304 to a matching `If-None-Match`.
@Suite(.serialized, .enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
struct HTTPBinCacheTests {
    static let spec = """
        netspec: 1
        service: HTTPBin
        endpoints:
          cache: { GET: /cache }
          cacheFor: { GET: "/cache/{n}", params: { n: Int } }
          etag: { GET: "/etag/{etag}", params: { etag: String } }
        """

    @Test func cacheCacheForAndETagEndpoints() async throws {
        let app = try await ChildProcess.blocking { Result { try FastAPIPeer.start(script: "httpbin_app.py") } }.get()
        defer { app.stop() }
        let network = NetworkRecorder()
        var options = testOptions()
        options.cache = HTTPCache()
        let api = try makeService(Self.spec, baseURL: app.baseURL, options: options, wireInterceptors: [network])

        // /cache: Last-Modified and ETag, no freshness: the second call validates and gets a 304.
        let first = try await api.call("cache")
        // httpbin writes Last-Modified before its Date: when a second boundary falls between the
        // two, the answer is heuristically fresh for a tenth of that second (RFC 9111 §4.2.2), and
        // a second call made at once is rightly a hit. Wait that freshness out.
        try await Self.waitOutHeuristicFreshness(of: first)
        let second = try await api.call("cache")
        #expect(second.body == first.body)
        #expect(second.headerFields[HTTPCache.outcomeField] == "revalidated")
        try #require(network.requests.all.count == 2)
        #expect(network.requests.all[1].headerFields[.ifNoneMatch] == first.headerFields[.eTag])

        // /cache/60: fresh for 60 s, so the second call never reaches httpbin.
        let fresh = try await api.call("cacheFor", ["n": 60])
        let again = try await api.call("cacheFor", ["n": 60])
        #expect(again.body == fresh.body)
        #expect(again.headerFields[HTTPCache.outcomeField] == "hit")
        #expect(network.requests.all.count == 3)

        // /etag/abc: If-None-Match "abc" gets a 304, merged into the stored response.
        let tagged = try await api.call("etag", ["etag": "abc"])
        let revalidated = try await api.call("etag", ["etag": "abc"])
        #expect(revalidated.status == 200)
        #expect(revalidated.body == tagged.body)
        #expect(revalidated.headerFields[.eTag] == "abc")
        try #require(network.requests.all.count == 5)
        #expect(network.requests.all[4].headerFields[.ifNoneMatch] == "abc")
    }

    /// Sleeps past the heuristic freshness `response` has: a tenth of the time between its
    /// `Last-Modified` and its `Date`, with a margin.
    static func waitOutHeuristicFreshness(of response: Response) async throws {
        guard let date = response.headerFields[.date].flatMap(HTTPDate.parse),
            let lastModified = response.headerFields[.lastModified].flatMap(HTTPDate.parse)
        else { return }
        let lifetime = date.timeIntervalSince(lastModified) / 10
        guard lifetime > 0 else { return }
        try await Task.sleep(for: .milliseconds(Int(lifetime * 1000) + 50))
    }
}
