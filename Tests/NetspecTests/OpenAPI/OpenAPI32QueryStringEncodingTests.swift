import Testing

@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// OpenAPI 3.2's form `querystring` written through its media type's `encoding`, "in the same way
/// as with request bodies of that media type" (Parameter Locations): a JSON `contentType` (an
/// array property's elements each, Encoding By Name), `style`, `explode` and `allowReserved`.
@Suite struct OpenAPI32QueryStringEncodingTests {
    static let document = """
        openapi: 3.2.0
        info: { title: T, version: '1' }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /p:
            get:
              operationId: e
              parameters:
                - in: querystring
                  name: q
                  content:
                    application/x-www-form-urlencoded:
                      schema:
                        type: object
                        properties:
                          foo: { type: string }
                          filter: { type: object }
                          names: { type: array, items: { type: string } }
                          csv: { type: array, items: { type: string } }
                          path: { type: string }
                          color: { type: object, additionalProperties: { type: string } }
                      encoding:
                        filter: { contentType: application/json }
                        names: { contentType: application/json }
                        csv: { style: form, explode: false }
                        path: { allowReserved: true }
                        color: { style: deepObject }
                        absent: { contentType: application/json }
                  examples:
                    encoded:
                      dataValue: { names: [x, y], csv: [x, y] }
                      serializedValue: names=%22x%22&names=%22y%22&csv=x,y
        """

    static func json(_ text: String) -> JSONValue { try! JSONValue(parsing: Array(text.utf8)) }

    static let value = json(#"{"foo":"a b","filter":{"a":[1,2]},"names":["x","y"],"csv":["x","y"],"path":"/a/b?c","color":{"R":"r"}}"#)

    /// Each member the `encoding` names is written by its entry; the others as before.
    @Test func theQuerystringIsWrittenByItsEncoding() throws {
        let spec = try Spec(yaml: Self.document, file: "qs.yaml")
        // The example's serializedValue is what its dataValue is written as: no warning.
        #expect(spec.warnings.map(\.description) == [])
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("e", ["q": .value(Self.value)])
        #expect(request.url == "https://api.example.com/p?foo=a+b&filter=%7B%22a%22%3A%5B1%2C2%5D%7D&names=%22x%22&names=%22y%22&csv=x,y&path=/a/b?c&color%5BR%5D=r")
    }

    /// The mock server reads the query string back by the same entries.
    @Test func whatIsSentReadsBack() async throws {
        let spec = try Spec(yaml: Self.document, file: "qs.yaml")
        let result = try await ParameterCodecRoundTripTests.roundTrip(.value(Self.value), of: "q", in: spec)
        guard case let .read(read) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(ParameterCodecRoundTripTests.plain(read) == ParameterCodecRoundTripTests.plain(.value(Self.value)))
    }
}
