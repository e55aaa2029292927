/// Control characters written so that a text can be quoted within one line of a message.
package enum ControlCharacters {
    /// `text` with every control character but tab (C0, DEL and the C1 controls U+0080–U+009F)
    /// written as `\u{1B}`: a header name holding CR LF is shown as `'X-A\u{D}\u{A}X-Evil: 1'`,
    /// on one line, and no terminal acts on what it quotes. The one rule for a document's
    /// messages and for `PrintableText` (`-v` heads, an authorization server's error).
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}
