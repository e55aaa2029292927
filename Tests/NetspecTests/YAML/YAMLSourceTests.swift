import Testing

@testable import Netspec
@testable import NetspecModel

@Suite struct YAMLSourceTests {
    /// Bytes and the offset of the first byte that does not start a well-formed UTF-8 sequence.
    static let utf8Cases: [([UInt8], Int?)] = [
        ([], nil),
        (Array("plain ASCII that is longer than eight bytes".utf8), nil),
        (Array("é€😀 mixed".utf8), nil),
        (Array("12345678€".utf8) + [0xFF], 11),
        ([0x80], 0),
        ([0xC1, 0xBF], 0),  // overlong
        ([0xE0, 0x9F, 0xBF], 0),  // overlong
        ([0xF0, 0x8F, 0xBF, 0xBF], 0),  // overlong
        ([0xED, 0xBF, 0xBF], 0),  // surrogate
        ([0xF5, 0x80, 0x80, 0x80], 0),  // beyond U+10FFFF
        ([0x61, 0xE2, 0x82], 1),  // truncated at the end
        ([0x61, 0xE2, 0x28, 0xA1], 1),  // bad second byte
        ([0x61, 0xF0, 0x9F, 0x98, 0x41], 1),  // bad fourth byte
    ]

    @Test(arguments: utf8Cases)
    func findsFirstInvalidByte(bytes: [UInt8], expected: Int?) {
        #expect(bytes.withUnsafeBufferPointer { YAMLSource.firstInvalidUTF8Offset($0) } == expected)
    }

    /// Text, a byte offset in it, and its mark as libyaml counts.
    static let markCases: [(String, Int, Mark)] = [
        ("abc", 0, at(1, 1)),
        ("abc", 2, at(1, 3)),
        ("a\nb", 2, at(2, 1)),
        ("a\r\nb", 3, at(2, 1)),
        ("a\rb", 2, at(2, 1)),
        ("é€x", 5, at(1, 3)),
        ("😀x", 4, at(1, 2)),
        ("a\u{85}b", 3, at(2, 1)),
        ("a\u{2028}b\u{2029}c", 8, at(3, 1)),
    ]

    @Test(arguments: markCases)
    func computesMarks(text: String, offset: Int, expected: Mark) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { YAMLSource.mark(ofOffset: offset, in: $0) } == expected)
    }

    @Test func bodyDropsOnlyALeadingUTF8BOM() {
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61]
        #expect(withBOM.withUnsafeBufferPointer { Array(YAMLSource.body(of: $0)) } == [0x61])
        let without: [UInt8] = [0x61, 0xEF, 0xBB, 0xBF]
        #expect(without.withUnsafeBufferPointer { Array(YAMLSource.body(of: $0)) } == without)
    }
}
