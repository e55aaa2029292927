import Foundation
import HTTPTypes
import Testing

@testable import Netspec
@testable import NetspecMock
import NetspecModel

/// An OpenAPI path parameter is expanded as RFC 6570 does (OpenAPI 3.x, Style Values): every
/// character of a value outside unreserved (`ALPHA / DIGIT / - . _ ~`) is percent-encoded, `;`,
/// `,` and `=` too, while the `,` between a `simple` list's items and the `=` between an exploded
/// object's key and value stay, as the style's delimiters. The mock decodes them back. A Netspec
/// spec's `{name}` (and a Swagger 2.0 path parameter) stays a path segment, keeping RFC 3986
/// `pchar` (SPEC.md: "percent-encoded as a path segment"). `docs/parameter-forms.md` says it.
@Suite struct PathSimpleEncodingTests {
    static func document(_ parameter: String) -> String {
        """
        openapi: 3.1.0
        info: { title: t, version: "1" }
        servers: [{ url: "https://example.com" }]
        paths:
          /p/{v}/x:
            get:
              operationId: p
              parameters: [\(parameter)]
              responses: { "200": { description: ok } }
        """
    }

    static let string = "{ name: v, in: path, required: true, schema: { type: string } }"
    static let array = "{ name: v, in: path, required: true, schema: { type: array, items: { type: string } } }"
    static let object = "{ name: v, in: path, required: true, explode: true, schema: { type: object, additionalProperties: { type: string } } }"
    static let joinedObject = "{ name: v, in: path, required: true, schema: { type: object, additionalProperties: { type: string } } }"
    static let label = "{ name: v, in: path, required: true, style: label, schema: { type: array, items: { type: string } } }"
    static let matrix = "{ name: v, in: path, required: true, style: matrix, schema: { type: string } }"

    static let rows: [(String, Argument, String)] = [
        (string, "k=v;x,y", "k%3Dv%3Bx%2Cy"),
        (string, "user@host:80", "user%40host%3A80"),
        (string, "!$&'()*+", "%21%24%26%27%28%29%2A%2B"),
        (string, "-._~az09", "-._~az09"),
        (string, "a/b?c#d", "a%2Fb%3Fc%23d"),
        (string, "a b%", "a%20b%25"),
        (string, "café", "caf%C3%A9"),
        (array, ["a;b", "c=d", "e,f"], "a%3Bb,c%3Dd,e%2Cf"),
        (object, ["k;": "v=w"], "k%3B=v%3Dw"),
        (joinedObject, ["R": "1;2"], "R,1%3B2"),
        (label, ["a;b", "c:d"], ".a%3Bb,c%3Ad"),
        (matrix, "a;b=c", ";v=a%3Bb%3Dc"),
    ]

    @Test(arguments: rows)
    func aValueIsExpandedAsRFC6570Does(parameter: String, value: Argument, path: String) throws {
        try Self.expectRoundTrip(Self.document(parameter), value: value, path: path)
    }

    /// The URL a call writes is `https://example.com/p/<path>/x`, and the mock decodes it back.
    static func expectRoundTrip(_ yaml: String, value: Argument, path: String) throws {
        let spec = try Spec(yaml: yaml, file: "p.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("p", ["v": value]).url == "https://example.com/p/\(path)/x")
        guard case let .endpoint(endpoint, pathValues) = MockRouter(spec: spec).match(method: .get, path: "/p/\(path)/x") else {
            Issue.record("/p/\(path)/x does not route")
            return
        }
        let reading = MockRequestReader(plan: MockRequestPlan(endpoint: endpoint), strict: true)
            .read(pathValues: pathValues, query: nil, headers: HTTPFields(), contentType: "", body: [])
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(ParameterCodecRoundTripTests.plain(reading.arguments["v"]) == ParameterCodecRoundTripTests.plain(value))
    }

    /// A placeholder the document declares no parameter for is expanded alike.
    @Test func anUndeclaredPlaceholderIsExpandedAlike() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: t, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /p/{v}:
                get: { operationId: p, responses: { "200": { description: ok } } }
            """, file: "p.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("p", ["v": "a;b,c=d"]).url == "https://example.com/p/a%3Bb%2Cc%3Dd")
    }

    /// A Netspec spec's `{name}` and a Swagger 2.0 path parameter keep RFC 3986 `pchar`.
    @Test func aNetspecSpecAndASwaggerDocumentKeepASegmentsCharacters() throws {
        #expect(try Binding.url("    GET: /p/{v}/x\n    params:\n      v: String\n", ["v": "k=v;x,y@:"]) == "https://api.example.com/p/k=v;x,y@:/x")
        let swagger = try Spec(yaml: """
            swagger: "2.0"
            info: { title: t, version: "1" }
            host: example.com
            schemes: [https]
            paths:
              /p/{v}:
                get:
                  operationId: p
                  parameters: [{ name: v, in: path, required: true, type: string }]
                  responses: { "200": { description: ok } }
            """, file: "s.yaml")
        let api = Service(spec: swagger, provider: Provider(options: .init(usesEnvironment: false)))
        #expect(try api.prepare("p", ["v": "k=v;x,y"]).url == "https://example.com/p/k=v;x,y")
    }
}
