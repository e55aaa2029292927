import Foundation
import Testing
import NetspecTestSupport

/// Issue 33's items 1–5 against a `netspec mock` process, each behaviour read two ways: with curl
/// (the status line, the headers but `Date`, `Server` and `Content-Length`, and the body, exactly)
/// and with `netspec call DOC OPERATION … --base-url` (exit status, standard output and standard
/// error as a user sees them). Where the client refuses before sending, its refusal is pinned
/// beside the mock's answer to the same request (sent with `--no-validate` where that gets it
/// through). One mock process per test, serving all of its cases, stopped on every path.
@Suite struct MockPrismCommandTests {
    // MARK: - Documents

    /// Issue 33's first list (`MockPrismDefectsTests`' document, with an operation whose media type
    /// has both `example` and `examples`, and a `PATCH` that takes a form), and items 3 and 4.
    static let defects = try! String(contentsOfFile: CLI.root + "/Tests/NetspecTests/Fixtures/mock/defects.openapi.yaml", encoding: .utf8)

    /// Issue 33's item 2: every kind of scheme, alternatives (the document's `security`) and
    /// schemes needed together, and two the mock cannot check.
    static let secured = try! String(contentsOfFile: CLI.root + "/Tests/NetspecTests/Fixtures/mock/secured.openapi.yaml", encoding: .utf8)

    /// Issue 33's item 5: constraints of parameters and of a JSON body, answers from schemas, and
    /// a schema no value can be made from.
    static let constraints = """
        openapi: 3.1.0
        info: {title: Constraints, version: "1"}
        paths:
          /animals:
            get:
              operationId: listAnimals
              parameters:
                - {name: limit, in: query, schema: {type: integer, minimum: 1}}
                - {name: code, in: query, schema: {type: string, pattern: "^[A-Z]{3}$"}}
              responses:
                "200":
                  description: ok
                  content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Animal"}}}}
            post:
              operationId: admitAnimal
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Animal"}
              responses:
                "201":
                  description: admitted
                  content: {application/json: {schema: {$ref: "#/components/schemas/Animal"}}}
          /impossible:
            get:
              operationId: impossible
              responses:
                "200": {description: x, content: {application/json: {schema: {type: integer, minimum: 5, maximum: 1}}}}
        components:
          schemas:
            Animal:
              type: object
              required: [name, tags]
              additionalProperties: false
              properties:
                name: {type: string, maxLength: 5}
                tags: {type: array, minItems: 1, items: {type: string}}
                age: {type: integer, minimum: 0}
        """

    static let shelter = "specs/shelter.openapi.yaml"

    // MARK: - Item 1: defects fixed

    /// A form or multipart body whose schema has no top-level `properties` (an `if`/`then`) is
    /// read as a form and checked by its schema, not refused as invalid JSON. The client takes
    /// such a body as the whole body `_` (docs/openapi.md), so that is how a call gives it.
    @Test func formAndMultipartBodiesWithoutPropertiesAreReadAsForms() async throws {
        try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            try await #expect(mock.curl(["-X", "POST", "-d", "user=a&otp=1", "/login"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 100\nX-Tags: a,b\n\n{\"ok\":true}")
            try await #expect(mock.curl(["-X", "POST", "-d", "otp=1", "/login"]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'login'","endpoint":"login","errors":[{"location":"body","message":"the body must have the property 'user' (schema at \(mock.document):20:22)"}]}
                """)
            try await #expect(mock.curl(["-X", "POST", "-F", "a=1", "-F", "b=2", "/upload"]) == "HTTP/1.1 204 No Content\n\n")
            try await #expect(mock.curl(["-X", "POST", "-F", "a=1", "/upload"]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'upload'","endpoint":"upload","errors":[{"location":"body","message":"the body must have the property 'b' (schema at \(mock.document):47:50)"}]}
                """)

            try await #expect(mock.call(["login", #"_:={"user":"a","otp":"1"}"#]) == Seen(0, "{\"ok\":true}\n"))
            try await #expect(mock.call(["upload", #"_:={"a":"1","b":"2"}"#]) == Seen(0))
            // Fields by name are not the body's: it has no properties to name them.
            try await #expect(mock.call(["login", "user=a", "otp=1"]) == Seen(64, stderr: """
                error: endpoint 'login': 3 problems with the arguments:
                  parameter 'otp': unknown argument (the endpoint takes its body whole, as '_')
                  parameter 'user': unknown argument (the endpoint takes its body whole, as '_')
                  parameter '_': missing required argument (JSON value)

                """))
            // The client checks the form's schema before sending; the mock says the same.
            try await #expect(mock.call(["login", #"_:={"otp":"1"}"#]) == Seen(64, stderr: """
                error: endpoint 'login': the body must have the property 'user' (schema at \(mock.document):20:22)

                """))
            try await #expect(mock.call(["login", #"_:={"otp":"1"}"#, "--no-validate"]) == Seen(4, stderr: """
                HTTP/1.1 422 Unprocessable Entity
                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'login'","endpoint":"login","errors":[{"location":"body","message":"the body must have the property 'user' (schema at \(mock.document):20:22)"}]}

