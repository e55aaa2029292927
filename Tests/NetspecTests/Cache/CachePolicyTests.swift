import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// The cache policies (spec `cache:`, per call, the cache's default), credential partitions, and
/// the cache's place outside retry.
@Suite struct CachePolicyTests {
    static let spec = """
        netspec: 1
        service: Policies
        cache: returnCacheElseLoad
        endpoints:
          stale: { GET: /data }
          fresh: { GET: /data, cache: reload }
          offline: { GET: /other, cache: returnCacheDontLoad }
          mine: { GET: /data, auth: { bearer: "${TOKEN}" } }
        """

    /// A server answering `/data` with a body counting its requests, stale at once (`max-age=0`).
    static func counting(_ requests: Counter, status: Int = 200) -> TestHandler {
        { _, writer in
            requests.add(1)
            try await writer.respond(status: status, headers: [("Cache-Control", "max-age=0"), ("ETag", "\"x\"")], body: "n\(requests.value)")
        }
    }

    func service(_ server: TestServer, cache: HTTPCache, variables: [String: String] = [:], retry: RetryPolicy? = nil) throws -> Service {
        var options = testOptions()
        options.cache = cache
        options.retry = retry
        options.retryTiming = RetryTiming(sleep: { _ in }, now: { Date() }, random: { 0 })
        return try makeService(Self.spec, server: server, variables: variables, options: options)
    }

    @Test func specServiceDefaultEndpointAndCallPoliciesApplyInThatOrder() async throws {
        let requests = Counter()
        try await withTestServer(Self.counting(requests)) { server in
            let api = try service(server, cache: HTTPCache())
            #expect(api.spec.endpoints.map(\.cachePolicy) == [.returnCacheElseLoad, .reload, .returnCacheDontLoad, .returnCacheElseLoad])
            #expect(try await api.call("stale").text == "n1")
            // returnCacheElseLoad: the stale response, not validated.
            #expect(try await api.call("stale").text == "n1")
            // The endpoint's reload, then the call's useProtocol (validated: the server answers 200 again).
            #expect(try await api.call("fresh").text == "n2")
            #expect(try await api.call("stale", options: CallOptions(cachePolicy: .useProtocol)).text == "n3")
            #expect(requests.value == 3)
        }
    }

    @Test func returnCacheDontLoadAnswers504WithoutTheNetwork() async throws {
        let requests = Counter()
        try await withTestServer(Self.counting(requests)) { server in
            let api = try service(server, cache: HTTPCache())
            let error = await #expect(throws: CallError.self) { try await api.call("offline") }
            guard case let .status(status)? = error else { Issue.record("expected a status error"); return }
            #expect(status.status == 504)
            #expect(String(decoding: status.body, as: UTF8.self)
                == "no stored response for GET \(server.baseURL)/other can be used, and the cache policy is returnCacheDontLoad, so the network was not used\n")
            #expect(requests.value == 0)
        }
    }

    @Test func responsesToCallsWithCredentialsAreKeptApartPerCredential() async throws {
        let requests = Counter()
        try await withTestServer(Self.counting(requests)) { server in
            let cache = HTTPCache(policy: .returnCacheElseLoad)
            let alice = try service(server, cache: cache, variables: ["TOKEN": "alice"])
            let bob = try service(server, cache: cache, variables: ["TOKEN": "bob"])
            #expect(try await alice.call("mine").text == "n1")
            #expect(try await bob.call("mine").text == "n2")
            #expect(try await alice.call("mine").text == "n1")
            #expect(try await bob.call("mine").text == "n2")
            // No credentials: neither user's response.
            #expect(try await alice.call("stale").text == "n3")
            // remove(request) forgets every partition of the URL; clear() forgets everything.
            try await cache.remove(alice.prepare("mine"))
            #expect(try await bob.call("mine").text == "n4")
            try await cache.clear()
            #expect(try await alice.call("stale").text == "n5")
        }
    }

    @Test func retriesNeverSeeACacheHit() async throws {
        let requests = Counter()
        try await withTestServer({ _, writer in
            requests.add(1)
            let ok = requests.value == 2
            try await writer.respond(status: ok ? 200 : 503, headers: [("Cache-Control", "max-age=600")], body: "n\(requests.value)")
        }) { server in
            let api = try service(server, cache: HTTPCache(), retry: RetryPolicy(maxRetries: 2, statuses: [503], backoff: 0))
            // Attempt 1 gets 503 (not stored), attempt 2 the network again, never the cache.
            #expect(try await api.call("stale", options: CallOptions(cachePolicy: .useProtocol)).text == "n2")
            // The stored 200 answers the next call without reaching retry or the server.
            #expect(try await api.call("stale", options: CallOptions(cachePolicy: .useProtocol)).text == "n2")
            #expect(requests.value == 2)
        }
    }
}
