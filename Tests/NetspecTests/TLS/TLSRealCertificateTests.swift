import Foundation
import NetspecTestServer
import NetspecTestSupport
import NIOSSL
import Testing

@testable import Netspec

/// Pins against certificates as real tools make them: Python's `trustme` (critical extended key
/// usage on its server certificates, critical subject alternative names and key usage) and the
/// openssl CLI with `extendedKeyUsage=critical,serverAuth` on the leaf and on an intermediate, as
/// private CAs write it. The pin check accepts what the TLS handshake accepts (the unpinned call
/// passes too): a table over the maker × what the server sends (the leaf; with its intermediate;
/// with the root too) × what is pinned (the leaf, the intermediate, the root, or none of them, the
/// last failing with the exact message), against TLS servers on 127.0.0.1. Certificates a TLS
/// client must refuse (an extended key usage without `serverAuth`, an unknown critical extension;
/// a key usage without a TLS key exchange, checked without a server) fail pinned or not, with the reason.
@Suite struct TLSRealCertificateTests {
    enum Maker: String, CaseIterable, Sendable { case trustme, openssl }
    enum Sent: String, CaseIterable, Sendable { case leaf, leafAndIntermediate, leafIntermediateAndRoot }
    enum Pinned: String, CaseIterable, Sendable { case leaf, intermediate, root, noneOfThem, nothing }

    struct Case: Sendable, CustomTestStringConvertible {
        var maker: Maker
        var sent: Sent
        var pinned: Pinned
        var testDescription: String { "\(maker.rawValue): sends \(sent.rawValue), pins \(pinned.rawValue)" }
    }

    static let cases: [Case] = Maker.allCases.flatMap { maker in
        Sent.allCases.flatMap { sent in Pinned.allCases.map { Case(maker: maker, sent: sent, pinned: $0) } }
    }

    /// A chain of a maker: the files' names (leaf, intermediate, root), the trust (the root and
    /// the intermediate) and the subjects, leaf first.
    struct Chain {
        var names: [String]
        var trust: String
        var subjects: [String]
    }

    static func chain(_ maker: Maker) -> Chain {
        switch maker {
        case .trustme:
            Chain(names: ["ileaf", "inter", "ca"], trust: "trust.pem",
                  subjects: ["OU=Netspec Leaf,O=trustme", "OU=Netspec Intermediate,O=trustme", "OU=Netspec Root,O=trustme"])
        case .openssl:
            Chain(names: ["eileaf", "ekuinter", "ca"], trust: "ekutrust.pem", subjects: ["CN=eileaf", "CN=ekuinter", "CN=Netspec-Test-CA"])
        }
    }

    /// One PKI of each maker for the table.
    static let openssl = Task { try await TestPKI.make() }
    static let trustme = Task { () -> TestPKI? in
        guard let python = Peers.python else { return nil }
        return try await TestPKI.trustme(python: python)
    }

    static func pki(_ maker: Maker) async throws -> TestPKI? {
        maker == .openssl ? try await openssl.value : try await trustme.value
    }

    @Test func theTableCoversEveryCombination() {
        #expect(Self.cases.count == 2 * 3 * 5)
    }

    @Test(arguments: cases) func pinsPassOnChainsWithACriticalExtendedKeyUsage(_ row: Case) async throws {
        guard let pki = try await Self.pki(row.maker) else {
            print("trustme chains skipped: the peers venv cannot be made (Tests/Peers/setup.sh)")
            return
        }
        let chain = Self.chain(row.maker)
        let above = switch row.sent {
        case .leaf: [String]()
        case .leafAndIntermediate: [chain.names[1]]
        case .leafIntermediateAndRoot: Array(chain.names[1...])
        }
        let pinnedName: String? = switch row.pinned {
        case .leaf: chain.names[0]
        case .intermediate: chain.names[1]
        case .root: chain.names[2]
        case .noneOfThem: "wrong"
        case .nothing: nil
        }
        let pin = try await pinnedName.asyncMap { try await pki.publicKeyPin($0) }
        let tls = TLSSettings(caFile: pki.path(chain.trust), pins: try pin.map { ["127.0.0.1": [try .init($0)]] } ?? [:])
        let outcome = try await TLSTests.call(try pki.serverContext(chain.names[0], above: above), tls: tls)

        guard row.pinned == .noneOfThem else {
            #expect(try outcome.result.get() == ["ok": true])
            #expect(outcome.requests == 1)
            return
        }
        var described: [String] = []
        for (name, subject) in zip(chain.names, chain.subjects) { described.append("\(subject) (\(try await pki.publicKeyPin(name)))") }
        let error = TLSTests.transportError(outcome.result)
        #expect(error?.kind == .pinning)
        #expect(error?.message == "certificate pinning failed for 127.0.0.1: the verified chain matches none of the pins \(pin!); it is \(described.joined(separator: ", "))")
        #expect(outcome.requests == 0)
    }

