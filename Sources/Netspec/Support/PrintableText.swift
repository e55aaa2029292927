import NetspecModel

/// The one rule for whether bytes may be shown as text (in `--dry-run`, `--curl` with multipart
/// parts, multipart summaries, `-v` heads and error bodies): valid UTF-8 with no control character other than tab, LF and CR. C0 controls,
/// DEL and the C1 controls U+0080–U+009F are refused, since a terminal may act on them (U+009B
/// starts an escape sequence as ESC `[` does), so printing such a body could not show what is sent.
package enum PrintableText {
    /// The bytes as a string if they are printable text, else `nil`.
    package static func text(_ bytes: [UInt8]) -> String? {
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

    /// `text` as it may be shown: itself when printable, else with every control character but
    /// tab written as `\u{1B}` (for header values and URLs in `-v` output).
    package static func displayed(_ text: String) -> String {
        guard !isPrintable(text) else { return text }
        return escaped(text)
    }

    /// `text` as it may be shown within a line of a message (an authorization server's `error`,
    /// `error_description` or device code, in an error or a prompt): as ``displayed(_:)``, and CR
    /// and LF written as `\u{D}` and `\u{A}` too, so that a server's text can neither start a line
    /// of its own nor go back over the one it is in.
    package static func inline(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value != 0x09 && ($0.value < 0x20 || (0x7F..<0xA0).contains($0.value)) }) else { return text }
        return escaped(text)
    }

    /// Every control character but tab written as `\u{1B}` (``ControlCharacters/escaped(_:)``,
    /// which a document's messages use too).
    private static func escaped(_ text: String) -> String {
        ControlCharacters.escaped(text)
    }
}
