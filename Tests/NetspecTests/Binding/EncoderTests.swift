import Foundation
import Testing

import Netspec

/// `encoder:` names a `JSONEncoder` registered on the provider; it encodes `Encodable` arguments
/// (Netrofit's `@JSON(encoder:)`), here a snake_case encoder with ISO-8601 dates.
@Suite struct EncoderTests {
    struct Signup: Encodable, Sendable, ArgumentConvertible {
        var firstName: String
        var createdAt: Date
        var isAdmin: Bool
    }

    static let signup = Signup(firstName: "Ada", createdAt: Date(timeIntervalSince1970: 1_704_164_645), isAdmin: false)
    static let snakeJSON = #"{"created_at":"2024-01-02T03:04:05Z","first_name":"Ada","is_admin":false}"#

    static var snake: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static func request(_ endpoint: String, service: String = "", _ arguments: [String: Argument]) async throws -> Golden {
        try await Binding.golden(endpoint, service: service, arguments, provider: Binding.provider(encoders: ["snake": Self.snake]))
    }

    @Test func aWholeBodyIsEncodedWithTheNamedEncoder() async throws {
        let request = try await Self.request("    POST: /signup\n    encoder: snake\n    params:\n      _: Signup\n", ["_": .encodable(Self.signup)])
        #expect(request == Golden("POST", "https://api.example.com/signup", headers: [
            "Content-Type: application/json", "Content-Length: \(Self.snakeJSON.utf8.count)",
        ] + Golden.jsonTail, body: Self.snakeJSON))
    }

    @Test func aFieldIsEncodedWithTheNamedEncoder() async throws {
        let request = try await Self.request(
            "    POST: /signup\n    encoder: snake\n    params:\n      user: Signup\n      source: String\n",
            ["user": .encodable(Self.signup), "source": "web"]
        )
        #expect(request.body == #"{"user":"# + Self.snakeJSON + #","source":"web"}"#)
    }

    @Test func aServiceLevelEncoderIsInherited() async throws {
        let api = try Binding.service(
            Binding.yaml("    POST: /signup\n    params:\n      _: Signup\n", service: "encoder: snake\n"),
            provider: Binding.provider(encoders: ["snake": Self.snake])
        )
        let request = try await Golden(api.e.prepare(Self.signup))
        #expect(request.body == Self.snakeJSON)
    }

    @Test func aQueryValueIsEncodedWithTheNamedEncoderToo() async throws {
        let request = try await Self.request(
            "    GET: /since\n    encoder: snake\n    params:\n      at: String\n", ["at": .encodable(Self.signup.createdAt)]
        )
        #expect(request.url == "https://api.example.com/since?at=2024-01-02T03%3A04%3A05Z")
    }

    @Test func plainValuesAreNotReencoded() async throws {
        let request = try await Self.request("    POST: /x\n    encoder: snake\n    params:\n      _: JSON\n", ["_": ["firstName": "kept"]])
        #expect(request.body == #"{"firstName":"kept"}"#)
    }

    @Test func withoutAnEncoderTheBuiltInOneKeepsDeclarationOrder() async throws {
        let request = try await Self.request("    POST: /x\n    params:\n      _: User\n", ["_": .encodable(NewUser(firstName: "Ada", age: 36))])
        #expect(request.body == #"{"firstName":"Ada","age":36}"#)
    }

    @Test func anUnregisteredEncoderIsAConfigurationError() throws {
        let actual = try Binding.failure("    POST: /x\n    encoder: snake\n    params:\n      _: Signup\n", ["_": .encodable(Self.signup)])
        #expect(actual == #"configuration setup: endpoint 'e': the spec names encoder 'snake', but none is registered on the provider (Provider(encoders: ["snake": …]))"#)
    }

    @Test func anEncoderErrorIsAWrongTypeError() throws {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .throw
        let api = try Binding.service(
            Binding.yaml("    POST: /x\n    encoder: strict\n    params:\n      v: Double\n"), provider: Binding.provider(encoders: ["strict": encoder])
        )
        let actual = Binding.failure(of: api, "e", ["v": .encodable(Double.infinity)])
        #expect(actual.hasPrefix("wrongType: endpoint 'e': parameter 'v': cannot encode Double: "))
    }
}
