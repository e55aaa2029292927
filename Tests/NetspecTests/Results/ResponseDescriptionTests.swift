import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// `print(response)` shows the status and the body's text, a binary body by its size and media
/// type, never bytes; a header is read by name with `import Netspec` alone (issue 52.7).
@Suite struct ResponseDescriptionTests {
    static let long = String(repeating: "abcdefgh", count: 600)   // 4,800 characters

    @Test(arguments: [
        (200, "application/json", Array(#"{"id":7,"name":"Ada"}"#.utf8), "200 OK\n{\"id\":7,\"name\":\"Ada\"}"),
        (202, "text/plain; charset=utf-8", Array("queued".utf8), "202 Accepted\nqueued"),
        (200, "image/png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 2040), "200 OK\n<binary body, 2 KiB, image/png>"),
        // Text with a terminal escape in it is not shown as text.
        (200, "text/plain", Array("a\u{1B}[2Jb".utf8), "200 OK\n<binary body, 6 bytes, text/plain>"),
        (204, nil, [], "204 No Content"),
        (200, "text/plain", Array(long.utf8), "200 OK\n" + String(long.prefix(4096)) + "… (4.7 KiB in all)"),
    ] as [(Int, String?, [UInt8], String)])
    func printsStatusAndText(status: Int, contentType: String?, body: [UInt8], expected: String) async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: status, headers: contentType.map { [("Content-Type", $0)] } ?? [], body: body)
        }
        try await withTestServer(handler) { server in
            let api = try makeService("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: /orders/7, returns: Void }\n", server: server)
            let response = try await api.getOrder()
            #expect("\(response)" == expected)
            #expect(String(reflecting: response) == "getOrder: " + expected)
        }
    }

    @Test func aHeaderByNameInAnyCase() async throws {
        try await withTestServer(TestHandlers.json(body: "{}", headers: [("X-Rate-Limit", "10"), ("Vary", "a"), ("vary", "b")])) { server in
            let api = try makeService("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: /orders/7 }\n", server: server)
            let response = try await api.getOrder()
            #expect(response.header("x-rate-limit") == "10")
            #expect(response.header("Vary") == "a, b")
            #expect(response.header("X-Missing") == nil)
            #expect(response.header("not a name") == nil)
            // HTTPTypes comes with Netspec: no second import for the names.
            let name: HTTPField.Name = .contentType
            #expect(response.headerFields[name] == "application/json")
        }
    }

    /// Set-Cookie lines are never joined (RFC 9110 §5.3): an `Expires` date holds a comma, so
    /// `a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT, b=2; Expires=Thu, …` could not be split again.
    /// `header(_:)` is the first line, `headerValues(_:)` every line of any field, as sent.
    @Test func setCookieLinesAreNotJoined() async throws {
        let cookies = [("Set-Cookie", "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/"), ("set-cookie", "b=2; Expires=Thu, 22 Oct 2026 07:28:00 GMT; HttpOnly")]
        try await withTestServer(TestHandlers.json(body: "{}", headers: cookies + [("Vary", "a"), ("vary", "b")])) { server in
            let api = try makeService("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: /orders/7 }\n", server: server)
            let response = try await api.getOrder()
            #expect(response.header("Set-Cookie") == "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/")
            #expect(response.headerValues("set-cookie") == [
                "a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/", "b=2; Expires=Thu, 22 Oct 2026 07:28:00 GMT; HttpOnly",
            ])
            #expect(response.headerValues("VARY") == ["a", "b"])
            #expect(response.header("Vary") == "a, b")
            #expect(response.headerValues("X-Missing") == [])
            #expect(response.headerValues("not a name") == [])
        }
    }
}
