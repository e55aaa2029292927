import Testing

import NetspecMock
import NetspecModel
import NetspecTestSupport

/// A response header's example given by OpenAPI 3.2's Example object fields (OpenAPI 3.2.0,
/// Example Object): `netspec mock` sends a `serializedValue` as it is written (it is the value as
/// it goes on the wire, so it wins over a `dataValue` beside it), and a `dataValue` written as a
/// request's header parameter is, in the `simple` style with the header's `explode` (`[a, b]`
/// is `a,b`; `{R: 100, G: 200, B: 150}` is `R,100,G,200,B,150`, exploded `R=100,G=200,B=150`),
/// or as JSON for a header described by `content: application/json`. `example` and an
/// Example's `value` are sent as before; an `externalValue` is passed over for the next example.
@Suite struct MockHeaderDataValueTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Limits, version: "1" }
        paths:
          /limits:
            get:
              operationId: limits
              responses:
                "200":
                  description: ok
                  headers:
                    X-Rate-Limit:
                      schema: { type: integer }
                      examples: { limit: { dataValue: 100 } }
                    X-Tags:
                      schema: { type: array, items: { type: string } }
                      examples: { t: { serializedValue: "a,b" } }
                    X-List:
                      schema: { type: array, items: { type: string } }
                      examples: { l: { dataValue: [blue, black, brown] } }
                    X-List-Exploded:
                      schema: { type: array, items: { type: string } }
                      explode: true
                      examples: { l: { dataValue: [blue, black, brown] } }
                    X-Color:
                      schema: { type: object, properties: { R: { type: integer }, G: { type: integer }, B: { type: integer } } }
                      examples: { c: { dataValue: { R: 100, G: 200, B: 150 } } }
                    X-Color-Exploded:
                      schema: { type: object, properties: { R: { type: integer }, G: { type: integer }, B: { type: integer } } }
                      explode: true
                      examples: { c: { dataValue: { R: 100, G: 200, B: 150 } } }
                    X-Both:
                      schema: { type: string }
                      examples: { b: { dataValue: data, serializedValue: wire } }
                    X-Json:
                      content: { application/json: { schema: { type: string } } }
                      examples: { j: { dataValue: hi } }
                    X-After:
                      schema: { type: integer }
                      examples: { remote: { externalValue: "https://example.com/n.txt" }, local: { dataValue: 3 } }
                    X-Value:
                      schema: { type: integer }
                      examples: { v: { value: 5 } }
                    X-Example:
                      schema: { type: array, items: { type: integer } }
                      example: [1, 2]
                  content:
                    application/json: { example: { ok: true } }
        """

    @Test func aHeaderIsAnsweredFromItsDataValueOrSerializedValue() async throws {
        let spec = try Spec(yaml: Self.document, file: "limits.yaml")
        // The one mismatch is X-Both's, made to show which is sent.
        #expect(spec.warnings.map(\.description) == [
            "limits.yaml:33:66: warning: operation 'limits': response '200': header 'X-Both': example 'b': 'serializedValue' is 'wire', but its 'dataValue' \"data\" is written as 'data' (OpenAPI 3.2.0, Serialization and Examples); one of them is wrong",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let answer = try await MockServerTests.curl(["-s", base + "/limits"])
            #expect(answer == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Rate-Limit: 100
                X-Tags: a,b
                X-List: blue,black,brown
                X-List-Exploded: blue,black,brown
                X-Color: R,100,G,200,B,150
                X-Color-Exploded: R=100,G=200,B=150
                X-Both: wire
                X-Json: "hi"
                X-After: 3
                X-Value: 5
                X-Example: 1,2
                Content-Length: 11
                Server: netspec-mock

                {"ok":true}
                """, "\(answer)")
        }
    }
}
