import Foundation
import Netspec
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A coder the spec names (`encoder:`, `decoder:`) is needed only where it is used: an unregistered
/// decoder does not stop a call that reads the `JSONValue` (the command line's), only decoding
/// into a type, which a typed call checks before sending; an unregistered encoder stops only a
/// call with an `Encodable` argument to encode (EncoderTests.anUnregisteredEncoderIsAConfigurationError).
@Suite struct CoderRegistrationTests {
    struct User: Decodable, Equatable { var userId: Int }

    static let yaml = "netspec: 1\nservice: S\nendpoints:\n  get:\n    GET: /a\n    decoder: snake\n"
    static let message = "configuration setup: endpoint 'get': the spec names decoder 'snake', but none is registered on the provider (Provider(decoders: [\"snake\": …]))"

    static func service(_ baseURL: String, decoders: [String: JSONDecoder] = [:]) throws -> Service {
        Service(
            spec: try Spec(yaml: yaml, file: "t.yaml"),
            provider: Provider(baseURL: baseURL, decoders: decoders, options: .init(usesEnvironment: false))
        )
    }

    static func counting(_ count: Recorder<String>) -> TestHandler {
        { request, writer in
            count.record(request.target)
            try await TestHandlers.json(body: #"{"user_id":7}"#)(request, writer)
        }
    }

    @Test func anUnregisteredDecoderLeavesTheValueReadable() async throws {
        let sent = Recorder<String>()
        try await withTestServer(Self.counting(sent)) { server in
            let api = try Self.service(server.baseURL)
            let response = try await api.call("get")
            #expect(response.value == ["user_id": 7])
            #expect(sent.all == ["/a"])
            // Decoding is what needs it.
            do {
                _ = try response.decode(User.self)
                Issue.record("decoded without the decoder")
            } catch {
                #expect((error as? CallError).map(Binding.describe) == Self.message)
            }
            do {
                _ = try response.tuple(("user_id", Int.self), ("x", Int?.self))
                Issue.record("a tuple decoded without the decoder")
            } catch {
                #expect((error as? CallError).map(Binding.describe) == Self.message)
            }
        }
    }

    @Test func aTypedCallChecksItBeforeSending() async throws {
        let sent = Recorder<String>()
        try await withTestServer(Self.counting(sent)) { server in
            let api = try Self.service(server.baseURL)
            for attempt in 0..<2 {
                do {
                    let user: User = attempt == 0 ? try await api.call("get", as: User.self) : try await api.get()
                    Issue.record("decoded \(user) without the decoder")
                } catch {
                    #expect((error as? CallError).map(Binding.describe) == Self.message)
                }
            }
            #expect(sent.all.isEmpty)
        }
    }

    @Test func aRegisteredDecoderDecodes() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"user_id":7}"#)) { server in
            let snake = JSONDecoder()
            snake.keyDecodingStrategy = .convertFromSnakeCase
            let api = try Self.service(server.baseURL, decoders: ["snake": snake])
            let user: User = try await api.get()
            #expect(user == User(userId: 7))
        }
    }

    /// Plain values (all the command line gives) are sent as they are with or without the encoder.
    @Test func anUnregisteredEncoderIsNotNeededForPlainValues() async throws {
        let request = try await Binding.golden("    POST: /x\n    encoder: snake\n    params:\n      userName: String\n", ["userName": "ada"])
        #expect(request.body == #"{"userName":"ada"}"#)
    }
}

