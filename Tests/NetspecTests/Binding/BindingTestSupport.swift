import Foundation
import Testing

import Netspec

/// A prepared request as plain strings, compared whole in golden tests: the method, the URL, the
/// header fields as `Name: value` lines in order, and the body as text (multipart bodies with
/// their random boundary replaced by `BOUNDARY`).
struct Golden: Equatable, CustomStringConvertible {
    var method: String
    var url: String
    var headers: [String]
    var body: String

    init(_ method: String, _ url: String, headers: [String], body: String = "") {
        (self.method, self.url, self.headers, self.body) = (method, url, headers, body)
    }

    /// The request's pieces; a multipart body is collected and its boundary replaced.
    init(_ request: PreparedRequest) async throws {
        method = request.method.rawValue
        url = request.url
        var boundary: String?
        switch request.body {
        case .empty:
            body = ""
        case let .bytes(bytes):
            body = String(decoding: bytes, as: UTF8.self)
        case let .file(path, size):
            body = "<file \(path), \(size) bytes>"
        case let .fileRange(path, offset, length):
            body = "<file \(path), \(length) bytes from \(offset)>"
        case let .multipart(multipart):
            boundary = multipart.boundary
            body = String(decoding: try await multipart.collect(upTo: 1 << 20), as: UTF8.self)
                .replacing(multipart.boundary, with: "BOUNDARY")
        }
        headers = request.headerFields.map { field in
            let line = "\(field.name.rawName): \(field.value)"
            return boundary.map { line.replacing($0, with: "BOUNDARY") } ?? line
        }
    }

    var description: String {
        "\(method) \(url)\n" + headers.map { $0 + "\n" }.joined() + "\n" + body
    }

    /// The headers every request ends with when the spec sets none of them: `Accept` for a JSON
    /// result, `Accept-Encoding` and `User-Agent`.
    static let jsonTail = ["Accept: application/json, */*;q=0.5", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0"]
}

/// Builds services from inline YAML with a fixed base URL and no environment variables.
enum Binding {
    static let baseURL = "https://api.example.com"

    /// A spec with one endpoint `e`: `endpoint` is its body, indented by four spaces; `service`
    /// holds extra service-level lines (`encoding: form`, `headers: …`).
    static func yaml(_ endpoint: String, service: String = "") -> String {
        "netspec: 1\nservice: S\n" + service + "endpoints:\n  e:\n" + endpoint
    }

    static func provider(
        baseURL: String? = Binding.baseURL, variables: [String: String] = [:], encoders: [String: JSONEncoder] = [:]
    ) -> Provider {
        Provider(baseURL: baseURL, variables: variables, encoders: encoders, options: .init(usesEnvironment: false))
    }

    static func service(_ yaml: String, provider: Provider = Binding.provider()) throws -> Service {
        Service(spec: try Spec(yaml: yaml, file: "t.yaml"), provider: provider)
    }

    /// The request built for endpoint `e` of a one-endpoint spec.
    static func golden(
        _ endpoint: String, service: String = "", _ arguments: [String: Argument] = [:],
        provider: Provider = Binding.provider(), options: CallOptions = CallOptions()
    ) async throws -> Golden {
        let api = try Self.service(yaml(endpoint, service: service), provider: provider)
        return try await Golden(api.prepare("e", arguments, options: options))
    }

    /// Only the URL built for endpoint `e`.
    static func url(_ endpoint: String, service: String = "", _ arguments: [String: Argument] = [:]) throws -> String {
        try Self.service(yaml(endpoint, service: service)).prepare("e", arguments).url
    }

    /// The argument error that preparing endpoint `e` throws, as `reason: description`, or
    /// `"no error"`.
    static func failure(
        _ endpoint: String, service: String = "", _ arguments: [String: Argument] = [:], provider: Provider = Binding.provider()
    ) throws -> String {
        failure(of: try Self.service(yaml(endpoint, service: service), provider: provider), "e", arguments)
    }

    /// The argument error that preparing a call throws, as `reason: description`, or `"no error"`.
    static func failure(of service: Service, _ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) -> String {
        do {
            _ = try service.prepare(endpoint, arguments, options: options)
            return "no error"
        } catch {
            return describe(error)
        }
    }

    /// A call error as `reason: description` for argument errors, `configuration reason:
    /// description` for configuration errors, else its description.
    static func describe(_ error: CallError) -> String {
        switch error {
        case let .argument(problem): "\(problem.reason): \(problem.description)"
        case let .configuration(problem): "configuration \(problem.reason): \(problem.description)"
        default: "not an argument error: \(error)"
        }
    }
}
