// An XML payload written as a string with embedded `{$…}` expressions (`contentType` XML, or the
// operation's request body XML): each value is written in escaped for where it stands, with the
// one XMLEscaping the XPath replacements use — in element content `&`, `<`, `>`; in an attribute
// value also its quote (`&quot;`, or `&apos;` in one quoted with `'`); in a CDATA section as it
// is, a `]]>` in it split across two sections. A value that would end the comment or processing
// instruction it stands in, or an expression in a tag outside an attribute value (an element or
// attribute name), is refused: it could only be written in unescaped, changing the document.

import NetspecModel

extension ExpressionTemplate {
    /// Where an embedded expression stands in an XML document.
    enum XMLPlace: Equatable {
        case content
        case tag
        case attribute(quote: Unicode.Scalar)
        case comment
        case cdata
        case instruction
    }

    /// The text with each embedded expression's value written in, escaped for where it stands in
    /// the XML document the text is.
    ///
    /// - Throws: ``ExpressionError`` when an expression has no value; ``XMLPayloadError`` when a
    ///   value cannot stand where it is written.
    func renderXML(in context: ExpressionContext) throws -> String {
        var output = ""
        var place = XMLPlace.content
        for part in parts {
            switch part {
            case let .text(text):
                output += text
                place = Self.place(after: Array(text.unicodeScalars), from: place)
            case let .embedded(expression):
                let value = Self.embeddedText(try expression.evaluate(in: context))
                output += try Self.xmlText(value, at: place, expression: expression.text)
            }
        }
        return output
    }

    /// `value` as it is written at `place`.
    static func xmlText(_ value: String, at place: XMLPlace, expression: String) throws(XMLPayloadError) -> String {
        func refused(_ why: String) -> XMLPayloadError { XMLPayloadError(message: "the value of {\(expression)} \(why)") }
        switch place {
        case .content, .attribute:
            var bytes: [UInt8] = []
            guard XMLEscaping.append(value, inAttribute: place != .content, to: &bytes) else {
                throw refused("holds a character XML 1.0 cannot hold (a control character, U+FFFE or U+FFFF)")
            }
            let escaped = String(decoding: bytes, as: UTF8.self)
            guard place == .attribute(quote: "'") else { return escaped }
            return escaped.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "&apos;")
        case .cdata:
            return value.split(separator: "]]>", omittingEmptySubsequences: false).joined(separator: "]]]]><![CDATA[>")
        case .comment:
            guard !value.contains("--"), !value.hasSuffix("-") else { throw refused("holds '--' or ends with '-', which would end the comment it is written in") }
            return value
        case .instruction:
            guard !value.contains("?>") else { throw refused("holds '?>', which would end the processing instruction it is written in") }
            return value
        case .tag:
            throw refused("is written in a tag outside an attribute value (an element or attribute name), where no escaping keeps it text: write it in an attribute value or element content")
        }
    }

    /// Where the text after `scalars` stands, reading them from `place`.
    static func place(after scalars: [Unicode.Scalar], from place: XMLPlace) -> XMLPlace {
        var place = place
        var index = 0
        func at(_ literal: String) -> Bool {
            let wanted = Array(literal.unicodeScalars)
            return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch place {
            case .content:
                if at("<!--") { place = .comment; index += 4; continue }
                if at("<![CDATA[") { place = .cdata; index += 9; continue }
                if at("<?") { place = .instruction; index += 2; continue }
                if scalar == "<" { place = .tag }
            case .tag:
                if scalar == "\"" || scalar == "'" { place = .attribute(quote: scalar) } else if scalar == ">" { place = .content }
            case let .attribute(quote):
                if scalar == quote { place = .tag }
            case .comment:
                if at("-->") { place = .content; index += 3; continue }
            case .cdata:
                if at("]]>") { place = .content; index += 3; continue }
            case .instruction:
                if at("?>") { place = .content; index += 2; continue }
            }
            index += 1
        }
        return place
    }
}

/// A value that cannot be written where it stands in an XML payload.
struct XMLPayloadError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
