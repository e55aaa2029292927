import Testing

/// `netspec call … --jsonpath QUERY` (docs/cli.md): RFC 9535 over the result, after any key path,
/// printed as the JSON array of the values selected; a query that does not parse is a usage error
/// saying where.
@Suite struct JSONPathOptionTests {
    static let spec = """
        netspec: 1
        service: Shop
        baseURL: http://127.0.0.1:9
        endpoints:
          items:
            GET: /items
            mock: { status: 200, body: { items: [{ id: 1, active: true, name: pen }, { id: 2, active: false, name: ink }, { id: 3, active: true, name: nib }] } }
        """ + "\n"

    @Test(arguments: [
        (["--jsonpath", "$.items[?@.active == true].id"], "[1,3]\n"),
        // An existence test: `active: false` exists too (RFC 9535 2.3.5.2.2).
        (["--jsonpath", "$.items[?@.active].id"], "[1,2,3]\n"),
        (["--jsonpath", "$..name"], #"["pen","ink","nib"]"# + "\n"),
        (["--jsonpath", "$.items[-1]"], #"[{"id":3,"active":true,"name":"nib"}]"# + "\n"),
        (["--jsonpath", "$.nothing"], "[]\n"),
        (["--keypath", "items", "--jsonpath", "$[?@.id > 1].name"], #"["ink","nib"]"# + "\n"),
        (["--jsonpath", "$[?length(@) == 3]"], #"[[{"id":1,"active":true,"name":"pen"},{"id":2,"active":false,"name":"ink"},{"id":3,"active":true,"name":"nib"}]]"# + "\n"),
    ])
    func selectsFromTheResult(options: [String], printed: String) async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "items", "--mock", "--raw"] + options)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout == printed)
    }

    @Test func aQueryThatDoesNotParseIsAUsageError() async throws {
        let spec = try CLI.temporarySpec(Self.spec)
        let result = try await CLI.run(["call", spec, "items", "--mock", "--jsonpath", "$.items[?@.id >]"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --jsonpath '$.items[?@.id >]': column 16: expected a query ('@' or '$'), a literal or a function call\n"), "\(result.stderr)")
    }
}
