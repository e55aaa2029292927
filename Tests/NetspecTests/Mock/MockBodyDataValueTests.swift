import Testing

import NetspecMock
import NetspecModel
import NetspecTestSupport

/// A response body's example given by OpenAPI 3.2's Example object fields (OpenAPI 3.2.0,
/// Example Object) was not answered: `netspec mock` read an Example's `value` only, so an example
/// given by `dataValue` or `serializedValue` alone was passed over (the mock answered from the
/// schema). A `dataValue` is now written as a `value` is; a `serializedValue` alone (the body as
/// sent) is read as JSON for a JSON type and as text for a text type; JSON that does not parse
/// is a warning at its place, and the example is not offered.
@Suite struct MockBodyDataValueTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Pets, version: "1" }
        paths:
          /pets:
            get:
              operationId: pets
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      examples:
                        data: { dataValue: { id: 1, name: Rex } }
                        wire: { serializedValue: '{"id": 2, "name": "Tom"}' }
                        broken: { serializedValue: '{"id": 3,' }
          /motd:
            get:
              operationId: motd
              responses:
                "200":
                  description: ok
                  content:
                    text/plain:
                      examples: { hello: { serializedValue: "Hello, world" } }
        """

    @Test func aBodyIsAnsweredFromItsDataValueOrSerializedValue() async throws {
        let spec = try Spec(yaml: Self.document, file: "pets.yaml")
        #expect(spec.warnings.map(\.description) == [
            "pets.yaml:15:44: warning: operation 'pets': response '200': content 'application/json': example 'broken': its 'serializedValue' is not JSON, so a mock does not answer with it",
        ])
        try await MockServerTests.withMockServer(of: spec, .init(port: 0)) { base, _ in
            let first = try await MockServerTests.curl(["-s", base + "/pets"])
            let wire = try await MockServerTests.curl(["-s", "-H", "Prefer: example=wire", base + "/pets"])
            let text = try await MockServerTests.curl(["-s", base + "/motd"])
            // The status line, the Content-Type and the body, exactly.
            func parts(_ answer: String) -> [String] {
                let lines = answer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                return [lines.first ?? "", lines.first { $0.hasPrefix("Content-Type:") } ?? "", lines.last ?? ""]
            }
            #expect(parts(first) == ["HTTP/1.1 200 OK", "Content-Type: application/json", #"{"id":1,"name":"Rex"}"#], "\(first)")
            #expect(parts(wire) == ["HTTP/1.1 200 OK", "Content-Type: application/json", #"{"id":2,"name":"Tom"}"#], "\(wire)")
            #expect(parts(text) == ["HTTP/1.1 200 OK", "Content-Type: text/plain", "Hello, world"], "\(text)")
        }
    }
}
