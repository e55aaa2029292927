import Foundation
import Testing
import Netspec
import NetspecMock
import NetspecTestSupport

/// Issue 55.3's request checks, case by case against the mock server over HTTP (curl): a
/// required body, a `null` the schema does not take, every media type an operation lists,
/// `anyOf`/`oneOf` query items and form fields, integers wider than 64 bits, and Swagger 2.0's
/// `allowEmptyValue`, `format: byte` in forms and parts, upper-case query names and HEAD
/// checked as OpenAPI 3's are (`Fixtures/mock/checks.*.yaml`).
@Suite struct MockRequestCheckTests {
    /// Runs `body` with a mock server of the fixture `file` (named so in messages), its base URL.
    static func withServer(_ file: String, _ body: (String) async throws -> Void) async throws {
        let text = try String(contentsOfFile: TestPaths.root + "/Tests/NetspecTests/Fixtures/mock/" + file, encoding: .utf8)
        try await MockServerTests.withMockServer(of: try Spec(yaml: text, file: file), .init(port: 0)) { base, _ in try await body(base) }
    }

    /// The answer's status line and headers but `Date`, `Server` and `Content-Length`, then its body.
    static func answer(_ arguments: [String]) async throws -> String {
        try await MockPrismDefectsTests.answer(arguments)
    }

    /// An RFC 9457 problem answer of 422 for `endpoint` listing `errors` (JSON objects, in order).
    static func invalid(_ endpoint: String, _ errors: [String]) -> String {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        return "HTTP/1.1 422 Unprocessable Entity\nContent-Type: application/problem+json\n\n"
            + #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"\#(count) with the request for '\#(endpoint)'","endpoint":"\#(endpoint)","errors":["#
            + errors.joined(separator: ",") + "]}"
    }

    static let json = ["-H", "Content-Type: application/json"]

