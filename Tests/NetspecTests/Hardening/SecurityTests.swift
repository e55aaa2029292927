import Foundation
import Logging
import NetspecTestServer
import Testing
import Netspec

#if canImport(Glibc)
import Glibc
import NetspecTestSupport
#endif

/// A value can never change the shape of a request, variables are read only when named, secrets
/// stay out of errors and logs, and certificates are verified unless that is turned off explicitly.
@Suite struct SecurityTests {
    static let yaml = """
        netspec: 1
        service: Secure
        baseURL: https://api.example.com
        endpoints:
          item:
            GET: /items/{id}/{raw}
            params:
              id: String
              raw: { in: path, encoded: true, default: x }
              q: String?
              trace: { in: header, name: X-Trace, type: "String?" }
              extra: { in: header, type: "[String: String]?" }
        """

    static func service(variables: [String: String] = [:], usesEnvironment: Bool = false) throws -> Service {
        Service(spec: try Spec(yaml: yaml), provider: Provider(variables: variables, options: .init(usesEnvironment: usesEnvironment)))
    }

    static func failure(_ arguments: [String: Argument], options: CallOptions = CallOptions()) throws -> String {
        do {
            _ = try service().prepare("item", arguments, options: options)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: - Header injection

    @Test(arguments: ["a\r\nX-Evil: 1", "a\nb", "a\rb", "a\u{0}b"])
    func lineBreaksAndNULInHeaderValuesAreRefused(value: String) throws {
        let message = try Self.failure(["id": "1", "trace": .value(.string(value))])
        #expect(message.hasPrefix("endpoint 'item': parameter 'trace': the value of header 'X-Trace' contains "))
        #expect(!message.contains("X-Evil"), "the value is not echoed")
    }

    @Test(arguments: ["X-A\r\nX-Evil", "X A", "X:A", ""])
    func invalidHeaderNamesAreRefused(name: String) throws {
        let message = try Self.failure(["id": "1", "extra": .value(.object([name: "v"]))])
        #expect(message == "endpoint 'item': parameter 'extra': invalid header name '\(name)'")
    }

    @Test func callSiteHeadersAreCheckedToo() throws {
        let message = try Self.failure(["id": "1"], options: CallOptions(headers: [("X-Ok", "a\r\nX-Evil: 1")]))
        #expect(message == "endpoint 'item': the value of header 'X-Ok' contains a line break (CR or LF)")
    }

    @Test(arguments: [
        ("bearer: \"${T}\"", "t\r\nX-Evil: 1", "a line break (CR or LF)"), ("bearer: \"${T}\"", "t\u{0}", "the control character 0x00"),
        ("bearer: \"${T}\"", "t\u{1}", "the control character 0x01"), ("bearer: \"${T}\"", "t\u{7F}", "the control character 0x7F"),
        ("apiKey: { in: header, name: X-Key, value: \"${T}\" }", "k\u{1B}", "the control character 0x1B"),
        ("apiKey: { in: query, name: key, value: \"${T}\" }", "k\u{1}", "the control character 0x01"),
    ])
    func controlCharactersInCredentialsAreRefused(scheme: String, credential: String, named: String) throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://x\nauth: { \(scheme) }\nendpoints:\n  e: { GET: /e }\n")
        let api = Service(spec: spec, provider: Provider(variables: ["T": credential], options: .init(usesEnvironment: false)))
        let error = #expect(throws: CallError.self) { try api.authorize(try api.prepare("e")) }
        // The variable is named, its value never shown (a configuration error: exit 78 on the command line).
        let what = scheme.hasPrefix("bearer") ? "bearer token" : "apiKey"
        #expect(error?.description == "endpoint 'e': auth: \(what) (from variable 'T') holds \(named), which a credential cannot hold (RFC 9110 §5.5)")
        guard case let .configuration(problem)? = error else { Issue.record("not a configuration error: \(String(describing: error))"); return }
        #expect(problem.reason == .setup)
    }

    @Test func aVariableCannotSmuggleAHeader() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://x\nheaders: { X-Token: \"${T}\" }\nendpoints:\n  e: { GET: /e }\n")
        let api = Service(spec: spec, provider: Provider(variables: ["T": "t\r\nX-Evil: 1"], options: .init(usesEnvironment: false)))
        #expect(throws: CallError.self) { try api.prepare("e") }
    }

    // MARK: - Path and query

    @Test(arguments: [
        ("..", nil), (".", nil), ("../admin", "https://api.example.com/items/..%2Fadmin/x"),
        ("a/b", "https://api.example.com/items/a%2Fb/x"), ("%2F..%2F", "https://api.example.com/items/%252F..%252F/x"),
        ("a?b=c#d", "https://api.example.com/items/a%3Fb=c%23d/x"),
    ] as [(String, String?)])
    func pathParametersCannotClimbOutOfTheirSegment(value: String, url: String?) throws {
        if let url {
            #expect(try Self.service().prepare("item", ["id": .value(.string(value))]).url == url)
        } else {
            #expect(try Self.failure(["id": .value(.string(value))]) == "endpoint 'item': parameter 'id': '\(value)' is not allowed as a path segment")
        }
    }

