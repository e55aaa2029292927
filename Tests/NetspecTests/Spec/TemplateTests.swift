import Testing
@testable import Netspec
@testable import NetspecModel

@Suite struct TemplateTests {
    static let environment = ["TOKEN": "abc", "EMPTY": "", "HOST": "api.example.com"]

    @Test(arguments: [
        ("plain text", "plain text", [String]()),
        ("Bearer ${TOKEN}", "Bearer abc", ["TOKEN"]),
        ("https://${HOST}/v1", "https://api.example.com/v1", ["HOST"]),
        ("${MISSING:-fallback}", "fallback", ["MISSING"]),
        ("${EMPTY:-fallback}", "fallback", ["EMPTY"]),
        ("${TOKEN:-fallback}", "abc", ["TOKEN"]),
        ("cost: $$5 and $ alone", "cost: $5 and $ alone", []),
        ("$${TOKEN}", "${TOKEN}", []),
        ("${EMPTY}", "", ["EMPTY"]),
        ("", "", []),
    ])
    func resolves(_ text: String, _ expected: String, _ names: [String]) throws {
        let template = try Template(parsing: text)
        #expect(try template.resolve { Self.environment[$0] } == expected)
        #expect(template.variableNames == names)
        #expect(template.description == text)
    }

    @Test func reportsTheFirstUnsetVariable() throws {
        let template = try Template(parsing: "${TOKEN}-${NOPE}-${ALSO}")
        #expect(throws: UnresolvedVariable(name: "NOPE")) { try template.resolve { Self.environment[$0] } }
    }

    @Test(arguments: [
        ("${TOKEN", "'${' is not closed by '}'", 0),
        ("a ${} b", "invalid variable name '' (use letters, digits and '_')", 4),
        ("${1ST}", "invalid variable name '1ST' (use letters, digits and '_')", 2),
        ("x${A-B}", "invalid variable name 'A-B' (use letters, digits and '_')", 3),
    ])
    func rejects(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: Template.SyntaxError(message: message, offset: offset)) { try Template(parsing: text) }
    }
}
