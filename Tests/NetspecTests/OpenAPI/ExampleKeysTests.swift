import Testing

import Netspec

/// A Parameter, Media Type or Header object with both `example` and `examples` is invalid
/// OpenAPI: said once, at the `examples` key; a response's media type keeps both (its `example`
/// answers unless a named one is asked for).
@Suite struct ExampleKeysTests {
    @Test func bothExampleAndExamplesAreWarnedAboutOnce() throws {
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            info: { title: E, version: "1" }
            servers: [{ url: "https://example.com" }]
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    "200": { $ref: "#/components/responses/Thing" }
              /b:
                get:
                  operationId: b
                  responses:
                    "200": { $ref: "#/components/responses/Thing" }
            components:
              responses:
                Thing:
                  description: a thing
                  content:
                    application/json:
                      example: { n: 1 }
                      examples:
                        other: { value: { n: 2 } }
            """, file: "e.yaml")
        #expect(spec.warnings.map(\.description) == [
            "e.yaml:22:11: warning: operation 'a': 'example' and 'examples' are both given, which OpenAPI does not allow; both are kept ('example' answers unless a named one is asked for)",
        ])
        #expect(spec.endpoint(named: "b")?.mock?.body == Array(#"{"n":1}"#.utf8))
    }
}
