import Testing

import NetspecMock
import NetspecModel
import NetspecTestSupport

/// A response body's example given only by an OpenAPI 3.2 `serializedValue` in a media type
/// that is neither JSON nor text (`application/x-www-form-urlencoded`, `application/xml`) is the
/// body as it is sent (OpenAPI 3.2.0, Example Object): `netspec mock` answers it as written,
/// with that media type, first or by `Prefer: example=NAME`. It was passed over (the mock
/// answered from the schema, or 501). A `dataValue` of such a type is written in it as a
/// `value` is, as before.
@Suite struct MockBodySerializedValueTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Pets, version: "1" }
        paths:
          /form:
            get:
              operationId: form
              responses:
                "200":
                  description: ok
                  content:
                    application/x-www-form-urlencoded:
                      schema: { type: object, properties: { name: { type: string }, tags: { type: string } } }
                      examples:
                        sent: { serializedValue: "name=Rex&tags=a%20b" }
          /note:
            get:
              operationId: note
              responses:
                "200":
                  description: ok
                  content:
                    application/xml:
                      schema: { type: object, xml: { name: note }, properties: { text: { type: string } } }
                      examples:
                        data: { dataValue: { text: hi } }
                        raw: { serializedValue: "<note><text>as sent</text></note>" }
        """

    @Test func aSerializedValueIsAnsweredAsWritten() async throws {
        let spec = try Spec(yaml: Self.document, file: "pets.yaml")
        #expect(spec.warnings.map(\.description) == [])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let form = try await MockServerTests.curl(["-s", base + "/form"])
            #expect(form == """
                HTTP/1.1 200 OK
                Content-Type: application/x-www-form-urlencoded
                Content-Length: 19
                Server: netspec-mock

                name=Rex&tags=a%20b
                """, "\(form)")
            let named = try await MockServerTests.curl(["-s", "-H", "Prefer: example=sent", base + "/form"])
            #expect(named == form, "\(named)")
            let raw = try await MockServerTests.curl(["-s", "-H", "Prefer: example=raw", base + "/note"])
            #expect(raw == """
                HTTP/1.1 200 OK
                Content-Type: application/xml
                Content-Length: 33
                Server: netspec-mock

                <note><text>as sent</text></note>
                """, "\(raw)")
            // The first example, a `dataValue`, is written in XML as before.
            let data = try await MockServerTests.curl(["-s", base + "/note"])
            #expect(data == """
                HTTP/1.1 200 OK
                Content-Type: application/xml
                Content-Length: 67
                Server: netspec-mock

                <?xml version="1.0" encoding="UTF-8"?>
                <note><text>hi</text></note>
                """, "\(data)")
        }
    }
}
