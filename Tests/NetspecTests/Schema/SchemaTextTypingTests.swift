import Testing

import Netspec

/// `JSONSchema.typingText`: a value read from text (a query, a form, the command line) typed by
/// the schema at each place, the one rule the client and the mock server share.
@Suite struct SchemaTextTypingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let schema: JSONValue
        let text: JSONValue
        let typed: JSONValue
        var testDescription: String { name }
    }

    /// Stripe's `trial_end`, `created` and `tax_rates`.
    static let trialEnd: JSONValue = ["anyOf": [["type": "string", "enum": ["now"], "maxLength": 5000], ["type": "integer", "format": "unix-time"]]]
    static let range: JSONValue = ["anyOf": [
        ["type": "object", "title": "range_query_specs", "properties": ["gt": ["type": "integer"], "gte": ["type": "integer"], "lt": ["type": "integer"], "lte": ["type": "integer"]]],
        ["type": "integer"],
    ]]
    static let taxRates: JSONValue = ["anyOf": [["type": "array", "items": ["type": "string"]], ["type": "string", "enum": [""]]]]
    static let items: JSONValue = ["type": "array", "items": [
        "type": "object",
        "properties": ["price": ["type": "string"], "quantity": ["type": "integer"], "tax_rates": taxRates, "metadata": ["type": "object", "additionalProperties": ["type": "string"]]],
    ]]

    static let cases: [Case] = [
        Case(name: "an anyOf branch takes the integer", schema: trialEnd, text: "41317483", typed: 41_317_483),
        Case(name: "an anyOf branch takes the text", schema: trialEnd, text: "now", typed: "now"),
        Case(name: "no branch takes it: the text", schema: trialEnd, text: "soon", typed: "soon"),
        Case(name: "an object branch's member", schema: range, text: ["gte": "5", "lt": "9"], typed: ["gte": 5, "lt": 9]),
        Case(name: "the integer branch", schema: range, text: "5", typed: 5),
        Case(name: "a string stays a string", schema: ["type": "string"], text: "5", typed: "5"),
        Case(name: "string or integer: the text", schema: ["type": ["string", "integer"]], text: "5", typed: "5"),
        Case(name: "a number", schema: ["type": "number"], text: "1.5", typed: 1.5),
        Case(name: "a Boolean", schema: ["type": "boolean"], text: "true", typed: true),
        Case(name: "null where the schema takes it", schema: ["type": ["integer", "null"]], text: "null", typed: .null),
        Case(name: "the type, though another keyword fails", schema: ["type": "integer", "minimum": 10], text: "5", typed: 5),
        Case(name: "an enum of strings keeps the text", schema: ["type": "string", "enum": ["a"]], text: "5", typed: "5"),
        Case(name: "text that spells nothing", schema: ["type": "integer"], text: "x", typed: "x"),
        Case(name: "an object of strings is as it is", schema: ["type": "object", "additionalProperties": ["type": "string"]], text: ["0": "1"], typed: ["0": "1"]),
        Case(
            name: "indices are an array where an array is taken", schema: items,
            text: ["0": ["price": "p", "quantity": "2", "tax_rates": ["t1"], "metadata": ["n": "3"]], "1": ["price": "q"]],
            typed: [["price": "p", "quantity": 2, "tax_rates": ["t1"], "metadata": ["n": "3"]], ["price": "q"]]
        ),
        Case(name: "indices not from 0 are an object", schema: items, text: ["1": ["price": "q"]], typed: ["1": ["price": "q"]]),
        Case(name: "an anyOf of an array and \"\"", schema: taxRates, text: "", typed: ""),
        Case(
            name: "through $ref and allOf",
            schema: ["$defs": ["n": ["type": "integer"]], "allOf": [["properties": ["a": ["$ref": "#/$defs/n"]]], ["properties": ["b": ["type": "boolean"]]]]],
            text: ["a": "1", "b": "false", "c": "2"], typed: ["a": 1, "b": false, "c": "2"]
        ),
        Case(
            name: "patternProperties and additionalProperties",
            schema: ["patternProperties": ["^n_": ["type": "integer"]], "additionalProperties": ["type": "boolean"]],
            text: ["n_1": "7", "flag": "true", "s": "x"], typed: ["n_1": 7, "flag": true, "s": "x"]
        ),
        Case(
            name: "prefixItems by position", schema: ["prefixItems": [["type": "integer"], ["type": "string"]], "items": ["type": "boolean"]],
            text: ["1", "2", "true"], typed: [1, "2", true]
        ),
        Case(
            name: "then and else", schema: ["if": ["required": ["x"]], "then": ["properties": ["n": ["type": "integer"]]], "else": ["properties": ["n": ["type": "integer"]]]],
            text: ["n": "4"], typed: ["n": 4]
        ),
    ]

    @Test(arguments: cases)
    func textIsTypedByTheSchemaAtItsPlace(_ row: Case) throws {
        let schema = try JSONSchema(row.schema)
        #expect(schema.typingText(row.text) == row.typed)
    }

    /// A schema that refers to itself is followed as deep as the value goes.
    @Test func aRecursiveSchemaIsFollowedAsDeepAsTheValue() throws {
        let schema = try JSONSchema([
            "$defs": ["node": ["anyOf": [["type": "integer"], ["type": "object", "properties": ["next": ["$ref": "#/$defs/node"], "n": ["type": "integer"]]]]]],
            "$ref": "#/$defs/node",
        ])
        #expect(schema.typingText(["n": "1", "next": ["n": "2", "next": "3"]]) == ["n": 1, "next": ["n": 2, "next": 3]])
    }
}
