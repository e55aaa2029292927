import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `--har`, `--replay` and `--har-keep-secrets` on `netspec call` and `netspec mcp`, and
/// `netspec mock --from-har`, run as processes (docs/har.md).
@Suite(.serialized) struct HARCommandTests {
    static let httpbinSpec = """
        netspec: 1
        service: HTTPBin
        auth:
          apiKey: { in: query, name: api_key, value: "${API_KEY}" }
        headers:
          X-Session: "${SESSION_TOKEN}"
        endpoints:
          redirectTo:
            GET: /redirect-to
            params:
              url: { in: query }
          uuidLike:
            GET: /json
        """

    /// The files a test writes: a spec and a user config with a profile whose secret comes from the environment.
    static func setUp(_ spec: String, baseURL: String) throws -> (spec: String, directory: String, environment: [String: String]) {
        let path = try CLI.temporarySpec(spec)
        let home = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try """
            profiles:
              peer:
                baseURL: \(baseURL)
                variables: { SESSION_TOKEN: { env: PEER_SESSION_TOKEN } }
            """.write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        return (path, home, ["XDG_CONFIG_HOME": home, "PEER_SESSION_TOKEN": "profile-secret-5be1c9d2"])
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers venv (Tests/Peers/setup.sh); see the printed reason"))
    func aCallOfHttpbinRecordedThenReplayedWithThePeerStoppedPrintsTheSameBytes() async throws {
        let peer = try await ChildProcess.blocking { Result { try PeerProcess.start(python: Peers.python!, script: "httpbin_app.py") } }.get()
        let base = try #require(peer.baseURL)
        let (spec, directory, environment) = try Self.setUp(Self.httpbinSpec, baseURL: base)
        let har = directory + "/calls.har"
        let arguments = ["call", spec, "redirectTo", "url=/json", "--profile", "peer"]
        let recorded = try await CLI.run(arguments + ["--var", "API_KEY=var-secret-7f3e21aa", "--har", har], environment: environment)
        peer.stop()
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains(#""slideshow""#))
        let bytes = try #require(FileManager.default.contents(atPath: har))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("var-secret-7f3e21aa") && !text.contains("profile-secret-5be1c9d2"))
        let archive = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let entries = ((archive["log"] as? [String: Any])?["entries"] as? [[String: Any]]) ?? []
        let requests = entries.map { entry in
            let request = entry["request"] as? [String: Any], response = entry["response"] as? [String: Any]
            return "\(request?["method"] ?? "") \(request?["url"] ?? "") \(response?["status"] ?? "")"
        }
        #expect(requests == ["GET \(base)/redirect-to?url=%2Fjson&api_key=%5Bredacted%3A%20API_KEY%5D 302", "GET \(base)/json 200"])

        // The peer is gone: the answers come from the file, whatever the secrets are now.
        let replayed = try await CLI.run(arguments + ["--var", "API_KEY=another", "--replay", har], environment: environment.merging(["PEER_SESSION_TOKEN": "other"]) { $1 })
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stderr == "")
        #expect(Array(replayed.stdout.utf8) == Array(recorded.stdout.utf8))

        // Without the variables it was sent with (the key, the profile's session token): the same.
        let unset = try await CLI.run(arguments + ["--replay", har], environment: ["XDG_CONFIG_HOME": directory])
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(Array(unset.stdout.utf8) == Array(recorded.stdout.utf8))

        let missing = try await CLI.run(["call", spec, "redirectTo", "url=/xml", "--profile", "peer", "--var", "API_KEY=k", "--replay", har], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr == """
            error: no exchange recorded in \(har) matches GET \(base)/redirect-to?url=%2Fxml&api_key=k; the nearest are:
              GET \(base)/redirect-to?url=%2Fjson&api_key=%5Bredacted%3A%20API_KEY%5D (entry 1)
              GET \(base)/json (entry 2)

            """)
    }

    @Test func keepingSecretsWarnsAndNeedsHar() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let (spec, directory, environment) = try Self.setUp(Self.httpbinSpec, baseURL: server.baseURL)
            let har = directory + "/kept.har"
            let kept = try await CLI.run(["call", spec, "uuidLike", "--profile", "peer", "--var", "API_KEY=var-secret-7f3e21aa", "--har", har, "--har-keep-secrets"], environment: environment)
            #expect(kept.status == 0)
            #expect(kept.stderr == "warning: --har-keep-secrets: \(har) holds credentials and secret values as sent; do not share or commit it\n")
            let text = String(decoding: FileManager.default.contents(atPath: har) ?? Data(), as: UTF8.self)
            #expect(text.contains("var-secret-7f3e21aa") && text.contains("profile-secret-5be1c9d2"))
            let refused = try await CLI.run(["call", spec, "uuidLike", "--har-keep-secrets"])
            #expect(refused.status == 64)
            #expect(refused.stderr.hasPrefix("Error: --har-keep-secrets applies to --har; give it too\n"))
        }
    }

    /// `--har FILE` starts the recording anew: a second `call --har` to the same file replaces the
    /// first's archive (it does not append to it), and the file is valid HAR after each.
    @Test func aSecondCallWithTheSameHarFileReplacesTheRecording() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let (spec, directory, environment) = try Self.setUp(Self.httpbinSpec, baseURL: server.baseURL)
            let har = directory + "/again.har"
            var urls: [[String]] = []
            for target in ["first", "second"] {
                let call = try await CLI.run(["call", spec, "redirectTo", "url=\(target)", "--profile", "peer", "--var", "API_KEY=k-41d9", "--har", har], environment: environment)
                #expect(call.status == 0, "\(call.stderr)")
                let archive = try JSONValue(parsing: Array(FileManager.default.contents(atPath: har) ?? Data()))
                urls.append((archive["log"]?["entries"]?.array ?? []).compactMap { $0["request"]?["url"]?.string })
            }
            #expect(urls == ["first", "second"].map { ["\(server.baseURL)/redirect-to?url=\($0)&api_key=%5Bredacted%3A%20API_KEY%5D"] })
        }
    }

    @Test func mcpRecordsEachToolCall() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"login":"johne"}"#)) { server in
            let directory = URL(fileURLWithPath: try CLI.temporarySpec("x")).deletingLastPathComponent().path
            let har = directory + "/mcp.har"
            let call = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"getUser","arguments":{"id":"johne"}}}"#
            let (lines, _, status) = try await MCPCommandTests.session(["specs/users.yaml", "--base-url", server.baseURL, "--var", "TOKEN=mcp-secret-91c2", "--har", har], [call])
            #expect(status == 0)
            #expect(MCPCommandTests.answer(lines, id: "2")?.contains("johne") == true)
            let text = String(decoding: FileManager.default.contents(atPath: har) ?? Data(), as: UTF8.self)
            #expect(text.contains(#""url": "\#(server.baseURL)/user?identifier=johne""#))
            #expect(text.contains("[redacted: TOKEN]") && !text.contains("mcp-secret-91c2"))
            // Replayed with no server at all.
            try await server.shutdown()
            let (again, _, _) = try await MCPCommandTests.session(["specs/users.yaml", "--base-url", server.baseURL, "--var", "TOKEN=t", "--replay", har], [call])
            #expect(MCPCommandTests.answer(again, id: "2") == MCPCommandTests.answer(lines, id: "2"))
        }
    }

    @Test func theMockServesARecordingAndFallsBackToTheDocument() async throws {
        let directory = URL(fileURLWithPath: try CLI.temporarySpec("x")).deletingLastPathComponent().path
        let har = directory + "/users.har"
        try #"""
            {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
              {"request":{"method":"GET","url":"https://users.example.com/user?identifier=ada"},
               "response":{"status":200,"headers":[{"name":"Content-Type","value":"application/json"}],"content":{"size":27,"mimeType":"application/json","text":"{\"login\":\"ada\",\"id\":1815}"}}}
            ]}}
            """#.write(toFile: har, atomically: true, encoding: .utf8)
        let (alone, base) = try await MockCommandTests.start(["--from-har", har])
        #expect(alone.stderr.hasPrefix("Mocking \(har) (0 endpoints and 1 recorded exchange) on http://127.0.0.1:"))
        let recorded = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=ada", "--base-url", base, "--var", "TOKEN=t", "--raw"])
        #expect(recorded.stdout == #"{"login":"ada","id":1815}"# + "\n")
        let curl = try await ChildProcess.curl(["-s", base + "/user?identifier=bob"])
        #expect(curl.stdout.contains(#"no exchange recorded in \#(har) matches GET /user?identifier=bob; the nearest are:\n  GET https://users.example.com/user?identifier=ada (entry 1)"#))
        alone.terminate()
        _ = await alone.wait()

        let (both, mixed) = try await MockCommandTests.start(["specs/users.yaml", "--from-har", har])
        let fromMock = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=johne", "--base-url", mixed, "--var", "TOKEN=t"])
        let expected = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=johne", "--mock"])
        #expect(fromMock.stdout == expected.stdout)
        let fromFile = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=ada", "--base-url", mixed, "--var", "TOKEN=t", "--raw"])
        #expect(fromFile.stdout == recorded.stdout)
        both.terminate()
        let log = await both.wait()
        #expect(log.stderr.contains("GET /user?identifier=ada 200 (recorded: entry 1)"))
    }

    /// Fixtures/har/mitmproxy.har: mitmproxy 11.0.2's savehar addon in front of the httpbin peer
    /// (Tests/Peers/mitmproxy_record.sh), replayed by `netspec call` with no peer at all.
    @Test func mitmproxysRecordingOfHttpbinReplays() async throws {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: HTTPBin
            baseURL: http://127.0.0.1:41087
            endpoints:
              avatar:
                POST: /anything/avatars
                params:
                  user: String
                  size: { type: Int, in: query }
              png: { GET: /image/png, stream: bytes }
            """)
        let har = "Tests/NetspecTests/Fixtures/har/mitmproxy.har"
        let echo = try await CLI.run(["call", spec, "avatar", "user=ada", "size=8", "--replay", har, "--raw"])
        #expect(echo.status == 0, "\(echo.stderr)")
        #expect(echo.stdout == #"""
            {"args":{"size":"8"},"data":"{\"user\":\"ada\"}","files":{},"form":{},"headers":{"Accept":"application/json","Content-Length":"14","Content-Type":"application/json","Host":"127.0.0.1:41087","User-Agent":"curl/7.88.1"},"json":{"user":"ada"},"method":"POST","origin":"127.0.0.1","url":"http://127.0.0.1:41087/anything/avatars?size=8"}

            """#)
        let image = URL(fileURLWithPath: spec).deletingLastPathComponent().path + "/pig.png"
        let png = try await CLI.run(["call", spec, "png", "--replay", har, "-o", image])
        #expect(png.status == 0, "\(png.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: image))
        #expect(bytes.count == 8090 && Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// `--dry-run --har`: the request printed is on record as not sent (status 0, `_dryRun`), its
    /// secrets hidden; replaying it says it was not sent.
    @Test func aDryRunIsRecordedAsNotSent() async throws {
        let (spec, directory, environment) = try Self.setUp(Self.httpbinSpec, baseURL: "http://127.0.0.1:9")
        let har = directory + "/dry.har"
        let arguments = ["call", spec, "uuidLike", "--profile", "peer", "--var", "API_KEY=var-secret-7f3e21aa"]
        let dry = try await CLI.run(arguments + ["--dry-run", "--har", har], environment: environment)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("GET http://127.0.0.1:9/json?api_key=<redacted> HTTP/1.1\n"))
        let text = String(decoding: FileManager.default.contents(atPath: har) ?? Data(), as: UTF8.self)
        #expect(!text.contains("var-secret-7f3e21aa") && !text.contains("profile-secret-5be1c9d2"))
        let entry = try JSONValue(parsing: Array(text.utf8))["log"]?["entries"]?[0]
        #expect(entry?["request"]?["url"] == "http://127.0.0.1:9/json?api_key=%5Bredacted%3A%20API_KEY%5D")
        #expect(entry?["response"]?["status"] == 0)
        #expect(entry?["_dryRun"] == true && entry?["comment"] == "not sent: netspec call --dry-run printed it")
        let replayed = try await CLI.run(arguments + ["--replay", har], environment: environment)
        #expect(replayed.status == 1)
        #expect(replayed.stderr == "error: not sent: netspec call --dry-run printed it (as recorded in GET http://127.0.0.1:9/json?api_key=%5Bredacted%3A%20API_KEY%5D (entry 1))\n")
    }

    /// An OAuth 2 login's tokens in the token store (the access token, and the record beside it
    /// with the refresh token, as `netspec auth login` keeps them): a refresh token sent in a form
    /// and both tokens in the answer (a token endpoint's) are hidden in the HAR file, the access
    /// token by the scheme, the refresh token by the record's variable and member.
    @Test func anOAuthLoginsStoredTokensAreHiddenWhereverTheyAppear() async throws {
        let answer = #"{"access_token":"at-5e1f0c77d2","refresh_token":"rt-9a4b3c2d1e","token_type":"Bearer"}"#
        try await withTestServer(TestHandlers.json(body: answer)) { server in
            let spec = try CLI.temporarySpec("""
                openapi: 3.1.0
                info: {title: Items, version: "1"}
                servers: [{url: "\(server.baseURL)"}]
                components:
                  securitySchemes:
                    oauth:
                      type: oauth2
                      flows: {clientCredentials: {tokenUrl: /oauth/token, scopes: {"items:read": read}}}
                paths:
                  /session:
                    post:
                      operationId: renewSession
                      security: [{oauth: ["items:read"]}]
                      requestBody:
                        content: {application/x-www-form-urlencoded: {schema: {type: object, properties: {refresh_token: {type: string}}}}}
                      responses: {"200": {description: the tokens}}
                """, name: "items.openapi.yaml")
            let directory = URL(fileURLWithPath: spec).deletingLastPathComponent().path
            let tokens = directory + "/tokens.json", har = directory + "/tokens.har"
            let record = #"{"flow":"client_credentials","refresh_token":"rt-9a4b3c2d1e","scope":"items:read"}"#
            try JSONValue.object(["Items \(server.baseURL) OAUTH": "at-5e1f0c77d2", "Items \(server.baseURL) OAUTH#oauth": .string(record)]).description
                .write(toFile: tokens, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokens)
            let call = try await CLI.run(["call", spec, "renewSession", "refresh_token=rt-9a4b3c2d1e", "--har", har], environment: ["NETSPEC_TOKEN_FILE": tokens])
            #expect(call.status == 0, "\(call.stderr)")
            let text = String(decoding: FileManager.default.contents(atPath: har) ?? Data(), as: UTF8.self)
            #expect(!text.contains("at-5e1f0c77d2") && !text.contains("rt-9a4b3c2d1e"))
            let entry = try JSONValue(parsing: Array(text.utf8))["log"]?["entries"]?[0]
            #expect(entry?["request"]?["headers"]?.array?.first { $0["name"] == "Authorization" }?["value"] == "[redacted: oauth]")
            #expect(entry?["request"]?["postData"]?["text"] == "refresh_token=[redacted: OAUTH refresh_token]")
            #expect(entry?["response"]?["content"]?["text"] == #"{"access_token":"[redacted: oauth]","refresh_token":"[redacted: OAUTH refresh_token]","token_type":"Bearer"}"#)
        }
    }
}

extension HARCommandTests {
    /// `-H 'Cookie: a; b'` goes as one `Cookie` line, and the recording holds that line (it held
    /// a `Cookie` header per cookie, which no user agent sends: RFC 6265 §5.4); hidden, each
    /// cookie the call adds is masked in it.
    @Test func aCookieHeaderIsRecordedAsTheOneLineSent() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let spec = try CLI.temporarySpec("netspec: 1\nservice: Cookies\nbaseURL: \(server.baseURL)\nendpoints:\n  cookie: { GET: /cookie }\n")
            let directory = URL(fileURLWithPath: spec).deletingLastPathComponent().path
            var recorded: [JSONValue] = []
            for (name, keeping) in [("kept.har", ["--har-keep-secrets"]), ("hidden.har", [])] {
                let call = try await CLI.run(["call", spec, "cookie", "-H", "Cookie: sid=abcdef123; theme=dark", "--har", directory + "/" + name] + keeping)
                #expect(call.status == 0, "\(call.stderr)")
                let echoed = try JSONValue(parsing: Array(call.stdout.utf8))["headers"]?.array ?? []
                #expect(echoed.filter { $0[0] == "Cookie" } == [["Cookie", "sid=abcdef123; theme=dark"]])
                let archive = try JSONValue(parsing: Array(FileManager.default.contents(atPath: directory + "/" + name) ?? Data()))
                recorded += (archive["log"]?["entries"]?[0]?["request"]?["headers"]?.array ?? []).filter { $0["name"] == "Cookie" }
            }
            #expect(recorded == [
                ["name": "Cookie", "value": "sid=abcdef123; theme=dark"],
                ["name": "Cookie", "value": "sid=[redacted: cookie]; theme=[redacted: cookie]"],
            ])
        }
    }

    /// A timeout recorded replays as a timeout: exit 2, as live (it exited 1, the failure's kind
    /// was not on record).
    @Test func aRecordedTimeoutReplaysWithExit2() async throws {
        try await withTestServer(TestHandlers.neverAnswer) { server in
            let spec = try CLI.temporarySpec("netspec: 1\nservice: Hang\nbaseURL: \(server.baseURL)\nendpoints:\n  hang: { GET: /hang }\n")
            let har = URL(fileURLWithPath: spec).deletingLastPathComponent().path + "/to.har"
            let live = try await CLI.run(["call", spec, "hang", "--timeout", "0.5", "--har", har])
            #expect(live.status == 2)
            #expect(live.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 500 ms\n")
            let replayed = try await CLI.run(["call", spec, "hang", "--replay", har])
            #expect(replayed.status == 2)
            #expect(replayed.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 500 ms (as recorded in GET \(server.baseURL)/hang (entry 1))\n")
        }
    }

    /// A `response.status` that is not an integer is refused when the command starts, as -5 is
    /// (exit 65; it replayed as a failed exchange, exit 1).
    @Test func aStatusThatIsNotAnIntegerIsRefusedWithExit65() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  get: { GET: /get }\n")
        let har = URL(fileURLWithPath: spec).deletingLastPathComponent().path + "/s.har"
        try #"{"log":{"entries":[{"request":{"method":"GET","url":"http://127.0.0.1:9/get"},"response":{"status":"abc","headers":[]}}]}}"#.write(toFile: har, atomically: true, encoding: .utf8)
        let replayed = try await CLI.run(["call", spec, "get", "--replay", har])
        #expect(replayed.status == 65)
        #expect(replayed.stderr == "error: \(har):1:100: entry 1: response.status \"abc\" is not an HTTP status\n")
    }

    /// A base URL that is one variable with a default (`${DEF_URL:-http://…}`), set nowhere:
    /// replayed, it is its default, as when it was recorded (it was `[unset:DEF_URL]`, no URL,
    /// and the replay exited 78).
    @Test func aBaseURLThatIsAVariableWithADefaultReplays() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"n":1}"#)) { server in
            let spec = try CLI.temporarySpec("netspec: 1\nservice: Def\nbaseURL: ${DEF_URL_\(server.port):-\(server.baseURL)}\nendpoints:\n  fast: { GET: /fast }\n", name: "def.yaml")
            let har = URL(fileURLWithPath: spec).deletingLastPathComponent().appendingPathComponent("def.har").path
            let recorded = try await CLI.run(["call", spec, "fast", "--har", har])
            #expect(recorded.status == 0, "\(recorded.stderr)")
            let replayed = try await CLI.run(["call", spec, "fast", "--replay", har])
            #expect(replayed.status == 0, "\(replayed.stderr)")
            #expect(replayed.stdout == recorded.stdout)
        }
    }
}
