import Foundation
import Testing
import Netspec
import NetspecMock
import NetspecTestSupport

/// Issue 33's first list, case by case against the mock server over HTTP (curl): answers for
/// ranges and `default`, declared statuses without a success response, response headers,
/// percent-encoded paths, object query members typed by the schema, and forms whose schema has
/// no top-level `properties`.
@Suite struct MockPrismDefectsTests {
    /// The document, shared with the `netspec mock` process's tests (MockPrismCommandTests):
    /// the defects, negotiation, the document's own errors, an operation whose media type has
    /// both `example` and `examples`, and a `PATCH` that takes a form.
    static let document = try! String(contentsOfFile: TestPaths.root + "/Tests/NetspecTests/Fixtures/mock/defects.openapi.yaml", encoding: .utf8)

    static func withServer(_ body: (String) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "defects.yaml"), .init(port: 0)) { base, _ in try await body(base) }
    }

    /// The head's status line and the lines after it that are not `Date`, `Server` or `Content-Length`, then the body.
    static func answer(_ arguments: [String]) async throws -> String {
        try await MockServerTests.curl(arguments).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !["server:", "content-length:", "netspec-mock-answer:"].contains { line.lowercased().hasPrefix($0) } }.joined(separator: "\n")
    }

    @Test func rangesAndDefaultAnswerTheStatusAskedFor() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-X", "POST", "-d", "user=a", "-H", "Prefer: code=401", base + "/login"])
                == "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{\"error\":\"client\"}")
            try await #expect(Self.answer(["-X", "POST", "-d", "user=a", base + "/login?__code=502"])
                == "HTTP/1.1 502 Bad Gateway\nContent-Type: text/plain\n\nsomething else")
            // A status declared exactly wins over its range.
            try await #expect(Self.answer(["-X", "POST", "-d", "user=a", base + "/login?__code=200"]).hasPrefix("HTTP/1.1 200 OK\n"))
        }
    }

    @Test func withoutASuccessResponseTheDeclaredStatusesAreMocks() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer([base + "/only-errors?__code=404"]) == "HTTP/1.1 404 Not Found\n\n")
            try await #expect(Self.answer(["-H", "Prefer: code=503", base + "/only-errors"]) == "HTTP/1.1 503 Service Unavailable\nRetry-After: 120\n\n")
            try await #expect(Self.answer([base + "/only-errors"]).hasPrefix("HTTP/1.1 501 Not Implemented\n"))
        }
    }

    @Test func declaredResponseHeadersWithAValueAreSent() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-X", "POST", "-d", "user=a&otp=1", base + "/login"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 100\nX-Tags: a,b\n\n{\"ok\":true}")
        }
    }

    /// Swagger 2.0's response headers: `x-example`, `default`, the first `enum`, arrays joined
    /// by their `collectionFormat`; one without a value is not sent; a success response with
    /// headers but no example answers its schema's value with them.
    @Test func swaggerResponseHeadersWithAValueAreSent() async throws {
        let document = """
            swagger: "2.0"
            info: {title: Headers, version: "1"}
            produces: [application/json]
            paths:
              /limits:
                get:
                  operationId: limits
                  responses:
                    "200":
                      description: ok
                      schema: {type: object, properties: {ok: {type: boolean}}, example: {ok: true}}
                      headers:
                        X-Rate-Limit: {type: integer, x-example: 100}
                        X-Mode: {type: string, enum: [fast, slow]}
                        X-Zones: {type: array, items: {type: string}, collectionFormat: pipes, default: [a, b]}
                        X-Unknown: {type: string}
                        Content-Type: {type: string, default: text/plain}
                    "429":
                      description: slow down
                      headers:
                        Retry-After: {type: integer, default: 30}
              /made:
                get:
                  operationId: made
                  responses:
                    "200":
                      description: ok
                      schema: {type: object, required: [n], properties: {n: {type: integer}}}
                      headers:
                        X-Count: {type: integer, default: 3}
            """
        try await MockServerTests.withMockServer(of: try Spec(yaml: document, file: "headers.yaml"), .init(port: 0)) { base, _ in
            try await #expect(Self.answer([base + "/limits"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 100\nX-Mode: fast\nX-Zones: a|b\n\n{\"ok\":true}")
            try await #expect(Self.answer([base + "/limits?__code=429"]) == "HTTP/1.1 429 Too Many Requests\nRetry-After: 30\n\n")
            try await #expect(Self.answer([base + "/made"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Count: 3\n\n{\"n\":0}")
        }
    }

    @Test(arguments: ["/p%65ts/rex", "/pets/a%20b", "/%70ets/a%2Fb"])
    func percentEncodedPathsAreRouted(_ path: String) async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer([base + path]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{}")
        }
    }

    @Test(arguments: [
        ("/items?limit=3&tag=5&max=2", nil),
        ("/items?limit=string", #"/limit must be an integer, got \"string\""#),
        ("/items?limit=0", "/limit must be at least 1, got 0"),
        ("/items?max=x&limit=3", "'x' is not an integer (a whole number)"),
        ("/items?page%5Bsize%5D=10&limit=1", nil),
        ("/items?page%5Bsize%5D=x", #"/size must be an integer, got \"x\""#),
    ] as [(String, String?)])
    func objectQueryMembersAreTypedByTheSchema(_ target: String, problem: String?) async throws {
        try await Self.withServer { base in
            let answer = try await Self.answer([base + target])
            if let problem {
                #expect(answer.hasPrefix("HTTP/1.1 422 "))
                #expect(answer.contains(problem), "\(answer)")
            } else {
                #expect(answer == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n[]")
            }
        }
    }

    /// An operation whose security Netspec cannot send (HTTP Digest) is answered by the mock; a
    /// call says why it cannot be made, and a call with mocks on is answered.
    @Test func anOperationWithSecurityNetspecCannotSendIsStillMocked() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer([base + "/secret"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"secret\":1}")
        }
        let api = Service(spec: try Spec(yaml: Self.document, file: "defects.yaml"), provider: Provider(baseURL: "http://127.0.0.1:9"))
        let error = await #expect(throws: CallError.self) { try await api.call("getSecret") }
        guard case let .configuration(configuration)? = error else {
            Issue.record("not a configuration error: \(String(describing: error))")
            return
        }
        #expect(configuration == CallError.ConfigurationError(
            endpoint: "getSecret", parameter: nil, reason: .setup,
            message: "it cannot be called: its security accepts only 'd', which Netspec cannot send (with mocks on it is answered)"
        ))
        #expect(try await api.call("getSecret", options: CallOptions(usesMock: true)).value == ["secret": 1])
    }

    /// An invalid request is answered with the document's own 422 (else 400) where it declares
    /// one, its problems in `Netspec-Problems`; otherwise with Netspec's problem.
    @Test func theDocumentsOwnErrorAnswersAnInvalidRequest() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"qty":0}"#, base + "/orders"]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/json
                Netspec-Problems: [{"location":"body","parameter":"qty","message":"must be at least 1, got 0 (schema at defects.yaml:91:87)"}]

                {"code":"INVALID","message":"the order is not valid"}
                """)
            try await #expect(Self.answer(["-X", "POST", base + "/carts?size=caf%C3%A9"]) == """
                HTTP/1.1 400 Bad Request
                Content-Type: application/json
                Netspec-Problems: [{"location":"query","parameter":"size","message":"'caf\\u00e9' is not an integer (a whole number)"}]

                {"reason":"bad request"}
                """)
            try await #expect(Self.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"qty":2}"#, base + "/orders"])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\":1}")
            try await #expect(Self.answer([base + "/items?max=x"]).hasPrefix("HTTP/1.1 422 Unprocessable Entity\nContent-Type: application/problem+json\n"))
        }
    }

    @Test(arguments: [
        (nil, "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"text\":\"hi\"}"),
        ("*/*", "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"text\":\"hi\"}"),
        ("text/plain", "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nhi"),
        ("text/*;q=0.5, application/xml;q=0.9", "HTTP/1.1 200 OK\nContent-Type: application/xml\n\n<greeting>hi</greeting>"),
        ("application/json;q=0, text/html, */*;q=0.1", "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nhi"),
    ] as [(String?, String)])
    func acceptChoosesAmongTheMediaTypes(_ accept: String?, expected: String) async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer((accept.map { ["-H", "Accept: " + $0] } ?? []) + [base + "/greeting"]) == expected)
        }
    }

    @Test func nothingAcceptableIs406AndABodyInAnotherTypeIs415() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-H", "Accept: image/gif", base + "/greeting"]) == """
                HTTP/1.1 406 Not Acceptable
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'greeting' answers application/json, text/plain, application/xml, which the request's Accept does not take","endpoint":"greeting"}
                """)
            try await #expect(Self.answer(["-H", "Accept: text/html", base + "/made"]).hasPrefix("HTTP/1.1 406 Not Acceptable\n"))
            try await #expect(Self.answer(["-H", "Accept: application/*", base + "/made"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"n\":0}")
            try await #expect(Self.answer(["-X", "POST", "-H", "Content-Type: application/json", "-d", "{}", base + "/login"]) == """
                HTTP/1.1 415 Unsupported Media Type
                Content-Type: application/problem+json
                Accept-Post: application/x-www-form-urlencoded

                {"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"the body's Content-Type is 'application/json'; expected application/x-www-form-urlencoded","endpoint":"login","errors":[{"location":"body","message":"the body's Content-Type is 'application/json'; expected application/x-www-form-urlencoded"}]}
                """)
        }
    }

    @Test func formAndMultipartBodiesWithoutPropertiesAreReadAsSuch() async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-X", "POST", "-d", "user=a&otp=1", base + "/login"]).hasPrefix("HTTP/1.1 200 OK\n"))
            try await #expect(Self.answer(["-X", "POST", "-F", "a=1", "-F", "b=2", base + "/upload"]) == "HTTP/1.1 204 No Content\n\n")
        }
    }
}
