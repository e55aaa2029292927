import Netspec
import Testing

/// What a query that is not valid JSONPath is told, and where; and how locations are spelled.
@Suite struct JSONPathMessagesTests {
    @Test(arguments: [
        ("", "column 1: a JSONPath query cannot be empty; it starts with '$'"),
        ("store.book", "column 1: a JSONPath query starts with '$'"),
        ("$.store ", "column 8: blank space is not allowed at the end of a query"),
        ("$.store book", "column 9: expected '.', '..' or '[' to start a segment"),
        ("$.a \t b", "column 7: expected '.', '..' or '[' to start a segment"),
        ("$. store", "column 3: blank space is not allowed after '.'"),
        ("$.1a", "column 3: expected a member name, '*' after '.'"),
        ("$[1", "column 4: expected ',' or ']' after a selector"),
        ("$[01]", "column 3: an integer cannot start with '0' (only 0 itself does)"),
        ("$[-0]", "column 3: '-0' is not an integer index"),
        ("$[9007199254740992]", "column 3: an integer must be within ±(2^53 − 1)"),
        ("$['a]", "column 3: the string is not closed (' expected)"),
        ("$['\\x']", "column 4: '\\x' is not an escape (\\b \\f \\n \\r \\t \\/ \\\\ \\' \\uXXXX are)"),
        ("$['\\uD800']", "column 4: a high surrogate escape must be followed by a low surrogate escape"),
        ("$[?@.a == 1 == 2]", "column 13: expected ',' or ']' after a selector"),
        ("$[?@.* == 1]", "column 4: a query compared must be a singular query (names and indexes only: no '..', '*', slices or filters)"),
        ("$[?length(@.a)]", "column 4: 'length' gives a value, which a filter cannot test; compare it (length(…) > 0)"),
        ("$[?match(@.a, 'x') == true]", "column 4: 'match' gives a logical value, which cannot be compared; use it as a test"),
        ("$[?count(1) > 0]", "column 10: 'count' takes a query (the nodes it selects), not a literal or a value"),
        ("$[?length(@.a, @.b) > 0]", "column 16: 'length' takes 1 argument"),
        ("$[?size(@) > 0]", "column 4: unknown function 'size' (the functions are length, count, match, search, value)"),
        ("$[?true]", "column 4: a literal is not a test; compare it with a query (@.x == …)"),
        ("$[?!@.a == 1]", "column 4: '!' negates a test or a parenthesized expression, not a comparison; write !(… == …)"),
        ("$[?(@.a]", "column 8: expected ')'"),
    ])
    func refused(query: String, message: String) {
        #expect(throws: JSONPath.ParseError.self) { try JSONPath(query) }
        do {
            _ = try JSONPath(query)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Filter expressions nest at most 100 deep (thousands of '(' or nested filters overflowed
    /// the stack: a crash, where this is an error at the place); 100 levels are read.
    @Test func nestingIsBounded() throws {
        let deeper = "filter expressions nest deeper than 100 levels here (each '[?', '(' and logical function argument opens one)"
        let parens = "$[?" + String(repeating: "(", count: 100) + "@.a" + String(repeating: ")", count: 100) + "]"
        #expect(throws: JSONPath.ParseError(column: 104, message: deeper)) { try JSONPath(parens) }
        let filters = "$" + String(repeating: "[?@", count: 101) + String(repeating: "]", count: 101)
        #expect(throws: JSONPath.ParseError(column: 304, message: deeper)) { try JSONPath(filters) }
        let read = try JSONPath("$[?" + String(repeating: "(", count: 99) + "@.a" + String(repeating: ")", count: 99) + "]")
        #expect(read.select(in: [["a": 1], ["b": 2]]) == [["a": 1]])
        _ = try JSONPath("$" + String(repeating: "[?@", count: 100) + String(repeating: "]", count: 100)).select(in: [[1]])
    }

    @Test func pathsAreNormalized() throws {
        let document: JSONValue = ["a'b": ["\\": [10, 20]], "tab\tline\u{01}": true]
        let located = try JSONPath("$..*").locate(in: document).map(\.path.description)
        #expect(located == ["$['a\\'b']", "$['tab\\tline\\u0001']", "$['a\\'b']['\\\\']", "$['a\\'b']['\\\\'][0]", "$['a\\'b']['\\\\'][1]"])
    }

    @Test func aQueryIsParsedOnceAndAppliedToManyValues() throws {
        let query = try JSONPath("$.items[?@.active == true && @.price < 10].id")
        #expect(query.select(in: ["items": [["id": 1, "active": true, "price": 5], ["id": 2, "active": false, "price": 5], ["id": 3, "active": true, "price": 12.5]]]) == [1])
        #expect(query.select(in: ["items": [["id": "x", "active": true, "price": 9.99]]]) == ["x"])
        #expect(query.select(in: [1, 2]) == [])
        #expect(try JSONPath("$.a[0]").isSingular)
        #expect(try !JSONPath("$.a[*]").isSingular)
    }
}
