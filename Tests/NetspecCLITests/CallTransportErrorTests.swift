import Foundation
import NetspecTestServer
import Testing

/// Transport failures other than the TLS handshake's, through `netspec call`: each cause a
/// sentence of ours (the exact line), never a library's description.
@Suite struct CallTransportErrorTests {
    /// A host name whose first label is longer than DNS allows (63): the resolver refuses it
    /// without sending a query, so the test stays on this machine.
    static let unresolvable = String(repeating: "a", count: 64) + ".test"

    enum Server: Sendable {
        /// A plain HTTP/1.1 server with this handler.
        case plain(TestHandler)
        /// An HTTP/1.1 server over TLS (the PKI's `leaf`, trusted by `--cacert`) with this handler.
        case tls(TestHandler)
        /// An HTTP/2 server over TLS that answers with GOAWAY.
        case http2GoAway
        /// No server: the URL's host cannot be resolved.
        case unresolvable
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var cause: String
        var server: Server
        /// The line after `error: `, with `HOST` for `127.0.0.1:PORT`.
        var message: String
        var testDescription: String { cause }
    }

    static let cases: [Case] = [
        Case(cause: "host not found", server: .unresolvable, message: "cannot resolve host \(unresolvable)"),
        Case(cause: "connection reset", server: .plain(TestHandlers.resetBeforeHeaders), message: "HOST reset the connection"),
        Case(cause: "TLS closed without close_notify", server: .tls(TestHandlers.closeWithoutTLSClose),
             message: "HOST closed the connection without ending TLS (no close_notify) before the response was complete"),
        Case(cause: "HTTP/2 GOAWAY", server: .http2GoAway,
             message: "HOST ended the HTTP/2 stream (GOAWAY or RST_STREAM) before the response was complete"),
        Case(cause: "corrupt gzip", server: .plain(TestHandlers.truncatedGzip),
             message: "the compressed response body from HOST cannot be decompressed: it ends early"),
    ]

    @Test(arguments: cases) func eachFailureIsASentenceOfOurs(_ row: Case) async throws {
        let pki = try await TLSPinChainPKI.shared.value
        let cacert = ["--cacert", pki.path("ca.pem")]
        var port = 0
        let result: CLI.Result
        switch row.server {
        case let .plain(handler):
            let server = try await TestServer.start(handler)
            port = server.port
            result = try await CLINetwork.call(CallTLSTests.spec, "get", [], server: server)
            try await server.shutdown()
        case let .tls(handler):
            let server = try await TestServer.start(tlsContext: try pki.serverContext(), handler)
            port = server.port
            result = try await CLINetwork.call(CallTLSTests.spec, "get", cacert, server: server)
            try await server.shutdown()
        case .http2GoAway:
            let server = try await RawServer.http2GoAway(tlsContext: try pki.serverContext(applicationProtocols: ["h2"]))
            port = server.port
            result = try await CLI.run(["call", CallTLSTests.spec, "get", "--base-url", "https://127.0.0.1:\(port)"] + cacert)
            try await server.shutdown()
        case .unresolvable:
            result = try await CLI.run(["call", CallTLSTests.spec, "get", "--base-url", "http://\(Self.unresolvable)"])
        }
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(row.message.replacingOccurrences(of: "HOST", with: "127.0.0.1:\(port)"))\n")
        CallTLSErrorTests.expectOurWords(result.stderr)
    }
}
