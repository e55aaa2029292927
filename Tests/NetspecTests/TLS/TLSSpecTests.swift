import Foundation
import Netspec
import NetspecTestServer
import Testing

/// The spec's `tls:` errors at their positions, and OpenAPI's `mutualTLS` as a client certificate requirement.
@Suite struct TLSSpecTests {
    static let head = "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"

    @Test(arguments: [
        ("tls:\n  minVersion: \"1.1\"\n", "<spec>:6:15: error: tls: 'minVersion' must be \"1.2\" or \"1.3\", found '1.1'"),
        ("tls:\n  pins:\n    api.test: [md5/AAAA]\n", "<spec>:7:16: error: tls: pin 'md5/AAAA' for api.test is not sha256/BASE64 (the SHA-256 of the public key) or cert-sha256/BASE64 (of the certificate), 32 bytes in base64"),
        ("tls:\n  cert: x.pem\n", "<spec>:6:3: error: tls: unknown key 'cert'"),
        ("tls: yes\n", "<spec>:5:6: error: tls: expected a mapping with 'ca', 'minVersion', 'pins' or 'unpinned', found the string 'yes'"),
    ])
    func errorsArePositioned(_ yaml: String, _ message: String) {
        let error = #expect(throws: SpecError.self) { try Spec(yaml: Self.head + yaml) }
        #expect(error?.description.components(separatedBy: "\n").first == message)
    }

    static let openAPI = """
        openapi: 3.1.0
        info: { title: T, version: "1" }
        components:
          securitySchemes:
            mutual: { type: mutualTLS }
        security: [{ mutual: [] }]
        paths:
          /e:
            get: { operationId: e, responses: { "200": { description: ok } } }
        """

    @Test func mutualTLSNeedsAClientCertificate() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(requiresClientCertificate: true), TestHandlers.json(body: #"{"ok":true}"#))
        defer { Task { try await server.shutdown() } }
        let spec = try Spec(yaml: Self.openAPI)
        #expect(spec.warnings.isEmpty)
        let without = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(tls: .init(caFile: pki.path("ca.pem")))))
        let error = await #expect(throws: CallError.self) { try await without.call("e") }
        #expect(error?.description == "endpoint 'e': the endpoint needs a client certificate (mutual TLS); give one with --cert FILE --key FILE, or Provider.Options(tls: .init(clientCertificate: …))")
        #expect(server.requestCount == 0)
        let client = (certificateFile: pki.path("client.pem"), keyFile: pki.path("client.key"))
        let with = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: .init(tls: .init(caFile: pki.path("ca.pem"), clientCertificate: client))))
        #expect(try await with.call("e").value == ["ok": true])
    }
}