                """))
        }
    }

    /// `default` and range responses (`4XX`, `5XX`) answer the status asked for (`Prefer: code=N`
    /// or `__code=N`), a status declared exactly wins over its range; with no 2xx response the
    /// declared statuses answer when asked for, and nothing asked for is a 501; a response's
    /// `headers` with a value (`example`, the schema's `example`) are sent, one without is not.
    @Test func answersCarryTheStatusAskedForAndTheDeclaredHeaders() async throws {
        try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            try await #expect(mock.curl(["-X", "POST", "-d", "user=a", "-H", "Prefer: code=401", "/login"])
                == "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{\"error\":\"client\"}")
            try await #expect(mock.curl(["-X", "POST", "-d", "user=a", "/login?__code=502"])
                == "HTTP/1.1 502 Bad Gateway\nContent-Type: text/plain\n\nsomething else")
            try await #expect(mock.curl(["-X", "POST", "-d", "user=a", "/login?__code=200"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\nX-Rate-Limit: 100\nX-Tags: a,b\n\n{\"ok\":true}")
            try await #expect(mock.curl(["/only-errors?__code=404"]) == "HTTP/1.1 404 Not Found\n\n")
            try await #expect(mock.curl(["-H", "Prefer: code=503", "/only-errors"]) == "HTTP/1.1 503 Service Unavailable\nRetry-After: 120\n\n")
            try await #expect(mock.curl(["/only-errors"]) == """
                HTTP/1.1 501 Not Implemented
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'onlyErrors' has no mock; choose one with Prefer: code=404, code=500","endpoint":"onlyErrors"}
                """)

            let login = ["login", #"_:={"user":"a"}"#]
            try await #expect(mock.call(login + ["Prefer:code=401"]) == Seen(4, stderr: "HTTP/1.1 401 Unauthorized\n{\"error\":\"client\"}\n"))
            try await #expect(mock.call(login + ["__code==502"]) == Seen(5, stderr: "HTTP/1.1 502 Bad Gateway\nsomething else\n"))
            try await #expect(mock.call(["onlyErrors", "Prefer:code=404"]) == Seen(4, stderr: "HTTP/1.1 404 Not Found\n"))
            try await #expect(mock.call(["onlyErrors", "Prefer:code=503"]) == Seen(5, stderr: "HTTP/1.1 503 Service Unavailable\n"))
            try await #expect(mock.call(["onlyErrors"]) == Seen(5, stderr: """
                HTTP/1.1 501 Not Implemented
                {"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'onlyErrors' has no mock; choose one with Prefer: code=404, code=500","endpoint":"onlyErrors"}

