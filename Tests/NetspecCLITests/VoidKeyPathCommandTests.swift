import NetspecTestServer
import NetspecTestSupport
import Testing

/// `--keypath` on an endpoint that returns nothing (`returns: Void`) says so, whatever the body
/// held: it said "reads in an object or array, but the result is null" of a body `{"a":1}`.
@Suite struct VoidKeyPathCommandTests {
    static let spec = try! CLI.temporarySpec("""
        netspec: 1
        service: V
        baseURL: http://127.0.0.1:9
        endpoints:
          ping:
            POST: /ping
            returns: Void
        """, name: "void.yaml")

    @Test func aKeyPathOnAVoidEndpointSaysItReturnsNothing() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"a":1}"#)) { server in
            let result = try await CLI.run(["call", Self.spec, "ping", "--base-url", server.baseURL, "--keypath", "a"])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: endpoint 'ping': the endpoint returns nothing (returns: Void), so key path 'a' has nothing to read\n", "\(result.stderr)")
        }
    }
}
