import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A pinned `wss` host whose proxy value cannot be used: the pins' pre-flight handshake
/// (TLSPinCheck) connected directly, where the call itself fails before sending with a
/// configuration error naming the variable and its value. The check now fails the same way
/// (exit 78), connecting to nothing, as a pinned `https` call does.
@Suite struct PinnedWebSocketProxyTests {
    /// What the call says of the value, after `error: ` (and the endpoint, as configuration errors name it).
    static let message = """
        https_proxy 'socks4://<redacted>@127.0.0.1:1080' cannot be used: socks4:// proxies are not supported (use http://, socks5:// or socks5h://)

        """

    /// `endpoint` of ``CallProxyTests/spec(_:)`` at `baseURL` (pinned to the test CA unless
    /// `pinned` is false), with an `https_proxy` that cannot be used.
    static func call(_ endpoint: String, _ baseURL: String, pki: TestPKI, pinned: Bool = true) async throws -> CLI.Result {
        let pin = try await pki.publicKeyPin("ca")
        return try await CLI.run(
            ["call", try CallProxyTests.spec(baseURL), endpoint] + (pinned ? ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(pin)"] : []),
            stdin: Array("1\n".utf8), environment: ["https_proxy": "socks4://ada:secret@127.0.0.1:1080"],
            unsetting: CallProxyOptionTests.variables.filter { $0 != "https_proxy" }
        )
    }

    @Test func aPinnedHostsCheckFailsAsTheCallDoesAndConnectsToNothing() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.json(body: "{}"))
        let webSocket = try await Self.call("echo", server.baseURL, pki: pki)
        let unpinned = try await Self.call("echo", server.baseURL, pki: pki, pinned: false)
        let http = try await Self.call("get", server.baseURL, pki: pki)
        let connections = server.connectionCount
        try await server.shutdown()
        // Nothing listens at the URL's port: a direct connection would say 'connection refused'.
        let closed = try ReservedPort()
        let unreachable = try await Self.call("echo", "https://127.0.0.1:\(closed.port)", pki: pki)
        for result in [webSocket, unpinned, http, unreachable] {
            #expect(result.status == 78, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("error: ") && result.stderr.hasSuffix(Self.message), "\(result.stderr)")
        }
        // The pinned WebSocket's error is the unpinned one's, and the pinned HTTP call's but for the endpoint.
        #expect(webSocket.stderr == unpinned.stderr)
        #expect(unreachable.stderr == unpinned.stderr)
        #expect(http.stderr.replacingOccurrences(of: "'get'", with: "'echo'") == unpinned.stderr)
        #expect(connections == 0)
    }
}
