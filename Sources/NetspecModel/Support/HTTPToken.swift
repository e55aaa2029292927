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
}
