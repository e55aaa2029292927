import Foundation
import NetspecMock
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// `MockServer` on 127.0.0.1, driven by Netspec's own client and by curl (a client none of us
/// wrote): mocks, routing, 404/405/422/501 problems, `Prefer` choices, streams.
@Suite struct MockServerTests {
    static let yaml = """
        netspec: 1
        service: Users
        baseURL: https://api.example.com/v1
        endpoints:
          getUser:
            GET: /users/{id}
            params:
              id: Int
              verbose: Bool?
              tags: "[String]?"
            mock:
              - { status: 200, headers: { X-Source: mock }, body: { id: 1, name: Leanne } }
              - { name: missing, status: 404, body: { error: not found } }
              - { name: gone, status: 410 }
          me:
            GET: /users/me
            mock: { body: { id: 0 } }
          createUser:
            POST: /users
            params:
              name: String
              age: Int?
              requestID: { in: header, name: X-Request-ID }
            mock: { status: 201, body: { id: 2 } }
          login:
            POST: /login
            encoding: form
            params: { user: String, password: String }
            mock: { body: { token: t } }
          upload:
            POST: /files
            encoding: multipart
            params: { file: Data, note: String }
            mock: { body: { stored: true } }
          deleteUser:
            DELETE: /users/{id}
            params: { id: Int }
          completions:
            POST: /chat
            stream: sse
            mock: { events: [ "a", { event: done, data: "[DONE]" } ] }
          logs:
            GET: /logs
            stream: lines
            mock: { events: [ { n: 1 }, { n: 2 } ] }
          file:
            GET: /files/{+path}
            params: { path: String }
            mock: { body: "text" }
        """

    /// Runs `body` with a mock server of `yaml` on a free port, its base URL, and its log lines.
    static func withMockServer(
        _ yaml: String = MockServerTests.yaml, strict: Bool = false, eventDelay: Duration = .zero,
        _ body: (String, Recorder<String>) async throws -> Void
    ) async throws {
        try await withMockServer(of: try Spec(yaml: yaml, file: "mock.yaml"), .init(port: 0, strict: strict, eventDelay: eventDelay), body)
    }

