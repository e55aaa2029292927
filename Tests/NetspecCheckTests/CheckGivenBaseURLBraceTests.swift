import Netspec
import NetspecCheck
import NetspecModel
import NetspecTestServer
import Testing

/// A `{stage}` or `${stage}` in the base URL a Swift caller gives `Checker.run(baseURL:)` is no
/// variable (a base URL given is sent as it is written): it went percent-encoded
/// (`http://127.0.0.1:PORT/%7Bstage%7D/x`) without a word. The run now sends nothing and reports
/// each request as not sent, the configuration error `CallOptions(baseURL:)` gets for it.
@Suite struct CheckGivenBaseURLBraceTests {
    static let yaml = """
        netspec: 1
        service: S
        endpoints:
          e:
            GET: /x

        """
    static let hint = "is no variable here: a base URL given is sent as it is written, so write the value in its place (a brace itself, %7B and %7D)"

    /// `PORT` is the test server's port.
    @Test(arguments: [
        ("http://127.0.0.1:PORT/{stage}", "{stage}"),
        ("http://127.0.0.1:PORT/${stage}/v1", "${stage}"),
        ("http://127.0.0.1:PORT/v1?region={region}", "{region}"),
    ])
    func aBracedNameInRunsBaseURLIsNotSent(given: String, braced: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let base = given.replacing("PORT", with: String(server.port))
            let checker = Checker(spec: try Spec(yaml: Self.yaml, file: "s.yaml"))
            let options = CheckOptions(maxExamples: 2)
            let report = await checker.run(baseURL: base, options: options)
            #expect(report.firstNotSent?.request == "GET /x")
            #expect(report.firstNotSent?.error.reason == .setup)
            #expect(report.firstNotSent?.error.description == "endpoint 'e': invalid base URL '\(base)' (Checker.run(baseURL:)): '\(braced)' \(Self.hint)")
            #expect(report.notSentCount > 0)
            #expect(report.notSentCount == report.requestCount)
            #expect(!report.passed)
            #expect(checker.plannedRequests(baseURL: base, options: options) == [])
            #expect(server.requestCount == 0)
        }
    }

    /// A base URL without braces is sent to.
    @Test func aPlainBaseURLIsSent() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let checker = Checker(spec: try Spec(yaml: Self.yaml, file: "s.yaml"))
            let report = await checker.run(baseURL: server.baseURL + "/v1", options: CheckOptions(maxExamples: 2))
            #expect(report.notSentCount == 0)
            #expect(report.requestCount > 0)
            #expect(server.requestCount > 0)
        }
    }
}
