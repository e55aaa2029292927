import Foundation
import NetspecMock
import Testing

import Netspec
import NetspecTestSupport

/// Defects an exploratory test of `netspec mock` found, each against a mock server on
/// 127.0.0.1 read with curl: a whole body's `Content-Type` not checked, a `PATCH` whose result
/// breaks the item's schema stored anyway, a header example that breaks its schema sent
/// unsaid, a stateful 409 that was not the document's, JSON Patch's `test` comparing numbers
/// by how they are written, an empty API key cookie taken as a credential, and a 422 that
/// left out an undeclared member beside a member of the wrong type.
@Suite struct MockExploreDefectsTests {
    static let yaml = """
        openapi: 3.0.3
        info: { title: Explore, version: 1.0.0 }
        components:
          securitySchemes:
            ckey: { type: apiKey, in: cookie, name: auth_cookie }
          schemas:
            NewBook:
              type: object
              required: [title]
              properties: { id: { type: integer }, title: { type: string }, year: { type: integer } }
            Book:
              type: object
              required: [id, title]
              properties: { id: { type: integer }, title: { type: string }, year: { type: integer } }
        paths:
          /books:
            post:
              operationId: createBook
              requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/NewBook" } } } }
              responses:
                "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Book" } } } }
                "409":
                  description: conflict
                  content: { application/json: { schema: { type: object, properties: { message: { type: string } } }, example: { message: taken } } }
          /shelves:
            post:
              operationId: createShelf
              requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/NewBook" } } } }
              responses:
                "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Book" } } } }
                "409": { description: conflict }
          /shelves/{shelfId}:
            get:
              operationId: getShelf
              parameters: [{ name: shelfId, in: path, required: true, schema: { type: integer } }]
              responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Book" } } } } }
          /books/{bookId}:
            parameters: [{ name: bookId, in: path, required: true, schema: { type: integer } }]
            get:
              operationId: getBook
              responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Book" } } } } }
            patch:
              operationId: updateBook
              requestBody:
                required: true
                content:
                  application/merge-patch+json: { schema: { type: object } }
                  application/json-patch+json: { schema: { type: array, items: { type: object } } }
              responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Book" } } } } }
          /batch:
            post:
              operationId: batch
              requestBody: { required: true, content: { application/json: { schema: { type: array, items: { type: integer } } } } }
              responses: { "204": { description: done } }
          /things:
            post:
              operationId: createThing
              requestBody:
                required: true
                content:
                  application/json:
                    schema: { type: object, additionalProperties: false, required: [a], properties: { a: { type: integer }, b: { type: string } } }
              responses: { "204": { description: done } }
          /greetings:
            get:
              operationId: greetings
              responses:
                "200":
                  description: ok
                  headers:
                    X-Count: { required: true, schema: { type: integer }, example: "many" }
                    X-Mode: { schema: { type: string }, example: "fast" }
                  content: { application/json: { schema: { type: object }, example: { n: 1 } } }
          /cookie:
            get:
              operationId: echoCookie
              security: [{ ckey: [] }]
              responses: { "204": { description: ok } }
        """

    static func withServer(_ options: MockServer.Options = .init(port: 0, stateful: true), _ body: (String) async throws -> Void) async throws {
        try await MockServerTests.withMockServer(of: try Spec(yaml: yaml, file: "explore.yaml"), options) { base, _ in try await body(base) }
    }

    /// The answer's status line and headers but `Date`, `Server`, `Content-Length` and the
    /// mock's marker, then its body.
    static func answer(_ arguments: [String]) async throws -> String {
        try await MockPrismDefectsTests.answer(arguments)
    }

    static func unsupported(_ endpoint: String, _ type: String, expected: String, accept: (String, String)) -> String {
        let message = "the body's Content-Type is '\(type)'; expected \(expected)"
        return """
            HTTP/1.1 415 Unsupported Media Type
            Content-Type: application/problem+json
            \(accept.0): \(accept.1)

            {"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"\(message)","endpoint":"\(endpoint)","errors":[{"location":"body","message":"\(message)"}]}
            """
    }

    static let patchTypes = ("Accept-Patch", "application/merge-patch+json, application/json-patch+json")
    static let patchExpected = "one of application/merge-patch+json, application/json-patch+json"

