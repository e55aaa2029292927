import Testing
@testable import Netspec
@testable import NetspecModel

@Suite struct PathTemplateTests {
    @Test func splitsLiteralsAndPlaceholders() throws {
        let path = try PathTemplate(parsing: "/users/{username}/todos/{id=3}.json?v=2&x")
        #expect(path.segments == [
            .literal("/users/"), .placeholder(name: "username", defaultValue: nil), .literal("/todos/"),
            .placeholder(name: "id", defaultValue: "3"), .literal(".json"),
        ])
        #expect(path.query == "v=2&x")
        #expect(path.placeholderNames == ["username", "id"])
        #expect(path.defaultValue(forPlaceholder: "id") == "3")
        #expect(path.defaultValue(forPlaceholder: "username") == nil)
        #expect(!path.isAbsoluteURL)
    }

    @Test func acceptsAbsoluteURLs() throws {
        let path = try PathTemplate(parsing: "https://uploads.example.com/a/{b}")
        #expect(path.isAbsoluteURL)
        #expect(path.placeholderNames == ["b"])
    }

    @Test(arguments: [
        ("users", "path must start with '/' or be an absolute http(s) URL", 0),
        ("/a/{id", "'{' is not closed by '}'", 3),
        ("/a/{id/b}", "'{' is not closed by '}'", 3),
        ("/a/id}", "'}' without a matching '{'", 5),
        ("/a/{}", "invalid placeholder name '{}' (use letters, digits and '_')", 3),
        ("/a/{a-b}", "invalid placeholder name '{a-b}' (use letters, digits and '_')", 3),
        ("/a/{id}/{id}", "placeholder '{id}' appears more than once", 8),
        ("/a b", "space is not allowed in a URL path; percent-encode it", 2),
        ("/a#frag", "a path cannot contain a fragment ('#')", 2),
        ("/caf\u{E9}", "'\u{E9}' is not allowed in a URL path; percent-encode it", 4),
        ("/a?q={x}", "placeholders are only allowed in the path, not in its query", 5),
        ("/a?q=a b", "space is not allowed in a URL path; percent-encode it", 6),
    ])
    func rejects(_ text: String, _ message: String, _ offset: Int) {
        #expect(throws: PathTemplate.SyntaxError(message: message, offset: offset)) { try PathTemplate(parsing: text) }
    }
}
