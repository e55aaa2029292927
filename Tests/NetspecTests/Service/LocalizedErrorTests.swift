import Foundation
import Netspec
import NetspecTestServer
import Testing

/// What an app shows of a call's error (`localizedDescription`, `recoverySuggestion`), and the
/// questions it asks of any error without a cast (CallError+LocalizedError.swift).
@Suite struct LocalizedErrorTests {
    static let spec = """
        netspec: 1
        service: Shop
        baseURL: http://127.0.0.1:1
        headers: { Authorization: "Bearer ${TOKEN}" }
        endpoints:
          getOrder: { GET: "/orders/{id}", params: { id: Int } }
        """ + "\n"

    @Test func anUnsetVariableReadsAsItsMessageWithASwiftRemedy() async throws {
        let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(options: .init(usesEnvironment: false)))
        do {
            _ = try await api.call("getOrder", ["id": 7])
            Issue.record("no error")
        } catch {
            // `error` is a CallError here (typed throws); as `any Error` below, as an app holds it.
            let error: any Error = error
            #expect(error.localizedDescription == "endpoint 'getOrder': variable 'TOKEN' is not set (used in header 'Authorization'); set it with Provider(variables:) or in the environment")
            #expect((error as? LocalizedError)?.recoverySuggestion == "Set TOKEN with Provider(variables: [\"TOKEN\": …]) or in the environment.")
            #expect(error.callError.map { if case .configuration = $0 { true } else { false } } == true)
            #expect(error.httpStatus == nil && !error.isTimeout && !error.isCancellation)
        }
    }

    @Test func aStatusIsReadFromAnyError() async throws {
        try await withTestServer(TestHandlers.json(status: 404, body: #"{"message":"no such order"}"#)) { server in
            let api = Service(spec: try Spec(yaml: Self.spec), provider: Provider(baseURL: server.baseURL, variables: ["TOKEN": "t"], options: .init(usesEnvironment: false)))
            do {
                _ = try await api.call("getOrder", ["id": 7])
                Issue.record("no error")
            } catch {
                #expect(error.httpStatus == 404)
                #expect(error.localizedDescription == #"endpoint 'getOrder': HTTP 404 Not Found: {"message":"no such order"}"#)
            }
        }
    }

    @Test(arguments: [
        (TransportError(kind: .timeout, message: "timed out after 300 ms"), "Give the call more time with CallOptions(timeout:), or the provider's timeouts.request.", true, false),
        (TransportError(kind: .unknownIssuer, message: "x"), "Trust the server's certificate authority with Provider.Options(tls: TLSSettings(caFile:)).", false, false),
        (TransportError(kind: .cancelled, message: "the call was cancelled"), nil, false, true),
        (TransportError(kind: .connect, message: "cannot connect to 127.0.0.1:1: connection refused"), nil, false, false),
    ] as [(TransportError, String?, Bool, Bool)])
    func transportErrors(error: TransportError, suggestion: String?, timeout: Bool, cancellation: Bool) {
        let wrapped: any Error = CallError.transport(error)
        #expect(wrapped.localizedDescription == error.message)
        #expect((wrapped as? LocalizedError)?.recoverySuggestion == suggestion)
        #expect((error as any Error).localizedDescription == error.message)
        #expect(wrapped.isTimeout == timeout && (error as any Error).isTimeout == timeout)
        #expect(wrapped.isCancellation == cancellation)
    }

    @Test func aCancellationErrorIsACancellation() {
        let error: any Error = CancellationError()
        #expect(error.isCancellation)
        #expect(error.callError?.description == "the call was cancelled")
        #expect(!(URLError(.badURL) as any Error).isCancellation)
        #expect((URLError(.badURL) as any Error).callError == nil)
    }

    @Test func aSpecErrorReadsAsItsDiagnostic() {
        let error: any Error = SpecError(file: "shop.yaml", line: 3, column: 7, message: "unknown key 'edpoints'")
        #expect(error.localizedDescription == "shop.yaml:3:7: error: unknown key 'edpoints'")
    }
}
