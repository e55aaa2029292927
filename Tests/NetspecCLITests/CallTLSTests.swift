import Foundation
import NetspecTestServer
import Testing

/// `netspec call` with `--cacert`, `--capath`, `--cert`/`--key`, `--tls-min`, `--pin`, `--unpinned`: against
/// TLS servers on 127.0.0.1 with openssl-made certificates; bad options exit 64 naming the option.
@Suite struct CallTLSTests {
    static let spec: String = {
        try! CLI.temporarySpec("netspec: 1\nservice: CLI\nendpoints:\n  get:\n    GET: /thing\n", name: "tls.yaml")
    }()

    static func run(_ pki: TestPKI, requiresClientCertificate: Bool = false, _ flags: [String]) async throws -> (CLI.Result, Int) {
        let server = try await TestServer.start(
            tlsContext: try pki.serverContext(requiresClientCertificate: requiresClientCertificate), TestHandlers.json(body: #"{"ok":true}"#)
        )
        let result = try await CLINetwork.call(Self.spec, "get", flags, server: server)
        let requests = server.requestCount
        try await server.shutdown()
        return (result, requests)
    }

    @Test func trustsACAFile() async throws {
        let pki = try await TestPKI.make()
        let (result, _) = try await Self.run(pki, ["--cacert", pki.path("ca.pem")])
        #expect(result.status == 0)
        #expect(result.stdout == #"{"ok":true}"# + "\n")
    }

    /// A server that sends only its certificate, signed by an intermediate: the trust holds the
    /// intermediate and the root, as a bundle or as a hashed directory (`openssl rehash`, as
    /// /etc/ssl/certs is).
    @Test(arguments: [("--cacert", "trust.pem"), ("--capath", "trust")]) func trustsTheIntermediateOfTheTrust(_ option: String, _ name: String) async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext("ileaf", above: []), TestHandlers.json(body: #"{"ok":true}"#))
        let result = try await CLINetwork.call(Self.spec, "get", [option, pki.path(name)], server: server)
        try await server.shutdown()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"ok":true}"# + "\n")
    }

    @Test func clientCertificate() async throws {
        let pki = try await TestPKI.make()
        let (without, requests) = try await Self.run(pki, requiresClientCertificate: true, ["--cacert", pki.path("ca.pem")])
        #expect(without.status == 1)
        #expect(without.stderr.hasPrefix("error: TLS with 127.0.0.1:"))
        #expect(requests == 0)
        let (with, _) = try await Self.run(
            pki, requiresClientCertificate: true, ["--cacert", pki.path("ca.pem"), "--cert", pki.path("client.pem"), "--key", pki.path("client.key")]
        )
        #expect(with.status == 0)
        #expect(with.stdout == #"{"ok":true}"# + "\n")
    }

    @Test func pins() async throws {
        let pki = try await TestPKI.make()
        let wrong = try await pki.publicKeyPin("wrong")
        let leaf = try await pki.publicKeyPin("leaf")
        let ca = try await pki.publicKeyPin("ca")
        let (failed, requests) = try await Self.run(pki, ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(wrong)"])
        #expect(failed.status == 1)
        #expect(failed.stderr == "error: certificate pinning failed for 127.0.0.1: the verified chain matches none of the pins \(wrong); it is CN=leaf (\(leaf)), CN=Netspec-Test-CA (\(ca))\n")
        #expect(requests == 0)
        let (passed, _) = try await Self.run(pki, ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(ca)"])
        #expect(passed.status == 0)
        let (unpinned, _) = try await Self.run(pki, ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(wrong)", "--unpinned", "127.0.0.1"])
        #expect(unpinned.status == 0)
    }

    @Test func minimumVersionAndCurl() async throws {
        let pki = try await TestPKI.make()
        let (result, _) = try await Self.run(pki, ["--cacert", pki.path("ca.pem"), "--tls-min", "1.3"])
        #expect(result.status == 0)
        let ca = pki.path("ca.pem")
        let trust = pki.path("trust")
        let curl = try await CLI.run(["call", Self.spec, "get", "--base-url", "https://api.test", "--curl", "--cacert", ca, "--capath", trust, "--tls-min", "1.3"])
        #expect(curl.stdout.hasSuffix(" --compressed --cacert \(ca) --capath \(trust) --tlsv1.3\n"))
    }

    @Test(arguments: [
        (["--cacert", "/nonexistent/ca.pem"], "Error: --cacert '/nonexistent/ca.pem': no such readable file"),
        (["--capath", "/nonexistent/certs"], "Error: --capath '/nonexistent/certs': no such readable directory"),
        (["--cert", "/etc/hostname"], "Error: --cert and --key go together: give both"),
        (["--tls-min", "1.1"], "Error: --tls-min must be 1.2 or 1.3, not '1.1'"),
        (["--pin", "sha256/AAAA"], "Error: --pin 'sha256/AAAA' must be HOST=sha256/BASE64"),
        (["--pin", "=sha256/AAAA"], "Error: --pin '=sha256/AAAA' must be HOST=sha256/BASE64: its HOST is empty"),
        (["--pin", "h=md5/AAAA"], "Error: --pin for h: 'md5/AAAA' is not a pin: expected sha256/BASE64 (public key) or cert-sha256/BASE64 (certificate), 32 bytes in base64"),
    ])
    func badOptionsAreUsageErrors(_ flags: [String], _ message: String) async throws {
        let result = try await CLI.run(["call", Self.spec, "get", "--base-url", "https://api.test"] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.components(separatedBy: "\n").first == message)
    }
}
