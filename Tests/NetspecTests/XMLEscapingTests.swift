import NetspecModel
import Testing

/// `XMLEscaping`, the one escaper of the mock's XML bodies and `netspec check`'s JUnit report.
@Suite struct XMLEscapingTests {
    static let cases: [(text: String, attribute: Bool, escaped: String, representable: Bool)] = [
        ("a < b && c > d", false, "a &lt; b &amp;&amp; c &gt; d", true),
        ("say \"hi\"", false, "say \"hi\"", true),
        ("say \"hi\"", true, "say &quot;hi&quot;", true),
        ("one\ntwo\tthree\r", false, "one\ntwo\tthree&#13;", true),
        ("one\ntwo\tthree", true, "one&#10;two&#9;three", true),
        ("bell\u{7} here", false, "bell here", false),
        ("not\u{FFFE}a character", true, "nota character", false),
        ("é 日本 🐱", true, "é 日本 🐱", true),
    ]

    @Test(arguments: cases)
    func escapes(_ row: (text: String, attribute: Bool, escaped: String, representable: Bool)) {
        var output: [UInt8] = []
        let representable = XMLEscaping.append(row.text, inAttribute: row.attribute, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == row.escaped)
        #expect(representable == row.representable)
        #expect(XMLEscaping.escaped(row.text, inAttribute: row.attribute) == row.escaped)
    }
}
