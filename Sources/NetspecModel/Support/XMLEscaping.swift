/// XML 1.0's escapes for text and attribute values, in one place for every XML Netspec writes (the
/// mock's XML bodies, `netspec check`'s JUnit report).
package enum XMLEscaping {
    /// Appends `text` to `output` escaped for XML 1.0: `&`, `<` and `>` always; in an attribute
    /// value also `"` and the white space attribute normalization would fold (`&#10;`, `&#9;`);
    /// `\r` everywhere, since parsers fold it into `\n`. Returns false when `text` holds a character
    /// XML 1.0 cannot hold (a control character, U+FFFE, U+FFFF), which is left out.
    @discardableResult
    package static func append(_ text: String, inAttribute: Bool, to output: inout [UInt8]) -> Bool {
        var representable = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;".utf8
            case "<": output += "&lt;".utf8
            case ">": output += "&gt;".utf8
            case "\"" where inAttribute: output += "&quot;".utf8
            case "\r": output += "&#13;".utf8
            case "\n" where inAttribute: output += "&#10;".utf8
            case "\t" where inAttribute: output += "&#9;".utf8
            case "\n", "\t": output.append(UInt8(scalar.value))
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else {
                    representable = false
                    continue
                }
                UTF8.encode(scalar) { output.append($0) }
            }
        }
        return representable
    }

    /// `text` escaped as ``append(_:inAttribute:to:)`` does, as a string.
    package static func escaped(_ text: String, inAttribute: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        append(text, inAttribute: inAttribute, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
