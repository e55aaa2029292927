import Testing

/// `netspec validate` of a document whose request body media type holds a line break: it said
/// `ok` (and `call --dry-run` showed `Content-Type: text/plain  X-Bad: 1`); it is an error at the
/// character in the file, exit 65, and a call is refused the same way.
@Suite struct ValidateRequestMediaTypeTests {
    @Test func aBodyMediaTypeWithALineBreakFailsValidation() async throws {
        let spec = try CLI.temporarySpec(
            """
            openapi: 3.1.0
            info: { title: t, version: "1" }
            servers: [{ url: "http://127.0.0.1:9" }]
            paths:
              /raw:
                post:
                  operationId: raw
                  requestBody:
                    content:
                      "text/plain\\r\\nX-Bad: 1":
                        schema: { type: string }
                  responses: { "200": { description: ok } }
            """,
            name: "oa.yaml"
        )
        let message = "\(spec):10:22: error: operation 'raw': the request body's media type holds a line break (CR or LF) (character 11), which cannot be in the request's Content-Type header (OpenAPI Request Body Object)\n"
        let validated = try await CLI.run(["validate", spec])
        #expect(validated.status == 65)
        #expect(validated.stdout == "")
        #expect(validated.stderr == message)
        let called = try await CLI.run(["call", spec, "raw", "_=hi", "--dry-run"])
        #expect(called.status == 65)
        #expect(called.stdout == "")
        #expect(called.stderr == message)
    }
}
