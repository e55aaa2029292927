import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` against a real server on 127.0.0.1: output, options and exit statuses.
@Suite struct CallNetworkTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: CLI
            headers:
              X-Token: ${TOKEN:-none}
            endpoints:
              get:
                GET: /thing
              search:
                GET: /search
                params:
                  q: String
                  n: Int?
              create:
                POST: /users
                params:
                  name: String
                  tags: "[String]?"
                returns: "(name: String, id: Int)"
              remove:
                DELETE: /users/{id}
                params:
                  id: Int
                returns: Void
              replace:
                PUT: /users/{id}
                params:
                  id: Int
                  _: User
              check:
                HEAD: /thing
              mocked:
                GET: /thing
                mock: { status: 201, body: { from: mock } }
            """, name: "cli.yaml")
    }()

    static let body = #"{"b":[1,2],"a":"x","c":{"d":null}}"#

    @Test(arguments: [[], ["--raw"]])
    func resultIsCompactJSONWhenPiped(_ flags: [String]) async throws {
        try await withTestServer(TestHandlers.json(body: Self.body)) { server in
            let result = try await CLINetwork.call(Self.spec, "get", flags, server: server)
            #expect(result.status == 0)
            #expect(result.stdout == Self.body + "\n")
            #expect(result.stderr == "")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: CLINetwork.scriptPath)))
    func resultIsPrettyOnATerminalAndColouredUnlessNoColor() async throws {
        try await withTestServer(TestHandlers.json(body: Self.body)) { server in
            let base = ["call", Self.spec, "get", "--base-url", server.baseURL]
            let pretty = try await CLINetwork.runOnTerminal(base, environment: ["NO_COLOR": "1"])
            #expect(pretty.status == 0)
            #expect(pretty.stdout == """
                {
                    "b": [
                        1,
                        2
                    ],
                    "a": "x",
                    "c": {
                        "d": null
                    }
                }

                """)
            let raw = try await CLINetwork.runOnTerminal(base + ["--raw"])
            #expect(raw.stdout == Self.body + "\n")
            let coloured = try await CLINetwork.runOnTerminal(base)
            #expect(coloured.stdout.contains("\u{1B}["))
            #expect(coloured.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == pretty.stdout)
        }
    }

    @Test(arguments: [("b.1", "2\n"), ("a", "\"x\"\n"), ("c", "{\"d\":null}\n"), ("c.d", "null\n")])
    func keypathSelectsPartOfTheResult(_ keyPath: String, _ expected: String) async throws {
        try await withTestServer(TestHandlers.json(body: Self.body)) { server in
            let result = try await CLINetwork.call(Self.spec, "get", ["--keypath", keyPath], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == expected)
        }
    }

    @Test func itemsVariablesAndHeadersReachTheServer() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLINetwork.call(
                Self.spec, "search", ["q=a b", "n:=3", "-H", "X-Extra: 1", "--var", "TOKEN=t0k"], server: server)
            #expect(result.status == 0)
            let echo = try EchoReport(json: Array(result.stdout.utf8))
            #expect(echo.target == "/search?q=a%20b&n=3")
            #expect(echo.headers.contains(["X-Token", "t0k"]))
            #expect(echo.headers.contains(["X-Extra", "1"]))
        }
    }

    @Test func pipedStandardInputIsTheUnlabelledBody() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLINetwork.call(
                Self.spec, "replace", ["id=4", "--keypath", "bodyText"], server: server, stdin: Array(#"{"name":"Ada"}"#.utf8))
            #expect(result.status == 0)
            #expect(result.stdout == #""{\"name\":\"Ada\"}""# + "\n")
        }
    }

    @Test func tupleVoidAndHeadersResultsPrintAsTheSpecSays() async throws {
        let handler = TestHandlers.router([
            "POST /users": TestHandlers.json(status: 201, body: #"{"id":7,"email":"e","name":"Ada"}"#),
            "DELETE /users/7": { _, writer in try await writer.respond(status: 204) },
            "HEAD /thing": TestHandlers.json(body: "{}", headers: [("ETag", "\"e1\"")]),
        ])
        try await withTestServer(handler) { server in
            let created = try await CLINetwork.call(Self.spec, "create", ["name=Ada"], server: server)
            #expect(created.stdout == #"{"name":"Ada","id":7}"# + "\n")
            let removed = try await CLINetwork.call(Self.spec, "remove", ["id=7"], server: server)
            #expect(removed.status == 0)
            #expect(removed.stdout == "")
            let checked = try await CLINetwork.call(Self.spec, "check", [], server: server)
            #expect(checked.stdout == #"{"Content-Type":"application/json","ETag":"\"e1\"","Content-Length":"2"}"# + "\n")
        }
    }

    @Test func textResponsePrintsAsText() async throws {
        try await withTestServer(TestHandlers.text(body: "hello\nworld")) { server in
            let result = try await CLINetwork.call(Self.spec, "get", [], server: server)
            #expect(result.stdout == "hello\nworld\n")
        }
    }

    @Test func verbosePrintsRequestAndResponseHeadsOnStandardError() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"ok":1}"#, headers: [("X-Id", "9")])) { server in
            let result = try await CLINetwork.call(Self.spec, "search", ["q=1", "-v"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == #"{"ok":1}"# + "\n")
            #expect(result.stderr == """
                > GET \(server.baseURL)/search?q=1 HTTP/1.1
                > X-Token: <redacted>
                > Accept: application/json, */*;q=0.5
                > Accept-Encoding: gzip, deflate
                > User-Agent: netspec/0.1.0
                >
                < HTTP/1.1 200 OK
                < Content-Type: application/json
                < X-Id: 9
                < Content-Length: 8
                <

                """)
        }
    }

    @Test func mockAnswersWithoutTheNetwork() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLINetwork.call(Self.spec, "mocked", ["--mock"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == #"{"from":"mock"}"# + "\n")
            let users = try await CLI.run(["call", "specs/users.yaml", "getTodos", "username=johne", "--mock"])
            #expect(users.stdout == #"[{"id":1,"title":"Write the spec"},{"id":2,"title":"Call it by name"}]"# + "\n")
            let missing = try await CLI.run(["call", "specs/users.yaml", "createUser", "email=a@b.c", "--mock"])
            #expect(missing.status == 64)
            #expect(missing.stderr == "error: endpoint 'createUser': parameter 'password': missing required argument (String)\n")
            #expect(server.requestCount == 0)
        }
    }

    @Test(arguments: [
        (300, "Multiple Choices", Int32(3)), (404, "Not Found", Int32(4)), (422, "Unprocessable Entity", Int32(4)),
        (500, "Internal Server Error", Int32(5)), (503, "Service Unavailable", Int32(5)),
    ])
    func statusClassSetsTheExitStatus(_ status: Int, _ reason: String, _ exit: Int32) async throws {
        try await withTestServer(TestHandlers.json(status: status, body: #"{"error":"nope","code":\#(status)}"#)) { server in
            let result = try await CLINetwork.call(Self.spec, "get", [], server: server)
            #expect(result.status == exit)
            #expect(result.stdout == "")
            #expect(result.stderr == "HTTP/1.1 \(status) \(reason)\n{\"error\":\"nope\",\"code\":\(status)}\n")
        }
    }

    @Test func textErrorBodyIsPrintedAsIs() async throws {
        try await withTestServer(TestHandlers.text(status: 502, body: "bad gateway")) { server in
            let result = try await CLINetwork.call(Self.spec, "get", [], server: server)
            #expect(result.status == 5)
            #expect(result.stderr == "HTTP/1.1 502 Bad Gateway\nbad gateway\n")
        }
    }

    @Test func timeoutExits2() async throws {
        try await withTestServer(TestHandlers.slow(delay: .seconds(30))) { server in
            let result = try await CLINetwork.call(Self.spec, "get", ["--timeout", "0.3"], server: server)
            #expect(result.status == 2)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: the request to 127.0.0.1:\(server.port) timed out after 300 ms\n")
        }
    }

    @Test func serverClosingMidBodyExits1() async throws {
        try await withTestServer(TestHandlers.closeMidBody()) { server in
            let result = try await CLINetwork.call(Self.spec, "get", [], server: server)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: 127.0.0.1:\(server.port) closed the connection before the response was complete\n")
        }
    }

    @Test func connectionRefusedExits1() async throws {
        let reserved = try ReservedPort()
        let port = reserved.port
        defer { withExtendedLifetime(reserved) {} }
        // Refused is final: it must not wait out --timeout retrying.
        let refused = try await CLI.run(["call", Self.spec, "get", "--base-url", "http://127.0.0.1:\(port)", "--timeout", "3"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: cannot connect to 127.0.0.1:\(port): connection refused\n")
    }

    @Test(arguments: [
        (["search"], "error: endpoint 'search': parameter 'q': missing required argument (String)\n"),
        (["search", "q=1", "n=x"], "error: endpoint 'search': parameter 'n': 'x' is not an Int (a whole number) (n=x)\n"),
        (["search", "q=1", "zzz=1"], "error: endpoint 'search': parameter 'zzz': unknown argument (its parameters are: q, n)\n"),
        (["get", "--timeout", "0"], """
            Error: --timeout must be a positive number of seconds, at most 1000000000 (about 31 years)
            Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]
              See 'netspec call --help' for more information.

            """),
        // Longer than a clock holds: the conversion to a duration trapped.
        (["get", "--timeout", "1e17"], """
            Error: --timeout must be a positive number of seconds, at most 1000000000 (about 31 years)
            Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]
              See 'netspec call --help' for more information.

            """),
        (["get", "--connect-timeout", "inf"], """
            Error: --connect-timeout must be a positive number of seconds, at most 1000000000 (about 31 years)
            Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]
              See 'netspec call --help' for more information.

            """),
        (["gte"], "error: no endpoint 'gte' in FILE (did you mean 'get'?)\n"),
    ] as [([String], String)])
    func usageErrorsExit64(_ arguments: [String], _ message: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run(["call", Self.spec] + arguments + ["--base-url", server.baseURL])
            #expect(result.status == 64)
            #expect(result.stdout == "")
            #expect(result.stderr == message.replacingOccurrences(of: "FILE", with: Self.spec))
            #expect(server.requestCount == 0)
        }
    }

    @Test func invalidSpecExits65() async throws {
        let bad = try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /x/{id}\n", name: "bad.yaml")
        let result = try await CLI.run(["call", bad, "a", "id=1", "--base-url", "http://127.0.0.1:1"])
        #expect(result.status == 65)
        #expect(result.stderr == """
            \(bad):5:13: error: endpoint 'a': path placeholder '{id}' has no parameter \
            (declare 'id' under 'params', or give it a default as '{id=value}')

            """)
        #expect(result.stdout == "")
    }
}
