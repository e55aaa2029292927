@testable import NetspecTestServer
import Testing

@Suite(.timeLimit(.minutes(1)))
struct HandlersTests {
    @Test func routerMatchesMethodPathAndPrefix() async throws {
        let handler = TestHandlers.router([
            "GET /users": TestHandlers.text(body: "list"),
            "POST /users": TestHandlers.text(status: 201, body: "created"),
            "/files/*": TestHandlers.text(body: "file"),
        ])
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            #expect(try await client.request("GET", "/users?page=2").text == "list")
            #expect(try await client.request("POST", "/users", body: []).status == 201)
            #expect(try await client.request("DELETE", "/files/a/b").text == "file")
            let missing = try await client.request("GET", "/nope\"")
            #expect(missing.status == 404)
            #expect(missing.text == #"{"error":"no route","method":"GET","path":"/nope\""}"#)
        }
    }

    @Test func redirectsAndLoops() async throws {
        let handler = TestHandlers.router([
            "/old": TestHandlers.redirect(to: "/new", status: 308),
            "/loop": TestHandlers.redirectLoop,
        ])
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            let moved = try await client.request("GET", "/old")
            #expect(moved.status == 308)
            #expect(moved.header("location") == "/new")
            let loop = try await client.request("GET", "/loop?n=1")
            #expect(loop.status == 302)
            #expect(loop.header("location") == "/loop?n=1")
        }
    }

    @Test(arguments: TestContentEncoding.allCases)
    func compressesBody(encoding: TestContentEncoding) async throws {
        let json = #"{"message":"\#(String(repeating: "compressible ", count: 100))"}"#
        try await withTestServer(TestHandlers.compressed(encoding, body: json)) { server in
            let client = try await RawClient.connect(port: server.port)
            let response = try await client.request("GET", "/")
            #expect(response.header("content-encoding") == encoding.headerValue)
            #expect(response.header("content-type") == "application/json")
            #expect(response.body.count < json.utf8.count / 4)
            let inflated = try Zlib.decompress(response.body, raw: encoding == .rawDeflate)
            #expect(String(decoding: inflated, as: UTF8.self) == json)
            if encoding == .gzip { #expect(response.body.prefix(2) == [0x1F, 0x8B]) }
        }
    }

    @Test func sequenceAnswersInTurnThenRepeatsLast() async throws {
        let handler = TestHandlers.sequence([
            TestHandlers.json(status: 503, headers: [("Retry-After", "0")]),
            TestHandlers.json(status: 200, body: #"{"ok":true}"#),
        ])
        try await withTestServer(handler) { server in
            let client = try await RawClient.connect(port: server.port)
            let statuses = [
                try await client.request("GET", "/").status,
                try await client.request("GET", "/").status,
                try await client.request("GET", "/").status,
            ]
            #expect(statuses == [503, 200, 200])
        }
    }

    @Test func slowWaitsBeforeAnswering() async throws {
        try await withTestServer(TestHandlers.slow(delay: .milliseconds(300))) { server in
            let client = try await RawClient.connect(port: server.port)
            let started = ContinuousClock.now
            #expect(try await client.request("GET", "/").text == "{}")
            #expect(ContinuousClock.now - started >= .milliseconds(300))
        }
    }
}
