import Netspec
import NetspecCheck
import Testing

/// A token that expires mid-run (issue 56, item 5): the server's access tokens each serve three
/// requests; `Checker` sends through a call's own chain, so each 401 for an expired token gets a
/// new token by the client credentials grant and the request is sent again, once, and no check
/// reports the 401 (no `ignored_auth`, `status_code_conformance` or `positive_data_acceptance`
/// false failure).
@Suite struct CheckTokenRenewalTests {
    @Test func anExpiredTokenIsRenewedAndTheRequestRetriedOnce() async throws {
        let server = ExpiringTokenServer(uses: 3)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let base = "http://127.0.0.1:\(try #require(await iterator.next()))"
        let spec = try Spec(yaml: ExpiringTokenServer.document, file: "expiring.yaml")
        let provider = Provider(variables: ["OAUTH_CLIENT_ID": "netspec", "OAUTH_CLIENT_SECRET": "s3cret"], options: .init(usesEnvironment: false))
        let report = await Checker(spec: spec, provider: provider).run(
            baseURL: base, options: CheckOptions(maxExamples: 6, seed: 2, requestTimeout: CheckerTests.patient)
        )
        #expect(report.failures.map { "\($0.check.rawValue): \($0.message)" } == [])
        #expect(report.unansweredCount == 0, "\(report.firstTransportError ?? "")")
        // Every case but ignored_auth's two (no credential, a wrong one: refused) and the
        // unsupported method's PATCH (a 405 before auth) went with the token; each expiry cost one
        // 401, one token request and one retry, and nothing more.
        let counts = server.counts
        #expect(report.requestCount == 15)
        #expect(counts == .init(tokens: 4, expired: 3, served: 12, refused: 2))
        #expect(counts.served == report.requestCount - 3)
        #expect(counts.tokens == (counts.served + server.uses - 1) / server.uses)
        #expect(counts.expired == counts.tokens - 1)
    }
}
