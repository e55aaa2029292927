import HTTPTypes
import Testing

import Netspec
import NetspecMock
import NetspecModel
import NetspecTestSupport

/// A response header described by `content: application/json` (an OpenAPI Header Object with
/// `content` instead of `schema`) has as its value the JSON text of the value its schema
/// describes (`X-Rate: {"limit":100,"left":99}`). `netspec mock` sends its example so: the media
/// type's `example` or `examples` as the header's own, a 3.2 `dataValue` as JSON text, a
/// `serializedValue` as written, the schema's `default` when there is no example; and its check
/// of its own headers, shared with `netspec check` and the validating proxy
/// (`Endpoint.headViolations`), reads such a header as JSON. An object example was dropped:
/// its JSON text was read as the `simple` style's `name,value` list, which its schema refuses.
@Suite struct MockHeaderJSONContentTests {
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
                    X-Rate:
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Rate" }
                          example: { limit: 100, left: 99 }
                    X-Ids:
                      content: { application/json: { schema: { type: array, items: { type: integer } } } }
                      example: [1, 2]
                    X-Data:
                      content: { application/json: { schema: { $ref: "#/components/schemas/Rate" } } }
                      examples: { d: { dataValue: { limit: 10, left: 9 } } }
                    X-Wire:
                      content: { application/json: { schema: { $ref: "#/components/schemas/Rate" } } }
                      examples: { w: { serializedValue: '{"limit":5,"left":4}' } }
                    X-Named:
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Rate" }
                          examples: { n: { value: { limit: 7, left: 6 } } }
                    X-Default:
                      content:
                        application/json:
                          schema: { type: object, required: [limit], properties: { limit: { type: integer } }, default: { limit: 1 } }
                  content:
                    application/json: { example: { ok: true } }
          /broken:
            get:
              operationId: broken
              responses:
                "200":
                  description: ok
                  headers:
                    X-Rate:
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/Rate" }
                          example: { limit: many, left: 1 }
                  content:
                    application/json: { example: { ok: true } }
        components:
          schemas:
            Rate:
              type: object
              required: [limit, left]
              properties: { limit: { type: integer }, left: { type: integer } }
        """

    @Test func aJSONHeaderIsSentAsItsJSONText() async throws {
        let spec = try Spec(yaml: Self.document, file: "limits.yaml")
        #expect(spec.warnings.map(\.description) == [])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let answer = try await MockServerTests.curl(["-s", base + "/limits"])
            #expect(answer == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Rate: {"limit":100,"left":99}
                X-Ids: [1,2]
                X-Data: {"limit":10,"left":9}
                X-Wire: {"limit":5,"left":4}
                X-Named: {"limit":7,"left":6}
                X-Default: {"limit":1}
                Content-Length: 11
                Server: netspec-mock

                {"ok":true}
                """, "\(answer)")
            // An example its schema refuses is replaced by the schema's value, as JSON text, and said.
            let broken = try await MockServerTests.curl(["-s", base + "/broken"])
            #expect(broken == """
                HTTP/1.1 200 OK
                Content-Type: application/json
                X-Rate: {"limit":0,"left":0}
                Content-Length: 11
                Netspec-Violations: [{"location":"response","header":"X-Rate","pointer":"/limit","message":"must be an integer","schema":"limits.yaml:55:30"}]
                Server: netspec-mock

                {"ok":true}
                """, "\(broken)")
        }
    }

    /// `netspec check` and the validating proxy read a server's JSON header as JSON too.
    @Test func aServersJSONHeaderIsCheckedAsJSON() throws {
        let spec = try Spec(yaml: Self.document, file: "limits.yaml")
        let endpoint = try #require(spec.endpoints.first { $0.name == "limits" })
        func violations(_ rate: String) -> [String] {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[HTTPField.Name("X-Rate")!] = rate
            return endpoint.headViolations(status: 200, headers: headers, bodyLength: 11).map(\.description)
        }
        #expect(violations(#"{"limit":100,"left":99}"#) == [])
        #expect(violations(#"{"limit":"many","left":99}"#) == ["header X-Rate /limit: must be an integer (at limits.yaml:55:30)"])
        #expect(violations(#"{"limit":100}"#) == ["header X-Rate: must have the property 'left' (at limits.yaml:54:7)"])
    }
}
