import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing
@testable import Netspec

/// `HARRecorder`: every exchange as sent and received, each hop and attempt an entry, secrets
/// hidden, and the archive valid against the har-schema package's HAR 1.2 schemas.
@Suite struct HARRecorderTests {
    static let spec = """
        netspec: 1
        service: Recorded
        auth:
          apiKey: { in: query, name: api_key, value: "${API_KEY}" }
        headers:
          X-Session: "${SESSION_TOKEN}"
        retry: { max: 2, on: [503] }
        endpoints:
          moved: { GET: /old }
          flaky: { GET: /flaky }
          image: { GET: /image, stream: bytes }
          blob: { GET: /blob, stream: bytes }
          packed: { GET: /packed }
          login:
            POST: /login
            params:
              user: String
              password: { type: String, secret: true }
        """
    static let secrets = ["API_KEY": "key-5f2a9c31", "SESSION_TOKEN": "sess-77c1d0e4"]

    static let handler = TestHandlers.router([
        "GET /old": TestHandlers.redirect(to: "/new"),
        "GET /new": TestHandlers.json(body: #"{"moved":true}"#),
        "GET /flaky": TestHandlers.sequence([TestHandlers.json(status: 503, body: #"{"busy":true}"#), TestHandlers.json(body: #"{"busy":false}"#)]),
        "GET /image": TestHandlers.raw([UInt8]("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 4\r\n\r\n".utf8) + [0x89, 0x50, 0xFF, 0x00]),
        "POST /login": TestHandlers.echo,
        "GET /packed": TestHandlers.gzip(body: #"{"text":"\#(String(repeating: "ab", count: 500))"}"#),
        // Bytes that are not UTF-8 with the API key inside them.
        "GET /blob": TestHandlers.raw([UInt8]("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 16\r\n\r\n".utf8) + [0x89, 0x50, 0xFF] + Array("key-5f2a9c31".utf8) + [0x00]),
    ])

    static func service(_ server: TestServer, recorder: HARRecorder) throws -> Service {
        var options = testOptions()
        options.retryTiming = RecordingTiming().timing
        return try makeService(spec, server: server, variables: secrets, options: options, wireInterceptors: [recorder])
    }

    /// One entry's request and response lines: `GET url → status (redirectURL)`.
    static func lines(_ archive: JSONValue) -> [String] {
        (archive["log"]?["entries"]?.array ?? []).map { entry in
            let request = entry["request"]!, response = entry["response"]!
            let redirect = response["redirectURL"]!.string!
            return "\(request["method"]!.string!) \(request["url"]!.string!) → \(response["status"]!.int!)" + (redirect.isEmpty ? "" : " (\(redirect))")
        }
    }

    @Test func eachRedirectHopAndRetryIsAnEntryOfItsOwnAndTheArchiveIsValidHAR() async throws {
        try await withTestServer(Self.handler) { server in
            let recorder = HARRecorder()
            let api = try Self.service(server, recorder: recorder)
            _ = try await api.call("moved")
            _ = try await api.call("flaky")
            let archive = recorder.archive()
            let key = "api_key=%5Bredacted%3A%20API_KEY%5D"
            #expect(Self.lines(archive) == [
                "GET \(server.url("/old?\(key)")) → 302 (/new)",
                // The redirect's Location replaces the query: the key is not sent to /new.
                "GET \(server.url("/new")) → 200",
                "GET \(server.url("/flaky?\(key)")) → 503",
                "GET \(server.url("/flaky?\(key)")) → 200",
            ])
            #expect(HARSchema.violations(archive) == [])
            let entry = archive["log"]!["entries"]![2]!
            #expect(entry["response"]!["content"]! == ["mimeType": "application/json", "size": 13, "text": #"{"busy":true}"#])
            #expect(entry["request"]!["queryString"]! == [["name": "api_key", "value": "[redacted: API_KEY]"]])
            let headers = entry["request"]!["headers"]!.array!.map { "\($0["name"]!.string!): \($0["value"]!.string!)" }
            #expect(headers.contains("X-Session: [redacted: SESSION_TOKEN]"))
            #expect(entry["timings"]!["send"] == 0 && entry["timings"]!["wait"]!.double! >= 0)
        }
    }

    @Test func secretsAreHiddenEverywhereUnlessKept() async throws {
        try await withTestServer(Self.handler) { server in
            let recorder = HARRecorder()
            let api = try Self.service(server, recorder: recorder)
            _ = try await api.call("login", ["user": "ada", "password": "hunter2-swordfish"])
            let text = recorder.archive().description
            // The echo sends the request back: its headers, query and body hold every secret.
            for secret in Array(Self.secrets.values) + ["hunter2-swordfish"] { #expect(!text.contains(secret)) }
            let request = recorder.archive()["log"]!["entries"]![0]!["request"]!
            #expect(request["postData"]!["text"] == #"{"user":"ada","password":"[redacted: password]"}"#)
            #expect(HARSchema.violations(recorder.archive()) == [])

            let keeping = HARRecorder(keepingSecrets: true)
            _ = try await Self.service(server, recorder: keeping).call("login", ["user": "ada", "password": "hunter2-swordfish"])
            let kept = keeping.archive().description
            for secret in Array(Self.secrets.values) + ["hunter2-swordfish"] { #expect(kept.contains(secret)) }
        }
    }

    @Test func bytesAreBase64AndTheFileIsWrittenAfterEachExchange() async throws {
        try await withTestServer(Self.handler) { server in
            let scratch = try ScratchDirectory()
            let file = scratch.path + "/calls.har"
            let recorder = HARRecorder(file: file)
            var received: [UInt8] = []
            for try await chunk in try await Self.service(server, recorder: recorder).bytes("image") { received += chunk }
            #expect(received == [0x89, 0x50, 0xFF, 0x00])
            let written = try JSONValue(parsing: Array(FileManager.default.contents(atPath: file)!))
            #expect(written == recorder.archive())
            #expect(written["log"]!["entries"]![0]!["response"]!["content"]! == ["mimeType": "image/png", "size": 4, "text": "iVD/AA==", "encoding": "base64"])
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    /// A gzip answer: `bodySize` is the bytes received (its `Content-Length`), `content.size` the
    /// body decoded, and `content.compression` what the coding saved (`bodySize` was the decoded size).
    @Test func aCompressedAnswersBodySizeIsTheBytesReceived() async throws {
        try await withTestServer(Self.handler) { server in
            let recorder = HARRecorder(file: nil)
            _ = try await Self.service(server, recorder: recorder).call("packed")
            let response = try #require(recorder.archive()["log"]?["entries"]?[0]?["response"])
            let length = try #require(response["headers"]?.array?.first { $0["name"]?.string?.lowercased() == "content-length" }?["value"]?.string.flatMap { Int($0) })
            #expect(length < 100)
            #expect(response["bodySize"] == .int(length))
            #expect(response["content"]?["size"] == 1011)
            #expect(response["content"]?["compression"] == .int(1011 - length))
        }
    }

    @Test func aStreamIsRecordedAsWhatArrived() async throws {
        let events = ["data: one\n\n", "data: two\n\n", "data: three\n\n"]
        try await withTestServer(TestHandlers.sse(events: events, pauses: .milliseconds(1))) { server in
            let recorder = HARRecorder()
            let api = try makeService("netspec: 1\nservice: S\nendpoints:\n  feed: { GET: /feed, stream: sse }\n", server: server, wireInterceptors: [recorder])
            var seen: [String] = []
            for try await event in try await api.events("feed") {
                seen.append(event.data)
                if seen.count == 2 { break }
            }
            let text = recorder.archive()["log"]!["entries"]![0]!["response"]!["content"]!["text"]!.string!
            #expect(text.hasPrefix("data: one\n\ndata: two\n\n"))
            #expect(HARSchema.violations(recorder.archive()) == [])
        }
    }

    @Test func theTokenStoresTokensAreHiddenWhereverTheyAppear() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let store = TokenStore()
            try store.setToken("stored-token-4d1e9a", for: "Stored \(server.baseURL) TOKEN")
            let recorder = HARRecorder()
            let spec = try Spec(yaml: "netspec: 1\nservice: Stored\nendpoints:\n  ping: { GET: /ping }\n", file: "s.yaml")
            let api = Service(spec: spec, provider: Provider(baseURL: server.baseURL, options: testOptions(), wireInterceptors: [recorder], tokenStore: store))
            _ = try await api.call("ping", options: CallOptions(headers: [("X-Trace", "stored-token-4d1e9a")]))
            let text = recorder.archive().description
            #expect(!text.contains("stored-token-4d1e9a"))
            #expect(text.contains(#"{"name":"X-Trace","value":"[redacted: TOKEN]"}"#))
        }
    }

    @Test func aSecretInsideABinaryBodyIsHiddenInItsBase64() async throws {
        try await withTestServer(Self.handler) { server in
            let recorder = HARRecorder()
            var received: [UInt8] = []
            for try await chunk in try await Self.service(server, recorder: recorder).bytes("blob") { received += chunk }
            #expect(received.count == 16)
            // Decoded, the recorded body is 0x89 0x50 0xFF "[redacted: API_KEY]" 0x00.
            let content = recorder.archive()["log"]!["entries"]![0]!["response"]!["content"]!
            #expect(content == ["mimeType": "application/octet-stream", "size": 16, "text": "iVD/W3JlZGFjdGVkOiBBUElfS0VZXQA=", "encoding": "base64"])
        }
    }

    /// Cookies go on the wire as one `Cookie` line (RFC 6265 §5.4), and that line is what is
    /// recorded: the header lines the server received, in order (`HTTPFields` keeps a field per
    /// cookie, and each was recorded as a `Cookie` header of its own). Hidden, the key's cookie
    /// and the caller's are masked in the line, the ordinary cookie parameters shown.
    @Test func theCookiesAreRecordedAsTheOneCookieLineSent() async throws {
        let document = """
            openapi: 3.1.0
            info: { title: Cookies, version: "1" }
            components:
              securitySchemes:
                auth: { type: apiKey, in: cookie, name: auth }
            security: [{ auth: [] }]
            paths:
              /c:
                get:
                  operationId: withCookies
                  parameters:
                    - { name: session, in: cookie, schema: { type: string } }
                    - { name: theme, in: cookie, schema: { type: string } }
                  responses: { "200": { description: the echo } }
            """
        try await withTestServer(TestHandlers.echo) { server in
            var cookies: [String] = []
            for keeping in [true, false] {
                let recorder = HARRecorder(keepingSecrets: keeping)
                let provider = Provider(baseURL: server.baseURL, variables: ["AUTH": "key-90b7e3f1"], options: testOptions(), wireInterceptors: [recorder])
                let api = Service(spec: try Spec(yaml: document, file: "cookies.yaml"), provider: provider)
                let echo = try await api.call("withCookies", ["session": "abc", "theme": "dark"], options: CallOptions(headers: [("Cookie", "sid=abcdef123")])).value
                let received = (echo["headers"]?.array ?? []).compactMap { line -> String? in
                    guard let name = line[0]?.string, let value = line[1]?.string, name.lowercased() != "host" else { return nil }
                    return "\(name): \(value)"
                }
                let request = try #require(recorder.archive()["log"]?["entries"]?[0]?["request"])
                let recorded = (request["headers"]?.array ?? []).map { "\($0["name"]?.string ?? ""): \($0["value"]?.string ?? "")" }
                if keeping { #expect(recorded == received) }
                #expect(recorded.filter { $0.hasPrefix("Cookie:") }.count == 1, "\(recorded)")
                cookies += recorded.filter { $0.hasPrefix("Cookie:") }
                #expect(HARSchema.violations(recorder.archive()) == [])
            }
            #expect(cookies == [
                "Cookie: sid=abcdef123; session=abc; theme=dark; auth=key-90b7e3f1",
                "Cookie: sid=[redacted: cookie]; session=abc; theme=dark; auth=[redacted: auth]",
            ])
        }
    }

    /// A failure is recorded with its kind (`_errorKind`) beside its message (`_error`), and the
    /// recording replays it with that kind: a timeout is a timeout (it was `other`, and the
    /// command exited 1 where the live call exited 2), a refused connection `connect`.
    @Test func aFailureIsRecordedWithItsKindAndReplaysAsIt() async throws {
        let reserved = try ReservedPort()
        defer { withExtendedLifetime(reserved) {} }
        try await withTestServer(TestHandlers.neverAnswer) { server in
            let scratch = try ScratchDirectory()
            let file = scratch.path + "/failed.har"
            let recorder = HARRecorder(file: file)
            let spec = "netspec: 1\nservice: Failing\nendpoints:\n  hang: { GET: /hang }\n"
            let hanging = try makeService(spec, server: server, options: testOptions(timeout: .milliseconds(500)), wireInterceptors: [recorder])
            func kind(_ api: Service) async -> TransportError.Kind? {
                do {
                    _ = try await api.call("hang")
                    return nil
                } catch {
                    if case let .transport(failure)? = error.callError { return failure.kind }
                    return nil
                }
            }
            #expect(await kind(hanging) == .timeout)
            let refused = try makeService(spec, baseURL: "http://127.0.0.1:\(reserved.port)", wireInterceptors: [recorder])
            #expect(await kind(refused) == .connect)
            let responses = try JSONValue(parsing: Array(FileManager.default.contents(atPath: file) ?? Data()))["log"]?["entries"]?.array?.map { $0["response"] }
            #expect(responses?.map { $0?["_error"] } == [
                .string("the request to 127.0.0.1:\(server.port) timed out after 500 ms"), .string("cannot connect to 127.0.0.1:\(reserved.port): connection refused"),
            ])
            #expect(responses?.map { $0?["_errorKind"] } == ["timeout", "connect"])
            #expect(HARSchema.violations(recorder.archive()) == [])

            let replay = try HARReplayTransport(file: file)
            for (baseURL, expected) in [(server.baseURL, TransportError.Kind.timeout), ("http://127.0.0.1:\(reserved.port)", .connect)] {
                let api = Service(spec: try Spec(yaml: spec, file: "failing.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false), transport: replay))
                #expect(await kind(api) == expected)
            }
        }
    }

    /// Each credential is labelled with the document's security scheme name, not its variable's.
    @Test func theDocumentsSecuritySchemeNameLabelsItsCredentials() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let document = """
                openapi: 3.1.0
                info: { title: Schemes, version: "1" }
                servers: [{ url: "\(server.baseURL)" }]
                components:
                  securitySchemes:
                    readerKey: { type: apiKey, in: header, name: X-Reader-Key }
                    queryKey: { type: apiKey, in: query, name: key }
                    bearerAuth: { type: http, scheme: bearer }
                paths:
                  /items:
                    get: { operationId: listItems, security: [{ readerKey: [] }], responses: { "200": { description: items } } }
                  /search:
                    get: { operationId: search, security: [{ queryKey: [] }], responses: { "200": { description: found } } }
                  /me:
                    get: { operationId: me, security: [{ bearerAuth: [] }], responses: { "200": { description: me } } }
                """
            let recorder = HARRecorder()
            let variables = ["READER_KEY": "reader-3b9e51", "QUERY_KEY": "query-7d20c4", "BEARER_AUTH": "bearer-e61f8a"]
            let provider = Provider(variables: variables, options: testOptions(), wireInterceptors: [recorder])
            let api = Service(spec: try Spec(yaml: document, file: "schemes.yaml"), provider: provider)
            for operation in ["listItems", "search", "me"] { _ = try await api.call(operation) }
            let archive = recorder.archive()
            let text = archive.description
            for secret in variables.values { #expect(!text.contains(secret)) }
            let entries = archive["log"]!["entries"]!.array!
            func header(_ entry: JSONValue, _ name: String) -> JSONValue? { entry["request"]!["headers"]!.array!.first { $0["name"]?.string == name }?["value"] }
            #expect(header(entries[0], "X-Reader-Key") == "[redacted: readerKey]")
            #expect(entries[1]["request"]!["url"] == .string(server.url("/search?key=%5Bredacted%3A%20queryKey%5D")))
            #expect(header(entries[2], "Authorization") == "[redacted: bearerAuth]")
            #expect(HARSchema.violations(archive) == [])
        }
    }

    /// The stale token a refreshing run starts with and the one its token endpoint answers.
    static let refreshTokens = (stale: "stale-token-1a2b3c", fresh: "fresh-token-9e8d7c")
    /// A server whose `/data` refuses every token but the fresh one (echoing the one it got) and
    /// whose `/refresh` answers the fresh one (AuthTests.refreshingSpec's token endpoint).
    static let refreshingHandler = TestHandlers.router([
        "POST /refresh": TestHandlers.json(body: #"{"access_token":"\#(refreshTokens.fresh)"}"#),
        "GET /data": { request, writer in
            let token = String(request.header("Authorization")?.dropFirst("Bearer ".count) ?? "")
            try await writer.respond(status: token == refreshTokens.fresh ? 200 : 401, headers: [("Content-Type", "application/json")], body: #"{"token":"\#(token)"}"#)
        },
    ])

    /// A token refreshed mid-run: the rejected one and the new one are both hidden, wherever they
    /// come back (the 401's body, the token endpoint's answer, the echo).
    @Test func aTokenRefreshedMidRunIsHiddenOldAndNew() async throws {
        let (stale, fresh) = HARRecorderTests.refreshTokens
        let handler = HARRecorderTests.refreshingHandler
        try await withTestServer(handler) { server in
            let recorder = HARRecorder()
            let api = try makeService(AuthTests.refreshingSpec, server: server, variables: ["TOKEN": stale], wireInterceptors: [recorder])
            #expect(try await api.call("data").value == ["token": .string(fresh)])
            let archive = recorder.archive()
            #expect(Self.lines(archive) == ["GET \(server.url("/data")) → 401", "POST \(server.url("/refresh")) → 200", "GET \(server.url("/data")) → 200"])
            let text = archive.description
            #expect(!text.contains(stale) && !text.contains(fresh))
            let bodies = archive["log"]!["entries"]!.array!.map { $0["response"]!["content"]!["text"]!.string! }
            #expect(bodies == [#"{"token":"[redacted: TOKEN]"}"#, #"{"access_token":"[redacted: TOKEN]"}"#, #"{"token":"[redacted: TOKEN]"}"#])
        }
    }

    /// The same with OAuth 2 (the Authlib peer): the token obtained, revoked, and obtained again
    /// after the 401; neither token nor the client secret is in the recording.
    @Test(.enabled(if: FastAPIPeer.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
    func anOAuthTokenObtainedAgainMidRunIsHiddenOldAndNew() async throws {
        try await OAuthClientCredentialsTests.withServer { base in
            let recorder = HARRecorder()
            let provider = Provider(variables: OAuthClientCredentialsTests.client, options: .init(usesEnvironment: false), wireInterceptors: [recorder])
            let api = Service(spec: try Spec(yaml: OAuthClientCredentialsTests.document(base), file: "items.yaml"), provider: provider)
            _ = try await api.call("listItems")
            let first = try #require(provider.variable("OAUTH"))
            _ = try await ChildProcess.curl(["-X", "POST", base + "/admin/revoke"])
            _ = try await api.call("listItems")
            let second = try #require(provider.variable("OAUTH"))
            #expect(first != second)
            let archive = recorder.archive()
            #expect(Self.lines(archive) == [
                "POST \(base)/oauth/token → 200", "GET \(base)/api/items → 200",
                "GET \(base)/api/items → 401", "POST \(base)/oauth/token → 200", "GET \(base)/api/items → 200",
            ])
            let text = archive.description
            for secret in [first, second, "s3cret"] { #expect(!text.contains(secret)) }
            let entries = archive["log"]!["entries"]!.array!
            for index in [0, 3] {
                let answer = try JSONValue(parsing: Array(entries[index]["response"]!["content"]!["text"]!.string!.utf8))
                #expect(answer["access_token"] == "[redacted: oauth]")
            }
        }
    }
}
