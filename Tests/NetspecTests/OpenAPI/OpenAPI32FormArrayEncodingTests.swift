import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// OpenAPI 3.2.0's Encoding By Name in an `application/x-www-form-urlencoded` body: an array
/// property's Encoding Object applies to each item, "one encoded value per array item, each with
/// the same name", so a JSON `contentType` writes each element's JSON text as an item of its own.
@Suite struct OpenAPI32FormArrayEncodingTests {
    static func document(version: String) -> String {
        """
        openapi: \(version)
        info: { title: T, version: '1' }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /f:
            post:
              operationId: e
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      properties:
                        tags: { type: array, items: { type: string } }
                        points: { type: array, items: { type: object } }
                        meta: { type: object }
                    encoding:
                      tags: { contentType: application/json }
                      points: { contentType: application/json }
                      meta: { contentType: application/json }
        """
    }

    static func json(_ text: String) -> JSONValue { try! JSONValue(parsing: Array(text.utf8)) }

    static func body(version: String) throws -> String {
        let spec = try Spec(yaml: document(version: version), file: "form.yaml")
        #expect(spec.warnings.map(\.description) == [])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("e", [
            "tags": .value(json(#"["a","b c"]"#)), "points": .value(json(#"[{"x":1},{"x":2}]"#)), "meta": .value(json(#"{"k":[1]}"#)),
        ])
        guard case let .bytes(bytes) = request.body else { return "\(request.body)" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// In 3.2 each element is an item of its JSON text; an object property is still one item.
    @Test func eachElementOfAnArrayIsAnItem() throws {
        #expect(try Self.body(version: "3.2.0")
            == "tags=%22a%22&tags=%22b+c%22&points=%7B%22x%22%3A1%7D&points=%7B%22x%22%3A2%7D&meta=%7B%22k%22%3A%5B1%5D%7D")
    }

    /// A 3.1 document, whose text does not say it, is written as before: the array's JSON text.
    @Test func a31DocumentKeepsTheWholeArray() throws {
        #expect(try Self.body(version: "3.1.0")
            == "tags=%5B%22a%22%2C%22b+c%22%5D&points=%5B%7B%22x%22%3A1%7D%2C%7B%22x%22%3A2%7D%5D&meta=%7B%22k%22%3A%5B1%5D%7D")
    }

    /// The mock server reads the items back as the array.
    @Test(arguments: [("tags", #"["a","b c"]"#), ("points", #"[{"x":1},{"x":2}]"#)])
    func whatIsSentReadsBack(field: String, value: String) async throws {
        let spec = try Spec(yaml: Self.document(version: "3.2.0"), file: "form.yaml")
        let result = try await ParameterCodecRoundTripTests.roundTrip(.value(Self.json(value)), of: field, in: spec)
        guard case let .read(read) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(ParameterCodecRoundTripTests.plain(read) == value)
    }
}