    /// `requestBody.required: true` (and a Swagger body's `required`): a request without a body is
    /// refused even when no field of it is required, with the document's 400 where it declares
    /// one, else the 422 problem.
    @Test func aRequiredBodyMustBeSent() async throws {
        let missing = #"{"location":"body","message":"the request has no body, which the operation requires (its request body is required: true)"}"#
        try await Self.withServer("checks.openapi.yaml") { base in
            try await #expect(Self.answer(["-X", "POST", base + "/notes"]) == Self.invalid("addNote", [missing]))
            try await #expect(Self.answer(["-X", "POST", base + "/notes"] + Self.json + ["-d", "{}"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}")
            // The document's own 400, the problems beside it (its required `name` is missing too).
            try await #expect(Self.answer(["-X", "POST", base + "/pets"]) == """
                HTTP/1.1 400 Bad Request
                Content-Type: application/json
                Netspec-Problems: [\(missing),{"location":"body","parameter":"name","message":"missing required argument (string)"}]

                {"error":"bad request"}
                """)
        }
        try await Self.withServer("checks.swagger.yaml") { base in
            try await #expect(Self.answer(["-X", "POST", base + "/notes"]) == Self.invalid("addNote", [missing]))
        }
    }

    /// A body the document does not require may be left out, whatever its schema requires of one
    /// that is sent (Jupyter's `POST /api/kernels`, found by Schemathesis); one that is sent is checked.
    @Test func anOptionalBodyMayBeLeftOut() async throws {
        try await Self.withServer("checks.openapi.yaml") { base in
            try await #expect(Self.answer(["-X", "POST", base + "/kernels"]) == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\":\"k1\"}")
            try await #expect(Self.answer(["-X", "POST", base + "/kernels"] + Self.json + ["-d", "{}"]) == Self.invalid("startKernel", [
                #"{"location":"body","parameter":"name","message":"missing required argument (string)"}"#,
            ]))
        }
    }

    /// A `null` for an optional property whose schema does not take it is refused by that schema
    /// (binding leaves a call's `nil` out, so it was not checked); a nullable one's is accepted.
    @Test func aNullThePropertyDoesNotTakeIsRefused() async throws {
        try await Self.withServer("checks.openapi.yaml") { base in
            try await #expect(Self.answer(["-X", "POST", base + "/notes"] + Self.json + ["-d", #"{"text":null}"#]) == Self.invalid("addNote", [
                #"{"location":"body","parameter":"text","message":"must be a string, got null (schema at checks.openapi.yaml:30:56)"}"#,
            ]))
            try await #expect(Self.answer(["-X", "POST", base + "/pets"] + Self.json + ["-d", #"{"name":"a","tag":null}"#]) == """
                HTTP/1.1 400 Bad Request
                Content-Type: application/json
                Netspec-Problems: [{"location":"body","parameter":"tag","message":"must be a string, got null (schema at checks.openapi.yaml:17:23)"}]

                {"error":"bad request"}
                """)
            try await #expect(Self.answer(["-X", "POST", base + "/pets"] + Self.json + ["-d", #"{"name":"a","nick":null}"#])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\":1}")
        }
    }

    /// Every media type an operation lists is accepted: raw text and bytes, and a form body for an
    /// operation whose fields are JSON (read as its members, typed as a form's); one it does not
    /// list is a 415 naming those it does.
    @Test func everyListedMediaTypeIsAccepted() async throws {
        try await Self.withServer("checks.openapi.yaml") { base in
            for type in ["text/plain", "application/octet-stream"] {
                try await #expect(Self.answer(["-X", "POST", base + "/raw", "-H", "Content-Type: " + type, "--data-binary", "hello"]) == "HTTP/1.1 204 No Content\n\n")
            }
            try await #expect(Self.answer(["-X", "PUT", base + "/profiles", "-d", "age=3&name=Ann"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}")
            try await #expect(Self.answer(["-X", "PUT", base + "/profiles", "-d", "age=three"]) == Self.invalid("putProfile", [
                #"{"location":"body","parameter":"age","message":"expected integer, got the string \"three\""}"#,
            ]))
            let refused = try await Self.answer(["-X", "PUT", base + "/profiles", "-H", "Content-Type: text/csv", "-d", "age,3"])
            let message = "the body's Content-Type is 'text/csv'; expected one of application/json, application/x-www-form-urlencoded"
            #expect(refused == """
                HTTP/1.1 415 Unsupported Media Type
                Content-Type: application/problem+json
                Accept-Post: application/json, application/x-www-form-urlencoded

                {"type":"about:blank","title":"Unsupported Media Type","status":415,"detail":"\(message)","endpoint":"putProfile","errors":[{"location":"body","message":"\(message)"}]}
                """)
        }
    }

    /// Docker's document: its global `consumes` lists `text/plain` beside JSON, `ContainerCreate`
    /// `application/octet-stream`, and `ImageBuild` declares a `Content-type` header of
    /// `application/x-tar` but consumes `application/octet-stream`; each type listed is taken, and
    /// so is the one the `Content-type` parameter allows (what `netspec call ImageBuild
    /// Content-type=application/x-tar` sends, and `netspec check` sent: it was a 415).
    @Test func dockersListedTypesAreTaken() async throws {
        let spec = try await RealDocuments.load("docker/swagger.yaml")
        try await MockServerTests.withMockServer(of: spec, .init(port: 0, checksSecurity: false)) { base, _ in
            let swarm = try await Self.answer(["-X", "POST", base + "/v1.56/swarm/init", "-H", "Content-Type: text/plain", "-d", #"{"ListenAddr":"0.0.0.0:2377"}"#])
            #expect(swarm.hasPrefix("HTTP/1.1 200 OK\nContent-Type: application/json\n\n"), "\(swarm)")
            let create = try await Self.answer([
                "-X", "POST", base + "/v1.56/containers/create", "-H", "Content-Type: application/octet-stream", "-H", "Prefer: code=404", "-d", #"{"Image":"x"}"#,
            ])
            #expect(create.hasPrefix("HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n{\"message\":"), "\(create)")
            let build = try await Self.answer(["-X", "POST", base + "/v1.56/build", "-H", "Content-Type: application/octet-stream", "-H", "Prefer: code=500", "--data-binary", "tar"])
            #expect(build.hasPrefix("HTTP/1.1 500 Internal Server Error\nContent-Type: application/json\n\n{\"message\":"), "\(build)")
            let tar = try await Self.answer(["-X", "POST", base + "/v1.56/build", "-H", "Content-type: application/x-tar", "-H", "Prefer: code=500", "--data-binary", "tar"])
            #expect(tar.hasPrefix("HTTP/1.1 500 Internal Server Error\nContent-Type: application/json\n\n{\"message\":"), "\(tar)")
            let csv = try await Self.answer(["-X", "POST", base + "/v1.56/build", "-H", "Content-Type: text/csv", "--data-binary", "tar"])
            #expect(csv.hasPrefix("HTTP/1.1 415 Unsupported Media Type\nContent-Type: application/problem+json\nAccept-Post: application/octet-stream, application/x-tar\n"), "\(csv)")
        }
    }

    /// `anyOf`/`oneOf` query items and form fields try every branch (`"now"` or an integer, an
    /// enum or a Boolean), on the fixture and on Stripe's `subscription_trial_end`; integers wider
    /// than 64 bits are integers in a query, a form and a JSON body.
    @Test func everyBranchIsTriedAndWideIntegersAreIntegers() async throws {
        let ok = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}"
        try await Self.withServer("checks.openapi.yaml") { base in
            for query in ["trial_end=now", "trial_end=1700000000", "big=123456789012345678901234567890", "big=-123456789012345678901234567890"] {
                try await #expect(Self.answer([base + "/subscriptions?" + query]) == ok, "\(query)")
            }
            try await #expect(Self.answer([base + "/subscriptions?trial_end=later&big=1.5"]) == Self.invalid("listSubscriptions", [
                #"{"location":"query","parameter":"big","message":"'1.5' is not an integer (a whole number)"}"#,
                #"{"location":"query","parameter":"trial_end","message":"must be one of \"now\", got \"later\" (schema at checks.openapi.yaml:70:32)"}"#,
            ]))
            for form in ["trial_end=now&mode=auto", "trial_end=1700000000&mode=true&big=123456789012345678901234567890&key=aGVsbG8="] {
                try await #expect(Self.answer(["-X", "POST", base + "/subscriptions", "-d", form]) == ok, "\(form)")
            }
            try await #expect(Self.answer(["-X", "POST", base + "/subscriptions", "-d", "trial_end=soon&mode=manual&key=hello!"]) == Self.invalid("updateSubscription", [
                #"{"location":"body","parameter":"trial_end","message":"must be one of \"now\", got \"soon\" (schema at checks.openapi.yaml:87:38)"}"#,
                #"{"location":"body","parameter":"mode","message":"must be one of \"auto\", got \"manual\" (schema at checks.openapi.yaml:91:38)"}"#,
                #"{"location":"body","parameter":"key","message":"must be base64 text (format byte), got \"hello!\" (schema at checks.openapi.yaml:94:37)"}"#,
            ]))
            try await #expect(Self.answer(["-X", "POST", base + "/pets"] + Self.json + ["-d", #"{"name":"a","count":-123456789012345678901234567890}"#])
                == "HTTP/1.1 201 Created\nContent-Type: application/json\n\n{\"id\":1}")
        }
        let stripe = try await RealDocuments.load("stripe/spec3.yaml", only: "GetInvoicesUpcoming")
        try await MockServerTests.withMockServer(of: stripe, .init(port: 0, checksSecurity: false)) { base, _ in
            for value in ["now", "1700000000"] {
                let answer = try await Self.answer([base + "/v1/invoices/upcoming?subscription_trial_end=" + value])
                #expect(answer.hasPrefix("HTTP/1.1 200 OK\n"), "\(value): \(answer)")
            }
            let later = try await Self.answer([base + "/v1/invoices/upcoming?subscription_trial_end=later"])
            #expect(later.hasPrefix("HTTP/1.1 422 Unprocessable Entity\n") && later.contains(#""parameter":"subscription_trial_end","message":"must be one of \"now\", got \"later\""#), "\(later)")
        }
    }

    /// `allowEmptyValue: true` lets a query item (and a Swagger form field) be sent empty, in
    /// OpenAPI 3 and Swagger 2.0 alike; without it an empty value is checked as any other.
    @Test func anEmptyValueIsAllowedWhereTheDocumentSaysSo() async throws {
        let ok = "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}"
        let plain = #"{"location":"query","parameter":"plain","message":"'' is not an integer (a whole number)"}"#
        try await Self.withServer("checks.openapi.yaml") { base in
            try await #expect(Self.answer([base + "/subscriptions?flag="]) == ok)
            try await #expect(Self.answer([base + "/subscriptions?flag"]) == ok)
            try await #expect(Self.answer([base + "/subscriptions?flag=&plain="]) == Self.invalid("listSubscriptions", [plain]))
        }
        try await Self.withServer("checks.swagger.yaml") { base in
            try await #expect(Self.answer([base + "/search?Q=ab&flag="]) == ok)
            try await #expect(Self.answer([base + "/search?Q=ab&flag&plain="]) == Self.invalid("search", [plain]))
            try await #expect(Self.answer(["-X", "POST", base + "/upload", "-d", "note="]) == ok)
        }
    }

    /// Swagger 2.0 as OpenAPI 3: `format: byte` checked in a form and in a multipart body,
    /// upper-case query names kept as they are, and HEAD checked and answered as GET.
    @Test func swaggerIsCheckedAsOpenAPI3() async throws {
        try await Self.withServer("checks.swagger.yaml") { base in
            let byte = { (line: Int) in
                #"{"location":"body","parameter":"key","message":"must be base64 text (format byte), got \"hello!\" (schema at checks.swagger.yaml:\#(line):51)"}"#
            }
            try await #expect(Self.answer(["-X", "POST", base + "/upload", "-d", "key=hello!&note=ab"]) == Self.invalid("upload", [
                byte(28), #"{"location":"body","parameter":"note","message":"must be at least 3 characters long, got \"ab\" (schema at checks.swagger.yaml:29:52)"}"#,
            ]))
            try await #expect(Self.answer(["-X", "POST", base + "/parts", "-F", "key=hello!"]) == Self.invalid("parts", [byte(37)]))
            try await #expect(Self.answer(["-X", "POST", base + "/parts", "-F", "key=aGVsbG8="]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"ok\":true}")
            try await #expect(Self.answer([base + "/search?q=ab"]) == Self.invalid("search", [
                #"{"location":"query","parameter":"Q","message":"missing required argument (string)"}"#,
            ]))
            try await #expect(Self.answer(["-I", base + "/search?Q=ab"]) == "HTTP/1.1 200 OK\nContent-Type: application/json\n\n")
            try await #expect(Self.answer(["-I", base + "/search?Q=a"]) == "HTTP/1.1 422 Unprocessable Entity\nContent-Type: application/problem+json\n\n")
        }
    }
}
