// RFC 9110 §5.6.2's `token`, which names header fields, methods, media types and their parameters,
// and WebSocket subprotocols: one or more `tchar`s.

/// RFC 9110 `token`s.
package enum HTTPToken {
    /// Whether `byte` is a `tchar`: a letter, a digit or one of `!#$%&'*+-.^_`|~`.
    package static func isCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `text` is a token: not empty, and only `tchar`s.
    package static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isCharacter)
    }

    /// The offset (in characters) and a description of the first character of `text` that a
    /// header name (a token) cannot hold — a line break (CR or LF), another control character, a
    /// space, or any other character but a `tchar` (`':'`) — in the words of
    /// ``MediaType/headerBreak(in:)``; `nil` when there is none. (An empty text has none.)
    package static func nameBreak(in text: String) -> (offset: Int, what: String)? {
        for (offset, character) in text.enumerated() {
            if let ascii = character.asciiValue, character.unicodeScalars.count == 1, isCharacter(ascii) { continue }
            if let (_, what) = MediaType.headerBreak(in: String(character)) { return (offset, what) }
            return (offset, character == " " ? "a space" : "'\(character)'")
        }
        return nil
    }
}
