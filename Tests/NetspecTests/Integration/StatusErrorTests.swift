import Foundation
import HTTPTypes
import NetspecTestServer
import Testing

import Netspec

/// A status that is not 2xx is a `CallError.status` with the status, headers, raw body and JSON.
@Suite struct StatusErrorTests {
    static let yaml = "netspec: 1\nservice: S\nendpoints:\n  get:\n    GET: /thing\n    returns: \"(id: Int)\"\n"

    struct StatusCase: Sendable, CustomStringConvertible {
        var status: Int
        var reason: String
        var body: String
        var description: String { "\(status)" }
    }

    static let cases: [StatusCase] = [
        StatusCase(status: 400, reason: "Bad Request", body: #"{"error":"bad","fields":["name"]}"#),
        StatusCase(status: 401, reason: "Unauthorized", body: #"{"error":"no token"}"#),
        StatusCase(status: 403, reason: "Forbidden", body: #"{"error":"forbidden"}"#),
        StatusCase(status: 404, reason: "Not Found", body: #"{"message":"no such thing","code":404}"#),
        StatusCase(status: 409, reason: "Conflict", body: #"{"error":"exists"}"#),
        // The server sends RFC 9110's "Unprocessable Content"; SwiftNIO names known codes itself.
        StatusCase(status: 422, reason: "Unprocessable Entity", body: #"{"errors":[{"field":"id","code":"invalid"}]}"#),
        StatusCase(status: 429, reason: "Too Many Requests", body: #"{"retry":true}"#),
        StatusCase(status: 500, reason: "Internal Server Error", body: #"{"error":"boom"}"#),
        StatusCase(status: 502, reason: "Bad Gateway", body: #"{"error":"upstream"}"#),
        StatusCase(status: 503, reason: "Service Unavailable", body: #"{"error":"later"}"#),
    ]

    @Test(arguments: cases)
    func nonSuccessStatusIsAnErrorWithTheJSONBody(_ testCase: StatusCase) async throws {
        let handler = TestHandlers.json(status: testCase.status, body: testCase.body, headers: [("X-Request-Id", "r-1")])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.call("get") }
            let status = try #require(error?.status)
            #expect(status.endpoint == "get")
            #expect(status.status == testCase.status)
            #expect(status.reasonPhrase == testCase.reason)
            #expect(status.statusLine == "HTTP \(testCase.status) \(testCase.reason)")
            #expect(status.headerFields[HTTPField.Name("X-Request-Id")!] == "r-1")
            #expect(status.headerFields[.contentType] == "application/json")
            #expect(status.body == Array(testCase.body.utf8))
            #expect(status.bodyText == testCase.body)
            #expect(status.json == (try JSONValue(parsing: testCase.body)))
            #expect(error?.description == "endpoint 'get': HTTP \(testCase.status) \(testCase.reason): \(testCase.body)")
            #expect(server.requestCount == 1)
        }
    }

    @Test func textErrorBodyHasNoJSON() async throws {
        let handler = TestHandlers.text(status: 500, body: "upstream exploded")
        try await withTestServer(handler) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("get") }
            let status = try #require(error?.status)
            #expect(status.json == nil)
            #expect(status.bodyText == "upstream exploded")
            #expect(error?.description == "endpoint 'get': HTTP 500 Internal Server Error: upstream exploded")
        }
    }

    @Test func emptyErrorBodyAndAnUnusualReasonPhrase() async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: 418, reason: "I'm a teapot", headers: [])
        }
        try await withTestServer(handler) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("get") }
            let status = try #require(error?.status)
            #expect(status.status == 418)
            #expect(status.body == [])
            #expect(status.json == nil)
            #expect(error?.description == "endpoint 'get': HTTP 418 I'm a teapot")
        }
    }

    /// SwiftNIO's parser drops the reason phrase on the wire, so an unknown code has none.
    @Test func unknownStatusHasNoReasonPhrase() async throws {
        let handler: TestHandler = { _, writer in
            try await writer.respond(
                status: 499, reason: "Client Went Away", headers: [("Content-Type", "application/json")], body: Array("[1]".utf8))
        }
        try await withTestServer(handler) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("get") }
            #expect(error?.status?.status == 499)
            #expect(error?.status?.reasonPhrase == "")
            #expect(error?.description == "endpoint 'get': HTTP 499: [1]")
        }
    }

    @Test func redirectStatusWithoutLocationIsAnError() async throws {
        try await withTestServer(TestHandlers.json(status: 300, body: #"{"choices":["a","b"]}"#)) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("get") }
            #expect(error?.status?.status == 300)
            #expect(error?.status?.json == ["choices": ["a", "b"]])
        }
    }

    @Test func successStatusesOtherThan200AreResults() async throws {
        for status in [201, 202, 203, 206] {
            try await withTestServer(TestHandlers.json(status: status, body: #"{"id":5}"#)) { server in
                let response = try await makeService(Self.yaml, server: server).call("get")
                #expect(response.status == status)
                #expect(response.value == ["id": 5])
            }
        }
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  delete:\n    DELETE: /thing\n    returns: Void\n"
        try await withTestServer(TestHandlers.sequence([{ _, writer in try await writer.respond(status: 204) }])) { server in
            let response = try await makeService(yaml, server: server).call("delete")
            #expect(response.status == 204)
            #expect(response.value == nil)
        }
    }
}
