import Testing

import Netspec

@Suite struct JSONParserStringTests {
    static let escapes: [(String, String)] = [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041""#, "A"),
        (#""\u00e9\u00E9""#, "éé"),
        (#""\u20ac""#, "€"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD83D""#, "\u{FFFD}"),
        (#""\uDE00""#, "\u{FFFD}"),
        (#""\uDE00\uD83D""#, "\u{FFFD}\u{FFFD}"),
        (#""\uD83Dx""#, "\u{FFFD}x"),
        (#""\uD83D\u0041""#, "\u{FFFD}A"),
        (#""\uD83D\n""#, "\u{FFFD}\n"),
        (#""\uD83D\uD83D\uDE00""#, "\u{FFFD}😀"),
        (#""\u0000""#, "\u{0}"),
        (#""\u001f""#, "\u{1F}"),
        (#""a\u00e9b""#, "aéb"),
        ("\"é\\n😀\"", "é\n😀"),
        ("\"日本語\\t\"", "日本語\t"),
        (#""\/\/""#, "//"),
    ]

    @Test(arguments: escapes)
    func decodesEscapes(text: String, expected: String) throws {
        #expect(try JSONValue(parsing: text) == .string(expected))
        // The same escapes in a key.
        #expect(try JSONValue(parsing: "{\(text):1}").object?.keys == [expected])
    }

    @Test func longStringsWithAndWithoutEscapes() throws {
        let plain = String(repeating: "abcdefghij", count: 1_000)
        #expect(try JSONValue(parsing: "\"\(plain)\"") == .string(plain))
        let escaped = String(repeating: "ab\\ncd\\u00e9", count: 500)
        let expected = String(repeating: "ab\ncdé", count: 500)
        #expect(try JSONValue(parsing: "\"\(escaped)\"") == .string(expected))
    }

    @Test func validMultibyteSequencesAtEveryLength() throws {
        // U+0080, U+07FF, U+0800, U+FFFF, U+10000, U+10FFFF: the boundaries of each encoding length.
        let text = "\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"
        #expect(try JSONValue(parsing: "\"\(text)\"") == .string(text))
        #expect(try JSONValue(parsing: "{\"\(text)\":\"\(text)\"}")[text] == .string(text))
    }

    @Test func bomIsSkippedOnlyOnce() throws {
        #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF, 0x22, 0x61, 0x22]) == "a")
        #expect(throws: JSONValue.ParseError.self) { try JSONValue(parsing: [0xEF, 0xBB, 0x22, 0x61, 0x22]) }
    }

    @Test func stringsAtTheEndOfTheBuffer() throws {
        for length in 0..<40 {
            let key = String(repeating: "k", count: length)
            let text = "{\"\(key)\":\"\(key)\"}"
            let value = try JSONValue(parsing: Array(text.utf8))
            #expect(value[key] == .string(key))
        }
    }
}