    /// A body in a type the operation does not list is a 415, whole bodies (a JSON array, a
    /// JSON Patch under `application/json`) as much as bodies of fields (a JSON type the
    /// operation does not list), before the state is touched; a listed type is read.
    @Test(arguments: [
        ("PATCH", "/books/1", "application/json", #"[{"op":"replace","path":"/title","value":"B"}]"#,
         unsupported("updateBook", "application/json", expected: patchExpected, accept: patchTypes)),
        ("PATCH", "/books/1", "text/plain", #"{"title":"B"}"#, unsupported("updateBook", "text/plain", expected: patchExpected, accept: patchTypes)),
        ("POST", "/batch", "text/plain", "[1,2]", unsupported("batch", "text/plain", expected: "application/json", accept: ("Accept-Post", "application/json"))),
        ("POST", "/batch", "image/png", "[1,2]", unsupported("batch", "image/png", expected: "application/json", accept: ("Accept-Post", "application/json"))),
        ("POST", "/batch", "text/plain", "hello", unsupported("batch", "text/plain", expected: "application/json", accept: ("Accept-Post", "application/json"))),
        ("POST", "/things", "application/vnd.thing+json", #"{"a":1}"#,
         unsupported("createThing", "application/vnd.thing+json", expected: "application/json", accept: ("Accept-Post", "application/json"))),
        ("POST", "/batch", "application/json", "[1,2]", "HTTP/1.1 204 No Content\n\n"),
        ("POST", "/things", "application/json", #"{"a":1}"#, "HTTP/1.1 204 No Content\n\n"),
    ])
    func aBodyInATypeTheOperationDoesNotListIs415(method: String, path: String, type: String, body: String, expected: String) async throws {
        try await Self.withServer { base in
            try await #expect(Self.answer(["-X", "POST", base + "/books", "-H", "Content-Type: application/json", "-d", #"{"title":"A","year":2000}"#])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"title\":\"A\",\"year\":2000,\"id\":1}")
            try await #expect(Self.answer(["-X", method, base + path, "-H", "Content-Type: " + type, "--data-binary", body]) == expected)
            // The item is as it was.
            try await #expect(Self.answer([base + "/books/1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"title\":\"A\",\"year\":2000,\"id\":1}")
        }
    }

    /// A `PATCH` whose result the item's schema does not take is a 422 naming the member, as a
    /// `PUT` of it is refused by its check, and the item is kept; one that fits is stored.
    @Test(arguments: [
        ("application/merge-patch+json", #"{"year":"nan"}"#, "/year must be an integer"),
        ("application/json-patch+json", #"[{"op":"replace","path":"/year","value":"nan"}]"#, "/year must be an integer"),
        ("application/json-patch+json", #"[{"op":"add","path":"/title","value":{"t":1}},{"op":"replace","path":"/year","value":1.5}]"#,
         "/title must be a string; /year must be an integer"),
        ("application/json-patch+json", #"[{"op":"replace","path":"","value":[1]}]"#, "the patched item must be a JSON object, not an array"),
        ("application/json-patch+json", #"[{"op":"replace","path":"","value":7}]"#, "the patched item must be a JSON object, not an Int"),
    ])
    func aPatchWhoseResultBreaksTheSchemaIs422(type: String, patch: String, problem: String) async throws {
        try await Self.withServer { base in
            _ = try await Self.answer(["-X", "POST", base + "/books", "-H", "Content-Type: application/json", "-d", #"{"title":"A","year":2000}"#])
            let detail = problem.hasPrefix("the patched item") ? problem : "the patched item does not fit the schema: " + problem
            try await #expect(Self.answer(["-X", "PATCH", base + "/books/1", "-H", "Content-Type: " + type, "--data-binary", patch]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"\(detail)","endpoint":"updateBook"}
                """)
            try await #expect(Self.answer([base + "/books/1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"title\":\"A\",\"year\":2000,\"id\":1}")
            try await #expect(Self.answer(["-X", "PATCH", base + "/books/1", "-H", "Content-Type: application/merge-patch+json", "-d", #"{"year":1999}"#])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"title\":\"A\",\"year\":1999,\"id\":1}")
        }
    }

    /// RFC 6902 §4.6: `test` finds numbers equal when their values are (`2000.0` is `2000`), and
    /// objects and arrays member by member, whatever the members' order.
    @Test(arguments: [
        (#"{"op":"test","path":"/year","value":2000.0}"#, true),
        (#"{"op":"test","path":"/year","value":2e3}"#, true),
        (#"{"op":"test","path":"/year","value":2000}"#, true),
        (#"{"op":"test","path":"","value":{"year":2000.0,"id":1.0,"title":"A"}}"#, true),
        (#"{"op":"test","path":"/year","value":2000.5}"#, false),
        (#"{"op":"test","path":"/year","value":"2000"}"#, false),
        (#"{"op":"test","path":"","value":{"year":2000,"title":"A"}}"#, false),
    ])
    func jsonPatchTestComparesNumbersByValue(test: String, passes: Bool) async throws {
        try await Self.withServer { base in
            _ = try await Self.answer(["-X", "POST", base + "/books", "-H", "Content-Type: application/json", "-d", #"{"title":"A","year":2000}"#])
            let patch = "[\(test),{\"op\":\"replace\",\"path\":\"/title\",\"value\":\"B\"}]"
            let answer = try await Self.answer(["-X", "PATCH", base + "/books/1", "-H", "Content-Type: application/json-patch+json", "--data-binary", patch])
            if passes {
                #expect(answer == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"title\":\"B\",\"year\":2000,\"id\":1}")
            } else {
                #expect(answer.hasPrefix("HTTP/1.1 422 Unprocessable Entity\n"))
                #expect(answer.contains(#""detail":"the JSON Patch cannot be applied: operation /0: test failed"#))
            }
        }
    }

    /// A create whose id is taken is the document's own 409 (its example, else a body from its
    /// schema, else its status without a body), not a problem the document does not describe.
    @Test func aTakenIdIsTheDocumentsOwn409() async throws {
        try await Self.withServer { base in
            for path in ["/books", "/shelves"] {
                _ = try await Self.answer(["-X", "POST", base + path, "-H", "Content-Type: application/json", "-d", #"{"id":7,"title":"A"}"#])
            }
            let taken = try await MockStateTests.send("POST", base + "/books", #"{"id":7,"title":"B"}"#)
            #expect(taken.status == 409)
            #expect(taken.headers["content-type"] == "application/json")
            #expect(taken.headers["netspec-mock-answer"] == "state")
            #expect(taken.body == ["message": "taken"])
            try await #expect(Self.answer(["-X", "POST", base + "/shelves", "-H", "Content-Type: application/json", "-d", #"{"id":7,"title":"B"}"#])
                == "HTTP/1.1 409 Conflict\n\n")
            try await #expect(Self.answer([base + "/books/7"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"id\":7,\"title\":\"A\"}")
        }
    }

    /// A header example its schema refuses is not sent: the schema's value is, and what the
    /// example breaks is said in `Netspec-Violations` (with `--errors`, a 500 listing it), as
    /// a body example's is; a header that conforms is sent as written.
    @Test func aHeaderExampleThatBreaksItsSchemaIsSaid() async throws {
        let violation = #"{"location":"response","header":"X-Count","pointer":"","message":"must be an integer","schema":"explore.yaml:71:50"}"#
        try await Self.withServer(.init(port: 0)) { base in
            try await #expect(Self.answer([base + "/greetings"]) == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Count: 0
                X-Mode: fast
                Netspec-Violations: [\(violation)]

                {"n":1}
                """)
        }
        try await Self.withServer(.init(port: 0, proxyErrors: true)) { base in
            try await #expect(Self.answer([base + "/greetings"]) == """
                HTTP/1.1 500 Internal Server Error
                Content-Type: application/problem+json
                Netspec-Violations: [\(violation)]

                {"type":"about:blank","title":"Internal Server Error","status":500,"detail":"the example of the 200 response of 'greetings' breaks the document's schema (1 violation)","endpoint":"greetings","errors":[\(violation)]}
                """)
        }
    }

    /// An API key cookie is read from the `Cookie` header's pairs by its exact name, and one
    /// sent empty is missing, as an empty header or query key is.
    @Test(arguments: [
        ("auth_cookie=x", true),
        ("a=1; auth_cookie=x", true),
        ("a=1;auth_cookie=\"x\"; b=2", true),
        ("auth_cookie=", false),
        ("auth_cookie=\"\"", false),
        ("a=1; auth_cookie= ; b=2", false),
        ("auth_cookie2=x", false),
        ("xauth_cookie=x", false),
        ("auth_cookie", false),
    ])
    func anEmptyAPIKeyCookieIsMissing(cookie: String, passes: Bool) async throws {
        try await Self.withServer(.init(port: 0)) { base in
            let answer = try await Self.answer([base + "/cookie", "-H", "Cookie: " + cookie])
            if passes {
                #expect(answer == "HTTP/1.1 204 No Content\n\n")
            } else {
                #expect(answer == """
                    HTTP/1.1 401 Unauthorized
                    Content-Type: application/problem+json
                    WWW-Authenticate: ApiKey realm="netspec mock", in="cookie", name="auth_cookie"

                    {"type":"about:blank","title":"Unauthorized","status":401,"detail":"the request carries no credential its security accepts: 'ckey' (an API key in the cookie auth_cookie)","endpoint":"echoCookie"}
                    """)
            }
        }
    }

    /// A member of the wrong type and a member `additionalProperties: false` refuses are both
    /// listed; the required member a value of the wrong type leaves out is not blamed.
    @Test func aWrongMemberAndAnUndeclaredOneAreBothListed() async throws {
        try await Self.withServer(.init(port: 0)) { base in
            try await #expect(Self.answer(["-X", "POST", base + "/things", "-H", "Content-Type: application/json", "-d", #"{"a":"x","c":1}"#])
                == MockRequestCheckTests.invalid("createThing", [
                    #"{"location":"body","parameter":"a","message":"expected integer, got the string \"x\""}"#,
                    #"{"location":"body","message":"the body's /c is not allowed (additionalProperties: false), got 1 (schema at explore.yaml:62:59)"}"#,
                ]))
        }
    }
}
