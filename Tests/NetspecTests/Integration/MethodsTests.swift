import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Every method goes out on the wire as declared, with its parameter in the query or the body.
@Suite struct MethodsTests {
    struct MethodCase: Sendable, CustomStringConvertible {
        var method: String
        /// `GET: /items` or `method: PROPFIND` + `path: /items`.
        var declaration: String
        var target: String
        var body: String?
        var contentType: String?
        /// async-http-client sends `Content-Length: 0` for a method it does not know to be bodiless.
        var emptyContentLength = false
        var description: String { method }
    }

    static let cases: [MethodCase] = [
        MethodCase(method: "GET", declaration: "GET: /items", target: "/items?name=a%20b", body: nil),
        MethodCase(method: "DELETE", declaration: "DELETE: /items", target: "/items?name=a%20b", body: nil),
        MethodCase(method: "OPTIONS", declaration: "OPTIONS: /items", target: "/items?name=a%20b", body: nil, emptyContentLength: true),
        MethodCase(method: "TRACE", declaration: "TRACE: /items", target: "/items?name=a%20b", body: nil),
        MethodCase(method: "POST", declaration: "POST: /items", target: "/items", body: #"{"name":"a b"}"#, contentType: "application/json"),
        MethodCase(method: "PUT", declaration: "PUT: /items", target: "/items", body: #"{"name":"a b"}"#, contentType: "application/json"),
        MethodCase(method: "PATCH", declaration: "PATCH: /items", target: "/items", body: #"{"name":"a b"}"#, contentType: "application/json"),
        MethodCase(method: "QUERY", declaration: "QUERY: /items", target: "/items", body: #"{"name":"a b"}"#, contentType: "application/json"),
        MethodCase(
            method: "PROPFIND", declaration: "method: PROPFIND\n    path: /items\n    params:\n      name: { in: query }",
            target: "/items?name=a%20b", body: nil, emptyContentLength: true),
        MethodCase(
            method: "PURGE", declaration: "method: PURGE\n    path: /items\n    params:\n      name: { in: body }",
            target: "/items", body: #""a b""#, contentType: "application/json"),
    ]

    static func spec(_ declaration: String) -> String {
        let params = declaration.contains("params:") ? "" : "\n    params:\n      name: String"
        return """
            netspec: 1
            service: Methods
            endpoints:
              call:
                \(declaration)\(params)
            """
    }

    @Test(arguments: cases)
    func methodTargetAndBodyReachTheServer(_ testCase: MethodCase) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.spec(testCase.declaration), server: server)
            let response = try await api.call("call", ["name": "a b"])
            let echo = try Echo(response)
            #expect(response.status == 200)
            #expect(echo.method == testCase.method)
            #expect(echo.target == testCase.target)
            #expect(echo.version == "HTTP/1.1")
            #expect(echo.bodyText == (testCase.body ?? ""))
            #expect(echo.header("Content-Type") == testCase.contentType)
            #expect(echo.header("Content-Length") == testCase.body.map { String($0.utf8.count) } ?? (testCase.emptyContentLength ? "0" : nil))
            #expect(echo.header("Host") == "127.0.0.1:\(server.port)")
            #expect(echo.header("Accept") == "application/json, */*;q=0.5")
            #expect(echo.header("Accept-Encoding") == "gzip, deflate")
            #expect(echo.header("User-Agent") == "netspec/\(NetspecInfo.version)")
            #expect(response["method"]?.string == testCase.method)
        }
    }

    /// A 2xx answer to CONNECT opens a tunnel and has no body (RFC 9110 §9.3.6), so the request is
    /// checked where the server received it.
    @Test func connectReachesTheServer() async throws {
        let received = Recorder<String>()
        let handler: TestHandler = { request, writer in
            received.record("\(request.method) \(request.target)")
            try await writer.respond(status: 200)
        }
        try await withTestServer(handler) { server in
            let response = try await makeService(Self.spec("CONNECT: /items"), server: server).call("call", ["name": "a b"])
            #expect(response.status == 200)
            #expect(response.value == nil)
            #expect(received.all == ["CONNECT /items?name=a%20b"])
        }
    }

    @Test func postWithoutArgumentsSendsContentLengthZero() async throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  ping:\n    POST: /ping\n"
        try await withTestServer(TestHandlers.echo) { server in
            let echo = try Echo(try await makeService(yaml, server: server).call("ping"))
            #expect(echo.method == "POST")
            #expect(echo.header("Content-Length") == "0")
            #expect(echo.header("Content-Type") == nil)
            #expect(echo.bodyLength == 0)
        }
    }

    @Test func headReturnsTheResponseHeadersByDefault() async throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  check:\n    HEAD: /posts/{id}\n    params:\n      id: Int\n"
        let handler = TestHandlers.router(["HEAD /posts/7": TestHandlers.json(body: #"{"id":7}"#, headers: [("ETag", #"W/"7""#)])])
        try await withTestServer(handler) { server in
            let response = try await makeService(yaml, server: server).call("check", ["id": 7])
            #expect(response.status == 200)
            #expect(response.body == [])
            #expect(response.value == ["Content-Type": "application/json", "ETag": #"W/"7""#, "Content-Length": "8"])
            #expect(server.requestCount == 1)
        }
    }

    @Test func dynamicMemberCallIsTheSameCallAsByName() async throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  getUser:\n    GET: /user\n    params:\n      id: { in: query, name: identifier }\n"
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(yaml, server: server)
            let dynamic = try Echo(try await api.getUser(id: "johne"))
            let byName = try Echo(try await api.call("getUser", ["id": "johne"]))
            #expect(dynamic.target == "/user?identifier=johne")
            #expect(byName.target == dynamic.target)
            #expect(byName.headers == dynamic.headers)
        }
    }
}