                """))
            // The headers as a call sees them: `-v` prints the response head.
            try await #expect(mock.call(["login", #"_:={"user":"a","otp":"1"}"#, "-v"]).withoutDate == Seen(0, "{\"ok\":true}\n", """
                > POST \(mock.base)/login HTTP/1.1
                > Content-Type: application/x-www-form-urlencoded
                > Content-Length: 12
                > Accept: application/json, */*;q=0.5
                > Accept-Encoding: gzip, deflate
                > User-Agent: netspec/0.1.0
                >
                < HTTP/1.1 200 OK
                < Content-Type: application/json
                < X-Rate-Limit: 100
                < X-Tags: a,b
                < Content-Length: 11
                < Netspec-Mock-Answer: example
                < Server: netspec-mock
                <

                """))
        }
    }

    /// The members of an object query parameter (`form` with `explode`, `deepObject`) are typed
    /// by its schema and checked (`limit=string` is a 422 whose message is the call's), a scalar
    /// beside them reads only its own item; percent-encoded paths are decoded before routing
    /// (`%2F` stays inside the placeholder's value).
    @Test func queryMembersAndEncodedPathsAreReadAsAClientWritesThem() async throws {
        try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            func invalid(_ location: String, _ parameter: String, _ message: String) -> String {
                """
                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'listItems'","endpoint":"listItems","errors":[{"location":"\(location)","parameter":"\(parameter)","message":"\(message)"}]}
                """
            }
            let problemHead = "HTTP/1.1 422 Unprocessable Entity\nContent-Type: application/problem+json\n\n"
            let filterType = #"/limit must be an integer, got \"string\" (schema at \#(mock.document):70:23)"#
            let sizeType = #"/size must be an integer, got \"x\" (schema at \#(mock.document):78:22)"#
            try await #expect(mock.curl(["/items?limit=3&tag=5&max=2"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n[]")
            try await #expect(mock.curl(["/items?page%5Bsize%5D=10&limit=1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n[]")
            try await #expect(mock.curl(["/items?limit=string"]) == problemHead + invalid("query", "filter", filterType))
            try await #expect(mock.curl(["/items?limit=0"]) == problemHead + invalid("query", "filter", "/limit must be at least 1, got 0 (schema at \(mock.document):70:38)"))
            try await #expect(mock.curl(["/items?page%5Bsize%5D=x"]) == problemHead + invalid("query", "page", sizeType))
            try await #expect(mock.curl(["/items?max=x&limit=3"]) == problemHead + invalid("query", "max", "'x' is not an integer (a whole number)"))

            try await #expect(mock.call(["listItems", #"filter:={"limit":3,"tag":"5"}"#, "max=2"]) == Seen(0, "[]\n"))
            // The client checks the members before sending; with --no-validate the mock says the same.
            try await #expect(mock.call(["listItems", #"filter:={"limit":"string"}"#]) == Seen(64, stderr: """
                error: endpoint 'listItems': parameter 'filter': /limit must be an integer, got "string" (schema at \(mock.document):70:23)

                """))
            try await #expect(mock.call(["listItems", #"filter:={"limit":"string"}"#, "--no-validate"])
                == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + invalid("query", "filter", filterType) + "\n"))
            try await #expect(mock.call(["listItems", #"page:={"size":"x"}"#]) == Seen(64, stderr: """
                error: endpoint 'listItems': parameter 'page': /size must be an integer, got "x" (schema at \(mock.document):78:22)

                """))
            try await #expect(mock.call(["listItems", #"page:={"size":"x"}"#, "--no-validate"])
                == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + invalid("query", "page", sizeType) + "\n"))
            // Text for a typed parameter is converted on the command line: `max=x` is refused with
            // the mock's message and the item; with --no-validate it is sent as given, and the mock says so.
            try await #expect(mock.call(["listItems", "max=x"]) == Seen(64, stderr: """
                error: endpoint 'listItems': parameter 'max': 'x' is not an integer (a whole number) (max=x)

                """))
            try await #expect(mock.call(["listItems", "max=x", "--no-validate"])
                == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + invalid("query", "max", "'x' is not an integer (a whole number)") + "\n"))

            for path in ["/pets/a%20b", "/p%65ts/rex", "/%70ets/a%2Fb"] {
                try await #expect(mock.curl([path]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{}", "\(path)")
            }
            try await #expect(mock.call(["getPet", "name=a b"]) == Seen(0, "{}\n"))
            try await #expect(mock.call(["getPet", "name=a/b"]) == Seen(0, "{}\n"))
        }
    }

    /// What the document says that Netspec cannot follow is a positioned warning when the mock
    /// starts (`file:line:column: warning: …` on its standard error), and the operation is still
    /// served: one secured only by HTTP Digest answers 200 (its log line says the scheme was not
    /// checked) while a call says why it cannot be made; a media type with both `example` and
    /// `examples` answers its `example`, and a named one when asked for.
    @Test func whatTheDocumentCannotSayIsWarnedAtStartUpAndStillServed() async throws {
        let log = try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            #expect(try await mock.curl(["/secret"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"secret\":1}")
            try await #expect(mock.call(["getSecret"]) == Seen(78, stderr: """
                error: endpoint 'getSecret': it cannot be called: its security accepts only 'd', which Netspec cannot send (with mocks on it is answered)

                """))
            try await #expect(Seen(CLI.run(["call", mock.document, "getSecret", "--mock"])) == Seen(0, "{\"secret\":1}\n"))

            try await #expect(mock.curl(["/both"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"one\":1}")
            try await #expect(mock.call(["both"]) == Seen(0, "{\"one\":1}\n"))
            // Both are kept: the named one answers when asked for (issue 55).
            try await #expect(mock.curl(["-H", "Prefer: example=two", "/both"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"two\":2}")
        }
        #expect(log.warnings == [
            "\(log.document):3:32: warning: security scheme 'd': 'http' (digest) is not supported yet",
            "\(log.document):8:17: warning: operation 'getSecret': none of the security schemes it accepts is supported; it cannot be called (a mock still answers it)",
            "\(log.document):143:15: warning: operation 'both': 'example' and 'examples' are both given, which OpenAPI does not allow; both are kept ('example' answers unless a named one is asked for)",
        ])
        #expect(log.requests == ["GET /secret 200 getSecret (security not checked: d)", "GET /both 200 both", "GET /both 200 both", "GET /both 200 both"])
    }

    // MARK: - Item 2: security

    /// Any alternative with all of its schemes lets a request through: a bearer token (OAuth 2 and
    /// OpenID Connect too), basic credentials, an API key in its header, query item or cookie;
    /// without one, a 401 with a challenge per scheme and a problem saying what is missing or what
    /// is wrong with the credential. What cannot be checked (Digest, a client certificate) is let
    /// through and logged. A call sends the credentials of its `${SCHEME}` variables (`--var`,
    /// docs/openapi.md).
    @Test func securityIsCheckedAsPrismChecksIt() async throws {
        let log = try await Self.withMock(Self.secured, named: "secured.yaml") { mock in
            func unauthorized(_ challenges: [String], _ detail: String, _ endpoint: String) -> String {
                "HTTP/1.1 401 Unauthorized\nContent-Type: application/problem+json\n" + challenges.map { "WWW-Authenticate: \($0)\n" }.joined() + "\n"
                    + #"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"\#(detail)","endpoint":"\#(endpoint)"}"#
            }
            let bearer = #"Bearer realm="netspec mock""#
            let apiKey = #"ApiKey realm="netspec mock", in="header", name="X-API-Key""#
            let basic = #"Basic realm="netspec mock""#
            let query = #"ApiKey realm="netspec mock", in="query", name="api_key""#
            let cookie = #"ApiKey realm="netspec mock", in="cookie", name="session""#
            let cases: [(arguments: [String], answer: String)] = [
                (["/a"], unauthorized([bearer, apiKey], "the request carries no credential its security accepts: 'bearer' (a bearer token) or 'key' (an API key in the header X-API-Key)", "a")),
                (["-H", "Authorization: Bearer t0k3n", "/a"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"a\":1}"),
                (["-H", "X-API-Key: k", "/a"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"a\":1}"),
                (["-H", "Authorization: Bearer ", "/a"], unauthorized([bearer, apiKey], "the Authorization header's Bearer token is empty", "a")),
                (["-H", "Authorization: Basic dTpw", "/a"], unauthorized([bearer, apiKey], "the request carries no credential its security accepts: 'bearer' (a bearer token) or 'key' (an API key in the header X-API-Key)", "a")),
                (["-u", "user:pw", "/b?api_key=1"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"b\":1}"),
                // Both schemes of the alternative are needed.
                // Both schemes of the alternative are needed: the 401 says which one is missing.
                (["-u", "user:pw", "/b"], unauthorized([basic, query], "the request carries 'basic' (basic credentials) but not 'q' (an API key in the query api_key), which its security needs together with it", "b")),
                (["/b?api_key=1"], unauthorized([basic, query], "the request carries 'q' (an API key in the query api_key) but not 'basic' (basic credentials), which its security needs together with it", "b")),
                (["-H", "Authorization: Basic !!!", "/b?api_key=1"], unauthorized([basic, query], "the Authorization header's Basic credentials are not base64 of user:password", "b")),
                (["-b", "theme=dark; session=s1", "/c"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"c\":1}"),
                (["-b", "theme=dark", "/c"], unauthorized([cookie], "the request carries no credential its security accepts: 'session' (an API key in the cookie session)", "c")),
                (["/oauth"], unauthorized([bearer], "the request carries no credential its security accepts: 'oauth' (a bearer token)", "oauthOnly")),
                (["-H", "Authorization: Bearer x", "/oauth"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"oauth\":1}"),
                (["/oidc"], unauthorized([bearer], "the request carries no credential its security accepts: 'oidc' (a bearer token)", "oidcOnly")),
                (["-H", "Authorization: Bearer x", "/oidc"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"oidc\":1}"),
                (["/open"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"open\":1}"),
                (["/digest"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"d\":1}"),
                (["/cert"], "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"cert\":1}"),
            ]
            for (arguments, answer) in cases {
                try await #expect(mock.curl(arguments) == answer, "curl \(arguments)")
            }

            let calls: [(arguments: [String], seen: Seen)] = [
                (["a", "--var", "BEARER=t0k3n"], Seen(0, "{\"a\":1}\n")),
                // The first alternative's variable not set, a later one's set: that one is sent
                // (docs/openapi.md "Which alternative is sent").
                (["a", "--var", "KEY=k"], Seen(0, "{\"a\":1}\n")),
                (["a", "--var", "BEARER="], Seen(4, stderr: "HTTP/1.1 401 Unauthorized\n" + #"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"the Authorization header's Bearer token is empty","endpoint":"a"}"# + "\n")),
                (["keyOnly", "--var", "KEY=k"], Seen(0, "{\"k\":1}\n")),
                // The client sends every scheme needed together, each from its own variable (or
                // given by hand), and says which variable is not set.
                (["b", "--var", "BASIC_USER=u", "--var", "BASIC_PASSWORD=p"], Seen(78, stderr: "error: endpoint 'b': variable 'Q' is not set (used in auth: apiKey); set it with --var Q=… or in the environment\n")),
                (["b", "--var", "BASIC_USER=u", "--var", "BASIC_PASSWORD=p", "--var", "Q=1"], Seen(0, "{\"b\":1}\n")),
                (["b", "--var", "BASIC_USER=u", "--var", "BASIC_PASSWORD=p", "api_key==1"], Seen(0, "{\"b\":1}\n")),
                (["c", "--var", "SESSION=s1"], Seen(0, "{\"c\":1}\n")),
                (["c"], Seen(78, stderr: "error: endpoint 'c': variable 'SESSION' is not set (used in auth: apiKey); set it with --var SESSION=… or in the environment\n")),
                (["oauthOnly", "--var", "OAUTH=x"], Seen(0, "{\"oauth\":1}\n")),
                (["oauthOnly"], Seen(77, stderr: "error: endpoint 'oauthOnly': OAuth 2 scheme 'oauth' needs a login (no token is stored for it): run netspec auth login \(mock.document) --scheme oauth (in Swift, Service.logIn(scheme: \"oauth\"))\n")),
                // (Without OIDC set, the client would fetch the discovery document from the
                // network before sending: not a mock behaviour, left out.)
                (["oidcOnly", "--var", "OIDC=x"], Seen(0, "{\"oidc\":1}\n")),
                (["open"], Seen(0, "{\"open\":1}\n")),
                (["digest"], Seen(78, stderr: "error: endpoint 'digest': it cannot be called: its security accepts only 'dig', which Netspec cannot send (with mocks on it is answered)\n")),
                (["cert"], Seen(78, stderr: "error: endpoint 'cert': the endpoint needs a client certificate (mutual TLS); give one with --cert FILE --key FILE, or Provider.Options(tls: .init(clientCertificate: …))\n")),
            ]
            for (arguments, seen) in calls {
                try await #expect(mock.call(arguments) == seen, "netspec call \(arguments)")
            }
        }
        // The calls refused before sending (78, 77) are not there.
        #expect(log.requests == [
            "GET /a 401 a", "GET /a 200 a", "GET /a 200 a", "GET /a 401 a", "GET /a 401 a",
            "GET /b?api_key=1 200 b", "GET /b 401 b", "GET /b?api_key=1 401 b", "GET /b?api_key=1 401 b",
            "GET /c 200 c", "GET /c 401 c", "GET /oauth 401 oauthOnly", "GET /oauth 200 oauthOnly", "GET /oidc 401 oidcOnly", "GET /oidc 200 oidcOnly",
            "GET /open 200 open", "GET /digest 200 digest (security not checked: dig)", "GET /cert 200 cert (security not checked: cert)",
            "GET /a 200 a", "GET /a 200 a", "GET /a 401 a", "GET /k 200 keyOnly", "GET /b?api_key=1 200 b", "GET /b?api_key=1 200 b",
            "GET /c 200 c", "GET /oauth 200 oauthOnly", "GET /oidc 200 oidcOnly", "GET /open 200 open",
        ])
    }

    /// `--no-security` serves without checking: what was a 401 is answered, nothing is noted in the
    /// log. A call still needs its own credentials (the client's rule, not the server's).
    @Test func noSecurityServesWithoutChecks() async throws {
        let log = try await Self.withMock(Self.secured, named: "secured.yaml", ["--no-security"]) { mock in
            try await #expect(mock.curl(["/a"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"a\":1}")
            try await #expect(mock.curl(["-u", "user:pw", "/b"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"b\":1}")
            try await #expect(mock.curl(["/digest"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"d\":1}")
            try await #expect(mock.call(["b", "--var", "BASIC_USER=u", "--var", "BASIC_PASSWORD=p", "--var", "Q=1"]) == Seen(0, "{\"b\":1}\n"))
            try await #expect(mock.call(["a"]) == Seen(78, stderr: "error: endpoint 'a': variable 'BEARER' is not set (used in auth: bearer); set it with --var BEARER=… or in the environment\n"))
        }
        #expect(log.requests == ["GET /a 200 a", "GET /b 200 b", "GET /digest 200 digest", "GET /b?api_key=1 200 b"])
    }

    // MARK: - Item 3: content negotiation

    /// `Accept` with q-values and ranges chooses among a response's media types (the document's
    /// preferred one, JSON, without it); nothing acceptable is a 406 naming the types there are;
    /// a body in a media type the operation does not take is a 415 with `Accept-Post` (or
    /// `Accept-Patch`) naming the one it takes.
    @Test func acceptChoosesAMediaTypeAnd406And415NameWhatThereIs() async throws {
        try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            let negotiated: [(accept: String?, answer: String, printed: String)] = [
                (nil, "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"text\":\"hi\"}", "{\"text\":\"hi\"}\n"),
                ("*/*", "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"text\":\"hi\"}", "{\"text\":\"hi\"}\n"),
                ("text/plain", "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nhi", "hi\n"),
                ("text/*;q=0.5, application/xml;q=0.9", "HTTP/1.1 200 OK\nContent-Type: application/xml\n\n<greeting>hi</greeting>", "<greeting>hi</greeting>\n"),
                ("application/json;q=0, text/html, */*;q=0.1", "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nhi", "hi\n"),
            ]
            for (accept, answer, printed) in negotiated {
                try await #expect(mock.curl((accept.map { ["-H", "Accept: " + $0] } ?? []) + ["/greeting"]) == answer, "Accept: \(accept ?? "-")")
                try await #expect(mock.call(["greeting"] + (accept.map { ["Accept:" + $0] } ?? [])) == Seen(0, printed), "Accept: \(accept ?? "-")")
            }
            let notAcceptable = #"{"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'greeting' answers application/json, text/plain, application/xml, which the request's Accept does not take","endpoint":"greeting"}"#
            try await #expect(mock.curl(["-H", "Accept: image/gif", "/greeting"]) == "HTTP/1.1 406 Not Acceptable\nContent-Type: application/problem+json\n\n" + notAcceptable)
            try await #expect(mock.call(["greeting", "Accept:image/gif"]) == Seen(4, stderr: "HTTP/1.1 406 Not Acceptable\n" + notAcceptable + "\n"))
            // A body made from a schema is JSON only.
            let madeNotAcceptable = #"{"type":"about:blank","title":"Not Acceptable","status":406,"detail":"endpoint 'made' answers application/json, which the request's Accept does not take","endpoint":"made"}"#
            try await #expect(mock.curl(["-H", "Accept: text/html", "/made"]) == "HTTP/1.1 406 Not Acceptable\nContent-Type: application/problem+json\n\n" + madeNotAcceptable)
            try await #expect(mock.call(["made", "Accept:text/html"]) == Seen(4, stderr: "HTTP/1.1 406 Not Acceptable\n" + madeNotAcceptable + "\n"))
            try await #expect(mock.curl(["-H", "Accept: application/*", "/made"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"n\":0}")
            try await #expect(mock.call(["made"]) == Seen(0, "{\"n\":0}\n"))

            let unsupported = #"{"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"the body's Content-Type is 'application/json'; expected application/x-www-form-urlencoded","endpoint":"ENDPOINT","errors":[{"location":"body","message":"the body's Content-Type is 'application/json'; expected application/x-www-form-urlencoded"}]}"#
            try await #expect(mock.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", "{}", "/login"])
                == "HTTP/1.1 415 Unsupported Media Type\nContent-Type: application/problem+json\nAccept-Post: application/x-www-form-urlencoded\n\n" + unsupported.replacing("ENDPOINT", with: "login"))
            try await #expect(mock.curl(["-X", "PATCH", "-H", "Content-Type: application/json", "-d", "{}", "/profile"])
                == "HTTP/1.1 415 Unsupported Media Type\nContent-Type: application/problem+json\nAccept-Patch: application/x-www-form-urlencoded\n\n" + unsupported.replacing("ENDPOINT", with: "updateProfile"))
            // A call sends the form the document asks for; a `Content-Type` header item that says
            // otherwise is refused before sending, and sent with --no-validate the mock's 415
            // answers it (`-v` shows `Accept-Post`).
            try await #expect(mock.call(["login", #"_:={"user":"a"}"#, "Content-Type:application/json"]) == Seen(64, stderr: """
                error: endpoint 'login': Content-Type 'application/json' is not one the operation accepts (application/x-www-form-urlencoded); \
                send it anyway with --no-validate (CallOptions(requestValidation: .off))

                """))
            try await #expect(mock.call(["login", #"_:={"user":"a"}"#, "Content-Type:application/json", "--no-validate", "-v"]).withoutDate == Seen(4, stderr: """
                > POST \(mock.base)/login HTTP/1.1
                > Content-Type: application/json
                > Content-Length: 6
                > Accept: application/json, */*;q=0.5
                > Accept-Encoding: gzip, deflate
                > User-Agent: netspec/0.1.0
                >
                < HTTP/1.1 415 Unsupported Media Type
                < Content-Type: application/problem+json
                < Content-Length: 321
                < Accept-Post: application/x-www-form-urlencoded
                < Netspec-Mock-Answer: invalid-request
                < Server: netspec-mock
                <
                HTTP/1.1 415 Unsupported Media Type
                \(unsupported.replacing("ENDPOINT", with: "login"))

                """))
        }
    }

    // MARK: - Item 4: the document's own answer to an invalid request

    /// An invalid request is answered with the operation's own 422 (else its 400: example, or a
    /// body from its schema), its problems in `Netspec-Problems` (one line of JSON, non-ASCII
    /// escaped); an operation without one answers Netspec's RFC 9457 problem.
    @Test func anInvalidRequestGetsTheDocumentsOwnAnswerWithNetspecProblems() async throws {
        try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            let qty = #"[{"location":"body","parameter":"qty","message":"must be at least 1, got 0 (schema at \#(mock.document):91:87)"}]"#
            try await #expect(mock.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"qty":0}"#, "/orders"]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/json
                Netspec-Problems: \(qty)

                {"code":"INVALID","message":"the order is not valid"}
                """)
            try await #expect(mock.curl(["-X", "POST", "/carts?size=caf%C3%A9"]) == """
                HTTP/1.1 400 Bad Request
                Content-Type: application/json
                Netspec-Problems: [{"location":"query","parameter":"size","message":"'caf\\u00e9' is not an integer (a whole number)"}]

                {"reason":"bad request"}
                """)
            try await #expect(mock.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"qty":2}"#, "/orders"])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\":1}")
            try await #expect(mock.curl(["/items?max=x"]) == """
                HTTP/1.1 422 Unprocessable Entity
                Content-Type: application/problem+json

                {"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"1 problem with the request for 'listItems'","endpoint":"listItems","errors":[{"location":"query","parameter":"max","message":"'x' is not an integer (a whole number)"}]}
                """)

            try await #expect(mock.call(["createOrder", "qty:=2"]) == Seen(0, "{\"id\":1}\n"))
            try await #expect(mock.call(["createOrder", "qty:=0"]) == Seen(64, stderr: """
                error: endpoint 'createOrder': parameter 'qty': must be at least 1, got 0 (schema at \(mock.document):91:87)

                """))
            try await #expect(mock.call(["createOrder", "qty:=0", "--no-validate", "-v"]).withoutDate == Seen(4, stderr: """
                > POST \(mock.base)/orders HTTP/1.1
                > Content-Type: application/json
                > Content-Length: 9
                > Accept: application/json, */*;q=0.5
                > Accept-Encoding: gzip, deflate
                > User-Agent: netspec/0.1.0
                >
                < HTTP/1.1 422 Unprocessable Entity
                < Content-Type: application/json
                < Content-Length: 53
                < Netspec-Problems: \(qty)
                < Netspec-Mock-Answer: example
                < Server: netspec-mock
                <
                HTTP/1.1 422 Unprocessable Entity
                {"code":"INVALID","message":"the order is not valid"}

                """))
            try await #expect(mock.call(["createCart", "size=1"]) == Seen(0))
            // `size=café` is refused before sending; with --no-validate it is sent as given, and the
            // operation's own 400 answers it.
            try await #expect(mock.call(["createCart", "size=café"]) == Seen(64, stderr: """
                error: endpoint 'createCart': parameter 'size': 'café' is not an integer (a whole number) (size=café)

                """))
            try await #expect(mock.call(["createCart", "size=café", "--no-validate"]) == Seen(4, stderr: "HTTP/1.1 400 Bad Request\n{\"reason\":\"bad request\"}\n"))
        }
    }

    // MARK: - Item 5: schemas

    /// The request's constraints from the document's schemas (`minimum`, `pattern`, `maxLength`,
    /// `minItems`, `additionalProperties: false`) are checked with the call's own messages: the
    /// call's refusal and the mock's 422 (the same request sent with `--no-validate`) side by side.
    @Test func requestConstraintsGetTheCallsMessages() async throws {
        try await Self.withMock(Self.constraints, named: "constraints.yaml") { mock in
            func problem(_ endpoint: String, _ errors: [String]) -> String {
                let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
                return #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"\#(count) with the request for '\#(endpoint)'","endpoint":"\#(endpoint)","errors":[\#(errors.joined(separator: ","))]}"#
            }
            let document = mock.document
            let minimum = #"{"location":"query","parameter":"limit","message":"must be at least 1, got 0 (schema at \#(document):8:60)"}"#
            let pattern = #"{"location":"query","parameter":"code","message":"must match ^[A-Z]{3}$, got \"abc\" (schema at \#(document):9:58)"}"#
            let body = [
                #"{"location":"body","message":"the body's /colour is not allowed (additionalProperties: false), got \"red\" (schema at \#(document):35:29)"}"#,
                #"{"location":"body","parameter":"name","message":"must be at most 5 characters long, got \"Barnaby\" (schema at \#(document):37:30)"}"#,
                #"{"location":"body","parameter":"tags","message":"must have at least 1 item (schema at \#(document):38:29)"}"#,
                #"{"location":"body","parameter":"age","message":"must be at least 0, got -1 (schema at \#(document):39:30)"}"#,
            ]
            let problemHead = "HTTP/1.1 422 Unprocessable Entity\nContent-Type: application/problem+json\n\n"
            try await #expect(mock.curl(["/animals?limit=0"]) == problemHead + problem("listAnimals", [minimum]))
            try await #expect(mock.curl(["/animals?code=abc"]) == problemHead + problem("listAnimals", [pattern]))
            try await #expect(mock.curl(["-H", "Content-Type: application/json", "-d", #"{"name":"Barnaby","tags":[],"age":-1,"colour":"red"}"#, "/animals"])
                == problemHead + problem("admitAnimal", body))
            try await #expect(mock.curl(["-H", "Content-Type: application/json", "-d", #"{"name":"Rex","tags":["a"]}"#, "/animals"])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"name\":\"strin\",\"tags\":[\"string\"],\"age\":0}")

            try await #expect(mock.call(["listAnimals", "limit=0"]) == Seen(64, stderr: """
                error: endpoint 'listAnimals': parameter 'limit': must be at least 1, got 0 (schema at \(document):8:60)

                """))
            try await #expect(mock.call(["listAnimals", "limit=0", "--no-validate"]) == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + problem("listAnimals", [minimum]) + "\n"))
            try await #expect(mock.call(["listAnimals", "code=abc"]) == Seen(64, stderr: """
                error: endpoint 'listAnimals': parameter 'code': must match ^[A-Z]{3}$, got "abc" (schema at \(document):9:58)

                """))
            try await #expect(mock.call(["listAnimals", "code=abc", "--no-validate"]) == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + problem("listAnimals", [pattern]) + "\n"))
            let animal = ["admitAnimal", "name=Barnaby", "tags:=[]", "age:=-1", #"_:={"colour":"red"}"#]
            try await #expect(mock.call(animal) == Seen(64, stderr: """
                error: endpoint 'admitAnimal': 4 problems with the arguments:
                  the body's /colour is not allowed (additionalProperties: false), got "red" (schema at \(document):35:29)
                  parameter 'name': must be at most 5 characters long, got "Barnaby" (schema at \(document):37:30)
                  parameter 'tags': must have at least 1 item (schema at \(document):38:29)
                  parameter 'age': must be at least 0, got -1 (schema at \(document):39:30)

                """))
            try await #expect(mock.call(animal + ["--no-validate"]) == Seen(4, stderr: "HTTP/1.1 422 Unprocessable Entity\n" + problem("admitAnimal", body) + "\n"))
            try await #expect(mock.call(["admitAnimal", "name=Rex", #"tags:=["a"]"#]) == Seen(0, "{\"name\":\"strin\",\"tags\":[\"string\"],\"age\":0}\n"))
        }
    }

    /// A response without an example answers its schema's value; a schema no value can be made
    /// from is a 501 saying which schema, where and why (and a `--mock` call says the same).
    @Test func answersFromSchemasAndA501WhenNoneCanBeMade() async throws {
        try await Self.withMock(Self.constraints, named: "constraints.yaml") { mock in
            let value = #"[{"name":"strin","tags":["string"],"age":0}]"#
            try await #expect(mock.curl(["/animals"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" + value)
            try await #expect(mock.call(["listAnimals"]) == Seen(0, value + "\n"))
            let why = "no value could be made from the schema of the 200 response (application/json) at \(mock.document):29:70"
            let notImplemented = #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'impossible' has no mock: \#(why)","endpoint":"impossible"}"#
            try await #expect(mock.curl(["/impossible"]) == "HTTP/1.1 501 Not Implemented\nContent-Type: application/problem+json\n\n" + notImplemented)
            try await #expect(mock.call(["impossible"]) == Seen(5, stderr: "HTTP/1.1 501 Not Implemented\n" + notImplemented + "\n"))
            try await #expect(Seen(CLI.run(["call", mock.document, "impossible", "--mock"]))
                == Seen(78, stderr: "error: endpoint 'impossible': mocks are on, but no answer can be made: \(why)\n"))
        }
    }

    /// `Prefer: dynamic=true` (or `__dynamic=true`) asks a server started without `--dynamic` for
    /// a drawn answer, numbered by its `--seed` like any other: the first is what
    /// `netspec call --mock --dynamic --seed N` answers. A status covered by a range or `default`
    /// answers that response's schema value.
    @Test func aRequestAsksForADrawnAnswerFromASeededServer() async throws {
        let drawn = [
            #"{"id":"wkbuyw","name":"mgxvysqgc","species":"dog","age":1790,"tags":["dcj","lt","ldzadq"],"weight":390,"ref":880}"#,
            #"{"id":"rzwimzvy","name":"cvmeloncmoh","species":"dog","age":394,"tags":["lptjealkaqk","lgiw"],"weight":1346,"ref":"B"}"#,
        ]
        try await #expect(Seen(CLI.run(["call", Self.shelter, "getAnimal", "id=ab-1", "--mock", "--dynamic", "--seed", "40", "--raw"])) == Seen(0, drawn[0] + "\n"))
        let log = try await Self.withMock(path: Self.shelter, ["--seed", "40"]) { mock in
            // One Content-Type: the example's is not sent beside the drawn body's.
            try await #expect(mock.curl(["-H", "Prefer: dynamic=true", "/animals/ab-1"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" + drawn[0])
            try await #expect(mock.call(["getAnimal", "id=ab-1", "Prefer:dynamic=true"]) == Seen(0, drawn[1] + "\n"))
            try await #expect(mock.call(["getAnimal", "id=ab-1"]) == Seen(0, #"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"# + "\n"))
            try await #expect(mock.curl(["/animals/ab-1?__code=503"]) == "HTTP/1.1 503 Service Unavailable\nContent-Type: application/problem+json\n\n{\"title\":\"string\",\"status\":0}")
            try await #expect(mock.call(["getAnimal", "id=ab-1", "__code==503"]) == Seen(5, stderr: "HTTP/1.1 503 Service Unavailable\n{\"title\":\"string\",\"status\":0}\n"))
            try await #expect(mock.call(["admitAnimal", "name=Rex", "species=cat", "secret=s", "Prefer:code=409"]) == Seen(4, stderr: "HTTP/1.1 409 Conflict\n{\"title\":\"string\",\"status\":0}\n"))
            try await #expect(mock.call(["admitAnimal", "name=Rex", "species=cat", "secret=s"])
                == Seen(0, #"{"id":"string","name":"string","species":"cat","age":0,"tags":["string"],"weight":1,"ref":0}"# + "\n"))
        }
        // A call given the mock's origin keeps the document's server path (`/v1`); the mock serves both.
        #expect(log.requests == [
            "GET /animals/ab-1 200 getAnimal", "GET /v1/animals/ab-1 200 getAnimal", "GET /v1/animals/ab-1 200 getAnimal",
            "GET /animals/ab-1?__code=503 503 getAnimal", "GET /v1/animals/ab-1?__code=503 503 getAnimal",
            "POST /v1/animals 409 admitAnimal", "POST /v1/animals 201 admitAnimal",
        ])
    }

    /// `netspec mock --dynamic --seed 5` answers calls as it answers curl
    /// (`MockGenerationCommandTests`): the n-th drawn answer with seed 5 + n, whoever asks;
    /// `Prefer: dynamic=false` asks for the example.
    @Test func aDynamicServerAnswersCallsWithDrawnValues() async throws {
        try await Self.withMock(path: Self.shelter, ["--dynamic", "--seed", "5"]) { mock in
            try await #expect(mock.call(["getAnimal", "id=ab-1"])
                == Seen(0, #"{"id":"ffqlhardaxnl","name":"prkzvmd","species":"rabbit","age":806,"tags":["pu","sdwbukxrfpj"],"weight":1758,"ref":664}"# + "\n"))
            try await #expect(mock.curl(["/animals/ab-1"])
                == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n" + #"{"id":"kjesodqvtyd","name":"fmcigkjar","species":"dog","age":744,"tags":[],"weight":1872,"ref":"SZR"}"#)
            try await #expect(mock.call(["getAnimal", "id=ab-1", "Prefer:dynamic=false"])
                == Seen(0, #"{"id":"cat-1","name":"Tom","species":"cat","age":3,"secret":"s"}"# + "\n"))
        }
    }

    // MARK: - The log

    /// One line per request on the mock's standard error, as docs/mock.md says: the method, the
    /// target as sent (path and query, escapes kept), the status, the endpoint when one was routed
    /// to, and a note in parentheses; `HEAD` answered by the `GET` endpoint, with the length the
    /// GET has.
    @Test func eachRequestIsOneLogLine() async throws {
        let log = try await Self.withMock(Self.defects, named: "defects.yaml") { mock in
            try await #expect(mock.curl(["-I", "/greeting"], keeping: ["content-length"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 13\n\n")
            try await #expect(mock.curl(["/greeting"], keeping: ["content-length"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 13\n\n{\"text\":\"hi\"}")
            try await #expect(mock.curl(["-I", "/nowhere"], keeping: ["content-length"]) == "HTTP/1.1 404 Not Found\nContent-Type: application/problem+json\nContent-Length: 112\n\n")
            try await #expect(mock.curl(["-X", "PUT", "/greeting"]) == """
                HTTP/1.1 405 Method Not Allowed
                Content-Type: application/problem+json
                Allow: GET

                {"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"/greeting does not take PUT (it takes GET)"}
                """)
            try await #expect(mock.curl(["/nowhere"], keeping: ["content-length"]) == """
                HTTP/1.1 404 Not Found
                Content-Type: application/problem+json
                Content-Length: 112

                {"type":"about:blank","title":"Not Found","status":404,"detail":"no endpoint of the spec has the path /nowhere"}
                """)
            _ = try await mock.curl(["/items?max=x"])
            _ = try await mock.curl(["/secret"])
            _ = try await mock.curl(["-X", "POST", "-d", "user=a", "/login?__code=502"])
            _ = try await mock.curl(["/p%65ts/a%20b"])
            try await #expect(mock.call(["getPet", "name=a b"]) == Seen(0, "{}\n"))
            try await #expect(mock.call(["greeting"]) == Seen(0, "{\"text\":\"hi\"}\n"))
        }
        #expect(log.requests == [
            "HEAD /greeting 200 greeting",
            "GET /greeting 200 greeting",
            "HEAD /nowhere 404",
            "PUT /greeting 405",
            "GET /nowhere 404",
            "GET /items?max=x 422 listItems",
            "GET /secret 200 getSecret (security not checked: d)",
            "POST /login?__code=502 502 login",
            "GET /p%65ts/a%20b 200 getPet",
            "GET /pets/a%20b 200 getPet",
            "GET /greeting 200 greeting",
        ])
    }
}

// MARK: - Running a mock

extension MockPrismCommandTests {
    /// A running `netspec mock` of one document.
    struct Mock {
        /// The document's path, as the mock and calls name it in messages.
        let document: String
        /// `http://127.0.0.1:PORT`.
        let base: String

        /// `curl -i ARGUMENTS` against the mock, the last argument a path after the base URL: the
        /// status line, the header lines but `Date`, `Server`, `Content-Length` and the CORS ones
        /// every answer carries (unless `kept`, lower-cased), a blank line and the body, with LF
        /// line ends in the head.
        func curl(_ arguments: [String], keeping kept: Set<String> = []) async throws -> String {
            var arguments = arguments
            arguments[arguments.count - 1] = base + arguments[arguments.count - 1]
            let result = try await ChildProcess.curl(["-i"] + arguments)
            try #require(result.status == 0, "curl \(arguments) failed (\(result.status)): \(result.stderr)")
            guard let end = result.stdout.range(of: "\r\n\r\n") else { return result.stdout }
            // The CORS fields every answer carries too (MockPrismCORSCommandTests checks those).
            let dropped = ["date", "server", "content-length", "access-control-allow-origin", "access-control-expose-headers", "netspec-mock-answer"].filter { !kept.contains($0) }
            let head = result.stdout[..<end.lowerBound].components(separatedBy: "\r\n").filter { line in
                !dropped.contains { line.lowercased().hasPrefix($0 + ":") }
            }
            return head.joined(separator: "\n") + "\n\n" + result.stdout[end.upperBound...]
        }

        /// `netspec call DOCUMENT ARGUMENTS --base-url BASE`, as a user sees it.
        func call(_ arguments: [String]) async throws -> Seen {
            Seen(try await CLI.run(["call", document] + arguments + ["--base-url", base]))
        }
    }

    /// What a `netspec` run printed, and its exit status.
    struct Seen: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        init(_ status: Int32, _ stdout: String = "", _ stderr: String = "") {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        init(_ status: Int32, stderr: String) {
            self.init(status, "", stderr)
        }

        init(_ result: CLI.Result) {
            self.init(result.status, result.stdout, result.stderr)
        }

        /// Without the `< Date: …` line of `-v`'s response head (it changes), nor the CORS
        /// fields every answer carries (MockPrismAnswersCommandTests checks those).
        var withoutDate: Seen {
            var seen = self
            seen.stderr = stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("< Date: ") && !$0.hasPrefix("< Access-Control-") }.joined(separator: "\n")
            return seen
        }

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    /// What the mock wrote on standard error, once stopped.
    struct Log {
        /// The document's path.
        let document: String
        /// The lines before `Mocking …`: what it says about the document.
        let warnings: [String]
        /// The lines after it: one per request.
        let requests: [String]
    }

    /// Writes `yaml` to a scratch file named `name` and runs `body` with a mock of it
    /// (``withMock(path:_:_:)``).
    @discardableResult
    static func withMock(_ yaml: String, named name: String, _ options: [String] = [], _ body: (Mock) async throws -> Void) async throws -> Log {
        let scratch = try ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        return try await withMock(path: try scratch.write(Array(yaml.utf8), to: name), options, body)
    }

    /// Starts `netspec mock DOCUMENT OPTIONS --port 0`, runs `body` with it, and stops it (SIGTERM,
    /// then its exit awaited) whether `body` throws or not; its standard error split at the
    /// start-up line.
    @discardableResult
    static func withMock(path document: String, _ options: [String] = [], _ body: (Mock) async throws -> Void) async throws -> Log {
        // `start` stops the process itself when it prints no start-up line.
        let (process, base) = try await MockCommandTests.start([document] + options)
        do {
            try await body(Mock(document: document, base: base))
        } catch {
            process.terminate()
            _ = await process.wait()
            throw error
        }
        process.terminate()
        let result = await process.wait()
        #expect(result.status == 0, "netspec mock exited with \(result.status)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let start = lines.firstIndex { $0.hasPrefix("Mocking ") } ?? lines.endIndex
        return Log(document: document, warnings: Array(lines[..<start]), requests: Array(lines[start...].dropFirst()))
    }
}
