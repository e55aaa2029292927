// Patterns outside our matcher's subset (lookaround, back-references, `\p{…}`) run on Swift's
// `Regex`, after a translation of the ECMA-262 escapes whose meaning differs.

extension SchemaPattern {
    /// `source` with ECMA-262's meanings spelled out for Swift's `Regex` syntax:
    ///
    /// - `\d`, `\w` and `\s` (and `\D`, `\W`, `\S`) become ECMA's sets: ASCII digits, ASCII word
    ///   characters, and ECMA's white space and line terminators (Swift's are Unicode-wide);
    /// - `.` becomes "anything but `\n`, `\r`, U+2028, U+2029";
    /// - `$` becomes `\z` (Swift's `$` also matches before a final newline);
    /// - `\uXXXX` becomes `\u{XXXX}`; `\/` becomes `/`.
    ///
    /// Everything else is passed on as written. The `Regex` is made with Unicode-scalar semantics,
    /// so `.` and classes consume one code point, as with ECMA's `u` flag.
    static func translated(_ source: String) -> String {
        var output = ""
        var inClass = false
        var scalars = source.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let escaped = scalars.next() else {
                    output += "\\"
                    break
                }
                switch escaped {
                case "d": output += inClass ? "0-9" : "[0-9]"
                case "D": output += "[^0-9]"
                case "w": output += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": output += "[^a-zA-Z0-9_]"
                case "s": output += inClass ? spaceClass : "[" + spaceClass + "]"
                case "S": output += "[^" + spaceClass + "]"
                case "/": output += "/"
                case "u":
                    var digits = ""
                    for _ in 0..<4 { if let digit = scalars.next() { digits.unicodeScalars.append(digit) } }
                    output += "\\u{" + digits + "}"
                default:
                    output += "\\"
                    output.unicodeScalars.append(escaped)
                }
            case "[" where !inClass:
                inClass = true
                output += "["
            case "]" where inClass:
                inClass = false
                output += "]"
            case "[" where inClass, "&" where inClass, "~" where inClass:
                // Literal in ECMA; nested classes and set operators in Swift's syntax.
                output += "\\"
                output.unicodeScalars.append(scalar)
            case "." where !inClass:
                output += "[^\\n\\r\\u{2028}\\u{2029}]"
            case "$" where !inClass:
                output += "\\z"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// ECMA-262's WhiteSpace and LineTerminator code points, as the inside of a class.
    private static let spaceClass = "\\t\\n\\u{0B}\\f\\r \\u{A0}\\u{1680}\\u{2000}-\\u{200A}\\u{2028}\\u{2029}\\u{202F}\\u{205F}\\u{3000}\\u{FEFF}"
}
