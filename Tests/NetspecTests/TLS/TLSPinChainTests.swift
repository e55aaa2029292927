import Foundation
import Netspec
import NetspecTestServer
import NIOSSL
import Testing

/// Pins are compared with the verified chain (what the server sends, completed with the trust),
/// as OkHttp's `CertificatePinner` does: a table over what the server sends (the leaf `ileaf`;
/// with its intermediate `inter`; with the root `ca` too) × what is pinned (the leaf, the
/// intermediate, the root, or none of them) × the trust (the CA file `trust.pem`, or the hashed
/// directory `trust/` as /etc/ssl/certs is, both holding the root and the intermediate) × the
/// connection (an HTTP call, a `wss` upgrade). A pin passes whatever the server sends; a pin
/// matching nothing fails before any request byte, naming the verified chain.
@Suite struct TLSPinChainTests {
    enum Sent: String, CaseIterable, Sendable { case leaf, leafAndIntermediate, leafIntermediateAndRoot }
    enum Pinned: String, CaseIterable, Sendable { case leaf, intermediate, root, noneOfThem }
    enum Trust: String, CaseIterable, Sendable { case caFile, caDirectory }
    enum Connection: String, CaseIterable, Sendable { case https, wss }

    struct Case: Sendable, CustomTestStringConvertible {
        var sent: Sent
        var pinned: Pinned
        var trust: Trust
        var connection: Connection
        var testDescription: String { "\(connection.rawValue): sends \(sent.rawValue), pins \(pinned.rawValue), \(trust.rawValue)" }
    }

    static let cases: [Case] = Connection.allCases.flatMap { connection in
        Trust.allCases.flatMap { trust in
            Sent.allCases.flatMap { sent in Pinned.allCases.map { pinned in Case(sent: sent, pinned: pinned, trust: trust, connection: connection) } }
        }
    }

    /// One PKI for the table (a few openssl runs).
    static let pki = Task { try await TestPKI.make() }

    @Test func theTableCoversEveryCombination() {
        #expect(Self.cases.count == 3 * 4 * 2 * 2)
    }

    @Test(arguments: cases) func pinsAreComparedWithTheVerifiedChain(_ row: Case) async throws {
        let pki = try await Self.pki.value
        let above = switch row.sent {
        case .leaf: [String]()
        case .leafAndIntermediate: ["inter"]
        case .leafIntermediateAndRoot: ["inter", "ca"]
        }
        let pinnedName = switch row.pinned {
        case .leaf: "ileaf"
        case .intermediate: "inter"
        case .root: "ca"
        case .noneOfThem: "wrong"
        }
        let pin = try await pki.publicKeyPin(pinnedName)
        // swift-websocket sends the host as the TLS server name, which cannot be an IP address.
        let host = row.connection == .https ? "127.0.0.1" : "localhost"
        let tls = TLSSettings(
            caFile: row.trust == .caFile ? pki.path("trust.pem") : nil, caDirectory: row.trust == .caDirectory ? pki.path("trust") : nil,
            pins: [host: [try .init(pin)]]
        )
        let server = try await TestServer.start(tlsContext: try pki.serverContext("ileaf", above: above), TLSTests.ok)
        let spec = row.connection == .https ? TLSTests.spec : WebSocketTLSTests.spec
        let api = Service(
            spec: try Spec(yaml: spec),
            provider: Provider(baseURL: server.baseURL.replacingOccurrences(of: "127.0.0.1", with: host), options: .init(tls: tls, usesEnvironment: false))
        )
        var failure: CallError?
        do {
            if row.connection == .https { _ = try await api.call("e") } else { _ = try await api.connect("chat") }
        } catch { failure = error }
        let requests = server.requestCount
        try await server.shutdown()

        guard row.pinned == .noneOfThem else {
            // The handshake passed: the HTTP call got its answer; the upgrade request reached the
            // server (which answers it with 200, not 101).
            #expect(requests == 1, "\(String(describing: failure))")
            if row.connection == .https { #expect(failure == nil, "\(String(describing: failure))") }
            return
        }
        var chain: [String] = []
        for (name, subject) in [("ileaf", "ileaf"), ("inter", "inter"), ("ca", "Netspec-Test-CA")] {
            chain.append("CN=\(subject) (\(try await pki.publicKeyPin(name)))")
        }
        guard case let .transport(error)? = failure else { Issue.record("expected a transport error, got \(String(describing: failure))"); return }
        #expect(error.kind == .pinning)
        #expect(error.message == "certificate pinning failed for \(host): the verified chain matches none of the pins \(pin); it is \(chain.joined(separator: ", "))")
        #expect(requests == 0)
    }

    /// Certificate pins (`cert-sha256/`) too: the root, which this server does not send.
    @Test func aCertificatePinOfARootTheServerDoesNotSend() async throws {
        let pki = try await Self.pki.value
        let pin = try TLSSettings.Pin(try await pki.certificatePin("ca"))
        let outcome = try await TLSTests.call(
            try pki.serverContext("ileaf", above: []), tls: .init(caDirectory: pki.path("trust"), pins: ["127.0.0.1": [pin]])
        )
        #expect(try outcome.result.get() == ["ok": true])
    }
}
