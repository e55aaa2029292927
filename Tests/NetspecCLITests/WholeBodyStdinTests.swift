import Testing

/// A whole body piped on standard input (or given as `_:=`) that is not an object is checked
/// against the body's schema as the JSON value it is, and sent as it is (docs/validation.md).
@Suite struct WholeBodyStdinTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /items:
            post:
              operationId: addItems
              requestBody:
                content:
                  application/json:
                    schema: { properties: { name: { type: string } }, required: [name] }
          /ids:
            post:
              operationId: addIds
              requestBody:
                content:
                  application/json:
                    schema: { type: array, items: { type: integer } }
        """ + "\n"

    @Test(arguments: [
        ("addItems", #"[{"name": "pen"}]"#, 0, #"[{"name":"pen"}]"#, ""),
        ("addItems", "null", 0, "null", ""),
        ("addIds", "[1, 2]", 0, "[1,2]", ""),
        ("addIds", "null", 64, "", "error: endpoint 'addIds': the body must be an array, got null (schema at ITEMS:17:23)\n"),
        ("addIds", #""1""#, 64, "", "error: endpoint 'addIds': the body must be an array, got \"1\" (schema at ITEMS:17:23)\n"),
    ])
    func aPipedBodyIsTheValueItIs(operation: String, stdin: String, status: Int32, body: String, error: String) async throws {
        let document = try CLI.temporarySpec(Self.document, name: "items.yaml")
        let result = try await CLI.run(["call", document, operation, "--dry-run"], stdin: Array(stdin.utf8))
        #expect(result.stderr == error.replacingOccurrences(of: "ITEMS", with: document))
        #expect(result.status == status)
        if status == 0 { #expect(result.stdout.split(separator: "\n").last.map(String.init) == body) }
        // `_:=` says the same.
        let item = try await CLI.run(["call", document, operation, "_:=" + stdin, "--dry-run"])
        #expect(item.stderr == result.stderr)
        #expect(item.stdout == result.stdout)
    }
}

/// An integer wider than 64 bits goes as its digits; one a Double would change is refused, saying
/// what it would have been sent as (JSONValue+BigIntegers.swift).
@Suite struct BigIntegerItemTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /n:
            post:
              operationId: send
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { n: { type: integer } } }
        """ + "\n"

    @Test(arguments: [
        ("n:=18446744073709551616", 0, #"{"n":18446744073709551616}"#, ""),
        ("n=18446744073709551616", 0, #"{"n":18446744073709551616}"#, ""),
        ("n:=123456789012345678901234567890", 64, "",
         "error: endpoint 'send': parameter 'n': 123456789012345678901234567890 has more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as 123456789012345677877719597056 (n:=123456789012345678901234567890)\n"),
    ])
    func bigIntegers(item: String, status: Int32, body: String, error: String) async throws {
        let document = try CLI.temporarySpec(Self.document, name: "n.yaml")
        let result = try await CLI.run(["call", document, "send", item, "--dry-run"])
        #expect(result.stderr == error)
        #expect(result.status == status)
        if status == 0 { #expect(result.stdout.split(separator: "\n").last.map(String.init) == body) }
    }
}
