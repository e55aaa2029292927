import Foundation
import Testing
import Netspec
@testable import NetspecMock
import NetspecTestSupport

/// The mock server checks each operation's `security` as Prism does (issue 33, item 2): any
/// alternative suffices, each needs all its schemes; a request without one is a 401 with a
/// `WWW-Authenticate` challenge per scheme; what cannot be checked is let through and logged.
@Suite struct MockSecurityTests {
    /// The document, shared with the `netspec mock` process's tests (MockPrismCommandTests).
    static let document = try! String(contentsOfFile: TestPaths.root + "/Tests/NetspecTests/Fixtures/mock/secured.openapi.yaml", encoding: .utf8)

    static func withServer(checksSecurity: Bool = true, _ body: (String, Recorder<String>) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "secured.yaml"), .init(port: 0, checksSecurity: checksSecurity), body)
    }

    static func status(_ arguments: [String]) async throws -> String {
        try await MockPrismDefectsTests.answer(arguments).split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test(arguments: [
        ("/a", [], "HTTP/1.1 401 Unauthorized"),
        ("/a", ["-H", "Authorization: Bearer t0k3n"], "HTTP/1.1 200 OK"),
        ("/a", ["-H", "X-API-Key: k"], "HTTP/1.1 200 OK"),
        ("/a", ["-H", "Authorization: Basic dTpw"], "HTTP/1.1 401 Unauthorized"),
        ("/b?api_key=1", ["-u", "user:pw"], "HTTP/1.1 200 OK"),
        ("/b", ["-u", "user:pw"], "HTTP/1.1 401 Unauthorized"),
        ("/b?api_key=1", [], "HTTP/1.1 401 Unauthorized"),
        ("/c", ["-H", "Cookie: theme=dark; session=s1"], "HTTP/1.1 200 OK"),
        ("/c", ["-H", "Cookie: theme=dark"], "HTTP/1.1 401 Unauthorized"),
        ("/open", [], "HTTP/1.1 200 OK"),
    ] as [(String, [String], String)])
    func anyAlternativeWithAllItsSchemesLetsARequestThrough(_ target: String, _ headers: [String], status: String) async throws {
        try await Self.withServer { base, _ in
            try await #expect(Self.status(headers + [base + target]) == status)
        }
    }

    @Test func aRequestWithoutACredentialIsA401WithAChallengePerScheme() async throws {
        try await Self.withServer { base, _ in
            try await #expect(MockPrismDefectsTests.answer([base + "/a"]) == """
                HTTP/1.1 401 Unauthorized
                Content-Type: application/problem+json
                WWW-Authenticate: Bearer realm="netspec mock"
                WWW-Authenticate: ApiKey realm="netspec mock", in="header", name="X-API-Key"

                {"type":"about:blank","title":"Unauthorized","status":401,"detail":"the request carries no credential its security accepts: 'bearer' (a bearer token) or 'key' (an API key in the header X-API-Key)","endpoint":"a"}
                """)
            try await #expect(MockPrismDefectsTests.answer(["-H", "Authorization: Basic !!!", "-G", "-d", "api_key=1", base + "/b"]).hasSuffix(
                #"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"the Authorization header's Basic credentials are not base64 of user:password","endpoint":"b"}"#
            ))
            try await #expect(MockPrismDefectsTests.answer(["-H", "Authorization: Bearer ", base + "/a"]).contains(#""detail":"the Authorization header's Bearer token is empty""#))
        }
    }

    @Test func whatCannotBeCheckedIsLetThroughAndLogged() async throws {
        try await Self.withServer { base, log in
            try await #expect(Self.status([base + "/digest"]) == "HTTP/1.1 200 OK")
            #expect(log.all.contains("GET /digest 200 digest (security not checked: dig)"), "\(log.all)")
        }
    }

    /// Prism's harness cases AC-24 (two API keys) and AC-26 (OAuth 2 and basic) need their schemes
    /// together: a request with some of them is a 401 naming the ones it lacks, and a call, which
    /// sends every scheme of the requirement, is let through (AuthRequirementTests' document).
    @Test func schemesNeededTogetherAreAllRequiredAndTheMissingOnesNamed() async throws {
        let spec = try Spec(yaml: AuthRequirementTests.document("http://127.0.0.1:9"), file: "together.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, log in
            try await #expect(Self.status(["-H", "X-API-Key: xyz987", base + "/keys?apiKey=abc123"]) == "HTTP/1.1 200 OK")
            let missing: [(arguments: [String], endpoint: String, detail: String)] = [
                ([base + "/keys?apiKey=abc123"], "twoKeys", "the request carries 'ApiKeyTwo' (an API key in the query apiKey) but not 'ApiKeyOne' (an API key in the header X-API-Key), which its security needs together with it"),
                (["-u", "u:p", base + "/clash"], "clash", "the request carries 'BasicAuth' (basic credentials) but not 'OAuth2' (a bearer token), which its security needs together with it"),
                (["-u", "u:p", base + "/three?apiKey=k"], "basicQueryCookie", "the request carries 'BasicAuth' (basic credentials) and 'ApiKeyTwo' (an API key in the query apiKey) but not 'session' (an API key in the cookie sid), which its security needs together with it"),
            ]
            for (arguments, endpoint, detail) in missing {
                try await #expect(MockPrismDefectsTests.answer(arguments).hasSuffix(#""detail":"\#(detail)","endpoint":"\#(endpoint)"}"#), "\(arguments)")
            }
            let api = Service(spec: spec, provider: Provider(baseURL: base, variables: AuthRequirementTests.variables, options: .init(usesEnvironment: false)))
            for name in ["keyAndBearer", "twoKeys", "basicQueryCookie", "clash"] { try await #expect(api.call(name).status == 200, "\(name)") }
            #expect(log.all.suffix(4) == ["GET /todos 200 keyAndBearer", "GET /keys?apiKey=k%202 200 twoKeys", "GET /three?apiKey=k%202 200 basicQueryCookie", "GET /clash?apiKey=k%202 200 clash"])
        }
    }

    @Test func noSecurityServesWithoutChecks() async throws {
        try await Self.withServer(checksSecurity: false) { base, _ in
            try await #expect(Self.status([base + "/a"]) == "HTTP/1.1 200 OK")
            try await #expect(Self.status([base + "/b"]) == "HTTP/1.1 200 OK")
        }
    }

    /// An `Authorization` value as clients send a bearer token (`Bearer`, in any case, one space,
    /// a token) is read in place, without splitting it; any other spelling is left to the
    /// splitting reading, whose outcomes the tests above hold.
    @Test(arguments: [
        ("Bearer t", true), ("bearer abc.def", true), ("BEARER x", true), ("Bearer  t", false), ("Bearer", false), ("Bearer ", false),
        ("Basic dTpw", false), (" Bearer t", false), ("Bearer\tt", false), ("Bearerx t", false), ("Beare t", false),
    ])
    func aBearerTokenIsReadInPlace(_ value: String, _ inPlace: Bool) {
        #expect(MockSecurity.isBearer(value) == inPlace)
    }
}
