import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTesting

/// A multipart part's content type is written as the part's `Content-Type` line. The loaders
/// refuse one holding a line break in a document (a Netspec `mimeType`, an OpenAPI `encoding`'s
/// `contentType`), but an endpoint made otherwise (here by hand, as the package's own code
/// may) reached the check made while the body was being sent, and the call failed "for a reason
/// Netspec does not know" after the request head. It is an argument error naming the endpoint,
/// the parameter and the part, before anything is sent.
@Suite struct MultipartPartContentTypeLineBreakTests {
    /// A service of one multipart endpoint `up`, whose parameter `note` (a part, or with
    /// `wholeBody` the body `_` of parts, `encoding: multipart`) is declared in `mediaType`.
    static func service(mediaType: String, wholeBody: Bool = false, transport: StubTransport = StubTransport()) throws -> Service {
        let loaded = try Spec(
            yaml: "netspec: 1\nservice: S\nbaseURL: https://api.example.com\nendpoints:\n  up:\n    POST: /up\n    params:\n      note: { in: part, mimeType: text/plain }\n",
            file: "t.yaml"
        )
        let endpoint = try #require(loaded.endpoints.first)
        let part = try #require(endpoint.parameters.first)
        let parameter = Parameter(
            name: wholeBody ? "_" : part.name, type: wholeBody ? .dictionary(.string) : part.type, location: wholeBody ? .body : .part,
            inference: part.inference, wireName: wholeBody ? "_" : part.wireName,
            codec: wholeBody ? .body(ParameterCodec.Body(mediaType: mediaType, encoding: .multipart)) : .part(ParameterCodec.Part(mediaType: mediaType)),
            defaultValue: nil, defaultTemplate: nil, isSecret: false, summary: nil, mark: part.mark, fieldName: nil
        )
        let made = Endpoint(fields: Endpoint.Fields(
            name: "up", method: .post, path: endpoint.pathTemplate, parameters: [parameter], headers: [], encoding: .multipart,
            encoderName: nil, decoderName: nil, timeout: nil, keyPath: nil, returnType: endpoint.returnType, stream: nil,
            until: nil, auth: nil, retry: nil, isRetryDisabled: false, summary: nil, mark: endpoint.mark
        ))
        let spec = Spec(
            file: "t.yaml", version: 1, service: "S", baseURL: loaded.baseURL, headers: [], encoding: .multipart, timeout: nil,
            auth: nil, retry: nil, summary: nil, endpoints: [made]
        )
        return Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false), transport: transport))
    }

    /// CR LF and another control character, in a part and in a whole body's parts; nothing is sent.
    @Test(arguments: [
        ("text/plain\r\nX-Injected: 1", false, "parameter 'note': the content type of part 'note' holds a line break (CR or LF) (character 11)"),
        ("text/plain\u{1}", false, "parameter 'note': the content type of part 'note' holds the control character 0x01 (character 11)"),
        ("text/csv\nX-Injected: 1", true, "parameter '_': the content type of part 'a' holds a line break (CR or LF) (character 9)"),
    ])
    func aPartContentTypeWithALineBreakIsAnArgumentError(mediaType: String, wholeBody: Bool, message: String) async throws {
        let stub = StubTransport(defaultAnswer: .init(status: 204))
        let api = try Self.service(mediaType: mediaType, wholeBody: wholeBody, transport: stub)
        let arguments: [String: Argument] = wholeBody ? ["_": ["a": "1"]] : ["note": "hi"]
        let expected = "invalidValue: endpoint 'up': \(message), which cannot be in the part's Content-Type header"
        #expect(Binding.failure(of: api, "up", arguments) == expected)
        do {
            _ = try await api.call("up", arguments)
            Issue.record("no error")
        } catch {
            #expect(Binding.describe(error) == expected)
        }
        #expect(stub.requests.isEmpty)
    }

    /// A type without one is the part's `Content-Type`.
    @Test func aPlainContentTypeIsSent() async throws {
        let request = try await Golden(try Self.service(mediaType: "text/plain; charset=utf-8").prepare("up", ["note": "hi"]))
        #expect(request.body == """
            --BOUNDARY\r
            Content-Disposition: form-data; name="note"\r
            Content-Type: text/plain; charset=utf-8\r
            \r
            hi\r
            --BOUNDARY--\r

            """)
    }
}
