import Testing
import NetspecTestSupport

/// A response header's example given by `externalValue` (OpenAPI Example Object) is not read by
/// `netspec mock` — as a body example's is not — and never sent as the URL nor as an empty value:
/// the header's first example with a `value` is sent, or else its schema's value, as for a header
/// without examples; with neither, the header is left out.
@Suite struct MockHeaderExternalValueTests {
    static let remote = #"remote: { externalValue: "https://example.com/rate.txt" }"#

    static func document() -> String {
        func path(_ name: String, _ header: String) -> String {
            """
              /\(name):
                get:
                  operationId: \(name)
                  responses:
                    "200":
                      description: ok
                      headers:
                        X-Rate-Limit: \(header)
                      content:
                        text/plain: { example: "ok" }

            """
        }
        return """
            openapi: 3.1.0
            info: { title: t, version: "1" }
            servers: [{ url: "http://127.0.0.1:9" }]
            paths:

            """
            + path("later", "{ schema: { type: integer }, examples: { \(remote), local: { value: 3 } } }")
            + path("schema", "{ schema: { type: integer, default: 7 }, examples: { \(remote) } }")
            + path("none", "{ schema: { type: string }, examples: { \(remote) } }")
    }

    @Test func anExternalValueIsPassedOverForTheNextValue() async throws {
        let spec = try CLI.temporarySpec(Self.document(), name: "oa.yaml")
        let (mock, base) = try await MockCommandTests.start([spec])
        var heads: [String: [String]] = [:]
        for name in ["later", "schema", "none"] {
            let curl = try await ChildProcess.curl(["-D", "-", "-o", "/dev/null", base + "/" + name])
            heads[name] = curl.stdout.split(separator: "\r\n").map(String.init).filter {
                $0.hasPrefix("HTTP/") || $0.lowercased().hasPrefix("x-rate-limit")
            }
        }
        mock.terminate()
        _ = await mock.wait()
        #expect(heads == [
            "later": ["HTTP/1.1 200 OK", "X-Rate-Limit: 3"],
            "schema": ["HTTP/1.1 200 OK", "X-Rate-Limit: 7"],
            "none": ["HTTP/1.1 200 OK"],
        ])
    }
}
