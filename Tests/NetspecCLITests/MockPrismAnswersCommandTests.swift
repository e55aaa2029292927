import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// Issue 55's item 2, the answers side, against a `netspec mock` process read with curl: CORS
/// by default (and `--no-cors`), answers that fill every property, a media type's `example` and
/// `examples` both kept, Swagger responses without a schema, `--errors` without `--proxy`, an
/// upstream 501 answered from the mock, and percent-encoded paths. Each head is compared whole
/// but for `Date`, `Server` and `Content-Length`: the CORS fields are part of what is checked.
@Suite struct MockPrismAnswersCommandTests {
    /// Pets from a schema (optional members, `additionalProperties`, `examples: [21]`, formats),
    /// a media type with both `example` and `examples`, an example that breaks its schema, and a
    /// path with a literal after its placeholder; served under `/v1` too.
    static let document = CLI.root + "/Tests/NetspecTests/Fixtures/mock/answers.openapi.yaml"

    /// The pet the schema makes: every member, optional ones included, nested objects too.
    static let pet = #"{"id":21,"name":"string","age":1,"born":"2024-01-15","span":"P3DT4H","tags":{"additionalProp1":5},"owner":{"name":"string","address":{"city":"string"}}}"#

    /// `curl -i ARGUMENTS BASE+PATH`: the status line, the header lines but `Date`, `Server` and
    /// `Content-Length`, a blank line and the body.
    static func curl(_ base: String, _ arguments: [String]) async throws -> String {
        var arguments = arguments
        arguments[arguments.count - 1] = base + arguments[arguments.count - 1]
        let result = try await ChildProcess.curl(["-i"] + arguments)
        try #require(result.status == 0, "curl \(arguments) failed (\(result.status)): \(result.stderr)")
        guard let end = result.stdout.range(of: "\r\n\r\n") else { return result.stdout }
        let head = result.stdout[..<end.lowerBound].components(separatedBy: "\r\n").filter { line in
            !["date:", "server:", "content-length:", "netspec-mock-answer:"].contains { line.lowercased().hasPrefix($0) }
        }
        return head.joined(separator: "\n") + "\n\n" + result.stdout[end.upperBound...]
    }

