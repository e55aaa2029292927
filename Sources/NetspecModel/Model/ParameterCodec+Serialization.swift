/// What a parameter's value is written as, piece by piece, in one place for the binding stage's
/// writers (`ParameterCodec+Write.swift` in Netspec) and for the model's check of an Example's
/// `serializedValue` against its `dataValue` (OpenAPI 3.2.0, Serialization and Examples): the
/// RFC 6570 styles (`simple`, `label`, `matrix`), 3.2's `style: cookie`, and a whole value as
/// the 3.2 text shows it in `serializedValue`.
extension ParameterCodec {
    /// An OpenAPI parameter's (or header's) serialization as its document declares it, by name.
    package struct Serialization: Sendable, Hashable {
        /// `path`, `query`, `header` or `cookie`.
        package var location: String
        /// The style, its default already applied (`form` in the query and a cookie, else `simple`).
        package var style: String
        package var explode: Bool
        /// The parameter's name (what `matrix`, `form` and `cookie` write before `=`).
        package var name: String
        package var allowsReserved: Bool

        package init(location: String, style: String, explode: Bool, name: String, allowsReserved: Bool) {
            self.location = location
            self.style = style
            self.explode = explode
            self.name = name
            self.allowsReserved = allowsReserved
        }

        /// The value as the 3.2 text's `serializedValue` shows it (its Style Examples table):
        /// percent-encoded for its place, with the style's delimiters and, where the style writes
        /// one, the name (`color=blue`, `;color=blue`), without a leading `?` or `&`; cookies
        /// joined by `; `. An undefined value (RFC 6570 §2.3: null, an empty array or object) is
        /// the empty text: the parameter is left out. `nil` for a style the location does not have.
        package func serialized(_ value: JSONValue) throws(Problem) -> String? {
            if value.isUndefined { return "" }
            var output: [UInt8] = []
            switch (location, style) {
            case ("path", "simple") where !value.isContainer:
                PercentEncoding.append(value.text, to: &output, style: allowsReserved ? .reservedPath : .unreserved)
            case ("path", "simple"), ("path", "label"), ("path", "matrix"):
                let delimiters = Array((style == "label" ? ",=." : style == "matrix" ? ",=;" : ",=").utf8)
                ParameterCodec.writeStyled(value, style: Style(rawValue: style)!, explode: explode, name: name, to: &output) { text, output in
                    PercentEncoding.append(text, to: &output, style: allowsReserved ? .reservedPath : .unreserved, escaping: delimiters)
                }
            case ("header", "simple"):
                ParameterCodec.writeStyled(value, style: .simple, explode: explode, name: name, to: &output) { text, output in output += text.utf8 }
            case ("query", _):
                guard let queryStyle = Style(rawValue: style), queryStyle != .simple, queryStyle != .label, queryStyle != .matrix else { return nil }
                var items = URLEncodedItems(style: .query)
                try items.append(value, name: name, form: Items(style: queryStyle, explode: explode, escaping: allowsReserved ? .reservedKept : .percentEncoded))
                return items.text
            case ("cookie", "form"), ("cookie", "cookie"):
                let codec: ParameterCodec = style == "cookie" ? .cookieStyle(explode: explode) : .cookie(joined: !explode)
                return try codec.cookiePairs(value, wireName: name).joined(separator: "; ")
            default:
                return nil
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// A cookie parameter's cookies, each `name=value`, for the `Cookie` header (joined there by
    /// `; `); none for an undefined value (null, an empty array or object).
    ///
    /// `style: form` (`.cookie`) percent-encodes as RFC 6570 does (what is not unreserved), a
    /// list joined by `,` when not exploded (an exploded list has no cookie form: refused).
    /// `style: cookie` (`.cookieStyle`, OpenAPI 3.2) writes values as they are, already escaped
    /// by the caller: exploded, an array is one cookie per element (`color=blue; color=black`)
    /// and an object one per member (`R=100; G=200`); not, one cookie of the items joined by `,`.
    /// A value that would end its cookie (`;`, a line break or another control character), or a
    /// `,` inside an item of a joined list, is refused.
    package func cookiePairs(_ value: JSONValue, wireName: String) throws(Problem) -> [String] {
        if value.isUndefined, self != .jsonText(in: .cookie) || value.isNull { return [] }
        switch self {
        case .jsonText:
            var pair = Array((wireName + "=").utf8)
            PercentEncoding.append(String(decoding: value.serialized(), as: UTF8.self), to: &pair, style: .cookie)
            return [String(decoding: pair, as: UTF8.self)]
        case let .cookieStyle(explode):
            if explode, case let .object(object) = value {
                return try object.filter { !$0.value.isNull }.map { (key, item) throws(Problem) in
                    try Self.checkCookieText(key, name: wireName)
                    return key + "=" + (try Self.checkCookieText(item.text, name: wireName))
                }
            }
            if explode, case let .array(items) = value {
                return try items.filter { !$0.isNull }.map { item throws(Problem) in wireName + "=" + (try Self.checkCookieText(item.text, name: wireName)) }
            }
            let items = try value.styledItems.map { item throws(Problem) in
                let text = try Self.checkCookieText(item.text, name: wireName)
                if value.isContainer, text.utf8.contains(UInt8(ascii: ",")) {
                    throw Problem(.invalidValue, "the cookie '\(wireName)' is a list, so an item cannot contain ',' (in '\(text)'); percent-encode it")
                }
                return text
            }
            return [wireName + "=" + items.joined(separator: ",")]
        default:
            if value.isContainer, self != .cookie(joined: true) {
                throw Problem(.wrongType, "a cookie takes one value, got \(value.isObject ? "an object" : "an array")")
            }
            var pair = Array((wireName + "=").utf8)
            for (position, item) in value.styledItems.enumerated() {
                if position > 0 { pair.append(UInt8(ascii: ",")) }
                PercentEncoding.append(item.text, to: &pair, style: .query)
            }
            return [String(decoding: pair, as: UTF8.self)]
        }
    }

    /// The text of a `style: cookie` value, refused when it would end its cookie or the header.
    @discardableResult
    private static func checkCookieText(_ text: String, name: String) throws(Problem) -> String {
        if let byte = text.utf8.first(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: ";") }) {
            let what = byte == UInt8(ascii: ";") ? "';', which ends a cookie" : byte == 0x0D || byte == 0x0A ? "a line break (CR or LF)" : "the control character \(PercentEncoding.hexByte(byte))"
            throw Problem(.invalidValue, "the value of cookie '\(name)' contains \(what); style cookie sends values as they are, so percent-encode it first")
        }
        return text
    }
}

extension JSONValue {
    /// Whether RFC 6570 calls the value undefined (§2.3): null, an empty array or object, or an
    /// array or object of nulls only; the parameter is then left out, in every style.
    package var isUndefined: Bool {
        switch self {
        case .null: true
        case let .array(items): items.allSatisfy(\.isNull)
        case let .object(object): object.allSatisfy { $0.value.isNull }
        default: false
        }
    }
}

extension ParameterCodec {
    /// A value in OpenAPI's `simple`, `label` or `matrix` style (OpenAPI 3.1 §4.8.12.4.2):
    ///
    /// | style  | explode | string       | array                                 | object                     |
    /// |--------|---------|--------------|---------------------------------------|----------------------------|
    /// | simple | false   | `blue`       | `blue,black,brown`                    | `R,100,G,200,B,150`        |
    /// | simple | true    | `blue`       | `blue,black,brown`                    | `R=100,G=200,B=150`        |
    /// | label  | false   | `.blue`      | `.blue,black,brown`                   | `.R,100,G,200,B,150`       |
    /// | label  | true    | `.blue`      | `.blue.black.brown`                   | `.R=100.G=200.B=150`       |
    /// | matrix | false   | `;color=blue`| `;color=blue,black,brown`             | `;color=R,100,G,200,B,150` |
    /// | matrix | true    | `;color=blue`| `;color=blue;color=black;color=brown` | `;R=100;G=200;B=150`       |
    ///
    /// An empty string is `;color` in `matrix` and `.` in `label`; an empty array or object is
    /// nothing (RFC 6570: an empty list is undefined). Nulls are left out. Each name and value is
    /// written by `encode`.
    package static func writeStyled(_ value: JSONValue, style: Style, explode: Bool, name: String, to output: inout [UInt8], encode: (String, inout [UInt8]) -> Void) {
        // The leading character of `label` and `matrix`, which also separates exploded items.
        let lead: UInt8? = style == .label ? UInt8(ascii: ".") : style == .matrix ? UInt8(ascii: ";") : nil
        let separator = explode ? lead ?? UInt8(ascii: ",") : UInt8(ascii: ",")
        func writeName() {
            encode(name, &output)
            output.append(UInt8(ascii: "="))
        }
        switch value {
        case let .array(items):
            let present = items.filter { !$0.isNull }
            guard !present.isEmpty else { return }
            if style == .matrix, explode {
                // `;color=blue;color=black`: the name before every item.
                for item in present {
                    output.append(UInt8(ascii: ";"))
                    writeName()
                    encode(item.text, &output)
                }
                return
            }
            if let lead { output.append(lead) }
            if style == .matrix { writeName() }
            for (position, item) in present.enumerated() {
                if position > 0 { output.append(separator) }
                encode(item.text, &output)
            }
        case let .object(object):
            let members = object.filter { !$0.value.isNull }
            guard !members.isEmpty else { return }
            if explode {
                // `R=100,G=200` (simple), `.R=100.G=200` (label), `;R=100;G=200` (matrix).
                for (position, member) in members.enumerated() {
                    if let lead { output.append(lead) } else if position > 0 { output.append(separator) }
                    encode(member.key, &output)
                    output.append(UInt8(ascii: "="))
                    encode(member.value.text, &output)
                }
                return
            }
            if let lead { output.append(lead) }
            if style == .matrix { writeName() }
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                encode(member.key, &output)
                output.append(UInt8(ascii: ","))
                encode(member.value.text, &output)
            }
        default:
            let text = value.text
            if let lead { output.append(lead) }
            if style == .matrix {
                encode(name, &output)
                if text.isEmpty { return }
                output.append(UInt8(ascii: "="))
            }
            encode(text, &output)
        }
    }
}
