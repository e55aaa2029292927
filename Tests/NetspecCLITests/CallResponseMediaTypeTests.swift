import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec call` prints a whole response by its `Content-Type`: a text type as its text (in its
/// charset, never read as JSON), a type that is neither JSON nor text as its bytes.
@Suite struct CallResponseMediaTypeTests {
    /// An OpenAPI document whose operations answer text and an image (/tmp/exA/resp.yaml's).
    static let openAPI: String = {
        try! CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /txt:
                get:
                  operationId: txt
                  responses: {"200": {description: ok, content: {"text/plain; charset=iso-8859-1": {schema: {type: string}}}}}
              /img:
                get:
                  operationId: img
                  responses: {"200": {description: ok, content: {image/png: {schema: {type: string, format: binary}}}}}
            """, name: "resp.yaml")
    }()

    /// Docker's `ImageGet`, as its Swagger 2.0 document has it: a tar, `format: binary`.
    static let docker: String = {
        try! CLI.temporarySpec("""
            swagger: "2.0"
            info: {title: Docker Engine API, version: "1.53"}
            paths:
              /images/{name}/get:
                get:
                  operationId: "ImageGet"
                  produces:
                    - "application/x-tar"
                  responses:
                    200:
                      description: "no error"
                      schema:
                        type: "string"
                        format: "binary"
                  parameters:
                    - name: "name"
                      in: "path"
                      type: "string"
                      required: true
            """, name: "docker.yaml")
    }()

    /// A Netspec spec whose endpoint returns a `String`.
    static let netspec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: T
            endpoints:
              ver:
                GET: /version
                returns: String
            """, name: "ns.yaml")
    }()

    struct TextCase: Sendable, CustomStringConvertible {
        var spec: String
        var endpoint: String
        var contentType: String
        var body: [UInt8]
        var flags: [String] = []
        var stdout: String
        var description: String { "\(endpoint) \(contentType) \(String(decoding: body, as: UTF8.self)) \(flags)" }
    }

    static let textCases: [TextCase] = [
        // A text answer is its text, never JSON: a number keeps its digits, quotes stay.
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array("1.10".utf8), stdout: "1.10\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array("1.10".utf8), flags: ["-r"], stdout: "1.10\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array("1.10".utf8), flags: ["--raw"], stdout: "1.10\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array("1e5".utf8), stdout: "1e5\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array(#""x""#.utf8), flags: ["-r"], stdout: "\"x\"\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=utf-8", body: Array("true\n".utf8), stdout: "true\n"),
        // Its charset is honoured: ISO-8859-1 maps each byte to the code point of its number.
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=iso-8859-1", body: [0x63, 0x61, 0x66, 0xE9], stdout: "café\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=\"ISO-8859-1\"", body: [0xA3, 0x31], stdout: "£1\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=us-ascii", body: Array("42".utf8), stdout: "42\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=windows-1252", body: [0x80, 0x35], stdout: "€5\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain; charset=utf-16le", body: [0x68, 0x00, 0xE9, 0x00], stdout: "hé\n"),
        // A `String` result: the text, as a JSON string unless -r.
        TextCase(spec: netspec, endpoint: "ver", contentType: "text/plain", body: Array("1.10".utf8), stdout: "\"1.10\"\n"),
        TextCase(spec: netspec, endpoint: "ver", contentType: "text/plain", body: Array("1.10".utf8), flags: ["-r"], stdout: "1.10\n"),
        TextCase(spec: netspec, endpoint: "ver", contentType: "text/plain; charset=iso-8859-1", body: [0x63, 0x61, 0x66, 0xE9], flags: ["-r"], stdout: "café\n"),
        // A key path or a query reads structure: a JSON answer served as text is read as JSON.
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/plain", body: Array(#"{"a":{"b":1.10}}"#.utf8), flags: ["--keypath", "a"], stdout: "{\"b\":1.1}\n"),
        TextCase(spec: openAPI, endpoint: "txt", contentType: "text/html", body: Array(#"{"a":[1,2]}"#.utf8), flags: ["--jsonpath", "$.a[1]"], stdout: "[2]\n"),
        // JSON, or no Content-Type, is JSON as before.
        TextCase(spec: openAPI, endpoint: "txt", contentType: "application/json", body: Array("1.10".utf8), stdout: "1.1\n"),
    ]

    @Test(arguments: textCases)
    func textPrintsAsItsText(_ testCase: TextCase) async throws {
        let handler = Self.answering(testCase.contentType, testCase.body)
        try await withTestServer(handler) { server in
            let result = try await Self.run(["call", testCase.spec, testCase.endpoint, "--base-url", server.baseURL] + testCase.flags)
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(String(decoding: result.stdout, as: UTF8.self) == testCase.stdout)
        }
    }

    /// Text that cannot be read in its charset is an error for a `String` result.
    @Test(arguments: [
        ("text/plain; charset=shift_jis", [0x82, 0xA0] as [UInt8],
         "error: endpoint 'ver': the response's charset shift_jis is not one Netspec reads (UTF-8, US-ASCII, ISO-8859-1, windows-1252, UTF-16) (Content-Type text/plain; charset=shift_jis, 2 bytes)\n"),
        ("text/plain; charset=utf-8", [0x63, 0xE9], "error: endpoint 'ver': the response is not valid utf-8 text (Content-Type text/plain; charset=utf-8, 2 bytes)\n"),
        ("text/plain; charset=us-ascii", [0x63, 0xE9], "error: endpoint 'ver': the response is not valid us-ascii text (Content-Type text/plain; charset=us-ascii, 2 bytes)\n"),
    ])
    func unreadableTextIsAnErrorForAString(contentType: String, body: [UInt8], stderr: String) async throws {
        try await withTestServer(Self.answering(contentType, body)) { server in
            let result = try await Self.run(["call", Self.netspec, "ver", "--base-url", server.baseURL])
            #expect(result.status == 1)
            #expect(result.stdout == [])
            #expect(result.stderr == stderr)
        }
    }

    /// Bytes that are no PNG's or tar's in particular, but hold what text and JSON readers trip
    /// on: a NUL, bytes that are not UTF-8, no final newline.
    static let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0xFF, 0xFE, 0x80, 0x7B, 0x22]

    /// A tar's first block: a name, then NULs; valid UTF-8 throughout.
    static let tar: [UInt8] = Array("repositories".utf8) + [UInt8](repeating: 0, count: 100) + Array("0000644\u{0}".utf8) + [UInt8](repeating: 0, count: 400)

    /// A response that is neither JSON nor text goes to standard output as its bytes when that is
    /// not a terminal (`> out.tar`, a pipe), as curl does.
    @Test(arguments: [
        ("img", "image/png", binary),
        ("ImageGet", "application/x-tar", binary),
        ("ImageGet", "application/x-tar", tar),
        ("img", "application/pdf", Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)),
        // Text that cannot be decoded is bytes too: no charset and not UTF-8, or one not read.
        ("txt", "text/plain", [0x63, 0x61, 0x66, 0xE9]),
        ("txt", "text/plain; charset=koi8-r", [0xC1, 0xC2]),
    ])
    func bytesGoToStandardOutputAsTheyCame(endpoint: String, contentType: String, body: [UInt8]) async throws {
        let spec = endpoint == "ImageGet" ? Self.docker : Self.openAPI
        let arguments = endpoint == "ImageGet" ? ["name=alpine"] : []
        try await withTestServer(Self.answering(contentType, body)) { server in
            let result = try await Self.run(["call", spec, endpoint, "--base-url", server.baseURL] + arguments)
            #expect(result.stderr == "")
            #expect(result.status == 0)
            #expect(result.stdout == body)
        }
    }

    /// A JSON answer served with a type that is neither JSON nor text is still JSON.
    @Test func jsonWithABinaryTypeIsStillJSON() async throws {
        try await withTestServer(Self.answering("application/octet-stream", Array(#"{"a": 1}"#.utf8))) { server in
            let result = try await Self.run(["call", Self.openAPI, "img", "--base-url", server.baseURL])
            #expect(result.status == 0)
            #expect(String(decoding: result.stdout, as: UTF8.self) == "{\"a\":1}\n")
        }
    }

    /// A query cannot read bytes: an error saying what they are.
    @Test func jsonPathOnBytesIsAnError() async throws {
        try await withTestServer(Self.answering("image/png", Self.binary)) { server in
            let result = try await Self.run(["call", Self.openAPI, "img", "--base-url", server.baseURL, "--jsonpath", "$.a"])
            #expect(result.status == 1)
            #expect(result.stdout == [])
            #expect(result.stderr == "error: endpoint 'img': the response is not JSON (Content-Type image/png, 17 bytes), so --jsonpath has nothing to query\n")
        }
    }

    /// On a terminal, bytes are not printed (they could garble it, as HTTPie says): a note says
    /// how to save them and the call ends with 0; printable text still prints.
    @Test func bytesAreNotPrintedOnATerminal() async throws {
        try await withTestServer(Self.answering("image/png", Self.binary)) { server in
            let result = try await CLINetwork.runOnTerminal(["call", Self.openAPI, "img", "--base-url", server.baseURL])
            #expect(result.status == 0)
            #expect(result.stdout == "note: the response is binary (image/png, 17 bytes) and is not printed on a terminal; save it with -o FILE or redirect standard output (> FILE)\n")
        }
        try await withTestServer(Self.answering("application/x-pem-file", Array("-----BEGIN CERTIFICATE-----".utf8))) { server in
            let result = try await CLINetwork.runOnTerminal(["call", Self.openAPI, "img", "--base-url", server.baseURL])
            #expect(result.status == 0)
            #expect(result.stdout == "-----BEGIN CERTIFICATE-----\n")
        }
    }

    /// A server's answer: 200 with these exact bytes.
    static func answering(_ contentType: String, _ body: [UInt8]) -> TestHandler {
        { _, writer in try await writer.respond(headers: [("Content-Type", contentType)], body: body) }
    }

    /// `netspec ARGUMENTS` with standard output's bytes kept as they are (``CLI/run(_:stdin:environment:unsetting:)``
    /// decodes them as UTF-8).
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: [UInt8], stderr: String) {
        let child = try ChildProcess.start(CLI.executable, arguments, directory: CLI.root, environment: CLI.environment())
        async let stdout = ChildProcess.blocking {
            var bytes: [UInt8] = []
            ChildProcess.drain(child.stdout) { bytes += $0 }
            return bytes
        }
        async let stderr = ChildProcess.blocking {
            var bytes: [UInt8] = []
            if let descriptor = child.stderr { ChildProcess.drain(descriptor) { bytes += $0 } }
            return bytes
        }
        let (out, err) = await (stdout, stderr)
        return (await ChildProcess.exitStatus(of: child.pid), out, String(decoding: err, as: UTF8.self))
    }
}
