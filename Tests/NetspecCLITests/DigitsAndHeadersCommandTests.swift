import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call` sends a string parameter's digits as they are and refuses them only where they
/// become a number; prints a `Headers` result with one key per name and `Set-Cookie` as an array;
/// and names the key path when the result has nothing to read in.
@Suite struct DigitsAndHeadersCommandTests {
    static let iccid = "89014103211118510720"

    static let document: String = {
        try! CLI.temporarySpec("""
            openapi: 3.0.3
            info: { title: O, version: "1" }
            servers: [{ url: "http://127.0.0.1:9" }]
            paths:
              /echo/{id}:
                get:
                  operationId: getIt
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: string } }
                    - { name: card, in: query, schema: { type: string } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: object } } } }
            """, name: "o.yaml")
    }()

    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"

    @Test(arguments: [
        (["specs/users.yaml", "getUser", "id=\(iccid)"],
         "GET https://www.example.com/user?identifier=\(iccid) HTTP/1.1\ntoken: <redacted>\n" + tail),
        (["specs/users.yaml", "getTodos", "username=\(iccid)"],
         "GET https://www.example.com/users/\(iccid)/todos?limit=20 HTTP/1.1\ntoken: <redacted>\n" + tail),
        ([document, "getIt", "id=12345678901234567890", "card=\(iccid)"],
         "GET http://127.0.0.1:9/echo/12345678901234567890?card=\(iccid) HTTP/1.1\n" + tail),
    ])
    func aStringParameterSendsItsDigits(arguments: [String], stdout: String) async throws {
        let result = try await CLI.run(["call"] + arguments + ["--dry-run", "--var", "TOKEN=t"])
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == stdout)
    }

    @Test func anIntParameterStillRefusesThem() async throws {
        let result = try await CLI.run(["call", "specs/users.yaml", "getTodos", "username=a", "limit=\(Self.iccid)", "--dry-run", "--var", "TOKEN=t"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: endpoint 'getTodos': parameter 'limit': \(Self.iccid) has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 89014103211118510080 (limit=\(Self.iccid))\n")
    }

    static let headers: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: H
            endpoints:
              hdrh: { GET: /hdr, returns: Headers }
              text: { GET: /text }
            """, name: "h.yaml")
    }()

    static let fields = [("Vary", "Accept"), ("vary", "Origin"), ("Set-Cookie", "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT"), ("Set-Cookie", "b=2")]

    @Test(arguments: [
        ([String](), #"{"Content-Type":"application/json","Vary":"Accept, Origin","Set-Cookie":["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT","b=2"],"Content-Length":"7"}"# + "\n"),
        (["--keypath", "Vary"], "\"Accept, Origin\"\n"),
        (["--keypath", "vary", "-r"], "Accept, Origin\n"),
        (["--keypath", "set-cookie"], #"["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT","b=2"]"# + "\n"),
        (["--keypath", "Set-Cookie.0", "-r"], "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT\n"),
    ])
    func aHeadersResultHasOneKeyPerName(flags: [String], stdout: String) async throws {
        try await withTestServer(TestHandlers.json(body: #"{"a":1}"#, headers: Self.fields)) { server in
            let result = try await CLI.run(["call", Self.headers, "hdrh", "--base-url", server.baseURL] + flags)
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.stdout == stdout)
        }
    }

    /// A key path on a text answer (a JSON string served as text/plain) names itself.
    @Test func aKeyPathOnTextNamesItself() async throws {
        try await withTestServer(TestHandlers.text(body: #""x""#)) { server in
            let result = try await CLI.run(["call", Self.headers, "text", "--base-url", server.baseURL, "--keypath", "a"])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: endpoint 'text': key path 'a' reads in an object or array, but the result is a String\n")
        }
    }
}