    /// A server certificate signed by the root itself (trustme's `leaf`, openssl's `eku`): its pin
    /// and the root's pass, sent alone or with the root.
    @Test(arguments: [(Maker.trustme, "leaf"), (.openssl, "eku")], [[String](), ["ca"]])
    func aLeafSignedByTheRoot(_ made: (Maker, String), above: [String]) async throws {
        guard let pki = try await Self.pki(made.0) else { return }
        for pinned in [made.1, "ca"] {
            let pin = try TLSSettings.Pin(try await pki.publicKeyPin(pinned))
            let outcome = try await TLSTests.call(try pki.serverContext(made.1, above: above), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]))
            #expect(try outcome.result.get() == ["ok": true])
        }
    }

    /// Certificates TLS refuses (as `openssl verify -purpose sslserver` and curl do): the same
    /// reason unpinned (BoringSSL refuses, the chain check says why) and pinned (the check
    /// refuses first), and no request.
    @Test(arguments: [
        ("clientonly", "the server's certificate CN=clientonly is not for TLS servers: its extended key usage allows clientAuth only"),
        ("oddext", "the server's certificate CN=oddext has a critical extension TLS does not know (1.3.6.1.4.1.55555.1), so it cannot be accepted"),
    ])
    func certificatesTLSRefusesAreRefusedWithTheReason(_ name: String, _ reason: String) async throws {
        let pki = try await Self.openssl.value
        let context = try pki.serverContext(name)
        for pins in [[:], ["127.0.0.1": [try TLSSettings.Pin(try await pki.publicKeyPin("ca"))]]] {
            let server = try await TestServer.start(tlsContext: context, TLSTests.ok)
            let api = Service(spec: try Spec(yaml: TLSTests.spec), provider: Provider(baseURL: server.baseURL, options: .init(tls: .init(caFile: pki.path("ca.pem"), pins: pins))))
            let result: Result<JSONValue, CallError>
            do { result = .success(try await api.call("e").value) } catch { result = .failure(error) }
            let requests = server.requestCount
            try await server.shutdown()
            let error = TLSTests.transportError(result)
            #expect(error?.kind == .tls)
            #expect(error?.message == "TLS with 127.0.0.1:\(server.port) failed: \(reason)", "pins: \(pins)")
            #expect(requests == 0)
        }
    }

    /// A leaf whose key usage allows no TLS key exchange (`keyCertSign` only): no TLS server
    /// presents it (BoringSSL's server refuses to load it), so the chain check is asked directly.
    @Test func aLeafWhoseKeyUsageAllowsNoKeyExchange() async throws {
        let pki = try await Self.openssl.value
        let presented = try NIOSSLCertificate.fromPEMFile(pki.path("signonly.pem")).map(ChainCertificate.init)
        let trust = TLSTrust(name: "the CA file 'ca.pem'", certificates: try NIOSSLCertificate.fromPEMFile(pki.path("ca.pem")).map(ChainCertificate.init))
        let result = await TLSVerifiedChain.build(presented: presented, host: "127.0.0.1", trust: trust, verifies: true)
        #expect(result == .failure(.notForServers(subject: "CN=signonly", isLeaf: true, usage: "key usage", allowed: "keyCertSign")))
        let eku = try NIOSSLCertificate.fromPEMFile(pki.path("eku.pem")).map(ChainCertificate.init)
        #expect(try await TLSVerifiedChain.build(presented: eku, host: "127.0.0.1", trust: trust, verifies: true).get().map(\.subject) == ["CN=eku", "CN=Netspec-Test-CA"])
    }

    /// A pinned call to a port where nothing listens says so, naming the host, and settles
    /// every promise of the check (a debug build stopped the process over one left unfulfilled).
    @Test func aPinnedCallToAClosedPortIsRefusedNamingTheHost() async throws {
        let pki = try await Self.openssl.value
        let closed = try ReservedPort()
        let pin = try TLSSettings.Pin(try await pki.publicKeyPin("ca"))
        let api = Service(
            spec: try Spec(yaml: TLSTests.spec),
            provider: Provider(baseURL: "https://127.0.0.1:\(closed.port)", options: .init(tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]])))
        )
        for _ in 0..<3 {
            let error = await #expect(throws: CallError.self) { try await api.call("e") }
            guard case let .transport(problem)? = error else { Issue.record("expected a transport error, got \(String(describing: error))"); return }
            #expect(problem.kind == .connect)
            #expect(problem.message == "cannot connect to 127.0.0.1:\(closed.port): connection refused")
        }
    }
}

extension Optional {
    /// The wrapped value mapped by an async closure.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
