import Foundation
import HTTPTypes
import Netspec
import NetspecTestServer
import NetspecTestSupport
import NetspecURLSession
import NIOConcurrencyHelpers
import Testing

/// The ``HTTPTransport`` contract, run for the default transport and for `URLSessionTransport`
/// (FoundationNetworking on Linux) against the same servers on 127.0.0.1: a GET and a POST with
/// its body, a staged multipart-like file range, upload progress, a streamed body read before
/// the server has sent the rest, cancellation and a dropped stream reaching the wire, a timeout,
/// a refused connection, a TLS failure in the same words, and no redirect followed.
@Suite(.timeLimit(.minutes(1)))
struct TransportContractTests {
    /// A transport under test.
    enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case asyncHTTPClient, urlSession

        var transport: any HTTPTransport {
            switch self {
            case .asyncHTTPClient: AsyncHTTPClientTransport.shared
            case .urlSession: URLSessionTransport.shared
            }
        }

        var description: String { rawValue }
    }

    static func request(_ url: String, method: HTTPRequest.Method = .get, body: PreparedRequest.Body = .empty, fields: HTTPFields = [:]) -> PreparedRequest {
        var fields = fields
        if !body.isEmpty { fields[.contentLength] = String(body.contentLength) }
        return PreparedRequest(endpointName: "e", method: method, url: url, headerFields: fields, body: body)
    }

    static func fetch(_ request: PreparedRequest, _ kind: Kind, options: TransportOptions = TransportOptions()) async throws -> (TransportResponse, String) {
        let response = try await kind.transport.fetch(request, options: options, maxResponseSize: 1 << 20)
        return (response, String(decoding: try await response.body.collect(upTo: 1 << 20), as: UTF8.self))
    }

    static func echoed(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test(arguments: Kind.allCases)
    func aGetThroughAProviderAndAPostWithItsBody(_ kind: Kind) async throws {
        try await withTestServer(TestHandlers.router(["/thing": TestHandlers.json(body: #"{"id":7}"#), "/echo": TestHandlers.echo])) { server in
            let spec = try Spec(yaml: "netspec: 1\nservice: S\nendpoints:\n  thing: { GET: /thing }\n")
            let api = Service(spec: spec, provider: Provider(baseURL: server.baseURL, transport: kind.transport))
            #expect(try await api.call("thing").value == ["id": 7])

            let post = Self.request(server.url("/echo?a=1"), method: .post, body: .bytes(Array(#"{"name":"Ada"}"#.utf8)), fields: [.contentType: "application/json"])
            let (response, text) = try await Self.fetch(post, kind)
            let echo = try Self.echoed(text)
            #expect(response.status == 200)
            #expect(response.headerFields[.contentType] == "application/json")
            #expect(echo["method"] == "POST")
            #expect(echo["target"] == "/echo?a=1")
            #expect(echo["bodyText"] == #"{"name":"Ada"}"#)
        }
    }

    @Test(arguments: Kind.allCases)
    func aFileRangeIsSentWithItsProgress(_ kind: Kind) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString).txt")
        try Data("0123456789abcdefghij".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let progress = ProgressLog()
        try await withTestServer(TestHandlers.echo) { server in
            let put = Self.request(server.url("/upload"), method: .put, body: .fileRange(path: file.path, offset: 10, length: 6))
            let options = TransportOptions(uploadProgress: { done, total in progress.add(done, total) })
            let (_, text) = try await Self.fetch(put, kind, options: options)
            let echo = try Self.echoed(text)
            #expect(echo["bodyText"] == "abcdef")
            #expect(echo["bodyLength"] == 6)
            #expect(progress.last == ProgressLog.Step(done: 6, total: 6))
        }
    }

    @Test(arguments: Kind.allCases)
    func aStreamedBodyArrivesBeforeTheServerHasSentTheRest(_ kind: Kind) async throws {
        let released = Counter()
        let handler: TestHandler = { _, writer in
            try await writer.writeHead(status: 200, headers: [("Content-Type", "text/event-stream"), ("Transfer-Encoding", "chunked")])
            try await writer.writeChunk("data: 1\n\n")
            while released.value == 0 { try await Task.sleep(for: .milliseconds(5)) }
            try await writer.writeChunk("data: 2\n\n")
            try await writer.endChunked()
        }
        try await withTestServer(handler) { server in
            let response = try await kind.transport.send(Self.request(server.url("/events")), options: TransportOptions())
            #expect(response.status == 200)
            #expect(response.headerFields[.contentType] == "text/event-stream")
            var chunks = response.body.makeAsyncIterator()
            #expect(try await chunks.next() == Array("data: 1\n\n".utf8))
            released.set(1)
            #expect(try await chunks.next() == Array("data: 2\n\n".utf8))
            #expect(try await chunks.next() == nil)
        }
    }

    @Test(arguments: Kind.allCases)
    func cancellingTheCallClosesTheConnection(_ kind: Kind) async throws {
        try await withTestServer(TestHandlers.neverAnswer) { (server) async throws in
            let call = Task { try await Self.fetch(Self.request(server.url("/held")), kind) }
            #expect(try await eventually { server.requestCount == 1 })
            call.cancel()
            let error = await #expect(throws: TransportError.self) { try await call.value }
            #expect(error?.kind == .cancelled)
            #expect(error?.message == "the call was cancelled")
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test(arguments: Kind.allCases)
    func droppingAStreamUnreadClosesTheConnection(_ kind: Kind) async throws {
        try await withTestServer(TestHandlers.sse(events: Array(repeating: "data: x\n\n", count: 600), pauses: .milliseconds(50))) { server in
            do {
                let response = try await kind.transport.send(Self.request(server.url("/events")), options: TransportOptions())
                var chunks = response.body.makeAsyncIterator()
                #expect(try await chunks.next() == Array("data: x\n\n".utf8))
            }
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test(arguments: Kind.allCases)
    func aSlowServerTimesOut(_ kind: Kind) async throws {
        try await withTestServer(TestHandlers.neverAnswer) { (server) async throws in
            let error = await #expect(throws: TransportError.self) {
                try await Self.fetch(Self.request(server.url("/slow")), kind, options: TransportOptions(timeout: .milliseconds(300)))
            }
            #expect(error?.kind == .timeout)
            #expect(error?.message == "the request to 127.0.0.1:\(server.port) timed out after 300 ms")
            #expect(try await eventually { server.openConnectionCount == 0 })
        }
    }

    @Test(arguments: Kind.allCases)
    func aRefusedConnectionNamesTheHost(_ kind: Kind) async throws {
        let refused = try ReservedPort()
        let error = await #expect(throws: TransportError.self) {
            try await Self.fetch(Self.request("http://127.0.0.1:\(refused.port)/"), kind)
        }
        #expect(error?.kind == .connect)
        #expect(error?.message == "cannot connect to 127.0.0.1:\(refused.port): connection refused")
        withExtendedLifetime(refused) {}
    }

    @Test(arguments: Kind.allCases)
    func anUntrustedCertificateReadsTheSame(_ kind: Kind) async throws {
        let pki = try await TestPKI.make()
        let server = try await TestServer.start(tlsContext: try pki.serverContext(), TestHandlers.json())
        let error = await #expect(throws: TransportError.self) { try await Self.fetch(Self.request(server.url("/")), kind) }
        let requests = server.requestCount
        try await server.shutdown()
        #expect(error?.kind == .selfSignedCertificate)
        #expect(error?.message == "TLS with 127.0.0.1:\(server.port) failed: \(Self.selfSignedReason)")
        #expect(requests == 0)
    }

    /// What both transports say of the test CA's chain (TestPKI's `ca.pem` is not trusted).
    static let selfSignedReason = "the server's chain ends at the self-signed CN=Netspec-Test-CA, which is not in the system's trusted CAs"

    @Test(arguments: Kind.allCases)
    func aRedirectIsTheAnswer(_ kind: Kind) async throws {
        try await withTestServer(TestHandlers.redirect(to: "/elsewhere", status: 302)) { server in
            let (response, _) = try await Self.fetch(Self.request(server.url("/here")), kind)
            #expect(response.status == 302)
            #expect(response.headerFields[.location] == "/elsewhere")
            #expect(server.requestCount == 1)
        }
    }
}

/// Progress reports, as a transport gives them.
final class ProgressLog: Sendable {
    struct Step: Equatable, Sendable {
        var done: Int
        var total: Int?
    }

    private let steps = NIOLockedValueBox<[Step]>([])

    func add(_ done: Int, _ total: Int?) { steps.withLockedValue { $0.append(Step(done: done, total: total)) } }

    var last: Step? { steps.withLockedValue { $0.last } }
}