    @Test func answersCarryCORSAndAPreflightIsAnswered() async throws {
        let log = try await MockPrismCommandTests.withMock(path: Self.document) { mock in
            try await #expect(Self.curl(mock.base, ["-H", "Origin: http://localhost:5173", "/v1/pets/rex"]) == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Rate-Limit: 10
                Access-Control-Allow-Origin: *
                Access-Control-Expose-Headers: X-Rate-Limit, Netspec-Mock-Answer

                \(Self.pet)
                """)
            // Before routing and security: a preflight is answered for the methods the path has.
            try await #expect(Self.curl(mock.base, [
                "-X", "OPTIONS", "-H", "Origin: http://localhost:5173", "-H", "Access-Control-Request-Method: DELETE",
                "-H", "Access-Control-Request-Headers: authorization, x-trace", "/pets/rex",
            ]) == """
                HTTP/1.1 204 No Content
                Access-Control-Allow-Origin: *
                Access-Control-Allow-Methods: GET, DELETE, HEAD
                Access-Control-Allow-Headers: authorization, x-trace
                Vary: Origin, Access-Control-Request-Method, Access-Control-Request-Headers


                """)
            // A path the document does not have: the method asked for, so the request gets its 404.
            try await #expect(Self.curl(mock.base, ["-X", "OPTIONS", "-H", "Access-Control-Request-Method: PUT", "/nowhere"]) == """
                HTTP/1.1 204 No Content
                Access-Control-Allow-Origin: *
                Access-Control-Allow-Methods: PUT
                Vary: Origin, Access-Control-Request-Method, Access-Control-Request-Headers


                """)
            try await #expect(Self.curl(mock.base, ["-X", "PUT", "/nowhere"]) == """
                HTTP/1.1 404 Not Found
                Content-Type: application/problem+json
                Access-Control-Allow-Origin: *

                {"type":"about:blank","title":"Not Found","status":404,"detail":"no endpoint of the spec has the path /nowhere"}
                """)
            // An OPTIONS that is not a preflight is routed as any request.
            try await #expect(Self.curl(mock.base, ["-X", "OPTIONS", "/pets/rex"]) == """
                HTTP/1.1 405 Method Not Allowed
                Content-Type: application/problem+json
                Allow: GET, DELETE
                Access-Control-Allow-Origin: *
                Access-Control-Expose-Headers: Allow

                {"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"/pets/rex does not take OPTIONS (it takes GET, DELETE)"}
                """)
        }
        #expect(log.requests == [
            "GET /v1/pets/rex 200 getPet", "OPTIONS /pets/rex 204 (CORS preflight)", "OPTIONS /nowhere 204 (CORS preflight)",
            "PUT /nowhere 404", "OPTIONS /pets/rex 405",
        ])
    }

    @Test func noCORSAnswersWithoutThem() async throws {
        try await MockPrismCommandTests.withMock(path: Self.document, ["--no-cors"]) { mock in
            try await #expect(Self.curl(mock.base, ["-H", "Origin: http://localhost:5173", "/pets/rex"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 10\n\n" + Self.pet)
            try await #expect(Self.curl(mock.base, ["-X", "OPTIONS", "-H", "Access-Control-Request-Method: GET", "/pets/rex"]) == """
                HTTP/1.1 405 Method Not Allowed
                Content-Type: application/problem+json
                Allow: GET, DELETE

                {"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"/pets/rex does not take OPTIONS (it takes GET, DELETE)"}
                """)
        }
    }

    /// Every property is filled, optional ones and nested objects' included, drawn or not; an
    /// `additionalProperties` schema gives one `additionalProp1` member from its example; a 3.1
    /// `examples: [21]` gives 21; a `duration` is an ISO 8601 duration. Both the media type's
    /// `example` and its named `examples` answer; percent-encoded segments route as their text.
    @Test func answersFillEveryPropertyAndEveryExampleIsKept() async throws {
        let log = try await MockPrismCommandTests.withMock(path: Self.document, ["--seed", "3"]) { mock in
            try await #expect(Self.curl(mock.base, ["-H", "Prefer: dynamic=true", "/pets/rex"]) == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Rate-Limit: 10
                Access-Control-Allow-Origin: *
                Access-Control-Expose-Headers: X-Rate-Limit, Netspec-Mock-Answer

                {"id":21,"name":"h","age":129,"born":"2028-03-11","span":"P9DT6H","tags":{"additionalProp1":5},"owner":{"name":"szdqvrdgr","address":{"city":""}}}
                """)
            try await #expect(ChildProcess.curl(["-s", mock.base + "/greetings"]).stdout == #"{"text":"hi"}"#)
            try await #expect(ChildProcess.curl(["-s", "-H", "Prefer: example=loud", mock.base + "/greetings"]).stdout == #"{"text":"HI"}"#)
            try await #expect(ChildProcess.curl(["-s", mock.base + "/v%31/p%65ts/r%20x"]).stdout == Self.pet)
            try await #expect(ChildProcess.curl(["-s", mock.base + "/%66iles/7%2Ejson"]).stdout == #"{"file":true}"#)
        }
        #expect(log.requests == [
            "GET /pets/rex 200 getPet", "GET /greetings 200 greetings", "GET /greetings 200 greetings",
            "GET /v%31/p%65ts/r%20x 200 getPet", "GET /%66iles/7%2Ejson 200 getFile",
        ])
    }

    /// A Swagger 2.0 response with neither schema nor example answers its status with no body.
    @Test func swaggerResponsesWithoutASchemaAnswerWithNoBody() async throws {
        let swagger = """
            swagger: "2.0"
            info: {title: Bare, version: "1"}
            paths:
              /jobs/{id}:
                parameters: [{name: id, in: path, required: true, type: string}]
                get:
                  operationId: getJob
                  responses: {"200": {description: it exists}}
                delete:
                  operationId: deleteJob
                  responses: {"204": {description: gone}}
            """
        let log = try await MockPrismCommandTests.withMock(swagger, named: "bare.yaml", ["--no-cors"]) { mock in
            try await #expect(Self.curl(mock.base, ["/jobs/1"]) == "HTTP/1.1 200 OK\n\n")
            try await #expect(Self.curl(mock.base, ["-X", "DELETE", "/jobs/1"]) == "HTTP/1.1 204 No Content\n\n")
            try await #expect(mock.call(["deleteJob", "id=1"]) == MockPrismCommandTests.Seen(0))
        }
        #expect(log.requests == ["GET /jobs/1 200 getJob", "DELETE /jobs/1 204 deleteJob", "DELETE /jobs/1 204 deleteJob"])
    }

    /// Without `--errors`, an example that breaks its schema is said in `Netspec-Violations`: the
    /// default one is answered by the schema's value in its place, a named one as written. With
    /// `--errors`, either is a 500 problem listing the violations.
    @Test func errorsWithoutProxyChecksTheMocksOwnAnswers() async throws {
        let violation = #"{"location":"response","pointer":"/n","message":"must be an integer","schema":"\#(Self.document):49:55"}"#
        let named = #"{"location":"response","pointer":"/text","message":"must be a string","schema":"\#(Self.document):36:76"}"#
        let log = try await MockPrismCommandTests.withMock(path: Self.document, ["--no-cors"]) { mock in
            try await #expect(Self.curl(mock.base, ["/broken"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nNetspec-Violations: [\(violation)]\n\n{\"n\":1}")
            try await #expect(Self.curl(mock.base, ["-H", "Prefer: example=broken", "/greetings"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nNetspec-Violations: [\(named)]\n\n{\"text\":5}")
        }
        #expect(log.requests == [
            "GET /broken 200 broken (1 violation of the document: response /n: must be an integer (\(Self.document):49:55))",
            "GET /greetings 200 greetings (1 violation of the document: response /text: must be a string (\(Self.document):36:76))",
        ])
        try await MockPrismCommandTests.withMock(path: Self.document, ["--no-cors", "--errors"]) { mock in
            try await #expect(Self.curl(mock.base, ["/broken"]) == """
                HTTP/1.1 500 Internal Server Error
                Content-Type: application/problem+json
                Netspec-Violations: [\(violation)]

                {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the example of the 200 response of 'broken' breaks the document's schema (1 violation)","endpoint":"broken","errors":[\(violation)]}
                """)
            try await #expect(Self.curl(mock.base, ["-H", "Prefer: example=broken", "/greetings"]) == """
                HTTP/1.1 500 Internal Server Error
                Content-Type: application/problem+json
                Netspec-Violations: [\(named)]

                {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the example 'broken' of the 200 response of 'greetings' breaks the document's schema (1 violation)","endpoint":"greetings","errors":[\(named)]}
                """)
            try await #expect(ChildProcess.curl(["-s", mock.base + "/greetings"]).stdout == #"{"text":"hi"}"#)
        }
    }

    /// With `--proxy`, an upstream 501 for an operation of the document is answered from the
    /// mock; one for a path the document does not have is passed on.
    @Test func anUpstream501IsAnsweredFromTheMock() async throws {
        let upstream = TestHandlers.router([
            "GET /pets/rex": TestHandlers.json(status: 501, body: #"{"error":"not yet"}"#),
            "GET /greetings": TestHandlers.json(body: #"{"text":"from the server"}"#),
            "GET /elsewhere": TestHandlers.json(status: 501, body: #"{"error":"not here"}"#),
        ])
        try await withTestServer(upstream) { server in
            let log = try await MockPrismCommandTests.withMock(path: Self.document, ["--no-cors", "--proxy", server.baseURL]) { mock in
                try await #expect(Self.curl(mock.base, ["/pets/rex"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 10\n\n" + Self.pet)
                try await #expect(ChildProcess.curl(["-s", mock.base + "/greetings"]).stdout == #"{"text":"from the server"}"#)
                try await #expect(Self.curl(mock.base, ["/elsewhere"]) == "HTTP/1.1 501 Not Implemented\nContent-Type: application/json\n\n{\"error\":\"not here\"}")
            }
            #expect(log.requests == [
                "GET /pets/rex 200 getPet (the upstream answered 501: answered from the mock)", "GET /greetings 200 greetings", "GET /elsewhere 501",
            ])
        }
    }
}
