import Testing

import Netspec

@Suite struct JSONValuePrintingTests {
    static let compact: [(JSONValue, String)] = [
        (["a": 1, "b": [true, nil]], #"{"a":1,"b":[true,null]}"#),
        ([], "[]"),
        ([:], "{}"),
        ("", #""""#),
        (.int(Int.min), "-9223372036854775808"),
        (.int(Int.max), "9223372036854775807"),
        (0, "0"),
        (-42, "-42"),
        (.double(1e-5), "1e-05"),
        (.double(5e20), "500000000000000000000"),
        (.double(0.1), "0.1"),
        (.double(3), "3.0"),
        (.double(-0.0), "-0.0"),
        (.double(1e16), "1e+16"),
        (.double(123456.789), "123456.789"),
        (.double(.leastNonzeroMagnitude), "5e-324"),
        (.double(.nan), "null"),
        (.double(.infinity), "null"),
        (.double(-.infinity), "null"),
        ("quote\" backslash\\ slash/", #""quote\" backslash\\ slash/""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f"# + "\u{7F}\""),
        ("é😀日本", "\"é😀日本\""),
        ([["z": 1, "a": 2]], #"[{"z":1,"a":2}]"#),
    ]

    @Test(arguments: compact)
    func compactOutput(value: JSONValue, expected: String) {
        #expect(value.description == expected)
        #expect(value.serialized() == Array(expected.utf8))
        #expect(value.formatted(pretty: false) == expected)
    }

    @Test func printedDoublesParseBackToTheSameValue() throws {
        for number in [
            0.1, 1e-5, 5e20, 3.0, 1e16, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456.789, -2.5e-300,
        ] {
            #expect(try JSONValue(parsing: JSONValue.double(number).description) == .double(number))
        }
    }

    @Test func prettyOutput() {
        let value: JSONValue = ["id": 7, "tags": ["a", "b"], "meta": [:], "list": [], "nested": ["x": [nil]]]
        let expected = """
            {
                "id": 7,
                "tags": [
                    "a",
                    "b"
                ],
                "meta": {},
                "list": [],
                "nested": {
                    "x": [
                        null
                    ]
                }
            }
            """
        #expect(value.formatted() == expected)
        #expect(value.formatted(pretty: true, indent: 2) == expected.replacingFourSpaceIndent(with: 2))
        #expect(JSONValue.int(1).formatted() == "1")
        #expect(JSONValue.array([]).formatted() == "[]")
    }

    @Test func coloredOutputUsesJqColors() {
        let value: JSONValue = ["a": [1, "s", nil, true], "b": [:]]
        let punctuation = { (text: String) in "\u{1B}[1;39m\(text)\u{1B}[0m" }
        let key = { (text: String) in "\u{1B}[34;1m\"\(text)\"\u{1B}[0m" }
        let expected =
            punctuation("{") + "\n    " + key("a") + punctuation(":") + " " + punctuation("[") + "\n        "
            + "\u{1B}[0;39m1\u{1B}[0m" + punctuation(",") + "\n        "
            + "\u{1B}[0;32m\"s\"\u{1B}[0m" + punctuation(",") + "\n        "
            + "\u{1B}[1;30mnull\u{1B}[0m" + punctuation(",") + "\n        "
            + "\u{1B}[0;39mtrue\u{1B}[0m" + "\n    " + punctuation("]") + punctuation(",") + "\n    "
            + key("b") + punctuation(":") + " " + punctuation("{}") + "\n" + punctuation("}")
        #expect(value.formatted(colored: true) == expected)
        let compactColored =
            punctuation("[") + "\u{1B}[0;39m1.5\u{1B}[0m" + punctuation(",")
            + "\u{1B}[0;39mfalse\u{1B}[0m" + punctuation("]")
        #expect(JSONValue.array([1.5, false]).formatted(pretty: false, colored: true) == compactColored)
    }

    @Test func keyOrderSurvivesParsePrintParse() throws {
        let text = #"{"zeta":1,"alpha":{"y":[1,{"c":3,"b":2}],"x":null},"mid":"é"}"#
        let parsed = try JSONValue(parsing: text)
        #expect(parsed.description == text)
        let reparsed = try JSONValue(parsing: parsed.formatted())
        #expect(reparsed.description == text)
        #expect(reparsed.object?.keys == ["zeta", "alpha", "mid"])
        #expect(try JSONValue(parsing: parsed.serialized()).serialized() == Array(text.utf8))
    }

    @Test func benchmarkShapedDocumentRoundTrips() throws {
        let users = (0..<200).map { index -> JSONValue in
            [
                "id": .string(String(index)), "name": "user \(index)", "age": .int(18 + index % 70),
                "score": .double(Double(index) * 0.37), "active": .bool(index % 3 == 0),
                "tags": .array(Array(["a", "bé", "c"].prefix(index % 4)).map(JSONValue.string)),
                "address": ["city": "Paris", "zip": .string(String(75000 + index % 20)), "geo": [48.85, 2.35]],
                "note": nil,
            ]
        }
        let document: JSONValue = ["data": ["list": .array(users), "count": 200]]
        let text = document.description
        #expect(try JSONValue(parsing: text) == document)
        #expect(try JSONValue(parsing: text).description == text)
        #expect(try JSONValue(parsing: document.formatted(colored: false)) == document)
    }
}

extension String {
    /// Re-indents text indented in steps of four spaces to steps of `width` spaces.
    fileprivate func replacingFourSpaceIndent(with width: Int) -> String {
        var lines: [String] = []
        for line in self.split(separator: "\n" as Character, omittingEmptySubsequences: false) {
            let spaces = line.prefix { $0 == " " }.count
            lines.append(String(repeating: " ", count: spaces / 4 * width) + String(line.dropFirst(spaces)))
        }
        return lines.joined(separator: "\n")
    }
}
