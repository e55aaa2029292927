import Foundation
import NetspecTestSupport
import Testing

import Netspec

/// What a Netspec spec cannot send is refused where it is written, as a base URL's problems are:
/// an absolute endpoint URL with credentials, no host or a port out of range (it skipped every
/// base-URL check and was sent without its credentials, shown with the password by --dry-run and
/// --curl); a `mimeType:` that is no media type (a line break in it injected a header); the same
/// header twice in a `headers:` mapping in another case (one was lost); a framing header the
/// transport writes itself (`Transfer-Encoding: chunked` shown beside `Content-Length`); a path
/// default that is a dot segment (every call failed), while a default may now hold `/`.
@Suite struct SpecURLAndHeaderRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The spec's text after `netspec: 1` and `service: S` (lines 1 and 2).
        var body: String
        /// The error after `FILE:`.
        var expected: String
        init(_ name: String, _ body: String, _ expected: String) {
            self.name = name
            self.body = body
            self.expected = expected
        }
        var testDescription: String { name }
    }

    static let credentials = "it holds credentials (before '@'), which netspec does not send from a URL: give them in an Authorization header or by the spec's auth"
    static let notMediaType = "'mimeType' is not a media type (type/subtype, RFC 9110 §8.3.1)"
    static let framing = "netspec writes it itself from the body (RFC 9112 §6.2, §6.3)"

    static let cases: [Case] = [
        // 1. An absolute endpoint URL is checked as a base URL is.
        Case("absolute URL with credentials", "endpoints:\n  e:\n    GET: \"http://u:p@127.0.0.1:8765/x\"\n",
             "5:11: error: endpoint 'e': invalid URL 'http://<redacted>@127.0.0.1:8765/x': \(credentials)"),
        Case("absolute URL with credentials, plain", "endpoints:\n  e:\n    GET: https://u:p@h/x\n",
             "5:10: error: endpoint 'e': invalid URL 'https://<redacted>@h/x': \(credentials)"),
        Case("credentials beside a placeholder host", "endpoints:\n  e:\n    GET: http://u:p@{host}/x\n    params: { host: String }\n",
             "5:10: error: endpoint 'e': invalid URL 'http://<redacted>@{host}/x': \(credentials)"),
        Case("absolute URL without a host", "endpoints:\n  e:\n    GET: \"http://\"\n",
             "5:11: error: endpoint 'e': invalid URL 'http://': it has no host after 'http://'"),
        Case("absolute URL with a port out of range", "endpoints:\n  e:\n    GET: http://127.0.0.1:99999/x\n",
             "5:10: error: endpoint 'e': invalid URL 'http://127.0.0.1:99999/x': port 99999 (character 18) is out of range (1 to 65535)"),
        Case("absolute URL with a port that is no number", "endpoints:\n  e:\n    GET: http://h:8o/x?a=1\n",
             "5:10: error: endpoint 'e': invalid URL 'http://h:8o/x?a=1': port '8o' (character 10) is not a number"),
        // 2. mimeType is a media type, checked where the character is written.
        Case("mimeType with CR LF", "endpoints:\n  e:\n    POST: /n\n    params:\n      _: { type: String, mimeType: \"text/plain\\r\\nX-Injected: 1\" }\n",
             "7:47: error: endpoint 'e': parameter '_': \(notMediaType): a line break (CR or LF) (character 11) cannot be in a media type; '; name=value' parameters may follow the subtype"),
        Case("a part's mimeType with a line feed", "endpoints:\n  e:\n    POST: /f\n    params:\n      f: { type: Data, in: part, mimeType: \"text/plain;\\nX-Inj: 2\" }\n",
             "7:56: error: endpoint 'e': parameter 'f': \(notMediaType): a line break (CR or LF) (character 12) cannot start a parameter name"),
        Case("mimeType of words", "endpoints:\n  e:\n    POST: /n\n    params:\n      _: { type: String, mimeType: not a media type }\n",
             "7:39: error: endpoint 'e': parameter '_': \(notMediaType): a space (character 4) cannot be in a type; '/' and a subtype follow it"),
        Case("mimeType without a subtype", "endpoints:\n  e:\n    POST: /n\n    params:\n      _: { type: String, mimeType: text }\n",
             "7:39: error: endpoint 'e': parameter '_': \(notMediaType): it has no '/' and subtype after 'text'"),
        Case("mimeType with a parameter without a value", "endpoints:\n  e:\n    POST: /n\n    params:\n      _: { type: String, mimeType: \"text/plain; charset\" }\n",
             "7:55: error: endpoint 'e': parameter '_': \(notMediaType): parameter 'charset' needs '=' and a value, found the end"),
        Case("mimeType with an unclosed quoted value", "endpoints:\n  e:\n    POST: /n\n    params:\n      _: { type: String, mimeType: 'a/b; x=\"y' }\n",
             "7:44: error: endpoint 'e': parameter '_': \(notMediaType): the value of parameter 'x' is not closed by '\"'"),
        // 3. The same header in two cases.
        Case("service headers in two cases", "headers:\n  X-Api-Version: \"1\"\n  x-api-version: \"2\"\nendpoints: {}\n",
             "5:3: error: headers 'X-Api-Version' and 'x-api-version' are the same header (names are case-insensitive, RFC 9110 §5.1); keep one"),
        Case("endpoint headers in two cases", "endpoints:\n  e:\n    GET: /a\n    headers: { Accept: a/b, ACCEPT: c/d }\n",
             "6:29: error: endpoint 'e': headers 'Accept' and 'ACCEPT' are the same header (names are case-insensitive, RFC 9110 §5.1); keep one"),
        // 4. Framing headers.
        Case("Transfer-Encoding", "endpoints:\n  e:\n    POST: /a\n    headers: { Transfer-Encoding: chunked }\n    params: { x: String }\n",
             "6:16: error: endpoint 'e': header 'Transfer-Encoding' cannot be set: \(framing)"),
        Case("Content-Length", "headers:\n  content-length: \"3\"\nendpoints: {}\n",
             "4:3: error: header 'content-length' cannot be set: \(framing)"),
        // 5. Path defaults.
        Case("a dot-dot default", "endpoints:\n  e:\n    GET: /d/{id=..}/x\n",
             "5:13: error: endpoint 'e': default '..' in '{id=..}' cannot be sent: '..' is not allowed as a path segment"),
        Case("a dot default", "endpoints:\n  e:\n    GET: /d/{id=.}\n",
             "5:13: error: endpoint 'e': default '.' in '{id=.}' cannot be sent: '.' is not allowed as a path segment"),
        Case("a reserved default with a dot segment", "endpoints:\n  e:\n    GET: /d/{+p=a/../b}\n",
             "5:13: error: endpoint 'e': default 'a/../b' in '{+p=a/../b}' cannot be sent: '.' and '..' are not allowed as path segments"),
        Case("a slash in a name still ends the brace", "endpoints:\n  e:\n    GET: /d/{a/b}\n",
             "5:13: error: endpoint 'e': '{' is not closed by '}'"),
    ]

    @Test(arguments: cases)
    func isRefusedWhereItIsWritten(_ testCase: Case) throws {
        let file = try Self.write("netspec: 1\nservice: S\n" + testCase.body)
        let error = #expect(throws: SpecError.self) { try Spec.load(path: file) }
        #expect(error?.description == "\(file):\(testCase.expected)")
    }

    /// What is still accepted: a media type with parameters (a quoted one with an escape), a range,
    /// an empty parameter; headers in other names, `Connection` (sent as given); a default with `/`.
    @Test func whatIsAMediaTypeAndADefaultWithASlashLoad() throws {
        let spec = try Spec.load(path: Self.write("""
            netspec: 1
            service: S
            baseURL: https://api.example.com
            headers: { X-A: "1", X-B: "2", Connection: close }
            endpoints:
              a: { POST: /a, params: { _: { type: String, mimeType: "text/plain; charset=utf-8" } } }
              b: { POST: /b, params: { _: { type: String, mimeType: 'application/vnd.x+json;q="a \\" b";;' } } }
              c: { POST: /c, params: { f: { type: Data, in: part, mimeType: "image/*" } } }
              readme: { GET: "/repos/{+path=docs/README.md}" }
              file: { GET: "/files/{name=a/b}" }

            """))
        let api = Service(spec: spec, provider: Provider())
        #expect(try api.prepare("readme").url == "https://api.example.com/repos/docs/README.md")
        // Not reserved: the default is one segment, its `/` escaped.
        #expect(try api.prepare("file").url == "https://api.example.com/files/a%2Fb")
    }

    /// A host or port that is a placeholder is checked when the call gives it, naming the parameter.
    @Test(arguments: [
        (["port": 99999], "invalidValue: endpoint 'e': parameter 'port': invalid URL 'http://127.0.0.1:99999/x': port 99999 (character 18) is out of range (1 to 65535)"),
        (["port": 0], "invalidValue: endpoint 'e': parameter 'port': invalid URL 'http://127.0.0.1:0/x': port 0 (character 18) is out of range (1 to 65535)"),
        (["port": 8765], "no error"),
    ] as [([String: Argument], String)])
    func aPlaceholderPortIsCheckedAtTheCall(arguments: [String: Argument], expected: String) throws {
        let api = try Binding.service("netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: http://127.0.0.1:{port}/x\n    params: { port: Int }\n")
        #expect(Binding.failure(of: api, "e", arguments) == expected)
    }

    @Test func aPlaceholderHostHoldingCredentialsIsRefusedAtTheCall() throws {
        let api = try Binding.service("netspec: 1\nservice: S\nendpoints:\n  e:\n    GET: http://{host}:8765/x\n    params: { host: String }\n")
        #expect(Binding.failure(of: api, "e", ["host": "u:p@h"]) == "invalidValue: endpoint 'e': parameter 'host': invalid URL 'http://<redacted>@h:8765/x': \(Self.credentials)")
    }

    /// A call's own framing header (`-H`, ``CallOptions/headers``) is refused as a spec's is,
    /// where --dry-run showed it beside the Content-Length sent and the wire dropped it.
    @Test(arguments: [
        ("Transfer-Encoding", "chunked", "invalidValue: endpoint 'e': header 'Transfer-Encoding' cannot be set: \(framing)"),
        ("content-length", "3", "invalidValue: endpoint 'e': header 'content-length' cannot be set: \(framing)"),
        ("Connection", "close", "no error"),
    ])
    func aCallsFramingHeaderIsRefused(name: String, value: String, expected: String) throws {
        let api = try Binding.service("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  e:\n    POST: /a\n    params: { x: String }\n")
        #expect(Binding.failure(of: api, "e", ["x": "1"], options: CallOptions(headers: [(name, value)])) == expected)
    }

    private static func write(_ text: String) throws -> String {
        let path = try ProcessTemporaryFolder.folder("refusals") + "/spec.yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
