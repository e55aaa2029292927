import HTTPTypes

/// Reading `Link` header fields (RFC 8288 §3): comma-separated link-values, each a `<target>`
/// followed by `; name=value` parameters whose values are tokens or quoted-strings (RFC 9110
/// §5.6.4). A quoted-string may hold `<`, `>`, `;`, `,` and `\"`: it is read as one value, never
/// as the start of another link or parameter (`title="see <x>; rel=next"` is a title).
enum LinkHeader {
    /// One link-value: its target as written (a URI-reference) and its relation types, lowercased.
    struct Link: Equatable {
        var target: String
        var relations: [String]
    }

    /// The target of the first link, across the `Link` fields in order, whose `rel` names
    /// `relation` (compared without case, RFC 8288 §2.1.1).
    static func target(of relation: String, in fields: HTTPFields) -> String? {
        let relation = relation.lowercased()
        for value in fields[values: .init("Link")!] {
            if let link = links(in: value).first(where: { $0.relations.contains(relation) }) { return link.target }
        }
        return nil
    }

    /// The link-values of one field value. A `rel` parameter after the first is ignored (RFC 8288
    /// §3.3); so is text that is not a link-value, up to the next comma outside a quoted-string.
    static func links(in value: String) -> [Link] {
        var reader = Reader(bytes: Array(value.utf8))
        var links: [Link] = []
        while !reader.isAtEnd {
            reader.skipSpaces()
            if reader.take(.comma) { continue }
            guard reader.peek == .lessThan, let close = reader.bytes[reader.index...].firstIndex(of: .greaterThan) else {
                reader.skipPastLink()
                continue
            }
            let target = String(decoding: reader.bytes[(reader.index + 1)..<close], as: UTF8.self)
            reader.index = close + 1
            var relations: [String]?
            while true {
                reader.skipSpaces()
                guard reader.take(.semicolon) else { break }
                let (name, parameterValue) = reader.parameter()
                if name == "rel", relations == nil {
                    relations = parameterValue.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                }
            }
            reader.skipPastLink()
            links.append(Link(target: target, relations: relations ?? []))
        }
        return links
    }

    /// A cursor over a field value's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        /// Moves past `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() {
            while let byte = peek, byte == .space || byte == .tab { index += 1 }
        }

        /// A parameter after its `;`: its name, lowercased, and its value (a quoted-string's
        /// content unescaped; empty when there is no `=`), leaving the reader at the next `;` or
        /// `,` outside a quoted-string, or at the end.
        mutating func parameter() -> (name: String, value: String) {
            skipSpaces()
            let nameStart = index
            while let byte = peek, ![.equals, .semicolon, .comma, .space, .tab].contains(byte) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            skipSpaces()
            var value: [UInt8] = []
            if take(.equals) {
                skipSpaces()
                if peek == .quote {
                    value = quotedString()
                } else {
                    let start = index
                    while let byte = peek, ![.semicolon, .comma, .space, .tab].contains(byte) { index += 1 }
                    value = Array(bytes[start..<index])
                }
            }
            skipTo([.semicolon, .comma])
            return (name, String(decoding: value, as: UTF8.self))
        }

        /// A quoted-string's content, the reader on its opening quote; one without its closing
        /// quote runs to the end.
        mutating func quotedString() -> [UInt8] {
            var content: [UInt8] = []
            index += 1
            while let byte = peek {
                index += 1
                if byte == .quote { break }
                if byte == .backslash, let escaped = peek {
                    content.append(escaped)
                    index += 1
                } else {
                    content.append(byte)
                }
            }
            return content
        }

        /// Moves to the next of `stops` outside a quoted-string, or to the end.
        mutating func skipTo(_ stops: [UInt8]) {
            while let byte = peek, !stops.contains(byte) {
                if byte == .quote { _ = quotedString() } else { index += 1 }
            }
        }

        /// Moves past the rest of a link-value: to its comma outside a quoted-string, or the end.
        mutating func skipPastLink() {
            skipTo([.comma])
            _ = take(.comma)
        }
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
}
