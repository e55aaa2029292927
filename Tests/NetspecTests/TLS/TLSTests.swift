import Foundation
@testable import Netspec
import NetspecTestServer
import NIOCore
import NIOPosix
import NIOSSL
import Testing

/// TLS against real servers on 127.0.0.1 with certificates made by openssl (``TestPKI``): trust by
/// a CA file, client certificates, pins (public key and certificate, leaf and CA, wrong,
/// excluded), an expired certificate, a wrong hostname, the lowest version.
@Suite struct TLSTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"
    static let ok = TestHandlers.json(body: #"{"ok":true}"#)

    /// Calls `e` on a server with `context` through a provider with `tls`; the server is returned for its counts.
    static func call(
        _ context: NIOSSLContext, tls: TLSSettings, spec: Spec? = nil
    ) async throws -> (result: Result<JSONValue, CallError>, requests: Int) {
        let server = try await TestServer.start(tlsContext: context, ok)
        let api = Service(spec: try spec ?? Spec(yaml: Self.spec), provider: Provider(baseURL: server.baseURL, options: .init(tls: tls)))
        let result: Result<JSONValue, CallError>
        do { result = .success(try await api.call("e").value) } catch { result = .failure(error) }
        let requests = server.requestCount
        try await server.shutdown()
        return (result, requests)
    }

    static func transportError(_ result: Result<JSONValue, CallError>) -> TransportError? {
        if case let .failure(.transport(error)) = result { return error }
        Issue.record("expected a transport error, got \(result)")
        return nil
    }

    @Test func trustsTheServerThroughACAFile() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(caFile: pki.path("ca.pem")))
        #expect(try outcome.result.get() == ["ok": true])
    }

    @Test func withoutTheCAFileTheSystemRootsRejectTheServer() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.call(try pki.serverContext(), tls: .init())
        #expect(Self.transportError(outcome.result)?.kind == .selfSignedCertificate)
        #expect(outcome.requests == 0)
    }

    @Test func specCAFileIsRelativeToTheSpecFolder() async throws {
        let pki = try await TestPKI.make()
        let path = pki.path("api.yaml")
        try (Self.spec + "tls:\n  ca: ca.pem\n  minVersion: \"1.2\"\n").write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(), spec: try Spec.load(path: path))
        #expect(try outcome.result.get() == ["ok": true])
    }

    @Test func aMissingCAFileIsNamed() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(caFile: pki.path("none.pem")))
        #expect(Self.transportError(outcome.result)?.message == "cannot read the CA file '\(pki.path("none.pem"))': no such file")
    }

    @Test func clientCertificates() async throws {
        let pki = try await TestPKI.make()
        let context = try pki.serverContext(requiresClientCertificate: true)
        let without = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem")))
        #expect(Self.transportError(without.result)?.kind == .clientCertificateRequired)
        #expect(without.requests == 0)
        let client = (certificateFile: pki.path("client.pem"), keyFile: pki.path("client.key"))
        let with = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), clientCertificate: client))
        #expect(try with.result.get() == ["ok": true])
    }

    /// A client key and certificate that are not a pair fail when they are loaded, naming both
    /// files (not as a handshake the server breaks off); a key file that is not a key says so.
    @Test func aClientKeyThatIsNotTheCertificatesIsNamedWithBoth() async throws {
        let pki = try await TestPKI.make()
        let context = try pki.serverContext(requiresClientCertificate: true)
        let mismatched = try await Self.call(
            context, tls: .init(caFile: pki.path("ca.pem"), clientCertificate: (certificateFile: pki.path("client.pem"), keyFile: pki.path("stranger.key")))
        )
        #expect(Self.transportError(mismatched.result)?.message
            == "the client key '\(pki.path("stranger.key"))' does not match the client certificate '\(pki.path("client.pem"))': it is the key of another certificate")
        #expect(mismatched.requests == 0)
        let notAKey = try await Self.call(
            context, tls: .init(caFile: pki.path("ca.pem"), clientCertificate: (certificateFile: pki.path("client.pem"), keyFile: pki.path("ca.pem")))
        )
        #expect(Self.transportError(notAKey.result)?.message == "cannot read the client key '\(pki.path("ca.pem"))': not an unencrypted PEM private key")
    }

    /// A client key given as a pipe (`--key <(decrypt client.key)`) is read once, and the key
    /// checked against the certificate is the key presented: a key of another certificate is
    /// named as from a file, before anything is sent (the check read the pipe again, found it
    /// empty and checked nothing), and the certificate's own key is presented.
    @Test func aClientKeyFromAPipeIsReadOnce() async throws {
        let pki = try await TestPKI.make()
        let context = try pki.serverContext(requiresClientCertificate: true)
        let stranger = try Self.pipe(holding: pki.path("stranger.key")), own = try Self.pipe(holding: pki.path("client.key"))
        let strangerPath = "/dev/fd/\(stranger.fileHandleForReading.fileDescriptor)", ownPath = "/dev/fd/\(own.fileHandleForReading.fileDescriptor)"
        let mismatched = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), clientCertificate: (certificateFile: pki.path("client.pem"), keyFile: strangerPath)))
        #expect(Self.transportError(mismatched.result)?.message
            == "the client key '\(strangerPath)' does not match the client certificate '\(pki.path("client.pem"))': it is the key of another certificate")
        #expect(mismatched.requests == 0)
        let matched = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), clientCertificate: (certificateFile: pki.path("client.pem"), keyFile: ownPath)))
        #expect(try matched.result.get() == ["ok": true])
    }

    /// A client certificate and key given as pipes reach a pinned host: its pin check sets TLS up
    /// before the call does, and the second setup read the pipes empty ("cannot read the client
    /// certificate '/dev/fd/N'"); what a pipe gave is kept for the process.
    @Test func aClientCertificateFromPipesReachesAPinnedHost() async throws {
        let pki = try await TestPKI.make()
        let certificate = try Self.pipe(holding: pki.path("client.pem")), key = try Self.pipe(holding: pki.path("client.key"))
        let tls = TLSSettings(
            caFile: pki.path("ca.pem"),
            clientCertificate: (certificateFile: "/dev/fd/\(certificate.fileHandleForReading.fileDescriptor)", keyFile: "/dev/fd/\(key.fileHandleForReading.fileDescriptor)"),
            pins: ["127.0.0.1": [try .init(try await pki.publicKeyPin("leaf"))]]
        )
        let outcome = try await Self.call(try pki.serverContext(requiresClientCertificate: true), tls: tls)
        #expect(try outcome.result.get() == ["ok": true])
        #expect(outcome.requests == 1)
    }

    /// A pipe holding a file's bytes, its writing end closed: what `<(cat FILE)` gives as `/dev/fd/N`.
    /// A pipe's bytes are kept for that pipe, not for its `/dev/fd/N` path: a process that lives
    /// on reuses a closed descriptor's number for another pipe, which was given the first pipe's
    /// bytes (in a full run, a client key from a pipe was another test's key).
    @Test func aDescriptorNumberReusedByAnotherPipeGivesThatPipesBytes() throws {
        let first = Pipe(), second = Pipe()
        for (pipe, text) in [(first, "first"), (second, "second")] {
            try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
            try pipe.fileHandleForWriting.close()
        }
        let number = fcntl(first.fileHandleForReading.fileDescriptor, F_DUPFD, 900)
        try #require(number >= 900)
        #expect(PEMFiles.streamedBytes("/dev/fd/\(number)") == Array("first".utf8))
        close(number)
        try #require(dup2(second.fileHandleForReading.fileDescriptor, number) == number)
        defer { close(number) }
        #expect(PEMFiles.streamedBytes("/dev/fd/\(number)") == Array("second".utf8))
    }

    static func pipe(holding file: String) throws -> Pipe {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: file)))
        try pipe.fileHandleForWriting.close()
        return pipe
    }

    /// BoringSSL finds a CA directory's certificates by their hashed names only: a directory
    /// without them (never `openssl rehash`ed) is named as such, where the handshake would blame the chain.
    @Test func aCADirectoryWithoutHashedNamesIsNamed() async throws {
        let pki = try await TestPKI.make()
        let plain = pki.path("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: pki.path("ca.pem"), toPath: plain + "/ca.pem")
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(caDirectory: plain))
        #expect(Self.transportError(outcome.result)?.message
            == "the CA directory '\(plain)' has no certificate under a hashed name (such as 3387b84d.0): run `openssl rehash '\(plain)'` to make them")
        #expect(outcome.requests == 0)
        let hashed = try await Self.call(try pki.serverContext(), tls: .init(caDirectory: pki.path("trust")))
        #expect(try hashed.result.get() == ["ok": true])
    }

    @Test(arguments: [("3387b84d.0", true), ("3387B84D.12", true), ("ca.pem", false), ("3387b84d.r0", false), ("3387b84.0", false), ("3387b84d.", false)])
    func hashedNames(name: String, isHashed: Bool) {
        #expect(PEMFiles.isHashedName(name) == isHashed)
    }

    @Test func aWrongPinFailsBeforeAnyRequestNamingHostAndPins() async throws {
        let pki = try await TestPKI.make()
        let wrong = try await pki.publicKeyPin("wrong")
        let leaf = try await pki.publicKeyPin("leaf")
        let ca = try await pki.publicKeyPin("ca")
        let outcome = try await Self.call(
            try pki.serverContext(), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [try .init(wrong)]])
        )
        let error = Self.transportError(outcome.result)
        #expect(error?.kind == .pinning)
        #expect(error?.message == "certificate pinning failed for 127.0.0.1: the verified chain matches none of the pins \(wrong); it is CN=leaf (\(leaf)), CN=Netspec-Test-CA (\(ca))")
        #expect(outcome.requests == 0)
    }

    @Test(arguments: ["leaf", "ca"]) func aRightPublicKeyPinPasses(on certificate: String) async throws {
        let pki = try await TestPKI.make()
        let pins: [TLSSettings.Pin] = [try .init(try await pki.publicKeyPin("wrong")), try .init(try await pki.publicKeyPin(certificate))]
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": pins]))
        #expect(try outcome.result.get() == ["ok": true])
    }

    @Test(arguments: ["leaf", "ca"]) func aRightCertificatePinPasses(on certificate: String) async throws {
        let pki = try await TestPKI.make()
        let pin = try TLSSettings.Pin(try await pki.certificatePin(certificate))
        #expect(try TLSSettings.Pin.certificate(pemFile: pki.path("\(certificate).pem")) == pin)
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]))
        #expect(try outcome.result.get() == ["ok": true])
    }

    /// CA → intermediate → leaf: a pin on the intermediate anchors the connection at it (a
    /// certificate that is not self-signed, trusted as an anchor); a pin on the leaf anchors at
    /// the intermediate too; a pin on the root at the root.
    @Test(arguments: ["ileaf", "inter", "ca"]) func pinsThroughAnIntermediate(on certificate: String) async throws {
        let pki = try await TestPKI.make()
        let pin = try TLSSettings.Pin(try await pki.publicKeyPin(certificate))
        let context = try pki.serverContext("ileaf", above: ["inter", "ca"])
        let outcome = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]))
        #expect(try outcome.result.get() == ["ok": true])
        let wrong = try await Self.call(
            context, tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [try .init(try await pki.publicKeyPin("wrong"))]])
        )
        #expect(Self.transportError(wrong.result)?.kind == .pinning)
    }

    /// A pinned CA anchors every connection, so its check is kept: a second call makes no
    /// connection for a check. A pinned leaf signed by a CA is checked again before every request:
    /// one connection more (the transport's loops may add pooled connections alike to both).
    @Test func checksAreKeptWhenTheAnchorsHoldThePins() async throws {
        let pki = try await TestPKI.make()
        func connections(pinning certificate: String) async throws -> Int {
            let pin = try TLSSettings.Pin(try await pki.publicKeyPin(certificate))
            let server = try await TestServer.start(tlsContext: try pki.serverContext(), Self.ok)
            let transport = AsyncHTTPClientTransport()
            let options = Provider.Options(tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]))
            let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: server.baseURL, options: options, transport: transport))
            for _ in 0..<2 { #expect(try await api.call("e").value == ["ok": true]) }
            #expect(server.requestCount == 2)
            let count = server.connectionCount
            try await transport.shutdown()
            try await server.shutdown()
            return count
        }
        let pinnedCA = try await connections(pinning: "ca")
        let pinnedLeaf = try await connections(pinning: "leaf")
        #expect(pinnedLeaf == pinnedCA + 1)
    }

    @Test func aPinDoesNotReplaceVerification() async throws {
        // The expired certificate's key is pinned: the pin matches, the expiry still fails the call.
        let pki = try await TestPKI.make()
        let pin = try TLSSettings.Pin(try await pki.publicKeyPin("expired"))
        let outcome = try await Self.call(try pki.serverContext("expired"), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [pin]]))
        #expect(Self.transportError(outcome.result)?.kind == .certificateExpired)
        #expect(outcome.requests == 0)
    }

    @Test func excludedHostsAreNotPinned() async throws {
        let pki = try await TestPKI.make()
        let wrong = try TLSSettings.Pin(try await pki.publicKeyPin("wrong"))
        let outcome = try await Self.call(
            try pki.serverContext(), tls: .init(caFile: pki.path("ca.pem"), pins: ["127.0.0.1": [wrong]], unpinnedHosts: ["127.0.0.1"])
        )
        #expect(try outcome.result.get() == ["ok": true])
    }

    @Test func specPins() async throws {
        let pki = try await TestPKI.make()
        let wrong = try await pki.publicKeyPin("wrong")
        let spec = try Spec(yaml: Self.spec + "tls:\n  ca: \(pki.path("ca.pem"))\n  pins:\n    127.0.0.1: [\(wrong)]\n")
        let outcome = try await Self.call(try pki.serverContext(), tls: .init(), spec: spec)
        #expect(Self.transportError(outcome.result)?.kind == .pinning)
        #expect(outcome.requests == 0)
    }

    @Test func anExpiredCertificateFails() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.call(try pki.serverContext("expired"), tls: .init(caFile: pki.path("ca.pem")))
        let error = Self.transportError(outcome.result)
        #expect(error?.kind == .certificateExpired)
        #expect(error?.message.hasPrefix("TLS with 127.0.0.1:") == true)
    }

    @Test func aWrongHostnameFails() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.call(try pki.serverContext("wrong"), tls: .init(caFile: pki.path("ca.pem")))
        #expect(Self.transportError(outcome.result)?.kind == .hostnameMismatch)
        #expect(outcome.requests == 0)
    }

    @Test func theLowestVersionIsEnforced() async throws {
        let pki = try await TestPKI.make()
        let context = try pki.serverContext(maximumVersion: .tlsv12)
        let strict = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), minimumVersion: .v1_3))
        #expect(Self.transportError(strict.result)?.kind == .tlsVersion)
        #expect(strict.requests == 0)
        let lenient = try await Self.call(context, tls: .init(caFile: pki.path("ca.pem"), minimumVersion: .v1_2))
        #expect(try lenient.result.get() == ["ok": true])
    }

    /// A server that accepts the connection and never answers the pin check's handshake: the
    /// call fails after the connect timeout, naming the host.
    @Test func aSilentServerTimesThePinCheckOut() async throws {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(listener.localAddress?.port)
        let pin = try TLSSettings.Pin("sha256/" + Data(repeating: 1, count: 32).base64EncodedString())
        let options = Provider.Options(timeouts: .init(connect: .milliseconds(300)), tls: .init(pins: ["127.0.0.1": [pin]]))
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: "https://127.0.0.1:\(port)", options: options))
        let error = await #expect(throws: CallError.self) { try await api.e() }
        try await listener.close()
        guard case let .transport(transport)? = error else { Issue.record("expected a transport error, got \(String(describing: error))"); return }
        #expect(transport.kind == .timeout)
        #expect(transport.message == "the TLS handshake with 127.0.0.1:\(port) timed out after 300 ms")
    }

    @Test func pinTexts() throws {
        #expect(throws: TLSSettings.Pin.ParseError(text: "sha1/AAAA")) { try TLSSettings.Pin("sha1/AAAA") }
        #expect(
            TLSSettings.Pin.ParseError(text: "sha1/AAAA").description
                == "'sha1/AAAA' is not a pin: expected sha256/BASE64 (public key) or cert-sha256/BASE64 (certificate), 32 bytes in base64"
        )
        let text = "sha256/" + Data(repeating: 7, count: 32).base64EncodedString()
        #expect(try TLSSettings.Pin(text).description == text)
        #expect(try TLSSettings.Pin(text).kind == .publicKey)
    }
}

