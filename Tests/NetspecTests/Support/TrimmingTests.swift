import Netspec
import Testing

/// `trimmingSpaces` (HTTP's OWS: spaces and tabs) and `trimmingWhitespace` (Unicode whitespace).
struct TrimmingTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("  text/plain ;", "text/plain ;"),
        ("\t a b \t", "a b"),
        ("", ""),
        (" \t ", ""),
        ("é ", "é"),
        (" 日本 ", "日本"),
        ("a\n", "a\n"),
    ])
    func spaces(_ text: String, _ trimmed: String) {
        #expect(text.trimmingSpaces() == trimmed)
        #expect(text[...].trimmingSpaces() == trimmed)
    }

    @Test(arguments: [
        ("\n  name: x \r\n", "name: x"),
        ("\u{00A0}é\u{2003}", "é"),
        ("   ", ""),
        ("", ""),
        ("a b", "a b"),
    ])
    func whitespace(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }
}
