import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// One printability rule on every output path of the CLI: text with control characters (other
/// than tab, CR and LF; C1 controls included) is never written to a terminal as it is.
@Suite struct PrintabilityTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Print
            endpoints:
              get:
                GET: /thing
              upload:
                POST: /upload
                encoding: multipart
                params:
                  note: String
                  file: Data
            """, name: "print.yaml")
    }()

    @Test func anErrorBodyWithControlCharactersIsShownAsBinary() async throws {
        try await withTestServer(TestHandlers.text(status: 500, body: "bad \u{1B}[2J news")) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL])
            #expect(result.status == 5)
            #expect(result.stderr == "HTTP/1.1 500 Internal Server Error\n<13 bytes of binary data>\n")
        }
    }

    @Test func aC1ControlInAnErrorBodyIsShownAsBinaryToo() async throws {
        try await withTestServer(TestHandlers.text(status: 400, body: "x\u{9B}31m")) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL])
            #expect(result.status == 4)
            #expect(result.stderr == "HTTP/1.1 400 Bad Request\n<6 bytes of binary data>\n")
        }
    }

    @Test func verboseEscapesControlCharactersInHeaderValues() async throws {
        let raw = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Note: a\u{9B}b\r\nContent-Length: 2\r\n\r\n{}"
        try await withTestServer(TestHandlers.raw(raw)) { server in
            let result = try await CLI.run(["call", Self.spec, "get", "--base-url", server.baseURL, "-v"])
            #expect(result.status == 0)
            #expect(result.stderr.contains("< X-Note: a\\u{9B}b\n"))
        }
    }

    @Test func curlSendsAMultipartPartWithControlCharactersOnStandardInput() async throws {
        let directory = try ScratchDirectory()
        let file = try directory.write([1, 2], to: "f.bin")
        let result = try await CLI.run(["call", Self.spec, "upload", "note=a\u{1B}b", "file@" + file, "--curl", "--base-url", "http://h", "--timeout", "5"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("curl -X POST http://h/upload "))
        #expect(result.stdout.contains(" -F note=@- -F 'file=@\(file);filename=f.bin;type=application/octet-stream' --max-time 5 # part 'note': 3 bytes on standard input\n"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func dryRunShowsAMultipartPartWithControlCharactersAsItsSize() async throws {
        let directory = try ScratchDirectory()
        let file = try directory.write([1, 2], to: "f.bin")
        let result = try await CLI.run(["call", Self.spec, "upload", "note=a\u{1B}b", "file@" + file, "--dry-run", "--base-url", "http://h"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<3 bytes>"))
        #expect(!result.stdout.contains("\u{1B}"))
    }
}
