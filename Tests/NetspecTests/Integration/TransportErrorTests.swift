import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// No complete response: `CallError.transport` with a kind and a message that says what happened.
@Suite struct TransportErrorTests {
    static let yaml = "netspec: 1\nservice: S\nendpoints:\n  get:\n    GET: /thing\n"

    @Test func connectionRefused() async throws {
        let reserved = try ReservedPort()
        let port = reserved.port
        // Refused is final: it must not wait out the call's time limit (3 s here) retrying.
        let api = try makeService(Self.yaml, baseURL: "http://127.0.0.1:\(port)", options: testOptions(timeout: .seconds(3)))
        let error = await callError { try await api.call("get") }
        #expect(error?.transport?.kind == .connect)
        #expect(error?.description == "cannot connect to 127.0.0.1:\(port): connection refused")
        withExtendedLifetime(reserved) {}
    }

    @Test func connectTimeoutIsATimeoutNamingTheHost() async throws {
        let stalled = try ReservedPort(stalled: true)
        let port = stalled.port
        let options = testOptions(timeout: .seconds(3), connectTimeout: .milliseconds(300))
        let api = try makeService(Self.yaml, baseURL: "http://127.0.0.1:\(port)", options: options)
        let error = await callError { try await api.call("get") }
        #expect(error?.transport?.kind == .timeout)
        #expect(error?.description == "connecting to 127.0.0.1:\(port) timed out after 300 ms")
        withExtendedLifetime(stalled) {}
    }

    @Test func aCallsConnectTimeoutOverridesTheProviders() async throws {
        let stalled = try ReservedPort(stalled: true)
        let port = stalled.port
        let api = try makeService(Self.yaml, baseURL: "http://127.0.0.1:\(port)", options: testOptions(timeout: .seconds(3)))
        let error = await callError { try await api.call("get", options: CallOptions(connectTimeout: .milliseconds(200))) }
        #expect(error?.transport?.kind == .timeout)
        #expect(error?.description == "connecting to 127.0.0.1:\(port) timed out after 200 ms")
        withExtendedLifetime(stalled) {}
    }

    struct FaultCase: Sendable, CustomStringConvertible {
        var name: String
        var handler: TestHandler
        var kind: TransportError.Kind
        /// The message, with `HOST` standing for `127.0.0.1:PORT`.
        var message: String
        var description: String { name }
    }

    static let faults: [FaultCase] = [
        FaultCase(
            name: "closes mid-body", handler: TestHandlers.closeMidBody(declaredLength: 1000, sentLength: 500),
            kind: .connectionClosed, message: "HOST closed the connection before the response was complete"),
        FaultCase(
            name: "resets mid-body", handler: TestHandlers.resetMidBody(declaredLength: 1000, sentLength: 500),
            kind: .connectionClosed, message: "HOST reset the connection"),
        FaultCase(
            name: "resets before headers", handler: TestHandlers.resetBeforeHeaders,
            kind: .connectionClosed, message: "HOST reset the connection"),
        FaultCase(
            name: "closes before headers", handler: TestHandlers.closeBeforeHeaders,
            kind: .connectionClosed, message: "HOST closed the connection before the response was complete"),
        FaultCase(
            name: "closes a chunked body mid-chunk",
            handler: { _, writer in
                try await writer.writeHead(status: 200, headers: [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")])
                try await writer.writeRaw("10\r\n{\"a\":")
                await writer.close()
            },
            kind: .connectionClosed, message: "HOST closed the connection before the response was complete"),
    ]

    @Test(arguments: faults)
    func connectionFailuresAreTransportErrors(_ fault: FaultCase) async throws {
        try await withTestServer(fault.handler) { server in
            let api = try makeService(Self.yaml, server: server)
            let error = await callError { try await api.call("get") }
            #expect(error?.transport?.kind == fault.kind)
            #expect(error?.description == fault.message.replacingOccurrences(of: "HOST", with: "127.0.0.1:\(server.port)"))
        }
    }

    @Test func malformedStatusLineIsAnInvalidResponse() async throws {
        try await withTestServer(TestHandlers.raw("HTTP/1.1 abc Nope\r\nContent-Length: 0\r\n\r\n")) { server in
            let error = await callError { try await makeService(Self.yaml, server: server).call("get") }
            #expect(error?.transport?.kind == .invalidResponse)
            #expect(error?.description.hasPrefix("127.0.0.1:\(server.port) sent an invalid HTTP response (") == true)
        }
    }

    @Test func responseLargerThanTheLimit() async throws {
        let body = "[" + Array(repeating: "1", count: 600).joined(separator: ",") + "]"
        try await withTestServer(TestHandlers.json(body: body)) { server in
            let api = try makeService(Self.yaml, server: server, options: testOptions(maxResponseSize: 1024))
            let error = await callError { try await api.call("get") }
            #expect(error?.transport?.kind == .responseTooLarge)
            #expect(error?.description == "the response body is larger than the limit of 1 KiB")
        }
    }

    /// A URL from anywhere (a `Link` header, an OAuth endpoint) with a port out of range never
    /// reaches async-http-client, which trapped on it (an IP address) or took it modulo 65536.
    @Test(arguments: [
        ("http://127.0.0.1:70000/x", "port 70000 is out of range (1 to 65535)"),
        ("http://localhost:99999/x", "port 99999 is out of range (1 to 65535)"),
        ("http://[::1]:65536", "port 65536 is out of range (1 to 65535)"),
        ("http://u:PASS-SEKRIT@127.0.0.1:0/x", "port 0 is out of range (1 to 65535)"),
    ])
    func theTransportRefusesAPortOutOfRange(url: String, problem: String) async throws {
        let transport = AsyncHTTPClientTransport()
        let request = PreparedRequest(endpointName: "e", method: .get, url: url, headerFields: [:], body: .empty)
        for fetch in [true, false] {
            do {
                _ = fetch
                    ? try await transport.fetch(request, options: TransportOptions(), maxResponseSize: 1024)
                    : try await transport.send(request, options: TransportOptions())
                Issue.record("sent to \(url)")
            } catch let error as TransportError {
                #expect(error.description == "invalid URL '\(url.replacing("u:PASS-SEKRIT", with: "<redacted>"))': \(problem)")
            }
        }
        try await transport.shutdown()
    }

    @Test func invalidBaseURLIsAnArgumentError() async throws {
        let api = try makeService(Self.yaml, baseURL: "ftp://127.0.0.1")
        let error = await callError { try await api.call("get") }
        #expect(error?.configuration?.reason == .setup)
        #expect(error?.description == "endpoint 'get': invalid base URL 'ftp://127.0.0.1': it must start with http:// or https://")
    }
}
