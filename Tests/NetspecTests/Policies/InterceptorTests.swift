import Foundation
import HTTPTypes
import NetspecTestServer
import NIOConcurrencyHelpers
import Testing
@testable import Netspec

/// The interceptor chain: order, changing requests and responses, short-circuits, retries.
@Suite struct InterceptorTests {
    /// Records what it sees, tagged with its name, then calls `next`.
    struct Recorder: Interceptor {
        let name: String
        let log: Log

        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
            log.append("\(name) → \(context.endpoint.name) auth=\(request.headerFields[.authorization] ?? "-")")
            let response = try await next(request)
            log.append("\(name) ← \(response.status)")
            return response
        }
    }

    final class Log: Sendable {
        private let lines = NIOLockedValueBox<[String]>([])
        func append(_ line: String) { lines.withLockedValue { $0.append(line) } }
        var all: [String] { lines.withLockedValue { $0 } }
    }

    @Test func providerInterceptorsRunOutsideRetryAndAuthInArrayOrder() async throws {
        let server = try await TestServer.start(TestHandlers.sequence([TestHandlers.json(status: 503), TestHandlers.json(body: "{}")]))
        defer { Task { try await server.shutdown() } }
        let log = Log()
        var options = Provider.Options(usesEnvironment: false)
        options.retryTiming = RecordingTiming().timing
        options.onRequest = { request in log.append("transport → auth=\(request.headerFields[.authorization] ?? "-")") }
        let api = try PolicyTestSupport.service(
            "auth: { bearer: \"${T}\" }\nretry: { max: 1 }\nendpoints:\n  ping: { GET: /ping }\n",
            server: server, options: options, variables: ["T": "x"],
            interceptors: [Recorder(name: "first", log: log), Recorder(name: "second", log: log)]
        )
        _ = try await api.ping()
        #expect(log.all == [
            "first → ping auth=-",
            "second → ping auth=-",
            "transport → auth=Bearer x",
            "transport → auth=Bearer x",
            "second ← 200",
            "first ← 200",
        ])
    }

    struct AddHeader: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
            var request = request
            request.headerFields[HTTPField.Name("X-Trace")!] = "abc"
            var response = try await next(request)
            response.headerFields[HTTPField.Name("X-Seen")!] = "yes"
            return response
        }
    }

    @Test func anInterceptorChangesTheRequestAndTheResponse() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("endpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [AddHeader()])
        let response = try await api.ping()
        #expect(PolicyTestSupport.header("X-Trace", in: try PolicyTestSupport.echo(response)) == "abc")
        #expect(response.headerFields[HTTPField.Name("X-Seen")!] == "yes")
    }

    struct Cache: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return TransportResponse(status: 200, headerFields: headers, body: ResponseBody(bytes: Array(#"{"cached":true}"#.utf8)))
        }
    }

    @Test func anInterceptorShortCircuitsWithoutTheNetwork() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("endpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [Cache()])
        #expect(try await api.ping().value == ["cached": true])
        #expect(server.requestCount == 0)
    }

    struct RetryOnce: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
            let first = try await next(request)
            return first.status == 500 ? try await next(request) : first
        }
    }

    @Test func anInterceptorSendsAgain() async throws {
        let server = try await TestServer.start(TestHandlers.sequence([TestHandlers.json(status: 500), TestHandlers.json(body: #"{"n":2}"#)]))
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("endpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [RetryOnce()])
        #expect(try await api.ping().value == ["n": 2])
        #expect(server.requestCount == 2)
    }

    @Test func interceptorsSeeTheEndpointsSpecMetadata() async throws {
        let seen = Log()
        struct Inspect: Interceptor {
            let log: Log
            func intercept(_ request: PreparedRequest, context: InterceptorContext, next: InterceptorNext) async throws -> TransportResponse {
                log.append("\(context.endpoint.name) \(context.endpoint.method.rawValue) \(context.endpoint.path) \(context.service.spec.service)")
                return try await next(request)
            }
        }
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("endpoints:\n  ping:\n    GET: /ping/{id}\n    params: { id: Int }\n", server: server, interceptors: [Inspect(log: seen)])
        _ = try await api.ping(id: 3)
        #expect(seen.all == ["ping GET /ping/{id} Test"])
    }
}
