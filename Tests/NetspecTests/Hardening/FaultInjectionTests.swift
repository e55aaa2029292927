import Foundation
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// Faults a server can commit, each with the documented error — none crashes, hangs or leaks.
///
/// | fault | documented result |
/// |---|---|
/// | reset before the headers / in the body | `.transport(.connectionClosed)` "HOST reset the connection" |
/// | closed before the headers / in the body | `.transport(.connectionClosed)` "HOST closed the connection before the response was complete" |
/// | accepts and never answers | `.transport(.timeout)` when the call's time limit passes; the connection is closed |
/// | a body that drips slower than the time limit | `.transport(.timeout)` |
/// | more body bytes than `Content-Length` | the declared bytes are the response; the next call on the server is unaffected |
/// | truncated gzip | `.transport(.invalidResponse)` "the compressed response body from HOST cannot be decompressed: it ends early" |
/// | invalid UTF-8 in JSON | `.decoding` "the response is not valid JSON (… invalid UTF-8 …)" |
/// | invalid UTF-8 in an event stream | replaced by U+FFFD in the event's data, as WHATWG's UTF-8 decode says |
/// | a redirect loop | `.transport(.redirect)` "redirect loop: URL redirects to URL, which was requested before" |
/// | a Content-Encoding other than one gzip or deflate (`br`, `gzip, gzip`) | `.transport(.invalidResponse)` "the response from HOST has Content-Encoding 'br', which Netspec does not decode (…)" |
/// | an enormous header | `.transport(.invalidResponse)` "HOST sent an invalid HTTP response (…)" |
@Suite struct FaultInjectionTests {
    static let yaml = """
        netspec: 1
        service: Faults
        endpoints:
          get: { GET: /thing }
          events:
            GET: /events
            stream: sse
        """

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var handler: TestHandler
        var kind: TransportError.Kind
        /// The message, with `HOST` for `127.0.0.1:PORT`; a trailing `…` matches any rest.
        var message: String
        var testDescription: String { name }
    }

    static let transportFaults: [Fault] = [
        Fault(name: "reset before headers", handler: TestHandlers.resetBeforeHeaders, kind: .connectionClosed, message: "HOST reset the connection"),
        Fault(name: "reset mid-body", handler: TestHandlers.resetMidBody(), kind: .connectionClosed, message: "HOST reset the connection"),
        Fault(name: "closed before headers", handler: TestHandlers.closeBeforeHeaders, kind: .connectionClosed,
              message: "HOST closed the connection before the response was complete"),
        Fault(name: "closed mid-body", handler: TestHandlers.closeMidBody(), kind: .connectionClosed,
              message: "HOST closed the connection before the response was complete"),
        Fault(name: "truncated gzip", handler: TestHandlers.truncatedGzip, kind: .invalidResponse, message: "the compressed response body from HOST cannot be decompressed: it ends early"),
        Fault(name: "redirect loop", handler: TestHandlers.redirectLoop, kind: .redirect,
              message: "redirect loop: http://HOST/thing redirects to http://HOST/thing, which was requested before"),
        Fault(name: "Content-Encoding br", handler: encoded("br"), kind: .invalidResponse,
              message: "the response from HOST has Content-Encoding 'br', which Netspec does not decode (it decodes one gzip, x-gzip or deflate)"),
        Fault(name: "stacked Content-Encoding", handler: encoded("gzip, gzip"), kind: .invalidResponse,
              message: "the response from HOST has Content-Encoding 'gzip, gzip', which Netspec does not decode (it decodes one gzip, x-gzip or deflate)"),
        Fault(name: "enormous header", handler: TestHandlers.hugeHeader(bytes: 200_000), kind: .invalidResponse,
              message: "HOST sent an invalid HTTP response (…"),
    ]

    /// A JSON response whose `Content-Encoding` says `coding` (its body is not encoded at all:
    /// the head is enough to refuse it).
    static func encoded(_ coding: String) -> TestHandler {
        TestHandlers.raw(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: \(coding)\r\nContent-Length: 7\r\n\r\n{\"a\":1}".utf8))
    }

    @Test(arguments: transportFaults)
    func transportFaultsGiveTheDocumentedError(_ fault: Fault) async throws {
        try await withTestServer(fault.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.get() }
            guard case let .transport(transport)? = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            #expect(transport.kind == fault.kind)
            let expected = fault.message.replacing("HOST", with: "127.0.0.1:\(server.port)")
            if expected.hasSuffix("…") {
                #expect(transport.message.hasPrefix(String(expected.dropLast())), "\(transport.message)")
            } else {
                #expect(transport.message == expected)
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOutAndTheConnectionIsClosed() async throws {
        try await withTestServer(TestHandlers.neverAnswer) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(timeout: .milliseconds(300)))
            let error = await callError { try await api.get() }
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 300 ms")
            // Nothing leaks: the client closes its connection.
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test func aBodyDrippingSlowerThanTheLimitTimesOut() async throws {
        try await withTestServer(TestHandlers.dripBody(bytes: 100, every: .milliseconds(50))) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(timeout: .milliseconds(400)))
            let error = await callError { try await api.get() }
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 400 ms")
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test func moreBodyThanContentLengthIsCutAtTheDeclaredLength() async throws {
        let handler = TestHandlers.sequence([
            { _, writer in
                try await writer.writeHead(status: 200, headers: [("Content-Type", "application/json"), ("Content-Length", "2")])
                try await writer.writeRaw("{}{\"smuggled\":true}")
            },
            TestHandlers.json(body: #"{"second":true}"#),
        ])
        try await withTestServer(handler) { server in
            let api = try makeService(Self.yaml, server: server)
            #expect(try await api.get().value == [:])
            // The extra bytes never become (part of) another response.
            var second: JSONValue?
            for _ in 0..<3 where second == nil {
                second = try? await api.get().value
            }
            #expect(second == ["second": true])
        }
    }

    @Test func invalidUTF8InJSONIsADecodingError() async throws {
        try await withTestServer({ _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"name":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        }) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.get() }
            guard case let .decoding(decoding)? = error else { Issue.record("expected a decoding error, got \(String(describing: error))"); return }
            #expect(decoding.message.hasPrefix("the response is not valid JSON ("))
            #expect(decoding.message.contains("UTF-8"))
        }
    }

    @Test func invalidUTF8InAnEventStreamBecomesTheReplacementCharacter() async throws {
        try await withTestServer({ _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "text/event-stream")], body: Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8))
        }) { server in
            var data: [String] = []
            for try await event in try await makeService(Self.yaml, server: server)[endpoint: "events"].events() { data.append(event.data) }
            #expect(data == ["a\u{FFFD}b"])
        }
    }
}
