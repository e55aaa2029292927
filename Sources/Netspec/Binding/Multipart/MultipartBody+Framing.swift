extension PreparedRequest.Multipart {
    // MARK: - Part headers

    /// The header lines of `part`, without line breaks: `Content-Disposition` and, when the part
    /// has one, `Content-Type` (RFC 7578 §4.2, §4.4).
    func headerLines(for part: Part) -> [String] {
        var disposition = "Content-Disposition: form-data; name=\"\(Self.escape(part.name))\""
        if let filename = part.filename {
            disposition += "; filename=\"\(Self.escape(filename))\""
        }
        guard let contentType = part.contentType else { return [disposition] }
        return [disposition, "Content-Type: \(contentType)"]
    }

    /// Everything sent before `part`'s content: its delimiter line, its header lines and the blank
    /// line that ends them.
    ///
    /// The delimiter of every part but the first is preceded by the CRLF that ends the previous
    /// part's content; RFC 2046 counts that CRLF as part of the delimiter, and we write it after
    /// each content instead, which gives the same bytes.
    func header(for part: Part) -> [UInt8] {
        var text = "--\(boundary)\r\n"
        for line in headerLines(for: part) {
            text += line + "\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The line that ends the body: `--BOUNDARY--` and CRLF.
    var closingDelimiter: [UInt8] {
        Array("--\(boundary)--\r\n".utf8)
    }

    /// The line break after each part's content.
    static let lineBreak: [UInt8] = [0x0D, 0x0A]

    // MARK: - Escaping

    /// `value` as a quoted-string's content in `Content-Disposition`, escaped as the HTML standard's
    /// `multipart/form-data` encoding algorithm escapes field names and file names: `"` becomes
    /// `%22`, CR `%0D` and LF `%0A`; every other character, including non-ASCII, is sent as UTF-8
    /// (RFC 7578 §4.2 and §5.1.3).
    ///
    /// - SeeAlso: [HTML, multipart/form-data encoding algorithm](
    ///   https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data)
    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return value }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 8)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    // MARK: - Boundary

    /// Whether `boundary` is one that RFC 2046 §5.1.1 allows: 1 to 70 `bchars` (letters, digits
    /// and `'()+_,-./:=?` or space), not ending with a space.
    static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != 0x20 else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "'()+_,-./:=? ".utf8.contains(byte)
            }
        }
    }

    /// `value` as a header parameter value: bare when it is a token (RFC 9110 §5.6.2), otherwise
    /// a quoted-string with `"` and `\` escaped (§5.6.4).
    static func parameterValue(_ value: String) -> String {
        let separators = "()<>@,;:\\\"/[]?={} \t".utf8
        let isToken = !value.isEmpty
            && value.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !separators.contains($0) }
        guard !isToken else { return value }
        var quoted = "\""
        for character in value {
            if character == "\"" || character == "\\" { quoted += "\\" }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
