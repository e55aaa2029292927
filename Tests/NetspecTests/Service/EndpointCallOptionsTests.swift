import Foundation
import HTTPTypes
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// Per-call options on the by-name form (issue 52.3): `api.x.with(options)` reaches every form,
/// and the typed by-name call `api.call(name, arguments, as:options:)` decodes as the dynamic
/// call does. Which level wins is CallOptionsOnTheWireTests'.
@Suite struct EndpointCallOptionsTests {
    static let spec = """
        netspec: 1
        service: Shop
        endpoints:
          getOrder: { GET: "/orders/{id}", params: { id: Int } }
        """ + "\n"

    static func api(baseURL: String = "https://shop.example.com") throws -> Service {
        Service(spec: try Spec(yaml: spec, file: "shop.yaml"), provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    /// What the echo server saw, as much as these tests read.
    struct Echo: Decodable, Equatable {
        var target: String
        var headers: [[String]]
    }

    @Test func withGivesThePreparedRequestTheCallsOptions() async throws {
        let options = CallOptions(baseURL: "https://call.example.com", headers: [("X-Request-ID", "r-1")], queryItems: [("trace", "1")])
        let request = try await Self.api().getOrder.with(options).prepare(id: 7)
        #expect(request.url == "https://call.example.com/orders/7?trace=1")
        #expect(request.headerFields[HTTPField.Name("X-Request-ID")!] == "r-1")
        // Given twice, the later options are the call's.
        let later = try await Self.api().getOrder.with(options).with(CallOptions(queryItems: [("v", "2")])).prepare(id: 7)
        #expect(later.url == "https://shop.example.com/orders/7?v=2")
        #expect(try await Self.api().getOrder.prepare(id: 7).url == "https://shop.example.com/orders/7")
    }

    @Test func withReachesTheWireInEveryValueForm() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try Self.api(baseURL: server.baseURL)
            let options = CallOptions(headers: [("X-Request-ID", "r-1")], queryItems: [("trace", "1")])
            func sent(_ echo: Echo) -> [String] { echo.headers.filter { $0.first == "X-Request-ID" }.map { $0[1] } + [echo.target] }

            let plain = try await api.getOrder.with(options)(id: 7)
            #expect(sent(try plain.decode(Echo.self)) == ["r-1", "/orders/7?trace=1"])
            let typed: Echo = try await api.getOrder.with(options)(id: 7)
            #expect(sent(typed) == ["r-1", "/orders/7?trace=1"])
            let byName = try await api.call("getOrder", ["id": 7], as: Echo.self, options: options)
            #expect(sent(byName) == ["r-1", "/orders/7?trace=1"])
            let id = 8
            let ordinary = try await api.call("getOrder", ["id": id], as: Echo.self, options: options)
            #expect(sent(ordinary) == ["r-1", "/orders/8?trace=1"])
            var bytes: [UInt8] = []
            for try await chunk in try await api.getOrder.with(options).bytes(id: 9) { bytes += chunk }
            #expect(sent(try JSONDecoder().decode(Echo.self, from: Data(bytes))) == ["r-1", "/orders/9?trace=1"])
        }
    }

    @Test func withGivesATimeLimitAndProgress() async throws {
        try await withTestServer(TestHandlers.slow(delay: .seconds(3))) { server in
            let api = try Self.api(baseURL: server.baseURL)
            let error = await callError { try await api.getOrder.with(CallOptions(timeout: .milliseconds(200)))(id: 7) }
            #expect(error?.description == "the request to 127.0.0.1:\(server.port) timed out after 200 ms")
        }
        try await withTestServer(TestHandlers.json(body: #"{"id":7,"status":"paid"}"#)) { server in
            let seen = Counter()
            let options = CallOptions(downloadProgress: { done, _ in seen.add(done) })
            let api = try Self.api(baseURL: server.baseURL)
            _ = try await api.getOrder.with(options)(id: 7)
            #expect(seen.value > 0)
        }
    }

    @Test func theTypedByNameCallSaysWhatDoesNotDecode() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":"seven"}"#)) { server in
            struct Order: Decodable { var id: Int }
            let api = try Self.api(baseURL: server.baseURL)
            let error = await callError { try await api.call("getOrder", ["id": 7], as: Order.self) }
            guard case let .decoding(decoding)? = error else { Issue.record("expected .decoding, got \(String(describing: error))"); return }
            #expect(decoding.description.hasPrefix("endpoint 'getOrder': "), "\(decoding)")
            #expect(decoding.keyPath == "id", "\(decoding)")
        }
    }
}
