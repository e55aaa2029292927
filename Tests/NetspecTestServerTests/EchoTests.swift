import Foundation
import NetspecTestServer
import Testing

@Suite(.timeLimit(.minutes(1)))
struct EchoTests {
    @Test func echoesMethodTargetHeadersAndBody() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request(
                "PATCH", "/a%20b/c?x=1&y=%2F",
                headers: [("X-Mixed-Case", "One"), ("x-mixed-case", "Two"), ("Content-Type", "text/plain")],
                body: Array("héllo".utf8))

            #expect(response.status == 200)
            #expect(response.header("content-type") == "application/json")
            let echo = try Echo(response)
            #expect(echo.method == "PATCH")
            #expect(echo.target == "/a%20b/c?x=1&y=%2F")
            #expect(echo.path == "/a%20b/c")
            #expect(echo.query == "x=1&y=%2F")
            #expect(echo.version == "HTTP/1.1")
            #expect(echo.headers == [
                ["Host", "test"], ["X-Mixed-Case", "One"], ["x-mixed-case", "Two"],
                ["Content-Type", "text/plain"], ["Content-Length", "6"],
            ])
            #expect(echo.bodyLength == 6)
            #expect(echo.bodyText == "héllo")
            #expect(echo.bodyBase64 == Data("héllo".utf8).base64EncodedString())
            #expect(echo.bodyStreamed == false)
        }
    }

    @Test func reportsNullQueryAndKnownChecksum() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("POST", "/plain", body: Array("hi".utf8))
            #expect(response.text.contains(#""query":null"#))
            // CRC-32 of "hi", as `printf hi | gzip | tail -c8` shows.
            #expect(try Echo(response).crc32 == "d8932aac")
        }
    }

    @Test func omitsBodyTextForInvalidUTF8() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let echo = try Echo(try await client.request("PUT", "/bin", body: [0xFF, 0x00, 0xFE]))
            #expect(echo.bodyText == nil)
            #expect(echo.bodyBase64 == "/wD+")
        }
    }

    @Test func answersHeadWithoutBody() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let client = try await RawClient.connect(port: server.port)
            let head = try await client.request("HEAD", "/x")
            #expect(head.status == 200)
            #expect(Int(head.header("content-length") ?? "") ?? 0 > 0)
            #expect(head.body.isEmpty)
            // The connection is still in step: the next response parses.
            let get = try await client.request("GET", "/y")
            #expect(try Echo(get).path == "/y")
        }
    }
}
