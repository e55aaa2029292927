import Testing

import Netspec

@Suite struct JSONParserTests {
    // MARK: - Valid documents

    static let validDocuments: [(String, JSONValue)] = [
        ("null", .null),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("-0", .int(0)),
        ("123", 123),
        ("-123", -123),
        ("1.5", 1.5),
        ("1e2", .double(100)),
        ("1E-2", 0.01),
        ("-2.5E+3", -2500.0),
        ("\"\"", ""),
        ("\"abc\"", "abc"),
        ("[]", []),
        ("{}", [:]),
        ("[ ]", []),
        ("{ }", [:]),
        ("[1,[2,[3]]]", [1, [2, [3]]]),
        (" \t\n\r 1 \t\n\r ", 1),
        ("\u{FEFF}1", 1),
        ("\u{FEFF} [true] ", [true]),
        ("{\"a\":{\"b\":[null]}}", ["a": ["b": [nil]]]),
        ("\"\u{7F}\"", "\u{7F}"),
        ("\"é\"", "é"),
        ("\"😀\"", "😀"),
        ("\"a/b\"", "a/b"),
        ("[1,2.5,\"x\",true,null,{}]", [1, 2.5, "x", true, nil, [:]]),
        ("{\"a\" : 1 , \"b\" : [ ] }", ["a": 1, "b": []]),
        ("{\"\":0}", ["": 0]),
    ]

    @Test(arguments: validDocuments)
    func parsesValidDocument(text: String, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
    }

    @Test func negativeZeroDoubleKeepsItsSign() throws {
        let value = try JSONValue(parsing: "-0.0")
        #expect(value.double?.sign == .minus)
        #expect(value.double == 0)
        #expect(try JSONValue(parsing: "-0") == .int(0))
    }

    @Test func parsesEveryCollectionKind() throws {
        let bytes = Array("{\"k\":[1,2]}".utf8)
        let expected: JSONValue = ["k": [1, 2]]
        #expect(try JSONValue(parsing: bytes) == expected)
        #expect(try JSONValue(parsing: bytes[...]) == expected)
        #expect(try JSONValue(parsing: ContiguousArray(bytes)) == expected)
        #expect(try bytes.withUnsafeBytes { try JSONValue(parsing: $0) } == expected)
        // Not contiguous: copied first.
        #expect(try JSONValue(parsing: bytes.lazy.map { $0 }) == expected)
        #expect(try JSONValue(parsing: "{\"k\":[1,2]}".utf8) == expected)
    }

    // MARK: - Invalid documents

    struct Invalid: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var message: String
        var line: Int
        var column: Int
        var testDescription: String { String(decoding: bytes, as: UTF8.self).debugDescription }

        init(_ text: String, _ message: String, _ line: Int, _ column: Int) {
            self.init(bytes: Array(text.utf8), message, line, column)
        }

