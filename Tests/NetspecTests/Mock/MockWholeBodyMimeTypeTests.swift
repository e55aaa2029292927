import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// A whole body's `mimeType:` decides how it is written, whatever the encoding
/// (``ParameterCodec/Body/writtenEncoding``); the mock expects and reads it by the same decision,
/// so that what netspec sends its own mock takes: `encoding: form` with
/// `_: { type: JSON, mimeType: application/json }` was refused, 'the body's Content-Type is
/// 'application/json'; expected application/x-www-form-urlencoded'.
@Suite struct MockWholeBodyMimeTypeTests {
    static func spec(encoding: String, declaration: String) throws -> Spec {
        try Spec(yaml: """
            netspec: 1
            service: S
            encoding: \(encoding)
            endpoints:
              put:
                POST: /doc
                params:
                  \(declaration)
                mock: { body: { ok: true } }
            """ + "\n", file: "doc.yaml")
    }

    static func service(_ spec: Spec, baseURL: String = "https://api.example.com") -> Service {
        Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    /// What the mock's reader makes of `body` sent under `contentType`: its problems' messages and the body's argument.
    static func read(_ spec: Spec, contentType: String, body: [UInt8]) throws -> (problems: [String], argument: Argument?) {
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .post, path: "/doc") else {
            Issue.record("/doc does not route")
            return ([], nil)
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: contentType, body: body)
        return (reading.problems.map(\.message), reading.arguments["_"])
    }

    @Test(arguments: [
        ("form", "_: { type: JSON, mimeType: application/json }", Argument.value(["a": ["b": [1, 2]]]), #"{"a":{"b":[1,2]}}"#, "application/json"),
        ("json", "_: { type: \"[String: String]\", mimeType: application/x-www-form-urlencoded }", .value(["a": "1 2", "b": "&"]), "a=1+2&b=%26", "application/x-www-form-urlencoded"),
        ("form", "_: { type: String, mimeType: text/plain }", .value("a=b c"), "a=b c", "text/plain"),
    ])
    func netspecsOwnMockTakesTheBodyAsItIsWritten(encoding: String, declaration: String, argument: Argument, body: String, type: String) async throws {
        let spec = try Self.spec(encoding: encoding, declaration: declaration)
        // What netspec writes.
        let request = try Self.service(spec).prepare("put", ["_": argument])
        guard case let .bytes(bytes) = request.body else {
            Issue.record("not a body of bytes: \(request.body)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == body)
        #expect(request.headerFields[.contentType] == type)
        // The mock's reader takes it and gives the value back.
        let reading = try Self.read(spec, contentType: type, body: Array(bytes))
        #expect(reading.problems == [])
        #expect(ParameterCodecRoundTripTests.plain(reading.argument) == ParameterCodecRoundTripTests.plain(argument))
        // A mock server on 127.0.0.1 answers it.
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, log in
            let response = try await Self.service(spec, baseURL: base).call("put", ["_": argument])
            #expect(response.status == 200)
            #expect(log.all == ["POST /doc 200 put"])
        }
        // So does the in-process mock (`netspec call --mock`).
        let mocked = try await Self.service(spec).call("put", ["_": argument], options: CallOptions(usesMock: true))
        #expect(mocked.status == 200)
    }

    /// A body in another type than the one its `mimeType:` writes is still refused, the
    /// endpoint's own encoding's type included.
    @Test func aBodyInAnotherTypeIsRefused() async throws {
        let spec = try Self.spec(encoding: "json", declaration: "_: { type: \"[String: String]\", mimeType: application/x-www-form-urlencoded }")
        let message = "the body's Content-Type is 'application/json'; expected application/x-www-form-urlencoded"
        #expect(try Self.read(spec, contentType: "application/json", body: Array(#"{"a":"1"}"#.utf8)).problems == [message])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, log in
            let output = try await MockServerTests.curl(["-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"a":"1"}"#, base + "/doc"])
            #expect(output.hasPrefix("HTTP/1.1 415 Unsupported Media Type\n"), "\(output)")
            #expect(output.contains(#""message":"\#(message)""#), "\(output)")
            #expect(log.all == ["POST /doc 415 put"])
        }
    }
}
