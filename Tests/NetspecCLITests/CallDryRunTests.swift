import Foundation
import Testing
import NetspecTestServer
import NetspecTestSupport

/// `netspec call … --dry-run` and `--curl`, run as a subprocess: the exact request printed on
/// standard output, and the exact errors with their exit statuses.
@Suite struct CallDryRunTests {
    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n"
    static let curlTail = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"
    static let curlHeaders = "-H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0'"

    // MARK: - SPEC.md examples

    @Test(arguments: [
        (["getUser", "id=johne"], "GET https://www.example.com/user?identifier=johne HTTP/1.1\ntoken: Bearer t\n" + CallDryRunTests.tail + "\n"),
        (["getTodos", "username=john doe", "done=true"],
         "GET https://www.example.com/users/john%20doe/todos?done&limit=20 HTTP/1.1\ntoken: Bearer t\n" + CallDryRunTests.tail + "\n"),
        (["getTodos", "username=j", "done=false", "limit=5"], "GET https://www.example.com/users/j/todos?limit=5 HTTP/1.1\ntoken: Bearer t\n" + CallDryRunTests.tail + "\n"),
        (["deleteUser", "id=7"], "DELETE https://www.example.com/users/7 HTTP/1.1\ntoken: Bearer t\nAccept: */*\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"),
        (["createUser", "email=a@b.c", "password=pw"], "POST https://www.example.com/user HTTP/1.1\ntoken: Bearer t\nContent-Type: application/json\n"
            + "Content-Length: 33\n" + CallDryRunTests.tail + "\n" + #"{"email":"a@b.c","password":"pw"}"# + "\n"),
        (["completions", "model=m", #"messages:=[{"role":"user","content":"hi"}]"#],
         "POST https://www.example.com/chat/completions HTTP/1.1\ntoken: Bearer t\nAuthorization: Bearer sk\nContent-Type: application/json\n"
            + "Content-Length: 71\nAccept: text/event-stream\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"
            + #"{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}"# + "\n"),
    ])
    func dryRunPrintsTheRequest(items: [String], message: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml"] + items + ["--dry-run", "--var", "TOKEN=t", "--var", "OPENAI_KEY=sk", "--show-secrets"])
        #expect(result.stdout == message)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test func curlPrintsACommand() async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "createUser", "email=a@b.c", "password=it's", "--curl", "--var", "TOKEN=t", "--show-secrets"])
        #expect(result.stdout == "curl -X POST https://www.example.com/user -H 'token: Bearer t' -H 'Content-Type: application/json' "
            + Self.curlTail + #" --data-raw '{"email":"a@b.c","password":"it'\''s"}'"# + "\n")
        #expect(result.status == 0)
    }

    @Test func optionsChangeTheRequest() async throws {
        let result = try await CLI.run([
            "call", "specs/users.yaml", "getUser", "id=1", "--base-url", "http://127.0.0.1:8080/api", "-H", "X-Trace: abc",
            "-H", "token:  override ", "--dry-run",
        ])
        // The call's own value for the spec's `token: Bearer ${TOKEN…}` is hidden, as -v hides it
        // (CallDryRunCallerCredentialTests).
        #expect(result.stdout == "GET http://127.0.0.1:8080/api/user?identifier=1 HTTP/1.1\ntoken: <redacted>\nX-Trace: abc\n" + Self.tail + "\n")
        #expect(result.status == 0)
    }

    /// HTTPie's `name==value` and `Name:value` add what the spec does not declare.
    @Test func undeclaredQueryItemsAndHeaders() async throws {
        let result = try await CLI.run([
            "call", "specs/users.yaml", "getUser", "id=1", "debug==a b&c", "debug==2", "X-Trace: abc", "--dry-run", "--var", "TOKEN=t", "--show-secrets",
        ])
        #expect(result.stdout == "GET https://www.example.com/user?identifier=1&debug=a%20b%26c&debug=2 HTTP/1.1\ntoken: Bearer t\nX-Trace: abc\n"
            + Self.tail + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test(arguments: [
        ("identifier==1", "error: endpoint 'getUser': parameter 'id': 'identifier==1' names a parameter the spec declares; write id=1 (name==value is for query items the spec does not declare)\n"),
        ("id==1", "error: endpoint 'getUser': parameter 'id': 'id==1' names a parameter the spec declares; write id=1 (name==value is for query items the spec does not declare)\n"),
        ("X-A:a\rb", "error: endpoint 'getUser': the value of header 'X-A' contains a line break (CR or LF)\n"),
        ("Bad Name:x", "error: endpoint 'getUser': invalid header name 'Bad Name'\n"),
    ])
    func aDeclaredParameterGivenAsAnUndeclaredItemIsAnError(item: String, message: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=1", item, "--dry-run", "--var", "TOKEN=t"])
        #expect(result.stderr == message)
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    @Test func standardInputIsTheUnlabelledBody() async throws {
        let result = try await CLI.run(["call", "specs/todos.yaml", "replacePost", "id=1", "--dry-run"], stdin: Array(#"{"title":"t","userId":1}"#.utf8))
        #expect(result.stdout == "PUT https://jsonplaceholder.typicode.com/posts/1 HTTP/1.1\nAccept: application/json\nContent-Type: application/json\n"
            + "Content-Length: 24\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n" + #"{"title":"t","userId":1}"# + "\n")
        #expect(result.status == 0)
    }

    @Test func standardInputOverTheLimitIsRefused() async throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024 * 1024 + 1)
        let result = try await CLI.run(["call", "specs/todos.yaml", "replacePost", "id=1", "--dry-run"], stdin: bytes)
        #expect(result.stderr == "error: standard input is larger than the 64 MiB limit (pass a file as an item instead, e.g. _@FILE)\n")
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    @Test func aFileItemIsUploaded() async throws {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: S
            baseURL: https://api.example.com
            endpoints:
              upload:
                POST: /upload
                encoding: multipart
                params:
                  title: String
                  file: URL
            """)
        let file = (spec as NSString).deletingLastPathComponent + "/table.csv"
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: file))
        let dryRun = try await CLI.run(["call", spec, "upload", "title=Q3 ✓", "file@\(file)", "--dry-run"])
        let boundary = try #require(dryRun.stdout.firstMatch(of: /boundary=(netspec-[A-Za-z0-9]{32})\n/)?.1)
        #expect(dryRun.stdout.replacing(boundary, with: "B") == """
            POST https://api.example.com/upload HTTP/1.1
            Content-Type: multipart/form-data; boundary=B
            Content-Length: 289
            \(Self.tail)
            --B
            Content-Disposition: form-data; name="title"

            Q3 ✓
            --B
            Content-Disposition: form-data; name="file"; filename="table.csv"
            Content-Type: text/csv

            <file \(file), 4 bytes>
            --B--

            """)
        let curl = try await CLI.run(["call", spec, "upload", "title=Q3", "file@\(file)", "--curl"])
        #expect(curl.stdout == "curl -X POST https://api.example.com/upload " + Self.curlTail
            + " --form-string title=Q3 -F 'file=@\(file);filename=table.csv;type=text/csv'\n")
        // A name with `,` or `;` is double-quoted in `-F`, as curl's manual says (curl read
        // `a;b,c.csv` as the file `a` with an unknown `b,c.csv` attribute and failed).
        let odd = (spec as NSString).deletingLastPathComponent + "/a;b,c.csv"
        try Data("a,b\n".utf8).write(to: URL(fileURLWithPath: odd))
        let quoted = try await CLI.run(["call", spec, "upload", "title=Q3", "file@\(odd)", "--curl"])
        #expect(quoted.stdout == "curl -X POST https://api.example.com/upload " + Self.curlTail
            + " --form-string title=Q3 -F 'file=@\"\(odd)\";filename=\"a;b,c.csv\";type=text/csv'\n")
    }

    /// `[` and `]` in a query are sent as `%5B` and `%5D` (Foundation escaped the whole query again
    /// for them), and the printed command sends the same: curl reads no glob in it (before, it
    /// needed `-g`, else "bad range", exit 3). Checked by running it against a local echo.
    @Test(arguments: [("filter[name]=x", "filter%5Bname%5D=x"), ("a*b[c]", "a*b%5Bc%5D"), ("][", "%5D%5B")])
    func curlSendsBracketsEscaped(value: String, sent: String) async throws {
        let spec = try CLI.temporarySpec("""
            netspec: 1
            service: Q
            endpoints:
              q:
                GET: /q
                params: { e: { type: String, in: query, encoded: true } }
            """)
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run(["call", spec, "q", "e=\(value)", "--curl", "--base-url", server.baseURL])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("curl '\(server.baseURL)/q?e=\(sent)' "))
            let curl = try await ChildProcess.run("/bin/sh", ["-c", result.stdout])
            #expect(curl.status == 0, "\(curl.stderr)")
            let report = try EchoReport(json: Array(curl.stdout.utf8))
            #expect(report.target == "/q?e=" + sent)
        }
    }

    /// An ordinary cookie parameter's values are shown as sent, an OpenAPI 3.2 `style: cookie`
    /// object's members too (they were `<redacted>`: their names are the value's, not the spec's).
    @Test func styleCookieMembersAreShownAsSent() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.2.0
            info: { title: Q, version: "1" }
            servers: [{ url: "https://q.example.com" }]
            paths:
              /ck:
                get:
                  operationId: ck
                  parameters:
                    - { name: c, in: cookie, style: cookie, schema: {} }
                  responses: { "200": { description: ok } }
            """, name: "o32.yaml")
        let dryRun = try await CLI.run(["call", spec, "ck", #"c:={"R":1,"G":"x y"}"#, "--dry-run"])
        #expect(dryRun.stdout == "GET https://q.example.com/ck HTTP/1.1\nCookie: R=1; G=x y\n" + Self.tail + "\n", "\(dryRun.stderr)")
        let curl = try await CLI.run(["call", spec, "ck", #"c:={"R":1,"G":"x y"}"#, "--curl"])
        #expect(curl.stdout == "curl https://q.example.com/ck -H 'Cookie: R=1; G=x y' " + Self.curlTail + "\n")
    }

    // MARK: - Errors

    @Test(arguments: [
        (["getUser", "id"], "error: item 'id' has no '=', ':=', '@', '==' or ':' (write name=text, name:=json, name@file, name==query or Name:header)\n"),
        (["getUser", "=x"], "error: item '=x' has no parameter name before the separator\n"),
        (["getUser", "f@"], "error: item 'f@' has no file path after '@'\n"),
        (["getUser", "idd=1"], "error: endpoint 'getUser': 2 problems with the arguments:\n  parameter 'idd': unknown argument (did you mean 'id'?)\n  parameter 'id': missing required argument (String)\n"),
        (["getUser", "id=1", "zzz=2"], "error: endpoint 'getUser': parameter 'zzz': unknown argument (its parameters are: id)\n"),
        (["getUser"], "error: endpoint 'getUser': parameter 'id': missing required argument (String)\n"),
        (["getUser", "id=a", "id=b"], "error: endpoint 'getUser': parameter 'id': given 2 times, but it is not an array (String)\n"),
        (["getTodos", "username=j", "limit=abc"], "error: endpoint 'getTodos': parameter 'limit': 'abc' is not an Int (a whole number) (limit=abc)\n"),
        (["getTodos", "username=j", "done=yes"], "error: endpoint 'getTodos': parameter 'done': 'yes' is not a Bool (true or false) (done=yes)\n"),
        (["getTodos", "username=.."], "error: endpoint 'getTodos': parameter 'username': '..' is not allowed as a path segment\n"),
        (["deleteUser", "id:=\"7\""], "error: endpoint 'deleteUser': parameter 'id': expected Int, got the string \"7\"\n"),
        (["createUser", "email:=[1", "password=p"], "error: endpoint 'createUser': parameter 'email': invalid JSON in 'email:=[1': line 1, column 3: unexpected end of input\n"),
        (["getUsr", "id=1"], "error: no endpoint 'getUsr' in specs/users.yaml (did you mean 'getUser'?)\n"),
        (["zzzzzz"], "error: no endpoint 'zzzzzz' in specs/users.yaml; its endpoints are: getUser, createUser, getTodos, deleteUser, completions\n"),
    ])
    func usageErrorsExit64(items: [String], stderr: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml"] + items + ["--dry-run"])
        #expect(result.stderr == stderr)
        #expect(result.stdout == "")
        #expect(result.status == 64)
    }

    /// A preview needs no secrets: an unset variable shows as `${NAME}`, a set one as `<redacted>`;
    /// `--show-secrets` needs it set and prints it; an actual call still needs it. An unset
    /// variable is a configuration problem (exit 78, `EX_CONFIG`); a bad value is a usage error (64).
    @Test func variableProblemsExit78AndBadValues64() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: https://api.example.com\nendpoints:\n  e:\n    GET: /x\n    headers: { X-Key: \"${NETSPEC_TEST_UNSET}\" }\n")
        let unsetMessage = "error: endpoint 'e': variable 'NETSPEC_TEST_UNSET' is not set (used in header 'X-Key'); set it with --var NETSPEC_TEST_UNSET=… or in the environment\n"
        let unset = try await CLI.run(["call", spec, "e", "--dry-run"])
        #expect(unset.stdout == "GET https://api.example.com/x HTTP/1.1\nX-Key: ${NETSPEC_TEST_UNSET}\n" + Self.tail + "\n")
        #expect(unset.status == 0)
        let unsetShown = try await CLI.run(["call", spec, "e", "--dry-run", "--show-secrets"])
        #expect(unsetShown.stderr == unsetMessage)
        #expect(unsetShown.status == 78)
        let sent = try await CLI.run(["call", spec, "e", "--base-url", "http://127.0.0.1:9"])
        #expect(sent.stderr == unsetMessage)
        #expect(sent.status == 78)
        let injected = try await CLI.run(["call", spec, "e", "--dry-run", "--var", "NETSPEC_TEST_UNSET=a\r\nX-Evil: 1"])
        #expect(injected.stderr == "error: endpoint 'e': the value of header 'X-Key' contains a line break (CR or LF)\n")
        #expect(injected.status == 64)
        let set = try await CLI.run(["call", spec, "e", "--dry-run", "--var", "NETSPEC_TEST_UNSET=k=v"])
        #expect(set.stdout == "GET https://api.example.com/x HTTP/1.1\nX-Key: <redacted>\n" + Self.tail + "\n")
        let shown = try await CLI.run(["call", spec, "e", "--dry-run", "--show-secrets", "--var", "NETSPEC_TEST_UNSET=k=v"])
        #expect(shown.stdout == "GET https://api.example.com/x HTTP/1.1\nX-Key: k=v\n" + Self.tail + "\n")
    }

    static let authSpec = """
        netspec: 1
        service: S
        baseURL: https://api.example.com
        endpoints:
          bearer:
            GET: /b
            auth: { bearer: "${NETSPEC_TEST_TOKEN}" }
          basic:
            GET: /c
            auth: { basic: { user: "${NETSPEC_TEST_USER}", password: "${NETSPEC_TEST_PASS}" } }
          key:
            GET: /k
            auth: { apiKey: { in: query, name: api_key, value: "${NETSPEC_TEST_KEY}" } }
          login:
            POST: /login
            params:
              user: String
              password: { type: String, secret: true }
        """ + "\n"

    /// `--dry-run` and `--curl` work with the variables unset, and print nothing secret: `--curl`
    /// writes shell references, so the printed command can be shared and runs where they are set.
    @Test(arguments: [
        (["bearer", "--dry-run"], "GET https://api.example.com/b HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\nAuthorization: Bearer ${NETSPEC_TEST_TOKEN}\n\n"),
        (["bearer", "--dry-run", "--var", "NETSPEC_TEST_TOKEN=s3cret"], "GET https://api.example.com/b HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\nAuthorization: <redacted>\n\n"),
        (["bearer", "--dry-run", "--var", "NETSPEC_TEST_TOKEN=s3cret", "--show-secrets"], "GET https://api.example.com/b HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\nAuthorization: Bearer s3cret\n\n"),
        (["bearer", "--curl", "--var", "NETSPEC_TEST_TOKEN=s3cret"], "curl https://api.example.com/b " + CallDryRunTests.curlHeaders + " -H \"Authorization: Bearer ${NETSPEC_TEST_TOKEN}\" --compressed" + "\n"),
        (["bearer", "--curl"], "curl https://api.example.com/b " + CallDryRunTests.curlHeaders + " -H \"Authorization: Bearer ${NETSPEC_TEST_TOKEN}\" --compressed" + "\n"),
        (["bearer", "--curl", "--var", "NETSPEC_TEST_TOKEN=s3cret", "--show-secrets"], "curl https://api.example.com/b " + CallDryRunTests.curlHeaders + " -H 'Authorization: Bearer s3cret' --compressed" + "\n"),
        (["basic", "--dry-run"], "GET https://api.example.com/c HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\nAuthorization: Basic base64(${NETSPEC_TEST_USER}:${NETSPEC_TEST_PASS})\n\n"),
        (["basic", "--curl"], "curl https://api.example.com/c " + CallDryRunTests.curlHeaders + " -u \"${NETSPEC_TEST_USER}:${NETSPEC_TEST_PASS}\" --compressed" + "\n"),
        (["key", "--dry-run", "--var", "NETSPEC_TEST_KEY=k1"], "GET https://api.example.com/k?api_key=<redacted> HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"),
        (["key", "--curl"], "curl \"https://api.example.com/k?api_key=${NETSPEC_TEST_KEY}\" " + CallDryRunTests.curlTail + "\n"),
        (["login", "user=ada", "password=pw", "--dry-run"], "POST https://api.example.com/login HTTP/1.1\nContent-Type: application/json\nContent-Length: 30\n" + CallDryRunTests.tail + "\n" + #"{"user":"ada","password":"<redacted>"}"# + "\n"),
        (["login", "user=ada", "password=pw", "--curl"], "curl -X POST https://api.example.com/login -H 'Content-Type: application/json' " + CallDryRunTests.curlTail + #" --data-raw '{"user":"ada","password":"<redacted>"}'"# + "\n"),
    ])
    func previewsNeedNoSecretsAndShowNone(arguments: [String], stdout: String) async throws {
        let spec = try CLI.temporarySpec(Self.authSpec)
        let result = try await CLI.run(["call", spec] + arguments)
        #expect(result.stdout == stdout)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    /// A credential given with `-H` (or the key's query item) satisfies the endpoint's auth: its
    /// variable is not demanded (issue 31.10), and what was given is sent, once.
    @Test func anExplicitCredentialNeedsNoVariable() async throws {
        let spec = try CLI.temporarySpec(Self.authSpec)
        try await withTestServer(TestHandlers.echo) { server in
            let bearer = try await CLI.run(["call", spec, "bearer", "-H", "Authorization: Bearer mine", "--base-url", server.baseURL])
            #expect(bearer.stderr == "")
            #expect(bearer.status == 0)
            let echo = try EchoReport(json: Array(bearer.stdout.utf8))
            #expect(echo.headers.filter { $0[0].lowercased() == "authorization" } == [["Authorization", "Bearer mine"]])
            let key = try await CLI.run(["call", spec, "key", "api_key==mine", "--base-url", server.baseURL])
            #expect(key.stderr == "")
            #expect(try EchoReport(json: Array(key.stdout.utf8)).target == "/k?api_key=mine")
        }
        let without = try await CLI.run(["call", spec, "bearer", "--base-url", "http://127.0.0.1:9"])
        #expect(without.status == 78)
    }

    /// A JSON body piped in is the operation's body though its schema became fields; named items
    /// merge over its members (issue 31.10).
    @Test func aPipedBodyFillsTheFields() async throws {
        let document = try CLI.temporarySpec("""
            openapi: 3.1.0
            servers: [{ url: "https://example.com" }]
            paths:
              /items:
                post:
                  operationId: createItem
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, required: [name, price], properties: { name: { type: string }, price: { type: number } } }
            """ + "\n", name: "items.yaml")
        let piped = try await CLI.run(["call", document, "createItem", "price:=2", "--dry-run"], stdin: Array(#"{"name":"pen","price":1,"extra":true}"#.utf8))
        #expect(piped.stderr == "")
        #expect(piped.status == 0)
        #expect(piped.stdout.split(separator: "\n").last == #"{"name":"pen","price":2,"extra":true}"#)
        let missing = try await CLI.run(["call", document, "createItem", "--dry-run"], stdin: Array(#"{"name":"pen"}"#.utf8))
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("parameter 'price': missing required argument"))
    }

    /// `--mock` answers without credentials: the README's GitHub example works with no token set.
    @Test func mocksNeedNoSecrets() async throws {
        let result = try await CLI.run(["call", "specs/github.yaml", "getAuthenticatedUser", "--mock", "--raw"], unsetting: ["GITHUB_TOKEN"])
        #expect(result.stdout == #"{"login":"octocat","id":583231,"name":"The Octocat"}"# + "\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let verbose = try await CLI.run(["call", "specs/github.yaml", "getAuthenticatedUser", "--mock", "--raw", "-v"], unsetting: ["GITHUB_TOKEN"])
        #expect(verbose.stderr.contains("Authorization: <redacted>"))
        #expect(verbose.status == 0)
    }

    /// The printed curl command runs where the variable is set: the shell expands the reference.
    @Test func thePrintedCurlCommandExpandsInAShell() async throws {
        let spec = try CLI.temporarySpec(Self.authSpec)
        let result = try await CLI.run(["call", spec, "bearer", "--curl"])
        // `curl` replaced by a function that prints its arguments, one per line.
        let echo = try await ChildProcess.run(
            "/bin/sh", ["-c", "curl() { printf '%s\\n' \"$@\"; }; " + result.stdout], environment: ["NETSPEC_TEST_TOKEN": "t0k\"en"]
        )
        let words = echo.stdout.split(separator: "\n")
        #expect(words == [
            "https://api.example.com/b", "-H", "Accept: application/json, */*;q=0.5", "-H", "User-Agent: netspec/0.1.0",
            "-H", "Authorization: Bearer t0k\"en", "--compressed",
        ])
    }

    @Test(arguments: [
        (["-H", "bad"], "Error: -H 'bad' must be 'Name: value'\n"),
        (["--var", "X"], "Error: --var 'X' must be NAME=VALUE\n"),
        // An empty name was a variable no spec can use, set without a word.
        (["--var", "=x"], "Error: --var '=x' must be NAME=VALUE: its NAME is empty\n"),
    ])
    func badOptionsExit64(options: [String], firstLine: String) async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getUser", "id=1", "--dry-run"] + options)
        #expect(result.stderr.hasPrefix(firstLine + "Usage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n"))
        #expect(result.status == 64)
    }

    @Test func anInvalidSpecExits65() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: /x/{id}\n", name: "bad.yaml")
        let result = try await CLI.run(["call", spec, "e", "id=1", "--dry-run"])
        #expect(result.stderr == "\(spec):5:13: error: endpoint 'e': path placeholder '{id}' has no parameter (declare 'id' under 'params', or give it a default as '{id=value}')\n")
        #expect(result.stdout == "")
        #expect(result.status == 65)
        let missing = try await CLI.run(["call", "nope.yaml", "e", "--dry-run"])
        #expect(missing.stderr == "nope.yaml: error: cannot read file: No such file or directory\n")
        #expect(missing.status == 65)
    }
}
