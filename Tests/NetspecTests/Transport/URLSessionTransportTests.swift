import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecURLSession
import Testing

/// What only the URLSession transport does: `Provider(transport: .urlSession)`, and TLS settings
/// URLSession cannot apply refused before anything is sent, rather than ignored.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test func aProviderTakesItAsDotURLSession() {
        let provider = Provider(baseURL: "https://api.example.com", transport: .urlSession)
        #expect(provider.transport as? URLSessionTransport === URLSessionTransport.shared)
    }

    struct RefusedCase: Sendable, CustomStringConvertible {
        var name: String
        var tls: TLSSettings
        /// What the message says the settings ask for.
        var asked: String
        var description: String { name }
    }

    static let refused: [RefusedCase] = [
        RefusedCase(name: "CA file", tls: TLSSettings(caFile: "ca.pem"), asked: "a CA file"),
        RefusedCase(name: "CA folder", tls: TLSSettings(caDirectory: "certs"), asked: "a CA folder"),
        RefusedCase(name: "lowest version", tls: TLSSettings(minimumVersion: .v1_3), asked: "a lowest TLS version"),
        RefusedCase(
            name: "client certificate", tls: TLSSettings(clientCertificate: (certificateFile: "c.pem", keyFile: "c.key")),
            asked: "a client certificate"),
        RefusedCase(
            name: "pins for the host", tls: TLSSettings(pins: ["127.0.0.1": [TLSSettings.Pin(kind: .publicKey, digest: Array(repeating: 0, count: 32))]]),
            asked: "pins"),
        RefusedCase(
            name: "no verification and a CA file", tls: TLSSettings(caFile: "ca.pem", verifiesCertificates: false),
            asked: "a CA file and no certificate verification"),
    ]

    @Test(arguments: refused)
    func tlsSettingsItCannotApplyAreRefusedBeforeSending(_ refusal: RefusedCase) async throws {
        try await withTestServer(tls: true, TestHandlers.json()) { server in
            let request = PreparedRequest(endpointName: "e", method: .get, url: server.url("/"), headerFields: [:], body: .empty)
            let error = await #expect(throws: TransportError.self) {
                try await URLSessionTransport.shared.fetch(request, options: TransportOptions(tls: refusal.tls), maxResponseSize: 1024)
            }
            #expect(error?.kind == .tls)
            #expect(
                error?.message == "TLS with 127.0.0.1:\(server.port) cannot use \(refusal.asked) through URLSessionTransport, "
                    + "which leaves trust to the system; send through AsyncHTTPClientTransport for these settings")
            #expect(server.connectionCount == 0)
        }
    }

    @Test func tlsSettingsDoNotConcernAPlainHTTPRequest() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let request = PreparedRequest(endpointName: "e", method: .get, url: server.url("/"), headerFields: [:], body: .empty)
            let response = try await URLSessionTransport.shared.fetch(request, options: TransportOptions(tls: TLSSettings(caFile: "ca.pem")), maxResponseSize: 1024)
            #expect(try await response.body.collect(upTo: 1024) == Array(#"{"ok":true}"#.utf8))
        }
    }
}
