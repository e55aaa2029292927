import Foundation
import HTTPTypes
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// The catch clauses of docs/swift.md, "Catch clauses that compile" (CallError+Patterns.swift),
/// catching what they say and nothing else, in untyped and typed `do` blocks; and
/// `Service(loading:)` in the domain of its calls. That they compile is AppTrialTests' and
/// DocSnippetTests' to prove; here they run.
@Suite struct CatchPatternTests {
    static let spec = """
        netspec: 1
        service: Shop
        endpoints:
          getOrder: { GET: "/orders/{id}", params: { id: Int } }
        """ + "\n"

    static func api(_ server: TestServer, options: Provider.Options = .init(usesEnvironment: false)) throws -> Service {
        Service(spec: try Spec(yaml: spec, file: "shop.yaml"), provider: Provider(baseURL: server.baseURL, options: options))
    }

    /// Which clause of an untyped block (another `try`, so it throws `any Error`) catches an error.
    static func untypedClause(_ error: any Error) -> String {
        do {
            try { () throws -> Void in throw error }()
            return "none"
        } catch CallError.cancellation {
            return "cancellation"
        } catch CallError.transport(.timeout) {
            return "timeout"
        } catch CallError.status(let error) where error.status == 404 {
            return "404"
        } catch CallError.status(500...) {
            return "5xx"
        } catch CallError.argument(.missing) {
            return "missing"
        } catch CallError.configuration(.spec) {
            return "spec"
        } catch {
            return "other"
        }
    }

    /// The same, in a `do throws(CallError)` block with the short forms.
    static func typedClause(_ error: CallError) -> String {
        do throws(CallError) {
            throw error
        } catch .transport(.cancelled) {
            return "cancellation"
        } catch .transport(.timeout) {
            return "timeout"
        } catch .status(404) {
            return "404"
        } catch .status(500..<600) {
            return "5xx"
        } catch .argument(.missing) {
            return "missing"
        } catch .configuration(.spec) {
            return "spec"
        } catch {
            return "other"
        }
    }

    static func status(_ code: Int) -> CallError {
        .status(CallError.HTTPStatusError(endpoint: "getOrder", status: code, reasonPhrase: "", headerFields: [:], body: []))
    }

    static let cases: [(String, CallError, String)] = [
        ("cancelled in flight", .transport(TransportError(kind: .cancelled, message: "cancelled")), "cancellation"),
        ("timed out", .transport(TransportError(kind: .timeout, message: "timed out after 1 s")), "timeout"),
        ("refused", .transport(TransportError(kind: .connect, message: "refused")), "other"),
        ("404", status(404), "404"),
        ("503", status(503), "5xx"),
        ("409", status(409), "other"),
        ("missing argument", .argument(CallError.ArgumentError(endpoint: "getOrder", parameter: "id", reason: .missing, message: "missing")), "missing"),
        ("unknown argument", .argument(CallError.ArgumentError(endpoint: "getOrder", parameter: "x", reason: .unknown, message: "unknown")), "other"),
        ("unset variable", .configuration(CallError.ConfigurationError(endpoint: "getOrder", parameter: nil, reason: .unsetVariable, message: "unset")), "other"),
    ]

    @Test(arguments: cases)
    func eachClauseCatchesWhatItNames(_ name: String, _ error: CallError, _ clause: String) {
        #expect(Self.untypedClause(error) == clause, "untyped: \(name)")
        #expect(Self.typedClause(error) == clause, "typed: \(name)")
    }

    /// One clause for a cancellation however it arrives: a `CancellationError` from `Task.sleep`
    /// and a call cancelled in flight.
    @Test func cancellationIsOneClause() async throws {
        #expect(Self.untypedClause(CancellationError()) == "cancellation")
        let received = Signal()
        try await withTestServer({ request, writer in
            for try await _ in request.body {}
            received.fire()
            await writer.waitForClientClose()
        }) { server in
            let api = try Self.api(server)
            let polling = Task { () -> String in
                do {
                    _ = try await api.getOrder(id: 7)
                    try await Task.sleep(for: .seconds(30))
                    return "none"
                } catch CallError.cancellation {
                    return "cancellation"
                } catch {
                    return "other: \(error)"
                }
            }
            #expect(await received.wait())
            polling.cancel()
            #expect(await polling.value == "cancellation")
            let sleeping = Task { () -> String in
                do {
                    try await Task.sleep(for: .seconds(30))
                    _ = try await api.getOrder(id: 7)
                    return "none"
                } catch CallError.cancellation {
                    return "cancellation"
                } catch {
                    return "other: \(error)"
                }
            }
            sleeping.cancel()
            #expect(await sleeping.value == "cancellation")
        }
    }

    /// A status pattern against a real answer, and a typed by-name call decoding its result.
    @Test func aStatusPatternCatchesTheServersAnswer() async throws {
        try await withTestServer(TestHandlers.json(status: 404, body: #"{"message":"no such order"}"#)) { server in
            let api = try Self.api(server)
            var caught = ""
            do throws(CallError) {
                _ = try await api.call("getOrder", ["id": 7], as: [String: String].self)
            } catch .status(let error) where error.status == 404 {
                caught = error.json?["message"]?.string ?? ""
            } catch {
                caught = "\(error)"
            }
            #expect(caught == "no such order")
        }
    }

    /// Loading and calling share one typed block: a spec that does not load is
    /// `.configuration(.spec)`, reading as the spec's own error.
    @Test func aSpecThatDoesNotLoadIsAConfigurationError() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/shop.yaml"
        try "netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GTE: /orders }\n".write(toFile: path, atomically: true, encoding: .utf8)
        var caught: CallError.ConfigurationError?
        do throws(CallError) {
            _ = try Service(loading: path)
        } catch .configuration(let error) where error.reason == .spec {
            caught = error
        } catch {
            Issue.record("expected .configuration(.spec), got \(error)")
        }
        let error = try #require(caught)
        let specError = try #require(error.specError)
        #expect(error.description == specError.description)
        #expect(error.description.hasPrefix("\(path):4:"), "\(error.description)")
        #expect(Self.untypedClause(CallError.configuration(error)) == "spec")
        #expect((CallError.configuration(error) as any Error).localizedDescription == specError.description)
    }

    @Test func aSpecThatLoadsMakesAService() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/shop.yaml"
        try Self.spec.write(toFile: path, atomically: true, encoding: .utf8)
        let api = try Service(loading: path, provider: Provider(baseURL: "https://shop.example.com"))
        #expect(try api.prepare("getOrder", ["id": 7]).url == "https://shop.example.com/orders/7")
    }
}
