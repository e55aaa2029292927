import Foundation
import HTTPTypes
import NetspecTestServer
import Testing
import Netspec
import NetspecTestSupport

/// The interceptor chain: order, changing requests and responses, short-circuits, retries.
@Suite struct InterceptorTests {
    /// Records what it sees, tagged with its name, then calls `next`.
    struct Tracer: Interceptor {
        let name: String
        let log: Recorder<String>

        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            log.record("\(name) → \(context.endpoint.name) auth=\(request.headerFields[.authorization] ?? "-")")
            let response = try await next(request)
            log.record("\(name) ← \(response.status)")
            return response
        }
    }

    /// Records each request as it reaches the transport.
    struct WireTracer: Interceptor {
        let log: Recorder<String>

        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            log.record("transport → auth=\(request.headerFields[.authorization] ?? "-")")
            return try await next(request)
        }
    }

    @Test func providerInterceptorsRunOutsideRetryAndAuthInArrayOrder() async throws {
        try await withTestServer(TestHandlers.sequence([TestHandlers.json(status: 503), TestHandlers.json(body: "{}")])) { server in
            let log = Recorder<String>()
            var options = Provider.Options(usesEnvironment: false)
            options.retryTiming = RecordingTiming().timing
            let api = try makeService(
                "netspec: 1\nservice: Test\nauth: { bearer: \"${T}\" }\nretry: { max: 1 }\nendpoints:\n  ping: { GET: /ping }\n",
                server: server, variables: ["T": "x"], options: options,
                interceptors: [Tracer(name: "first", log: log), Tracer(name: "second", log: log)],
                wireInterceptors: [WireTracer(log: log)]
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
    }

    struct AddHeader: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            var request = request
            request.headerFields[HTTPField.Name("X-Trace")!] = "abc"
            var response = try await next(request)
            response.headerFields[HTTPField.Name("X-Seen")!] = "yes"
            return response
        }
    }

    @Test func anInterceptorChangesTheRequestAndTheResponse() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService("netspec: 1\nservice: Test\nendpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [AddHeader()])
            let response = try await api.ping()
            #expect(try Echo(response).header("X-Trace") == "abc")
            #expect(response.headerFields[HTTPField.Name("X-Seen")!] == "yes")
        }
    }

    struct Cache: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return TransportResponse(status: 200, headerFields: headers, body: TransportResponse.Body(bytes: Array(#"{"cached":true}"#.utf8)))
        }
    }

    @Test func anInterceptorShortCircuitsWithoutTheNetwork() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService("netspec: 1\nservice: Test\nendpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [Cache()])
            #expect(try await api.ping().value == ["cached": true])
            #expect(server.requestCount == 0)
        }
    }

    struct RetryOnce: Interceptor {
        func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
            let first = try await next(request)
            return first.status == 500 ? try await next(request) : first
        }
    }

    @Test func anInterceptorSendsAgain() async throws {
        try await withTestServer(TestHandlers.sequence([TestHandlers.json(status: 500), TestHandlers.json(body: #"{"n":2}"#)])) { server in
            let api = try makeService("netspec: 1\nservice: Test\nendpoints:\n  ping: { GET: /ping }\n", server: server, interceptors: [RetryOnce()])
            #expect(try await api.ping().value == ["n": 2])
            #expect(server.requestCount == 2)
        }
    }

    @Test func interceptorsSeeTheEndpointsSpecMetadata() async throws {
        let seen = Recorder<String>()
        struct Inspect: Interceptor {
            let log: Recorder<String>
            func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
                log.record("\(context.endpoint.name) \(context.endpoint.method.rawValue) \(context.endpoint.path) \(context.service.spec.service)")
                return try await next(request)
            }
        }
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(
                "netspec: 1\nservice: Test\nendpoints:\n  ping:\n    GET: /ping/{id}\n    params: { id: Int }\n", server: server,
                interceptors: [Inspect(log: seen)])
            _ = try await api.ping(id: 3)
            #expect(seen.all == ["ping GET /ping/{id} Test"])
        }
    }
}