/// `wss` connections take the same TLS settings as HTTP calls: a wrong pin fails before the
/// upgrade request is sent; with the CA file the handshake succeeds (this server then answers
/// the upgrade with 200, not 101).
@Suite struct WebSocketTLSTests {
    static let spec = "netspec: 1\nservice: S\nendpoints:\n  chat: { GET: /chat, stream: websocket }\n"

    /// Opens `chat` on a server presenting `certificate`, at `localhost` or (`byAddress`) at 127.0.0.1.
    static func open(_ tls: TLSSettings, pki: TestPKI, certificate: String = "leaf", byAddress: Bool = false) async throws -> (error: CallError?, requests: Int, port: Int) {
        let server = try await TestServer.start(tlsContext: try pki.serverContext(certificate), TLSTests.ok)
        let baseURL = byAddress ? server.baseURL : server.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: baseURL, options: .init(tls: tls, usesEnvironment: false)))
        var failure: CallError?
        do { _ = try await api.connect("chat") } catch { failure = error }
        let requests = server.requestCount
        try await server.shutdown()
        return (failure, requests, server.port)
    }

    @Test func aWrongPinFailsBeforeTheUpgrade() async throws {
        let pki = try await TestPKI.make()
        let wrong = try await pki.publicKeyPin("wrong")
        let outcome = try await Self.open(.init(caFile: pki.path("ca.pem"), pins: ["localhost": [try .init(wrong)]]), pki: pki)
        guard case let .transport(error)? = outcome.error else { Issue.record("expected a transport error, got \(String(describing: outcome.error))"); return }
        #expect(error.kind == .pinning)
        #expect(error.message.hasPrefix("certificate pinning failed for localhost: the verified chain matches none of the pins \(wrong)"))
        #expect(outcome.requests == 0)
    }

    @Test func theCAFileIsTrustedForTheHandshake() async throws {
        let pki = try await TestPKI.make()
        let outcome = try await Self.open(.init(caFile: pki.path("ca.pem")), pki: pki)
        #expect(outcome.requests == 1, "\(String(describing: outcome.error))")
    }

    /// `wss://127.0.0.1`: the address is not sent as the server name, and the certificate must
    /// name it (`leaf` has IP:127.0.0.1; `wrong` only DNS:wrong.example).
    @Test func anIPAddressIsCheckedAgainstTheCertificate() async throws {
        let pki = try await TestPKI.make()
        let named = try await Self.open(.init(caFile: pki.path("ca.pem")), pki: pki, byAddress: true)
        #expect(named.requests == 1, "\(String(describing: named.error))")
        let other = try await Self.open(.init(caFile: pki.path("ca.pem")), pki: pki, certificate: "wrong", byAddress: true)
        #expect(other.requests == 0)
        #expect(other.error.map { "\($0)" } == "TLS with 127.0.0.1:\(other.port) failed: the server's certificate CN=wrong is for wrong.example, not 127.0.0.1")
    }
    /// A server slow to answer (each handshake through the relay takes 0.6 s or more): the
    /// certificate's rejection is said even when saying it (a second handshake, which fetches
    /// the chain) ends after the upgrade's connect timeout (1 s), not "the upgrade timed out".
    @Test func aSlowServersRejectedCertificateIsNotATimeout() async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext("wrong"), TLSTests.ok)
        let relay = try await RawServer.slowRelay(to: server.port, delay: .milliseconds(600))
        let options = Provider.Options(timeouts: .init(connect: .seconds(1)), tls: .init(caFile: pki.path("ca.pem")), usesEnvironment: false)
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: "https://127.0.0.1:\(relay.port)", options: options))
        var failure: CallError?
        do { _ = try await api.connect("chat") } catch { failure = error }
        try await relay.shutdown()
        try await server.shutdown()
        #expect(failure.map { "\($0)" } == "TLS with 127.0.0.1:\(relay.port) failed: the server's certificate CN=wrong is for wrong.example, not 127.0.0.1")
        #expect(server.requestCount == 0)
    }
}