    @Test func encodedTrueIsTheExplicitWayToWriteSlashes() throws {
        #expect(try Self.service().prepare("item", ["id": "1", "raw": "a/../b"]).url == "https://api.example.com/items/1/a/../b")
    }

    @Test(arguments: [("a&admin=true", "q=a%26admin%3Dtrue"), ("x#frag", "q=x%23frag"), ("a b+c", "q=a%20b%2Bc"), ("%26", "q=%2526")])
    func aQueryValueCannotAddParameters(value: String, query: String) throws {
        let url = try Self.service().prepare("item", ["id": "1", "q": .value(.string(value))]).url
        #expect(url == "https://api.example.com/items/1/x?" + query)
    }

    // MARK: - YAML

    @Test func aliasBombsAndDeepNestingAreRefusedByCount() throws {
        var bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
        }
        let expanded = try #require(throws: SpecError.self) { try Spec(yaml: bomb) }
        #expect(expanded.message == "document expands to more than 2000000 nodes (alias bomb?)")
        let deep = String(repeating: "[", count: 1_000_000)
        let error = try #require(throws: SpecError.self) { try Spec(yaml: deep) }
        #expect(error.message == "nesting deeper than 100 levels")
    }

    // MARK: - Variables and secrets

    // NETSPEC_TEST_UNNAMED_SECRET=do-not-send, NETSPEC_TEST_NAMED=named-value and
    // NETSPEC_TEST_ENVIRONMENT_OFF=from-env are set when the test bundle starts, before any thread
    // (Tests/CNetspecTestEnvironment/test_environment.c): a setenv while other tests run races with them.

    @Test func onlyVariablesTheSpecNamesAreRead() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://x\nheaders: { X-Named: \"${NETSPEC_TEST_NAMED}\" }\nendpoints:\n  e: { GET: /e, params: { q: { default: \"${NETSPEC_TEST_NAMED}\" } } }\n")
        let api = Service(spec: spec, provider: Provider(variables: ["PROVIDER_ONLY": "also-not-sent"]))
        let request = try api.prepare("e")
        let everything = request.httpMessage
        #expect(everything.contains("X-Named: named-value"))
        #expect(request.url == "https://x/e?q=named-value")
        #expect(!everything.contains("do-not-send"))
        #expect(!everything.contains("also-not-sent"))
    }

    @Test func theEnvironmentIsNotReadWhenTurnedOff() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nbaseURL: https://x\nheaders: { X-Named: \"${NETSPEC_TEST_ENVIRONMENT_OFF}\" }\nendpoints:\n  e: { GET: /e }\n")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(throws: CallError.self) { try api.prepare("e") }
    }

    @Test func secretsDoNotAppearInErrors() async throws {
        let spec = try Spec(yaml: """
            netspec: 1
            service: S
            auth: { apiKey: { in: query, name: key, value: "${KEY}" } }
            headers: { X-Session: "${SESSION}" }
            endpoints:
              e: { GET: /e }
            """)
        let secrets = ["KEY": "sk-very-secret", "SESSION": "session-secret"]
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        let refused = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:\(reserved.port)", variables: secrets))
        let error = await #expect(throws: CallError.self) { try await refused.e() }
        try await withTestServer(TestHandlers.json(status: 500, body: #"{"error":"boom"}"#)) { server in
            let failing = Service(spec: spec, provider: Provider(baseURL: server.baseURL, variables: secrets))
            let status = await #expect(throws: CallError.self) { try await failing.e() }
            for text in [error?.description, status?.description].compactMap({ $0 }) {
                #expect(!text.contains("sk-very-secret") && !text.contains("session-secret"), "\(text)")
            }
        }
    }

    // MARK: - TLS

    static let tlsSpec = "netspec: 1\nservice: S\nendpoints:\n  e: { GET: /e }\n"

    @Test func certificatesAreVerifiedByDefault() async throws {
        try await withTestServer(tls: true, TestHandlers.json(body: #"{"ok":true}"#)) { server in
            #expect(server.baseURL.hasPrefix("https://"))
            let api = Service(spec: try Spec(yaml: Self.tlsSpec), provider: Provider(baseURL: server.baseURL))
            let error = await #expect(throws: CallError.self) { try await api.e() }
            guard case let .transport(transport)? = error else { Issue.record("expected a TLS error, got \(String(describing: error))"); return }
            #expect(transport.kind == .selfSignedCertificate)
            #expect(transport.message == "TLS with 127.0.0.1:\(server.port) failed: the server's certificate CN=localhost is self-signed and not in the system's trusted CAs")
        }
    }

    @Test func turningVerificationOffIsExplicit() async throws {
        try await withTestServer(tls: true, TestHandlers.json(body: #"{"ok":true}"#)) { server in
            let api = Service(spec: try Spec(yaml: Self.tlsSpec), provider: Provider(baseURL: server.baseURL, options: .init(tls: .init(verifiesCertificates: false))))
            #expect(try await api.e().value == ["ok": true])
        }
    }
}
