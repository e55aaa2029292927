import Foundation
import NetspecTestServer
import NIOSSL
import Testing

/// Every TLS failure through `netspec call`, each a sentence of ours naming the host and the
/// reason: the exact line per cause, and never a library's type name or a build path.
@Suite struct CallTLSErrorTests {
    /// What no message may contain: library type names, a build path.
    static let forbidden = [".build/", "NIOSSL", "BoringSSL", "AsyncHTTPClient", "HTTPClientError", "NIOCore", "NIOPosix", "NIOHTTP", "IOError", "OPENSSL_internal", "SSL routines"]

    static func expectOurWords(_ stderr: String) {
        for word in forbidden { #expect(!stderr.contains(word), "\(stderr)") }
    }

    /// The server of a case: a TLS server with a context made from the PKI, or a plain one.
    enum Server: Sendable {
        case tls(@Sendable (TestPKI) throws -> NIOSSLContext)
        case plain
        case alert(UInt8)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var cause: String
        var server: Server
        /// Flags; `PKI/` stands for the PKI's directory.
        var flags: [String]
        /// The error line after `error: TLS with 127.0.0.1:PORT failed: `; `PKI/` as in the flags.
        var reason: String
        var testDescription: String { cause }
    }

    static let cases: [Case] = [
        Case(cause: "unknown issuer", server: .tls { try $0.serverContext("ileaf", above: []) }, flags: ["--cacert", "PKI/ca.pem"],
             reason: "the server's certificate is not trusted: CN=ileaf was issued by CN=inter, which is neither among the certificates the server sent nor in the CA file 'PKI/ca.pem'"),
        Case(cause: "unknown issuer, system roots", server: .tls { try $0.serverContext(above: []) }, flags: [],
             reason: "the server's certificate is not trusted: CN=leaf was issued by CN=Netspec-Test-CA, which is neither among the certificates the server sent nor in the system's trusted CAs"),
        Case(cause: "self-signed", server: .tls { _ in try TestTLS.makeServerContext() }, flags: ["--capath", "PKI/trust"],
             reason: "the server's certificate CN=localhost is self-signed and not in the CA directory 'PKI/trust'"),
        Case(cause: "self-signed root in the chain", server: .tls { try $0.serverContext() }, flags: [],
             reason: "the server's chain ends at the self-signed CN=Netspec-Test-CA, which is not in the system's trusted CAs"),
        Case(cause: "expired", server: .tls { try $0.serverContext("expired") }, flags: ["--cacert", "PKI/ca.pem"],
             reason: "the server's certificate CN=expired expired on 2021-01-01 00:00:00 UTC"),
        Case(cause: "not yet valid", server: .tls { try $0.serverContext("future") }, flags: ["--cacert", "PKI/ca.pem"],
             reason: "the server's certificate CN=future is not valid until 2036-01-01 00:00:00 UTC"),
        Case(cause: "wrong host name", server: .tls { try $0.serverContext("wrong") }, flags: ["--cacert", "PKI/ca.pem"],
             reason: "the server's certificate CN=wrong is for wrong.example, not 127.0.0.1"),
        Case(cause: "protocol version", server: .tls { try $0.serverContext(maximumVersion: .tlsv12) }, flags: ["--cacert", "PKI/ca.pem", "--tls-min", "1.3"],
             reason: "the server supports no TLS version from 1.3 on"),
        Case(cause: "client certificate required", server: .tls { try $0.serverContext(requiresClientCertificate: true) }, flags: ["--cacert", "PKI/ca.pem"],
             reason: "the server requires a client certificate, and none was given"),
        Case(cause: "client certificate rejected", server: .tls { try $0.serverContext(requiresClientCertificate: true) },
             flags: ["--cacert", "PKI/ca.pem", "--cert", "PKI/stranger.pem", "--key", "PKI/stranger.key"],
             reason: "the server rejected the client certificate (it does not trust its issuer)"),
        Case(cause: "client certificate revoked", server: .alert(44), flags: ["--cert", "PKI/client.pem", "--key", "PKI/client.key"],
             reason: "the server says the client certificate is revoked"),
        Case(cause: "handshake refused", server: .alert(40), flags: ["--cert", "PKI/client.pem", "--key", "PKI/client.key"],
             reason: "the server refused the handshake (handshake failure)"),
        Case(cause: "not TLS", server: .plain, flags: [], reason: "the server does not speak TLS on this port"),
    ]

    @Test(arguments: cases) func eachFailureIsASentenceOfOurs(_ row: Case) async throws {
        let pki = try await TLSPinChainPKI.shared.value
        let flags = row.flags.map { $0.replacingOccurrences(of: "PKI/", with: pki.directory.path + "/") }
        let result: CLI.Result
        let port: Int
        switch row.server {
        case let .tls(context):
            let server = try await TestServer.start(tlsContext: try context(pki), TestHandlers.json(body: #"{"ok":true}"#))
            port = server.port
            result = try await CLI.run(["call", CallTLSTests.spec, "get", "--base-url", "https://127.0.0.1:\(port)"] + flags)
            #expect(server.requestCount == 0)
            try await server.shutdown()
        case .plain:
            let server = try await TestServer.start(TestHandlers.json(body: #"{"ok":true}"#))
            port = server.port
            result = try await CLI.run(["call", CallTLSTests.spec, "get", "--base-url", "https://127.0.0.1:\(port)"] + flags)
            try await server.shutdown()
        case let .alert(alert):
            let server = try await RawServer.tlsAlert(alert)
            port = server.port
            result = try await CLI.run(["call", CallTLSTests.spec, "get", "--base-url", "https://127.0.0.1:\(port)"] + flags)
            try await server.shutdown()
        }
        let reason = row.reason.replacingOccurrences(of: "PKI/", with: pki.directory.path + "/")
        #expect(result.status == 1)
        #expect(result.stderr == "error: TLS with 127.0.0.1:\(port) failed: \(reason)\n")
        Self.expectOurWords(result.stderr)
    }

    /// The issue's case: a private CA's root in a CA file, a server that sends only its own
    /// certificate. A pin of the leaf and a pin of the root both pass; a pin of neither names
    /// the verified chain.
    @Test func pinsWhenTheServerSendsOnlyItsCertificate() async throws {
        let pki = try await TLSPinChainPKI.shared.value
        let server = try await TestServer.start(tlsContext: try pki.serverContext(above: []), TestHandlers.json(body: #"{"ok":true}"#))
        for name in ["leaf", "ca"] {
            let pinned = try await CLINetwork.call(
                CallTLSTests.spec, "get", ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(try await pki.publicKeyPin(name))"], server: server
            )
            #expect(pinned.status == 0, "\(name): \(pinned.stderr)")
            #expect(pinned.stdout == #"{"ok":true}"# + "\n")
        }
        let wrong = try await pki.publicKeyPin("wrong")
        let failed = try await CLINetwork.call(CallTLSTests.spec, "get", ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(wrong)"], server: server)
        let chain = "CN=leaf (\(try await pki.publicKeyPin("leaf"))), CN=Netspec-Test-CA (\(try await pki.publicKeyPin("ca")))"
        #expect(failed.stderr == "error: certificate pinning failed for 127.0.0.1: the verified chain matches none of the pins \(wrong); it is \(chain)\n")
        #expect(server.requestCount == 2)
        try await server.shutdown()
    }
}

/// One PKI for the CLI's TLS tables (a few openssl runs).
enum TLSPinChainPKI {
    static let shared = Task { try await TestPKI.make() }
}
