import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec

/// `HARReplayTransport`: answers from a recording by method, URL and body, in order, with a clear
/// error listing the nearest entries; other tools' files (a browser's export, mitmproxy's
/// `har_dump`, Schemathesis's `--report har`) replay too.
@Suite struct HARReplayTests {
    static let spec = """
        netspec: 1
        service: Replayed
        baseURL: https://api.example.com/v1
        auth:
          bearer: "${TOKEN}"
        endpoints:
          getUser:
            GET: /users/{id}
            params:
              id: Int
              fields: { in: query }
          search:
            POST: /search
            params:
              q: String
          avatar:
            POST: /anything/avatars
            params:
              user: String
              size: { type: Int, in: query }
          png: { GET: /image/png }
          items:
            GET: /api/items
            params:
              limit: { type: Int, in: query }
        """

    static func service(replaying file: String, baseURL: String? = nil) throws -> Service {
        let replay = try HARReplayTransport(file: file)
        return Service(spec: try Spec(yaml: spec, file: "replayed.yaml"), provider: Provider(baseURL: baseURL, variables: ["TOKEN": "any-token"], options: .init(usesEnvironment: false), transport: replay))
    }

    /// A recording of entries `(method, url, request body, response body)`, all 200 JSON.
    static func recording(in scratch: ScratchDirectory, _ entries: [(String, String, String, String)]) throws -> String {
        let list = entries.map { method, url, posted, answer -> JSONValue in
            var request: JSONObject = ["method": .string(method), "url": .string(url), "headers": [["name": "Authorization", "value": "[redacted: TOKEN]"]]]
            if !posted.isEmpty { request["postData"] = ["mimeType": "application/json", "text": .string(posted)] }
            return ["request": .object(request), "response": ["status": 200, "headers": [["name": "Content-Type", "value": "application/json"]], "content": ["size": .int(answer.utf8.count), "mimeType": "application/json", "text": .string(answer)]]]
        }
        return try scratch.write(Array((["log": ["version": "1.2", "entries": .array(list)]] as JSONValue).description.utf8), to: "r.har")
    }

