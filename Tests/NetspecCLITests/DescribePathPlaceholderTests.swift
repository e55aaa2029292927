import NetspecTestSupport
import Testing

/// `netspec describe` shows a document's path placeholders by the names arguments give them: a
/// placeholder without ASCII letters (`{é}`) is `{_}` in the endpoint's template, and `_` is the
/// body's name, so it showed `GET /a/{_}` and `path {_}` for the argument `é=…`.
@Suite struct DescribePathPlaceholderTests {
    @Test func aPlaceholderIsShownByItsArgumentsName() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.0.3
            info: {title: T, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /a/{é}/{ü}:
                get:
                  operationId: getA
                  parameters:
                    - {name: é, in: path, required: true, schema: {type: string}}
                    - {name: ü, in: path, required: true, schema: {type: string}}
                  responses: {"200": {description: ok}}
            """, name: "placeholders.yaml")
        let result = try await CLI.run(["describe", spec, "getA"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("getA: GET /a/{é}/{ü}\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  é  String  required  path {é}"), "\(result.stdout)")
        #expect(!result.stdout.contains("{_"), "\(result.stdout)")
        let call = try await CLI.run(["call", spec, "getA", "é=x", "ü=y", "--dry-run"])
        #expect(call.stdout.hasPrefix("GET http://127.0.0.1:9/a/x/y HTTP/1.1\n"), "\(call.stdout)")
    }
}
