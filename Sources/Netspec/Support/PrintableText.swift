/// The one rule for whether bytes may be shown as text (in `--dry-run`, `--curl` and multipart
/// summaries): valid UTF-8 with no control character other than tab, LF and CR. C0 controls,
/// DEL and the C1 controls U+0080–U+009F are refused, since a terminal may act on them (U+009B
/// starts an escape sequence as ESC `[` does), so printing such a body could not show what is sent.
enum PrintableText {
    /// The bytes as a string if they are printable text, else `nil`.
    static func text(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self), isPrintable(text) else { return nil }
        return text
    }

    /// Whether `text` has no control characters other than tab, LF and CR.
    static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: true
            case 0x00..<0x20, 0x7F..<0xA0: false
            default: true
            }
        }
    }
}