    @Test func repeatedCallsGetTheRecordedAnswersInOrderAndTheLastAgain() async throws {
        let scratch = try ScratchDirectory()
        let file = try Self.recording(in: scratch, [
            ("GET", "https://api.example.com/v1/users/7?fields=name", "", #"{"n":1}"#),
            ("GET", "https://api.example.com/v1/users/7?fields=name", "", #"{"n":2}"#),
        ])
        let api = try Self.service(replaying: file)
        var answers: [JSONValue] = []
        for _ in 0..<3 { answers.append(try await api.call("getUser", ["id": 7, "fields": "name"]).value) }
        #expect(answers == [["n": 1], ["n": 2], ["n": 2]])
    }

    @Test func entriesThatDifferOnlyByBodyAreMatchedByBody() async throws {
        let scratch = try ScratchDirectory()
        let file = try Self.recording(in: scratch, [
            ("POST", "https://api.example.com/v1/search", #"{"q":"ada"}"#, #"{"hits":["Ada"]}"#),
            ("POST", "https://api.example.com/v1/search", #"{"q":"bob"}"#, #"{"hits":["Bob"]}"#),
        ])
        let api = try Self.service(replaying: file)
        #expect(try await api.call("search", ["q": "bob"]).value == ["hits": ["Bob"]])
        #expect(try await api.call("search", ["q": "ada"]).value == ["hits": ["Ada"]])
        let error = await #expect(throws: CallError.self) { try await api.call("search", ["q": "eve"]) }
        #expect(error?.description == """
            no exchange recorded in \(file) has the body of POST https://api.example.com/v1/search (11 bytes); the entries with its method and URL are:
              POST https://api.example.com/v1/search (entry 1) with a body of 11 bytes
              POST https://api.example.com/v1/search (entry 2) with a body of 11 bytes
            """)
    }

    @Test func noMatchIsAnErrorListingTheNearestEntries() async throws {
        let scratch = try ScratchDirectory()
        let file = try Self.recording(in: scratch, [
            ("POST", "https://api.example.com/v1/search", #"{"q":"ada"}"#, "{}"),
            ("GET", "https://api.example.com/v1/users/7?fields=name", "", "{}"),
            ("GET", "https://api.example.com/v1/users/8?fields=name", "", "{}"),
        ])
        let api = try Self.service(replaying: file)
        let error = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 9, "fields": "name"]) }
        #expect(error?.description == """
            no exchange recorded in \(file) matches GET https://api.example.com/v1/users/9?fields=name; the nearest are:
              GET https://api.example.com/v1/users/7?fields=name (entry 2)
              GET https://api.example.com/v1/users/8?fields=name (entry 3)
              POST https://api.example.com/v1/search (entry 1)
            """)
    }

    @Test func aRedactedValueFitsAnyValue() {
        #expect(HARRedaction.fits(recorded: "[redacted: api_key]", "k-123"))
        #expect(HARRedaction.fits(recorded: #"{"user":"ada","password":"[redacted: password]"}"#, #"{"user":"ada","password":"s3cret"}"#))
        #expect(!HARRedaction.fits(recorded: #"{"user":"ada","password":"[redacted: password]"}"#, #"{"user":"bob","password":"s3cret"}"#))
        #expect(HARTarget("https://API.example.com:443/a?k=%5Bredacted%3A%20K%5D&b=1").fits(HARTarget("https://api.example.com/a?b=1&k=zz"), ignoringOrigin: false))
    }

    /// A credential item of another security alternative than the one sent fits its absence,
    /// either way; any other difference in the items does not.
    @Test(arguments: [
        ("/a?b=1&k=%5Bredacted%3A%20K%5D", "/a?b=1", true),
        ("/a?b=1", "/a?b=1&k=%5Bunset%3AK%5D", true),
        ("/a?k=%5Bredacted%3A%20K%5D", "/a?t=%5Bunset%3AT%5D", true),
        ("/a?b=1", "/a?b=1&k=x", false),
        ("/a?b=1&k=x", "/a?b=1", false),
        ("/a?b=1&k=x-%5Bredacted%3A%20K%5D", "/a?b=1", false),
        ("/a?b=1", "/a?b=1&k=x%5Bunset%3AK%5D", false),
        ("/a?b=1&k=%5Bredacted%3A%20K%5D", "/a?b=2", false),
    ])
    func aCredentialItemOfAnotherAlternativeFitsItsAbsence(recorded: String, live: String, fits: Bool) {
        #expect(HARTarget("https://api.example.com" + recorded).fits(HARTarget("https://api.example.com" + live), ignoringOrigin: false) == fits)
    }

    @Test func aRecordingOfAnotherAlternativeReplays() async throws {
        let document = """
            openapi: 3.0.3
            info: { title: Keys, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            components:
              securitySchemes:
                key: { type: apiKey, in: query, name: key }
                token: { type: http, scheme: bearer }
            security: [{ key: [] }, { token: [] }]
            paths:
              /items:
                get:
                  operationId: items
                  responses: { "200": { description: the items } }
            """
        let scratch = try ScratchDirectory()
        // Recorded with the token alone (no `key=` item), replayed with nothing set: the key's `[unset:KEY]`.
        let file = try Self.recording(in: scratch, [("GET", "https://api.example.com/items", "", #"[1]"#)])
        let api = Service(spec: try Spec(yaml: document, file: "keys.yaml"), provider: Provider(options: .init(usesEnvironment: false), transport: try HARReplayTransport(file: file)))
        #expect(try await api.call("items").value == [1])
    }

    @Test func aBrowsersExportReplays() async throws {
        let api = try Self.service(replaying: HARSchema.folder + "/browser.har")
        let response = try await api.call("getUser", ["id": 7, "fields": "name,email"])
        #expect(response.value == ["id": 7, "name": "Ada", "email": "ada@example.com"])
        // The body is held decoded: the recorded Content-Encoding and Content-Length are dropped.
        #expect(response.headerFields.map(\.name.rawName) == ["content-type", "date"])
    }

    /// Fixtures/har/mitmproxy.har is mitmproxy 11.0.2's own (Tests/Peers/mitmproxy_record.sh:
    /// mitmdump's savehar addon in reverse-proxy mode in front of the httpbin peer).
    @Test func mitmproxysHarDumpReplaysWithItsBase64Body() async throws {
        let api = try Self.service(replaying: HARSchema.folder + "/mitmproxy.har", baseURL: "http://127.0.0.1:41087")
        let stream = try await api.bytes("png")
        var body: [UInt8] = []
        for try await chunk in stream { body += chunk }
        #expect(stream.status == 200)
        #expect(body.count == 8090 && body.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let echo = try await api.call("avatar", ["user": "ada", "size": 8]).value
        #expect(echo["json"] == ["user": "ada"] && echo["url"] == "http://127.0.0.1:41087/anything/avatars?size=8")
    }

    /// A call replays without the variables it was sent with: a server variable (with a default
    /// or not) and a credential set nowhere fit what the recording shows; one given must match.
    @Test func variablesNotGivenFitWhatTheRecordingShows() async throws {
        let document = """
            openapi: 3.1.0
            info: { title: Regional, version: "1" }
            servers: [{ url: "https://{region}.api.example.com/{stage}", variables: { region: { default: us }, stage: { default: v1 } } }]
            components:
              securitySchemes:
                api_key: { type: apiKey, in: query, name: key }
                bearerAuth: { type: http, scheme: bearer }
            security: [{ api_key: [], bearerAuth: [] }]
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { "200": { description: the item } }
            """
        let scratch = try ScratchDirectory()
        // Recorded with region=eu, stage=v2 and the key kept as sent (--har-keep-secrets).
        let file = try Self.recording(in: scratch, [("GET", "https://eu.api.example.com/v2/items/7?key=k-8c1f02", "", #"{"id":7}"#)])
        func service(_ variables: [String: String]) throws -> Service {
            let spec = try Spec(yaml: document, file: "regional.yaml")
            return Service(spec: spec, provider: Provider(variables: variables, options: .init(usesEnvironment: false), transport: try HARReplayTransport(file: file)))
        }
        #expect(try await service([:]).call("getItem", ["id": 7]).value == ["id": 7])
        #expect(try await service(["stage": "v2", "API_KEY": "k-8c1f02"]).call("getItem", ["id": 7]).value == ["id": 7])
        let error = await #expect(throws: CallError.self) { try await service(["region": "us"]).call("getItem", ["id": 7]) }
        #expect(error?.description == """
            no exchange recorded in \(file) matches GET https://us.api.example.com/%5Bunset:stage%5D/items/7?key=%5Bunset%3AAPI_KEY%5D; the nearest are:
              GET https://eu.api.example.com/v2/items/7?key=k-8c1f02 (entry 1)
            """)
    }

    @Test func schemathesissReportReplaysEachCase() async throws {
        let api = try Self.service(replaying: HARSchema.folder + "/schemathesis.har", baseURL: "http://127.0.0.1:8081")
        #expect(try await api.call("items", ["limit": 2]).value == [["id": 1], ["id": 2]])
        let error = await #expect(throws: CallError.self) { try await api.call("items", ["limit": -1]) }
        guard case let .status(status)? = error else { Issue.record("expected a status error"); return }
        #expect(status.status == 422)
    }

    @Test func aFileThatIsNotHARIsRefusedWithItsPlace() throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write(Array(#"{"log":{"entries":[{"request":{"url":"https://a"},"response":{}}]}}"#.utf8), to: "bad.har")
        let error = #expect(throws: TransportError.self) { try HARReplayTransport(file: file) }
        #expect(error?.message == "\(file):1:31: entry 1: request.method is missing")
    }

    /// A refused entry's error gives the line and column of the value at fault, or of the member
    /// that lacks it (here the second entry's `request`, which has no `url`), as a document's
    /// errors do; a file that is not JSON gives its syntax error's place the same way.
    @Test func aRefusedEntryIsNamedByLineAndColumn() throws {
        let scratch = try ScratchDirectory()
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://a.example/1"}, "response": {"status": 200}},
              {"request": {"method": "GET"},
               "response": {"status": 200}}
            ]}}
            """
        let file = try scratch.write(Array(text.utf8), to: "entries.har")
        let error = #expect(throws: TransportError.self) { try HARReplayTransport(file: file) }
        #expect(error?.message == "\(file):3:15: entry 2: request.url is missing")
        let broken = try scratch.write(Array(#"{"log": {"entries": [1,]}}"#.utf8), to: "broken.har")
        let syntax = #expect(throws: TransportError.self) { try HARReplayTransport(file: broken) }
        #expect(syntax?.message == "\(broken):1:24: not a HAR file: trailing comma is not allowed")
    }

    /// `response.status` is an integer from 0 to 999: a string, a fraction, `null` or a missing
    /// one is refused when the file is read, as -5 was (they became 0, "the recorded exchange
    /// failed", when replayed); 0, a failed exchange, and 200.0 are statuses.
    @Test(arguments: [
        (#""abc""#, #"response.status "abc" is not an HTTP status"#),
        ("200.5", "response.status 200.5 is not an HTTP status"),
        ("null", "response.status null is not an HTTP status"),
        (#""200""#, #"response.status "200" is not an HTTP status"#),
        ("-5", "response.status -5 is not an HTTP status"),
        ("1000", "response.status 1000 is not an HTTP status"),
        ("[200]", "response.status [200] is not an HTTP status"),
        ("", "response.status is missing"),
    ])
    func aStatusThatIsNotAnIntegerIsRefusedWithItsPlace(status: String, message: String) throws {
        let scratch = try ScratchDirectory()
        let member = status.isEmpty ? "" : #""status":\#(status),"#
        let text = #"{"log":{"entries":[{"request":{"method":"GET","url":"https://api.example.com/v1/users/7"},"response":{\#(member)"headers":[]}}]}}"#
        let file = try scratch.write(Array(text.utf8), to: "status.har")
        let error = #expect(throws: TransportError.self) { try HARReplayTransport(file: file) }
        #expect(error?.message == "\(file):1:\(status.isEmpty ? 102 : 112): entry 1: \(message)")
    }

    @Test func statusZeroAndAWholeNumberWrittenWithAFractionAreStatuses() async throws {
        let scratch = try ScratchDirectory()
        let text = #"{"log":{"entries":[{"request":{"method":"GET","url":"https://api.example.com/v1/users/7?fields=name"},"response":{"status":200.0,"headers":[],"content":{"text":"{\"n\":1}"}}},"# +
            #"{"request":{"method":"GET","url":"https://api.example.com/v1/image/png"},"response":{"status":0,"_error":"cannot connect"}}]}}"#
        let file = try scratch.write(Array(text.utf8), to: "zero.har")
        let api = try Self.service(replaying: file)
        #expect(try await api.call("getUser", ["id": 7, "fields": "name"]).value == ["n": 1])
        let error = await #expect(throws: CallError.self) { try await api.call("png") }
        guard case let .transport(failure)? = error else { Issue.record("expected a transport error, got \(String(describing: error))"); return }
        #expect(failure.kind == .other && failure.message == "cannot connect (as recorded in GET https://api.example.com/v1/image/png (entry 2))")
    }

    /// A failed exchange replays with the kind of failure recorded in `_errorKind`, so that a
    /// timeout is a timeout (the command's exit 2) and a refused connection is retried as live;
    /// a file without it (a browser's, an older Netspec's) fails with `other`, as before.
    @Test(arguments: [
        ("timeout", "the request to 127.0.0.1:9 timed out after 1 s"),
        ("connect", "cannot connect to 127.0.0.1:9: connection refused"),
        ("hostnameMismatch", "the certificate of 127.0.0.1:9 is for other hosts"),
        ("connectionClosed", "127.0.0.1:9 closed the connection before the response was complete"),
        ("", "the request failed"),
    ])
    func aFailureReplaysWithItsRecordedKind(kind: String, message: String) async throws {
        let scratch = try ScratchDirectory()
        var response: JSONObject = ["status": 0, "_error": .string(message)]
        if !kind.isEmpty { response["_errorKind"] = .string(kind) }
        let entry: JSONValue = ["request": ["method": "GET", "url": "https://api.example.com/v1/image/png"], "response": .object(response)]
        let file = try scratch.write(Array((["log": ["entries": [entry]]] as JSONValue).description.utf8), to: "failed.har")
        let error = await #expect(throws: CallError.self) { try await Self.service(replaying: file).call("png") }
        guard case let .transport(failure)? = error else { Issue.record("expected a transport error, got \(String(describing: error))"); return }
        #expect(failure.kind == (kind.isEmpty ? .other : TransportError.Kind(kind)))
        #expect(failure.message == "\(message) (as recorded in GET https://api.example.com/v1/image/png (entry 1))")
    }

    @Test func anErrorKindThatIsNotANameIsRefusedWithItsPlace() throws {
        let scratch = try ScratchDirectory()
        let text = #"{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example"},"response":{"status":0,"_error":"timed out","_errorKind":2}}]}}"#
        let file = try scratch.write(Array(text.utf8), to: "kind.har")
        let error = #expect(throws: TransportError.self) { try HARReplayTransport(file: file) }
        #expect(error?.message == "\(file):1:131: entry 1: response._errorKind 2 is not the name of a kind of failure")
    }

    /// A refused connection recorded before the answer of the attempt after it: replayed, the
    /// retry policy retries it as it did live (with the kind `other` the call failed at once).
    @Test func aRecordedRefusedConnectionIsRetriedAsLive() async throws {
        let scratch = try ScratchDirectory()
        let url = "https://api.example.com/v1/users/7"
        let entries: [JSONValue] = [
            ["request": ["method": "GET", "url": .string(url)], "response": ["status": 0, "_error": "cannot connect to api.example.com:443: connection refused", "_errorKind": "connect"]],
            ["request": ["method": "GET", "url": .string(url)], "response": ["status": 200, "headers": [["name": "Content-Type", "value": "application/json"]], "content": ["text": #"{"id":7}"#]]],
        ]
        let file = try scratch.write(Array((["log": ["entries": .array(entries)]] as JSONValue).description.utf8), to: "retried.har")
        var options = Provider.Options(usesEnvironment: false)
        options.retryTiming = RecordingTiming().timing
        let spec = "netspec: 1\nservice: Retried\nbaseURL: https://api.example.com/v1\nretry: { max: 2, on: [503] }\nendpoints:\n  getUser:\n    GET: /users/{id}\n    params: { id: Int }\n"
        let api = Service(spec: try Spec(yaml: spec, file: "retried.yaml"), provider: Provider(options: options, transport: try HARReplayTransport(file: file)))
        #expect(try await api.call("getUser", ["id": 7]).value == ["id": 7])
    }

    /// A recorded 401 replays through the refresh recorded after it, without the token set, and
    /// the refreshed token (the recording's, redacted) never reaches the token store's file.
    @Test func aRecorded401ReplaysThroughItsRefreshAndTheTokenStoreIsLeftAlone() async throws {
        let scratch = try ScratchDirectory()
        func entry(_ method: String, _ path: String, _ status: Int, _ answer: String) -> JSONValue {
            ["request": ["method": .string(method), "url": .string("http://127.0.0.1:8080" + path)],
             "response": ["status": .int(status), "headers": [["name": "Content-Type", "value": "application/json"]], "content": ["size": .int(answer.utf8.count), "mimeType": "application/json", "text": .string(answer)]]]
        }
        let entries: [JSONValue] = [
            entry("GET", "/data", 401, #"{"error":"expired"}"#), entry("POST", "/refresh", 200, #"{"access_token":"[redacted: TOKEN]"}"#),
            entry("GET", "/data", 200, #"{"ok":true}"#),
        ]
        let file = try scratch.write(Array((["log": ["version": "1.2", "entries": .array(entries)]] as JSONValue).description.utf8), to: "refresh.har")
        let storeFile = scratch.path + "/tokens.json"
        let provider = Provider(
            baseURL: "http://127.0.0.1:8080", options: .init(usesEnvironment: false), transport: try HARReplayTransport(file: file), tokenStore: TokenStore(file: storeFile)
        )
        let api = Service(spec: try Spec(yaml: AuthTests.refreshingSpec, file: "refreshing.yaml"), provider: provider)
        #expect(try await api.call("data").value == ["ok": true])
        #expect(provider.variable("TOKEN") == "[redacted: TOKEN]")
        #expect(!FileManager.default.fileExists(atPath: storeFile))
    }
}