        init(bytes: [UInt8], _ message: String, _ line: Int, _ column: Int) {
            self.bytes = bytes
            self.message = message
            self.line = line
            self.column = column
        }
    }

    static let invalidDocuments: [Invalid] = [
        // End of input
        Invalid("", "unexpected end of input", 1, 1),
        Invalid("   ", "unexpected end of input", 1, 4),
        Invalid("\n\n", "unexpected end of input", 3, 1),
        Invalid("\u{FEFF}", "unexpected end of input", 1, 4),
        Invalid("{", "unexpected end of input", 1, 2),
        Invalid("[", "unexpected end of input", 1, 2),
        Invalid("[1", "unexpected end of input", 1, 3),
        Invalid("{\"a\"", "unexpected end of input", 1, 5),
        Invalid("{\"a\":", "unexpected end of input", 1, 6),
        Invalid("[1,", "unexpected end of input", 1, 4),
        // Structure
        Invalid("[1,]", "trailing comma is not allowed", 1, 4),
        Invalid("{\"a\":1,}", "trailing comma is not allowed", 1, 8),
        Invalid("[\r\n1,\r\n]", "trailing comma is not allowed", 3, 1),
        Invalid("[\r1,\r]", "trailing comma is not allowed", 3, 1),
        Invalid("{\"a\" 1}", "expected ':' after object key", 1, 6),
        Invalid("{\"a\":1 \"b\":2}", "expected ',' or '}' after object member", 1, 8),
        Invalid("{\n\"a\":1,\n\"b\":2 \"c\"", "expected ',' or '}' after object member", 3, 7),
        Invalid("{\n  \"a\": 1,\n  \"b\" 2\n}", "expected ':' after object key", 3, 7),
        Invalid("[1 2]", "expected ',' or ']' after array element", 1, 4),
        Invalid("[1 /* c */]", "expected ',' or ']' after array element", 1, 4),
        Invalid("{\"a\":1]", "expected ',' or '}' after object member", 1, 7),
        Invalid("[1}", "expected ',' or ']' after array element", 1, 3),
        Invalid("{1:2}", "expected string key in object, found '1'", 1, 2),
        Invalid("{a:1}", "expected string key in object, found 'a'", 1, 2),
        Invalid("[1,,2]", "unexpected character ','", 1, 4),
        Invalid("]", "unexpected character ']'", 1, 1),
        Invalid("{\"a\":}", "unexpected character '}'", 1, 6),
        Invalid("1 2", "unexpected character '2' after top-level value", 1, 3),
        Invalid("{} x", "unexpected character 'x' after top-level value", 1, 4),
        Invalid("0x10", "unexpected character 'x' after top-level value", 1, 2),
        Invalid("1\u{0}", "unexpected character U+0000 after top-level value", 1, 2),
        Invalid("\u{FEFF}\u{FEFF}1", "unexpected character U+FEFF", 1, 4),
        Invalid("\u{1}", "unexpected character U+0001", 1, 1),
        Invalid("é", "unexpected character U+00E9", 1, 1),
        Invalid(" \u{A0}1", "unexpected character U+00A0", 1, 2),
        // Not JSON
        Invalid("{'a':1}", "single-quoted strings are not allowed", 1, 2),
        Invalid("['a']", "single-quoted strings are not allowed", 1, 2),
        Invalid("// c\n1", "comments are not allowed", 1, 1),
        Invalid("/* c */ 1", "comments are not allowed", 1, 1),
        Invalid("NaN", "NaN and Infinity are not allowed", 1, 1),
        Invalid("[Infinity]", "NaN and Infinity are not allowed", 1, 2),
        Invalid("-Infinity", "NaN and Infinity are not allowed", 1, 1),
        Invalid("True", "unexpected character 'T'", 1, 1),
        Invalid("tru", "invalid literal, expected 'true'", 1, 1),
        Invalid("[truth]", "invalid literal, expected 'true'", 1, 2),
        Invalid("nul", "invalid literal, expected 'null'", 1, 1),
        Invalid("fals", "invalid literal, expected 'false'", 1, 1),
        // Numbers
        Invalid("+1", "numbers cannot start with '+'", 1, 1),
        Invalid(".5", "numbers cannot start with '.'", 1, 1),
        Invalid("01", "leading zeros are not allowed", 1, 1),
        Invalid("-012", "leading zeros are not allowed", 1, 2),
        Invalid("00", "leading zeros are not allowed", 1, 1),
        Invalid("1.", "expected digit after '.'", 1, 3),
        Invalid("1.e5", "expected digit after '.'", 1, 3),
        Invalid("1e", "expected digit in exponent", 1, 3),
        Invalid("1e+", "expected digit in exponent", 1, 4),
        Invalid("1E-x", "expected digit in exponent", 1, 4),
        Invalid("-", "expected digit after '-'", 1, 2),
        Invalid("[-]", "expected digit after '-'", 1, 3),
        Invalid("- 1", "expected digit after '-'", 1, 2),
        Invalid("1e400", "number is out of range for Double", 1, 1),
        Invalid("[-1.5e99999]", "number is out of range for Double", 1, 2),
        // Strings
        Invalid("\"abc", "unterminated string", 1, 1),
        Invalid("[\"abc", "unterminated string", 1, 2),
        Invalid("\"\\", "unterminated string", 1, 1),
        Invalid("\"a\\n", "unterminated string", 1, 1),
        Invalid("\"a\nb\"", "unescaped control character U+000A in string", 1, 3),
        Invalid("\"a\tb\"", "unescaped control character U+0009 in string", 1, 3),
        Invalid("\"\\n\u{1F}\"", "unescaped control character U+001F in string", 1, 4),
        Invalid("\"\\x\"", "invalid escape sequence '\\x'", 1, 2),
        Invalid("\"\\'\"", "invalid escape sequence '\\''", 1, 2),
        Invalid("\"\\\u{1}\"", "invalid escape sequence: '\\' followed by U+0001", 1, 2),
        Invalid("\"\\u12G4\"", "invalid \\u escape, expected 4 hex digits", 1, 2),
        Invalid("\"\\u12\"", "invalid \\u escape, expected 4 hex digits", 1, 2),
        Invalid("\"\\uD800\\u\"", "invalid \\u escape, expected 4 hex digits", 1, 8),
        // Depth
        Invalid(
            String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
            "nesting deeper than 512 levels", 1, 513),
        Invalid(
            String(repeating: "{\"a\":", count: 513) + "1" + String(repeating: "}", count: 513),
            "nesting deeper than 512 levels", 1, 2561),
        // Invalid UTF-8
        Invalid(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xC1, 0xBF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xED, 0xBF, 0xBF, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0x61, 0xE2, 0x82], "invalid UTF-8 at byte offset 2", 1, 3),
        Invalid(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0x80, 0x22], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x22, 0x5C, 0x6E, 0xFE, 0x22], "invalid UTF-8 at byte offset 3", 1, 4),
        Invalid(bytes: [0x5B, 0xFF, 0x5D], "invalid UTF-8 at byte offset 1", 1, 2),
        Invalid(bytes: [0x31, 0x20, 0xC3], "invalid UTF-8 at byte offset 2", 1, 3),
        Invalid(bytes: [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D], "invalid UTF-8 at byte offset 2", 1, 3),
        Invalid(bytes: [0x0A, 0x5C], "unexpected character '\\'", 2, 1),
    ]

    @Test(arguments: invalidDocuments)
    func rejectsInvalidDocument(_ invalid: Invalid) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: invalid.bytes) }
        do {
            _ = try JSONValue(parsing: invalid.bytes)
        } catch {
            #expect(error.message == invalid.message)
            #expect(error.line == invalid.line)
            #expect(error.column == invalid.column)
            #expect(error.description == "line \(invalid.line), column \(invalid.column): \(invalid.message)")
        }
    }

    @Test func errorOffsetCountsBytesFromTheStart() {
        do {
            _ = try JSONValue(parsing: "{\"é\": 1,\n \"b\" 2}")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 15)
            #expect(error.line == 2)
            #expect(error.column == 6)
        }
    }

    // MARK: - Depth

    @Test func acceptsNestingUpTo512Levels() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONValue(parsing: text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
    }

    @Test func aMillionOpeningBracketsFailCleanly() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(throws: JSONValue.ParseError(message: "nesting deeper than 512 levels", offset: 512, line: 1, column: 513)) {
            try JSONValue(parsing: bytes)
        }
    }

    // MARK: - Objects

    @Test func keepsMemberOrder() throws {
        let value = try JSONValue(parsing: "{\"z\":1,\"a\":2,\"m\":{\"y\":true,\"b\":false}}")
        #expect(value.object?.keys == ["z", "a", "m"])
        #expect(value["m"]?.object?.keys == ["y", "b"])
    }

    @Test func duplicateKeysKeepFirstPositionAndLastValue() throws {
        let value = try JSONValue(parsing: "{\"a\":1,\"b\":2,\"a\":3}")
        #expect(value.object?.keys == ["a", "b"])
        #expect(value["a"] == 3)
        #expect(value.description == "{\"a\":3,\"b\":2}")
    }

    @Test func duplicateKeysInLargeObjects() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" } + ["\"k5\":\"last\""]
        let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
        #expect(value.object?.count == 40)
        #expect(value["k5"] == "last")
        #expect(value.object?.keys.first == "k0")
        #expect(value.object?.index(forKey: "k5") == 5)
        #expect(value["k39"] == 39)
    }

    @Test func duplicateKeysWrittenWithEscapes() throws {
        let value = try JSONValue(parsing: "{\"ab\":1,\"a\\u0062\":2}")
        #expect(value.object?.count == 1)
        #expect(value["ab"] == 2)
    }

    @Test func canonicallyEquivalentKeysAreDuplicates() throws {
        // "é" precomposed and decomposed are equal Strings, so they are one key.
        let value = try JSONValue(parsing: "{\"\u{E9}\":1,\"e\u{301}\":2}")
        #expect(value.object?.count == 1)
        #expect(value["\u{E9}"] == 2)
        let kelvin = try JSONValue(parsing: "{\"K\":1,\"\u{212A}\":2}")
        #expect(kelvin.object?.count == ("K" == "\u{212A}" ? 1 : 2))
    }

    @Test func repeatedKeysAcrossObjectsShareTheCache() throws {
        let text =
            "["
            + (0..<300).map { "{\"id\":\($0),\"name\":\"n\($0)\",\"a-much-longer-key-name\":\($0)}" }
            .joined(separator: ",") + "]"
        let value = try JSONValue(parsing: text)
        #expect(value.array?.count == 300)
        #expect(value[299]?["name"] == "n299")
        #expect(value[7]?["a-much-longer-key-name"] == 7)
        #expect(value[7]?.object?.keys == ["id", "name", "a-much-longer-key-name"])
    }

    @Test func keyAtTheVeryEndOfTheInputIsReadSafely() throws {
        // The key's bytes end close to the end of the buffer, so they are not read as whole words.
        let bytes = Array("{\"k\":1,\"kk\":2}".utf8)
        let value = try JSONValue(parsing: bytes)
        #expect(value == ["k": 1, "kk": 2])
    }
}
