import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// Secrets as servers give them back — JSON-escaped, form-encoded — hidden by `netspec run`'s
/// `-v`, error and `--json`, and by `--har`; and `netspec check`'s reproduction of a request with
/// an ordinary cookie beside a credential's (docs/har.md "Redaction", docs/workflows.md
/// "Secrets", docs/check.md "Failures").
@Suite struct SecretFormsCommandTests {
    static let keyed = """
        openapi: 3.0.3
        info: { title: Keyed, version: "1" }
        paths:
          /login:
            post:
              operationId: login
              security: [{ key: [] }]
              responses:
                '200': { description: ok, content: { application/json: { schema: {} } } }
        components:
          securitySchemes:
            key: { type: apiKey, in: header, name: X-Api-Key }
        """

    static let workflow = """
        arazzo: 1.0.1
        info: { title: Keyed, version: "1" }
        sourceDescriptions:
          - { name: api, url: keyed.yaml, type: openapi }
        workflows:
          - workflowId: s
            steps:
              - stepId: login
                operationId: login
                successCriteria:
                  - condition: $response.body#/key == 'wrong'
        """

    /// `text` as the inside of a JSON string, as `json.dumps` writes it (PHP's `\/` when `slashes`).
    static func jsonString(_ text: String, slashes: Bool = false) -> String {
        var escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        if slashes { escaped = escaped.replacing("/", with: "\\/") }
        return escaped
    }

    /// The server echoes the key JSON-escaped; a criterion fails on it. Neither the `-v` line, the
    /// error, the `--json` report (where the message quotes the value escaped twice) nor the
    /// recording shows it in any form.
    @Test(arguments: [#"pa"ss123"#, #"pa\ss123"#, #"pa/"ss\123"#])
    func aKeyEchoedJSONEscapedIsMaskedByRun(key: String) async throws {
        let echo: TestHandler = { request, writer in
            let key = request.header("X-Api-Key") ?? "none"
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"key":"\#(Self.jsonString(key))"}"#)
        }
        try await withTestServer(echo) { server in
            let folder = try ScratchDirectory()
            try folder.write(Array(Self.keyed.utf8), to: "keyed.yaml")
            let file = try folder.write(Array(Self.workflow.utf8), to: "s.arazzo.yaml")
            let har = folder.path + "/run.har"
            let run = try await CLI.run(["run", file, "-v", "--json", "--raw", "--server", "api=\(server.baseURL)", "--var", "KEY=\(key)", "--har", har])
            #expect(run.status == 1)
            #expect(run.stderr == """
                s.login  login POST \(server.baseURL)/login  → 200  ✗ $response.body#/key == 'wrong' (actual "<redacted>")  ⇒ fail
                error: workflow 's': step 'login' failed: criterion `$response.body#/key == 'wrong'` failed: actual "<redacted>" (\(file):11:24) [step at \(file):8:17]

                """)
            #expect(run.stdout.contains(#""actual":"<redacted>","message":"criterion `$response.body#/key == 'wrong'` failed: actual \"<redacted>\"""#), "\(run.stdout)")
            let recording = try String(contentsOfFile: har, encoding: .utf8)
            for text in [run.stdout, run.stderr, recording] { #expect(!text.contains("ss123") && !text.contains("ss\\\\123"), "\(text)") }
            #expect(recording.contains(#"{\"key\":\"[redacted: key]\"}"#), "\(recording)")
        }
    }

    static let loginSpec = """
        netspec: 1
        service: LoginF
        encoding: form
        auth: { bearer: "${TOKEN}" }
        endpoints:
          login:
            POST: /echo
            params:
              username: String
              password: { type: String, secret: true }
        """

    /// The server echoes the form it was sent (`password=open+sesame`) and the bearer token
    /// JSON-escaped, PHP's way (`\\/`) or Python's (`\\"`, `\\\\`): the recording hides each.
    @Test(arguments: [
        ("tok/with/slashes", true, #"{\"form\":\"username=ada&password=%5Bredacted%3A+password%5D\",\"auth\":\"[redacted: TOKEN]\"}"#),
        (#"tok"with\back"#, false, #"{\"form\":\"username=ada&password=%5Bredacted%3A+password%5D\",\"auth\":\"[redacted: TOKEN]\"}"#),
    ])
    func aRecordingHidesSecretsFormEncodedAndJSONEscaped(token: String, slashes: Bool, content: String) async throws {
        let echo: TestHandler = { request, writer in
            let form = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            let auth = request.header("Authorization") ?? ""
            let body = #"{"form":"\#(Self.jsonString(form, slashes: slashes))","auth":"\#(Self.jsonString(auth, slashes: slashes))"}"#
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: body)
        }
        try await withTestServer(echo) { server in
            let spec = try CLI.temporarySpec(Self.loginSpec)
            let har = spec + ".har"
            let call = try await CLI.run(["call", spec, "login", "username=ada", "password=open sesame", "--base-url", server.baseURL, "--var", "TOKEN=\(token)", "--har", har])
            #expect(call.status == 0, "\(call.stderr)")
            let recording = try String(contentsOfFile: har, encoding: .utf8)
            #expect(recording.contains(#""text": "\#(content)""#), "\(recording)")
            for form in ["sesame", "tok\\", "with"] { #expect(!recording.contains(form), "\(form) in \(recording)") }
        }
    }

    static let cookieSpec = """
        openapi: 3.1.0
        info: { title: Cookie, version: "1" }
        components:
          securitySchemes:
            auth: { type: apiKey, in: cookie, name: auth }
        security: [{ auth: [] }]
        paths:
          /c:
            get:
              operationId: withCookie
              parameters:
                - { name: session, in: cookie, required: true, schema: { type: string, example: abc } }
              responses:
                "200": { description: ok }
        """

    /// An ordinary cookie parameter is shown as sent, in the request and the curl line, so that
    /// the curl line sends what failed; the API key's cookie beside it is `<redacted>` in the
    /// request and its variable's reference in the curl line.
    @Test func checksReproductionShowsAnOrdinaryCookieAsSentAndTheKeysAsItsReference() async throws {
        let received = Recorder<String>()
        let failing: TestHandler = { request, writer in
            let cookie = request.header("Cookie") ?? ""
            received.record(cookie)
            // Only the example fails: shrinking keeps it.
            try await writer.respond(status: cookie.hasPrefix("session=abc;") ? 500 : 200, headers: [], body: "")
        }
        try await withTestServer(failing) { server in
            let spec = try CLI.temporarySpec(Self.cookieSpec)
            let result = try await CLI.run(["check", spec, "--base-url", server.baseURL, "--phases", "examples", "--checks", "not_a_server_error", "--var", "AUTH=k3y-secret-1"])
            #expect(result.status == 1)
            #expect(received.all.first == "session=abc; auth=k3y-secret-1")
            #expect(result.stdout.contains("""
                  request:
                    GET \(server.baseURL)/c HTTP/1.1
                    Cookie: session=abc; auth=<redacted>
                    Accept: application/json, */*;q=0.5

                """), "\(result.stdout)")
            #expect(result.stdout.contains("""
                  Reproduce with:
                    netspec call \(spec) withCookie session=abc --base-url \(server.baseURL) --var AUTH="$AUTH"
                    curl \(server.baseURL)/c -H "Cookie: session=abc; auth=${AUTH}" -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed

                """), "\(result.stdout)")
            #expect(!result.stdout.contains("k3y-secret-1"))
        }
    }
}
