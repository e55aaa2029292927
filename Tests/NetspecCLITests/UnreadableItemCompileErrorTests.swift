import Foundation
import NetspecTestSupport
import Testing

/// `netspec call` with an item it cannot read as its parameter's type (`n=abc` for an integer)
/// and a schema the call is checked against that cannot be compiled: the document is invalid
/// (exit 65, as SchemaCompileErrorCommandTests has it for items that can be read), the schema's
/// problem said first, not hidden behind the item's (exit 64).
@Suite struct UnreadableItemCompileErrorTests {
    static let unreadable = """
        openapi: 3.1.0
        info: {title: R, version: "1"}
        servers: [{url: http://127.0.0.1:9/v1}]
        paths:
          /b:
            get:
              operationId: mix
              parameters:
                - {name: q, in: query, schema: {type: string, pattern: '(['}}
                - {name: n, in: query, required: true, schema: {type: integer}}
              responses:
                "200": {description: ok}
          /c:
            post:
              operationId: body
              parameters:
                - {name: n, in: query, required: true, schema: {type: integer}}
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        s: {type: string, pattern: '(['}
              responses:
                "200": {description: ok}
          /d:
            get:
              operationId: own
              parameters:
                - {name: n, in: query, required: true, schema: {type: integer, minimum: "x"}}
              responses:
                "200": {description: ok}
        """

    /// An item the command line cannot read (`n=abc` for an integer) beside a schema the call is
    /// checked against that cannot be compiled: the document's problem first, then the item's,
    /// exit 65, as when the item can be read (it was 64, the compile error unsaid). A schema the
    /// call is not checked against (`q` not given) leaves the item's error alone (64);
    /// `--no-validate` sends the text unchecked.
    @Test(arguments: [
        (["mix", "q=a", "n=abc"], """
            error: endpoint 'mix': 2 problems with the arguments:
              parameter 'q': its schema cannot be compiled: unreadable.yaml:9:55: '([' is not a regular expression this engine can run (expected custom character class members)
              parameter 'n': 'abc' is not an integer (a whole number) (n=abc)
            send without checking with --no-validate (CallOptions(requestValidation: .off))

            """, Int32(65)),
        (["body", "n=abc", "s=x"], """
            error: endpoint 'body': 2 problems with the arguments:
              the request body's schema cannot be compiled: unreadable.yaml:24:35: '([' is not a regular expression this engine can run (expected custom character class members)
              parameter 'n': 'abc' is not an integer (a whole number) (n=abc)
            send without checking with --no-validate (CallOptions(requestValidation: .off))

            """, 65),
        // A JSON body of fields is checked whole, given or not: so it is without s, as `body n=5` is.
        (["body", "n=abc"], """
            error: endpoint 'body': 2 problems with the arguments:
              the request body's schema cannot be compiled: unreadable.yaml:24:35: '([' is not a regular expression this engine can run (expected custom character class members)
              parameter 'n': 'abc' is not an integer (a whole number) (n=abc)
            send without checking with --no-validate (CallOptions(requestValidation: .off))

            """, 65),
        (["own", "n=abc"], """
            error: endpoint 'own': 2 problems with the arguments:
              parameter 'n': its schema cannot be compiled: unreadable.yaml:31:72: minimum must be a number
              parameter 'n': 'abc' is not an integer (a whole number) (n=abc)
            send without checking with --no-validate (CallOptions(requestValidation: .off))

            """, 65),
        (["mix", "n=abc"], "error: endpoint 'mix': parameter 'n': 'abc' is not an integer (a whole number) (n=abc)\n", 64),
    ] as [([String], String, Int32)])
    func anItemThatCannotBeReadDoesNotHideACompileError(items: [String], stderr: String, status: Int32) async throws {
        let path = try CLI.temporarySpec(Self.unreadable, name: "unreadable.yaml")
        let folder = (path as NSString).deletingLastPathComponent + "/"
        let result = try await CLI.run(["call", path] + items + ["--dry-run"])
        #expect(result.stdout == "")
        #expect(result.stderr.replacingOccurrences(of: folder, with: "") == stderr)
        #expect(result.status == status)
        // Unchecked, the text goes as it is.
        let unchecked = try await CLI.run(["call", path] + items + ["--dry-run", "--no-validate"])
        #expect(unchecked.stderr == "")
        #expect(unchecked.status == 0)
    }
}
