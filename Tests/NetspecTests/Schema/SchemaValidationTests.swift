import Testing

import Netspec
import NetspecModel

/// Violations, exactly: instance pointer, keyword and message for each keyword the engine checks.
@Suite struct SchemaValidationTests {
    /// (schema, value, violations as `pointer keyword: message`).
    static let cases: [(JSONValue, JSONValue, [String])] = [
        (["type": "string"], 1, [" type: must be a string"]),
        (["type": ["string", "null"]], 1, [" type: must be a string or null"]),
        (["type": ["object", "array", "null"]], true, [" type: must be an object, an array or null"]),
        (["type": "integer"], 1.0, []),
        (["type": "integer"], 1.5, [" type: must be an integer"]),
        (["enum": ["a", "b"]], "c", [#" enum: must be one of "a", "b""#]),
        (["const": ["x": 1]], ["x": 1.0], []),
        (["const": "x"], "y", [#" const: must be "x""#]),
        (["minimum": 1], 0, [" minimum: must be at least 1"]),
        (["exclusiveMinimum": 0], 0, [" exclusiveMinimum: must be greater than 0"]),
        (["maximum": 10], 10.5, [" maximum: must be at most 10"]),
        (["exclusiveMaximum": 10], 10, [" exclusiveMaximum: must be less than 10"]),
        (["multipleOf": 0.0001], 0.0075, []),
        (["multipleOf": 0.0001], 0.00751, [" multipleOf: must be a multiple of 0.0001"]),
        (["multipleOf": 0.1], 0.3, []),
        (["multipleOf": 3], 10, [" multipleOf: must be a multiple of 3"]),
        (["minLength": 2], "é", [" minLength: must be at least 2 characters long"]),
        (["maxLength": 2], "😀😀", []),
        (["maxLength": 1], "ab", [" maxLength: must be at most 1 character long"]),
        (["pattern": "^[a-z]+$"], "abc1", [" pattern: must match ^[a-z]+$"]),
        (["pattern": "\\d"], "x٣", [" pattern: must match \\d"]),
        (["pattern": "b"], "abc", []),
        // A group repeated inside a repetition runs on our matcher (it went to `Regex`, whose
        // backtracking took exponential time: 30 letters and a `!` did not end).
        (["pattern": "^([a-z]+)*$"], .string(String(repeating: "a", count: 40) + "!"), [" pattern: must match ^([a-z]+)*$"]),
        (["pattern": "^([a-z0-9]+)*$"], "abc123", []),
        (["pattern": "^(?:a+)+$"], .string(String(repeating: "a", count: 40) + "b"), [" pattern: must match ^(?:a+)+$"]),
        (["pattern": "^(a*)*$"], "aaa", []),
        // One whose program would be past 20,000 instructions runs on `Regex`.
        (["pattern": "^(a{1000}){1000}$"], "a", [" pattern: must match ^(a{1000}){1000}$"]),
        (["minItems": 2], [1], [" minItems: must have at least 2 items"]),
        (["maxItems": 1], [1, 2], [" maxItems: must have at most 1 item"]),
        (["uniqueItems": true], [1, 2, 1.0], [" uniqueItems: must not contain duplicates (items 0 and 2 are equal)"]),
        (["items": ["type": "integer"]], [1, "a", 2, "b"], ["/1 type: must be an integer", "/3 type: must be an integer"]),
        (["prefixItems": [["type": "string"]], "items": false], ["a", 1], ["/1 items: is not allowed (items: false)"]),
        (["contains": ["type": "string"]], [1, 2], [" contains: must contain at least 1 item matching the contains schema (found 0)"]),
        (["contains": ["type": "string"], "maxContains": 1], ["a", "b"], [" maxContains: must contain at most 1 item matching the contains schema (found 2)"]),
        (["required": ["name", "id"]], ["id": 1], [" required: must have the property 'name'"]),
        (["properties": ["a": ["type": "string"]], "additionalProperties": false], ["a": "x", "b": 1],
         ["/b additionalProperties: is not allowed (additionalProperties: false)"]),
        (["patternProperties": ["^x-": ["type": "string"]]], ["x-a": 1, "y": 1], ["/x-a type: must be a string"]),
        (["propertyNames": ["pattern": "^[a-z]+$"]], ["ok": 1, "Bad": 2], ["/Bad propertyNames: property name must match ^[a-z]+$"]),
        (["dependentRequired": ["card": ["billing"]]], ["card": 1], [" dependentRequired: must have the property 'billing' when 'card' is present"]),
        (["minProperties": 1], [:], [" minProperties: must have at least 1 property"]),
        (["maxProperties": 1], ["a": 1, "b": 2], [" maxProperties: must have at most 1 property"]),
        (["not": ["type": "string"]], "a", [" not: must not match the schema in not"]),
        (["anyOf": [["type": "string"], ["type": "integer"]]], true, [" anyOf: must match at least one of the 2 schemas in anyOf"]),
        (["oneOf": [["type": "integer"], ["minimum": 0]]], 1, [" oneOf: must match exactly one of the 2 schemas in oneOf, not 2"]),
        // The one branch whose type fits reports its own problems.
        (["anyOf": [["type": "object", "required": ["id"]], ["type": "null"]]], [:], [" required: must have the property 'id'"]),
        (["if": ["type": "string"], "then": ["minLength": 2], "else": ["minimum": 5]], 1, [" minimum: must be at least 5"]),
        (["properties": ["a": true], "unevaluatedProperties": false], ["a": 1, "b": 2], ["/b unevaluatedProperties: is not allowed (unevaluatedProperties: false)"]),
        (["allOf": [["properties": ["a": true]]], "unevaluatedProperties": false], ["a": 1], []),
        (["prefixItems": [true], "unevaluatedItems": false], [1, 2], ["/1 unevaluatedItems: is not allowed (unevaluatedItems: false)"]),
        (false, 1, [" false: is not allowed (the schema is false)"]),
        (["properties": ["items": ["items": ["properties": ["name": ["type": "string", "minLength": 1]]]]]],
         ["items": [["name": "a"], ["name": "b"], ["name": "c"], ["name": ""]]], ["/items/3/name minLength: must be at least 1 character long"]),
        (["properties": ["a/b": ["type": "string"], "c~d": ["type": "string"]]], ["a/b": 1, "c~d": 2], ["/a~1b type: must be a string", "/c~0d type: must be a string"]),
        // Strings and names compare by code points: a decomposed "é" is not the precomposed one.
        (["enum": ["\u{E9}"]], "e\u{301}", [" enum: must be one of \"\u{E9}\""]),
        (["required": ["\u{E9}"]], ["e\u{301}": 1], [" required: must have the property '\u{E9}'"]),
        (["properties": ["\u{E9}": ["type": "string"]], "additionalProperties": false], ["e\u{301}": "x"],
         ["/e\u{301} additionalProperties: is not allowed (additionalProperties: false)"]),
        // The same with more than 16 properties and members, which are looked up through an index.
        (["properties": .object(JSONObject((0..<16).map { ("p\($0)", ["type": "string"]) } + [("\u{E9}", ["type": "string"])])),
          "required": ["\u{E9}"], "additionalProperties": false],
         .object(JSONObject((0..<16).map { ("p\($0)", "x") } + [("e\u{301}", "x")])),
         [" required: must have the property '\u{E9}'", "/e\u{301} additionalProperties: is not allowed (additionalProperties: false)"]),
        // Members in any order, and names of the same length, find their properties.
        (["properties": ["ab": ["type": "string"], "ba": ["type": "integer"], "cd": ["type": "boolean"]], "required": ["cd", "ab"]],
         ["cd": 1, "ba": "x", "ab": 2], ["/cd type: must be a boolean", "/ba type: must be an integer", "/ab type: must be a string"]),
        // A chain of references that are only references.
        (["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/c"], "c": ["type": "string"]], "$ref": "#/$defs/a"], 1, [" type: must be a string"]),
    ]

    @Test(arguments: cases.indices) func violations(_ index: Int) throws {
        let (schemaJSON, value, expected) = Self.cases[index]
        let schema = try JSONSchema(schemaJSON)
        let violations = schema.validate(value).map { "\($0.instancePath) \($0.keyword): \($0.message)" }
        #expect(violations == expected, "schema \(schemaJSON), value \(value)")
        #expect(schema.isValid(value) == expected.isEmpty)
    }

    @Test func aCycleOfReferencesIsRefusedWhereItIsWritten() throws {
        let schema: JSONValue = ["$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a"]
        let error = try #require(throws: SchemaError.self) { try JSONSchema(schema) }
        #expect(error.description == "urn:netspec:schema:1#/$defs/b/$ref: the schema applies to itself without reaching into the value (#/$defs/a → #/$defs/b → #/$defs/a), so no value could be validated")
    }

    @Test func formatIsAnAnnotationUnlessAsserted() throws {
        #expect(try JSONSchema(["format": "email"]).isValid("nope"))
        let asserted = try JSONSchema(["format": "email"], assertingFormats: true)
        #expect(asserted.validate("nope").map(\.message) == ["must be a valid email"])
        #expect(asserted.isValid("ada@example.com"))
    }

    @Test func violationDescriptionAndLocation() throws {
        let schema = try SchemaCompiler().compile(["properties": ["age": ["minimum": 0]]], uri: "https://example.com/person.json")
        let violation = try #require(schema.validate(["age": -1]).first)
        #expect(violation.description == "/age must be at least 0 (schema at https://example.com/person.json#/properties/age/minimum)")
        #expect(schema.location == "https://example.com/person.json#")
    }
}
