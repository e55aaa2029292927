import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call --pin` as a user runs it (the debug build, as the README's `swift run`): against
/// a server whose leaf has a critical extended key usage (openssl's `critical,serverAuth`, and
/// trustme's), and against a port where nothing listens, which says so and ends without a crash.
@Suite struct CallTLSPinTests {
    @Test func aPinnedCallToAClosedPortSaysSoAndDoesNotCrash() async throws {
        let pki = try await TestPKI.make()
        let closed = try ReservedPort()
        let pin = try await pki.publicKeyPin("ca")
        let result = try await CLI.run([
            "call", CallTLSTests.spec, "get", "--base-url", "https://127.0.0.1:\(closed.port)", "--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(pin)",
        ])
        #expect(result.stderr == "error: cannot connect to 127.0.0.1:\(closed.port): connection refused\n")
        #expect(result.status == 1)
    }

    @Test func aLeafWithACriticalExtendedKeyUsage() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext("eileaf", above: ["ekuinter"]), TestHandlers.json(body: #"{"ok":true}"#))
        let leaf = try await pki.publicKeyPin("eileaf")
        let pinned = try await CLINetwork.call(CallTLSTests.spec, "get", ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(leaf)"], server: server)
        let wrong = try await pki.publicKeyPin("wrong")
        let refused = try await CLINetwork.call(CallTLSTests.spec, "get", ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(wrong)"], server: server)
        let requests = server.requestCount
        try await server.shutdown()
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stdout == #"{"ok":true}"# + "\n")
        let chain = "CN=eileaf (\(leaf)), CN=ekuinter (\(try await pki.publicKeyPin("ekuinter"))), CN=Netspec-Test-CA (\(try await pki.publicKeyPin("ca")))"
        #expect(refused.stderr == "error: certificate pinning failed for 127.0.0.1: the verified chain matches none of the pins \(wrong); it is \(chain)\n")
        #expect(refused.status == 1)
        #expect(requests == 1)
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
    func aTrustmeChain() async throws {
        let pki = try await TestPKI.trustme(python: Peers.python!)
        let server = try await TestServer.start(tlsContext: try pki.serverContext("ileaf", above: ["inter"]), TestHandlers.json(body: #"{"ok":true}"#))
        let root = try await pki.publicKeyPin("ca")
        let pinned = try await CLINetwork.call(CallTLSTests.spec, "get", ["--cacert", pki.path("ca.pem"), "--pin", "127.0.0.1=\(root)"], server: server)
        try await server.shutdown()
        #expect(pinned.status == 0, "\(pinned.stderr)")
        #expect(pinned.stdout == #"{"ok":true}"# + "\n")
    }
}
