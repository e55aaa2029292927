import NetspecTestSupport
import Testing

/// `netspec call --mock` of an operation whose example breaks its own schema answers with a
/// value made from the schema, and says so as `netspec mock` does, in `Netspec-Violations`
/// (shown by `-v`): the example was replaced without a word.
@Suite struct CallMockViolationsTests {
    @Test func aBrokenExampleIsSaidInTheViolationsHeader() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: M, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /a:
                get:
                  operationId: a
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {type: object, properties: {n: {type: integer, maximum: 1}}}
                          example: {n: 5}
            """, name: "broken-example.yaml")
        let result = try await CLI.run(["call", spec, "a", "--mock", "-v"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"n\":0}\n", "\(result.stdout)")
        #expect(result.stderr.contains(#"< Netspec-Violations: [{"location":"response","pointer":"/n","message":"must be at most 1","schema":"#), "\(result.stderr)")
    }
}