    /// Runs `body` with a mock server of `spec` on a free port, its base URL, and its log lines.
    static func withMockServer(
        of spec: Spec, _ options: MockServer.Options, _ body: (String, Recorder<String>) async throws -> Void
    ) async throws {
        let log = Recorder<String>()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let server = MockServer(spec: spec, options: options) { log.record($0.description) }
        let task = Task { try await server.run { port in continuation.yield(port) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body("http://127.0.0.1:\(port)", log)
        task.cancel()
        _ = try? await task.value
    }

    static func client(_ base: String, yaml: String = MockServerTests.yaml) throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: "client.yaml"), provider: Provider(baseURL: base, options: .init(usesEnvironment: false)))
    }

    static func curl(_ arguments: [String]) async throws -> String {
        let result = try await ChildProcess.curl(["-i"] + arguments)
        try #require(result.status == 0, "curl failed: \(result.stderr)")
        // The head without Date (it changes), the CORS fields every answer carries
        // (MockPrismAnswersTests checks those) and the mock's marker (MockCheckTests), with LF
        // line ends, then the body.
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !["date:", "access-control-", "netspec-mock-answer:"].contains { line.lowercased().hasPrefix($0) } }.joined(separator: "\n")
    }

    @Test func netspecCallsGetTheMocks() async throws {
        try await Self.withMockServer { base, log in
            let api = try Self.client(base)
            let user = try await api.call("getUser", ["id": 7, "verbose": true, "tags": ["a", "b"]])
            #expect(user.value == ["id": 1, "name": "Leanne"])
            #expect(user.headerFields[.init("X-Source")!] == "mock")
            #expect(try await api.call("me").value == ["id": 0])
            let created = try await api.call("createUser", ["name": "Ada", "age": 36, "requestID": "r1"])
            #expect(created.status == 201)
            #expect(created.value == ["id": 2])
            #expect(try await api.call("login", ["user": "ada", "password": "p w"]).value == ["token": "t"])
            #expect(try await api.call("upload", ["file": .data(Data([1, 2, 3])), "note": "n"]).value == ["stored": true])
            #expect(try await api.call("file", ["path": "a/b/c.txt"]).value == "text")
            #expect(log.all == [
                "GET /users/7?verbose=true&tags=a&tags=b 200 getUser", "GET /users/me 200 me", "POST /users 201 createUser",
                "POST /login 200 login", "POST /files 200 upload", "GET /files/a/b/c.txt 200 file",
            ])
        }
    }

    @Test func streamsArriveEventByEvent() async throws {
        try await Self.withMockServer(eventDelay: .milliseconds(5)) { base, _ in
            let api = try Self.client(base)
            var events: [String] = []
            for try await event in try await api.events("completions") { events.append(event.data) }
            #expect(events == ["a", "[DONE]"])
            var lines: [JSONValue] = []
            for try await line in try await api.lines("logs") { lines.append(line) }
            #expect(lines == [["n": 1], ["n": 2]])
        }
    }

    /// A client whose spec is looser than the server's sends what the server refuses: every
    /// problem is listed with its place and parameter, in the client's own words.
    @Test func invalidRequestsAre422ProblemsListingEachProblem() async throws {
        let loose = Self.yaml.replacingOccurrences(of: "id: Int\n      verbose: Bool?", with: "id: String\n      verbose: String?")
            .replacingOccurrences(of: "name: String\n      age: Int?", with: "name: String?\n      age: String?")
        try await Self.withMockServer { base, log in
            let api = try Self.client(base, yaml: loose)
            let error = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": "abc", "verbose": "maybe"]) }
            #expect(error?.status?.status == 422)
            #expect(error?.status?.headerFields[.contentType] == "application/problem+json")
            #expect(error?.status?.json == [
                "type": "about:blank", "title": "Unprocessable Content", "status": 422,
                "detail": "2 problems with the request for 'getUser'", "endpoint": "getUser",
                "errors": [
                    ["location": "path", "parameter": "id", "message": "'abc' is not an Int (a whole number)"],
                    ["location": "query", "parameter": "verbose", "message": "'maybe' is not a Bool (true or false)"],
                ],
            ])
            let missing = await #expect(throws: CallError.self) { try await api.call("createUser", ["age": "x", "requestID": "r"]) }
            #expect(missing?.status?.json?.value(at: "errors") == [
                ["location": "body", "parameter": "name", "message": "missing required argument (String)"],
                ["location": "body", "parameter": "age", "message": "expected Int?, got the string \"x\""],
            ])
            #expect(log.all == ["GET /users/abc?verbose=maybe 422 getUser", "POST /users 422 createUser"])
        }
    }

    @Test(arguments: [
        // Prism's controls, in the header and in the query (which is not checked as an argument).
        (["-H", "Prefer: code=404", "/users/7"], "HTTP/1.1 404 Not Found", #"{"error":"not found"}"#),
        (["-H", "Prefer: example=gone", "/users/7"], "HTTP/1.1 410 Gone", ""),
        (["/users/7?__example=missing"], "HTTP/1.1 404 Not Found", #"{"error":"not found"}"#),
        (["/users/7?__code=410"], "HTTP/1.1 410 Gone", ""),
        (["/users/me"], "HTTP/1.1 200 OK", #"{"id":0}"#),
        (["/v1/users/me"], "HTTP/1.1 200 OK", #"{"id":0}"#),
    ])
    func curlGetsTheChosenMock(arguments: [String], statusLine: String, body: String) async throws {
        try await Self.withMockServer { base, _ in
            var arguments = arguments
            arguments[arguments.count - 1] = base + arguments[arguments.count - 1]
            let output = try await Self.curl(arguments)
            #expect(output.hasPrefix(statusLine + "\n"))
            #expect(output.hasSuffix("\n\n" + body))
        }
    }

    @Test(arguments: [
        (["/nope"], "HTTP/1.1 404 Not Found", nil, #"{"type":"about:blank","title":"Not Found","status":404,"detail":"no endpoint of the spec has the path /nope"}"#),
        (["-X", "PUT", "/users/7"], "HTTP/1.1 405 Method Not Allowed", "Allow: GET, DELETE",
         #"{"type":"about:blank","title":"Method Not Allowed","status":405,"detail":"/users/7 does not take PUT (it takes GET, DELETE)"}"#),
        (["-X", "DELETE", "/users/7"], "HTTP/1.1 501 Not Implemented", nil,
         #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'deleteUser' has no mock (add 'mock:' to the spec, or examples or a JSON schema to the document)","endpoint":"deleteUser"}"#),
        (["-H", "Prefer: code=500", "/users/7"], "HTTP/1.1 501 Not Implemented", nil,
         #"{"type":"about:blank","title":"Not Implemented","status":501,"detail":"endpoint 'getUser' has no mock for Prefer: code=500 (it has: code=200; code=404, example=missing; code=410, example=gone)","endpoint":"getUser"}"#),
        (["-X", "POST", "-H", "Content-Type: application/json", "-d", "[1]", "/users"], "HTTP/1.1 422 Unprocessable Entity", nil,
         #"{"type":"about:blank","title":"Unprocessable Content","status":422,"detail":"3 problems with the request for 'createUser'","endpoint":"createUser","errors":[{"location":"body","message":"the body must be a JSON object of the endpoint's fields"},{"location":"body","parameter":"name","message":"missing required argument (String)"},{"location":"header","parameter":"requestID","message":"missing required argument (String)"}]}"#),
    ])
    func curlGetsProblems(arguments: [String], statusLine: String, header: String?, body: String) async throws {
        try await Self.withMockServer { base, _ in
            var arguments = arguments
            arguments[arguments.count - 1] = base + arguments[arguments.count - 1]
            let output = try await Self.curl(arguments)
            #expect(output.hasPrefix(statusLine + "\n"))
            #expect(output.contains("\ncontent-type: application/problem+json\n") || output.contains("\nContent-Type: application/problem+json\n"))
            if let header { #expect(output.contains("\n" + header + "\n")) }
            #expect(output.hasSuffix("\n\n" + body))
        }
    }

    /// `strict`: undeclared query items and JSON members are problems too.
    @Test func strictRefusesWhatTheSpecDoesNotDeclare() async throws {
        try await Self.withMockServer(strict: true) { base, _ in
            let output = try await Self.curl([
                "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-Request-ID: r", "-d", #"{"name":"a","extra":1}"#, base + "/users?debug=1",
            ])
            #expect(output.hasSuffix(#"{"location":"query","message":"unknown query item 'debug'"},{"location":"body","message":"unknown member 'extra'"}]}"#))
        }
        try await Self.withMockServer { base, _ in
            let output = try await Self.curl([
                "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-Request-ID: r", "-d", #"{"name":"a","extra":1}"#, base + "/users?debug=1",
            ])
            #expect(output.hasPrefix("HTTP/1.1 201 Created\n"))
        }
    }

    /// An OpenAPI document's examples are its mocks: the success example first, the others
    /// chosen by status or by their `examples` names.
    @Test func anOpenAPIDocumentsExamplesAreItsMocks() async throws {
        let document = """
            openapi: 3.1.0
            servers: [{ url: "https://api.example.com" }]
            paths:
              /pets/{petId}:
                get:
                  operationId: getPet
                  parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200":
                      description: a pet
                      content:
                        application/json:
                          examples:
                            rex: { value: { id: 1, name: Rex } }
                            tom: { value: { id: 2, name: Tom } }
                    "404":
                      description: none
                      content: { application/json: { example: { message: no such pet } } }
            """
        try await Self.withMockServer(document) { base, _ in
            let api = try Self.client(base, yaml: document)
            #expect(try await api.call("getPet", ["petId": 1]).value == ["id": 1, "name": "Rex"])
            #expect(try await api.call("getPet", ["petId": 1], options: CallOptions(headers: [("Prefer", "example=tom")])).value == ["id": 2, "name": "Tom"])
            let error = await #expect(throws: CallError.self) {
                try await api.call("getPet", ["petId": 1], options: CallOptions(headers: [("Prefer", "code=404")]))
            }
            #expect(error?.status?.json == ["message": "no such pet"])
            let output = try await Self.curl([base + "/pets/x"])
            #expect(output.hasSuffix(#""errors":[{"location":"path","parameter":"petId","message":"'x' is not an integer (a whole number)"}]}"#))
        }
    }
}
