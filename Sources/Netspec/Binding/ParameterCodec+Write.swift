import HTTPTypes
import NetspecModel

/// Writing a value by its parameter's codec into the URL, a header or a cookie (the body's forms
/// are in `ParameterCodec+WriteBody.swift`; reading them back, beside them in `+Read.swift`).
///
/// A form writes only what reads back as the same value: where it cannot carry one unambiguously
/// (a comma inside an item of a header list, which has no escaping), it refuses it with a
/// ``Problem``; in percent-encoded places it escapes its own delimiters inside items instead.
extension ParameterCodec {
    // MARK: - Path

    /// Writes a path value. `allowsEmpty`: an empty segment is meant — the call gives the empty
    /// value itself, or the parameter's default is the empty string (`{path=}`).
    func writePath(_ value: JSONValue, wireName: String, allowsEmpty: Bool, to url: inout [UInt8]) throws(Problem) {
        if case let .path(.styled(style, explode, name)) = self {
            return try Self.writeStyledPath(value, style: style, explode: explode, name: name, to: &url)
        }
        let text = value.text
        // An empty value would silently turn `/a/{id}/b` into `/a//b`, unless the call gives it
        // (`path=`, as Jupyter's root `/api/contents/` needs) or the spec's default is empty.
        if text.isEmpty {
            guard allowsEmpty else {
                throw Problem(
                    .invalidValue,
                    "a path parameter cannot be empty unless the call gives it so ('\(wireName)=') or the spec's default is empty ('default: \"\"', '{\(wireName)=}')"
                )
            }
            return
        }
        switch self {
        case .path(.reserved):
            guard !PercentEncoding.hasDotSegment(text) else {
                throw Problem(.invalidValue, "'.' and '..' are not allowed as path segments (in '\(text)')")
            }
            PercentEncoding.append(text, to: &url, style: .reservedPath)
        case .path(.encodedSegment):
            if let problem = PercentEncoding.problemInEncoded(text, inPath: true) { throw Problem(.invalidValue, problem) }
            url += text.utf8
        // .path(.segment) (and, as a segment, any other form)
        default:
            // Checked by length first: comparing text is dearer than most path values are long.
            guard text.utf8.count > 2 || text != "." && text != ".." else {
                throw Problem(.invalidValue, "'\(text)' is not allowed as a path segment")
            }
            PercentEncoding.append(text, to: &url, style: .pathSegment)
        }
    }

    /// A path value in an OpenAPI style, each name and value percent-encoded as a segment with
    /// the style's own delimiters escaped too (`,` and `=`; `.` in `label`, `;` in `matrix`).
    private static func writeStyledPath(_ value: JSONValue, style: Style, explode: Bool, name: String, to url: inout [UInt8]) throws(Problem) {
        for item in value.styledItems where item.text == "." || item.text == ".." {
            throw Problem(.invalidValue, "'\(item.text)' is not allowed as a path segment")
        }
        let delimiters: [UInt8] = switch style {
        case .label: Array(",=.".utf8)
        case .matrix: Array(",=;".utf8)
        default: Array(",=".utf8)
        }
        var written: [UInt8] = []
        writeStyled(value, style: style, explode: explode, name: name, to: &written) { text, output in
            PercentEncoding.append(text, to: &output, style: .pathSegment, escaping: delimiters)
        }
        guard !written.isEmpty else { throw Problem(.invalidValue, "a path parameter cannot be empty") }
        // An empty `label` value is `.`, which a server would read as a dot segment.
        guard written != [UInt8(ascii: ".")] else { throw Problem(.invalidValue, "'.' is not allowed as a path segment") }
        url += written
    }

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
    static func writeStyled(_ value: JSONValue, style: Style, explode: Bool, name: String, to output: inout [UInt8], encode: (String, inout [UInt8]) -> Void) {
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

    // MARK: - Query

    /// Writes a query parameter's value (`?name`, `name=value`, …) after the items before it.
    func writeQuery(_ value: JSONValue, name: String, to query: inout URLEncodedItems) throws(Problem) {
        switch self {
        case .flag:
            if value == .bool(true) { query.appendFlag(name: name) }
        case .jsonText:
            guard !value.isNull else { return }
            query.append(name: name, text: String(decoding: value.serialized(), as: UTF8.self))
        case let .query(items):
            if items.escaping == .alreadyEncoded, let problem = value.problemInEncodedScalars { throw Problem(.invalidValue, problem) }
            try query.append(value, name: name, form: items)
        // not a query form: written as plain items
        default:
            try query.append(value, name: name, form: Items())
        }
    }

    // MARK: - Headers

    /// Writes a header parameter's value, replacing any field of that name; `name` is `nil` for a
    /// dictionary of headers (its keys are the names).
    func writeHeader(_ value: JSONValue, name: HTTPField.Name?, wireName: String, to headers: inout HTTPFields) throws(Problem) {
        guard !value.isNull else { return }
        guard let name else {
            // `.header(.entries)`: one header per entry.
            guard case let .object(object) = value else { return }
            for (key, item) in object where !item.isNull {
                guard let entryName = HTTPField.Name(key) else { throw Problem(.invalidValue, "invalid header name '\(key)'") }
                let text = item.text
                try Self.checkHeaderValue(text, name: key)
                headers[entryName] = text
            }
            return
        }
        switch (self, value) {
        case (.jsonText, _):
            headers[name] = String(decoding: value.serialized(), as: UTF8.self)
        case let (.header(.simple(explode)), .array), let (.header(.simple(explode)), .object):
            // One field line: `blue,black` or `R=100,G=200`.
            for item in value.styledItems { try Self.checkHeaderListItem(item.text, name: wireName) }
            if explode, case let .object(object) = value {
                for key in object.keys where key.contains("=") {
                    throw Problem(.invalidValue, "the value of header '\(wireName)' is a list of name=value pairs, so a name cannot contain '=' (in '\(key)')")
                }
            }
            var line: [UInt8] = []
            Self.writeStyled(value, style: .simple, explode: explode, name: wireName, to: &line) { text, output in output += text.utf8 }
            // An empty array or object sends no field.
            headers[fields: name] = line.isEmpty ? [] : [HTTPField(name: name, value: String(decoding: line, as: UTF8.self))]
        case let (_, .array(items)):
            // One field line per element (RFC 9110 §5.3 allows a field to repeat, and a recipient to
            // join the lines with commas, so an element is an item of a list).
            headers[fields: name] = []
            for item in items where !item.isNull {
                let text = item.text
                try Self.checkHeaderListItem(text, name: wireName)
                headers.append(HTTPField(name: name, value: text))
            }
        default:
            let text = value.text
            try Self.checkHeaderValue(text, name: wireName)
            headers[name] = text
        }
    }

    /// Refuses what HTTP would not carry as it is: line breaks and other control characters
    /// (which could split a header, RFC 9110 §5.5; `HTTPField` would turn them into spaces).
    /// Spaces and tabs at either end are not part of a field value (RFC 9110 §5.5): the value is
    /// held as `HTTPField` legalizes it, without them, as every recipient reads it.
    static func checkHeaderValue(_ value: String, name: String) throws(Problem) {
        if let byte = forbiddenByte(inHeaderValue: value) {
            throw Problem(.invalidValue, "the value of header '\(name)' contains \(describe(forbiddenByte: byte))")
        }
    }

    /// An item of a header list: a header value without a comma, which would split it in two.
    private static func checkHeaderListItem(_ item: String, name: String) throws(Problem) {
        try checkHeaderValue(item, name: name)
        if item.utf8.contains(UInt8(ascii: ",")) {
            throw Problem(.invalidValue, "the value of header '\(name)' is a list, so an item cannot contain ',' (in '\(item)')")
        }
    }

    /// A forbidden byte as messages name it: "a line break (CR or LF)" or "the control character 0x01".
    static func describe(forbiddenByte byte: UInt8) -> String {
        byte == 0x0D || byte == 0x0A ? "a line break (CR or LF)" : "the control character \(PercentEncoding.hexByte(byte))"
    }

    /// The first byte a header value must not hold: a control character other than tab (line
    /// breaks and NUL among them) or DEL; `nil` when there is none.
    static func forbiddenByte(inHeaderValue value: String) -> UInt8? {
        value.utf8.first { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }
    }

    // MARK: - Cookies

    /// Writes a cookie parameter's value as one `name=value` field, the value percent-encoded
    /// outside RFC 6265's cookie octets (so `,` and `;` inside items are escaped).
    func writeCookie(_ value: JSONValue, wireName: String, to headers: inout HTTPFields) throws(Problem) {
        let text: String
        switch (self, value) {
        case (_, .null):
            return
        case (.jsonText, _):
            text = String(decoding: value.serialized(), as: UTF8.self)
        case (.cookie(joined: true), .array), (.cookie(joined: true), .object):
            // `color=blue,black` or `color=R,100,G,200` (OpenAPI's `form` not exploded); an empty
            // array or object sends no cookie.
            guard !value.styledItems.isEmpty else { return }
            var pair = Array((wireName + "=").utf8)
            for (position, item) in value.styledItems.enumerated() {
                if position > 0 { pair.append(UInt8(ascii: ",")) }
                PercentEncoding.append(item.text, to: &pair, style: .cookie)
            }
            headers.append(HTTPField(name: .cookie, value: String(decoding: pair, as: UTF8.self)))
            return
        case (_, .array), (_, .object):
            throw Problem(.wrongType, "a cookie takes one value, got \(value.argumentDescription)")
        default:
            text = value.text
        }
        var pair = Array((wireName + "=").utf8)
        PercentEncoding.append(text, to: &pair, style: .cookie)
        headers.append(HTTPField(name: .cookie, value: String(decoding: pair, as: UTF8.self)))
    }
}

extension JSONValue {
    /// Why an already-encoded value (`encoded: true`) cannot be written into a query, looking at
    /// every scalar inside it; `nil` when it can.
    var problemInEncodedScalars: String? {
        switch self {
        case let .array(items): items.lazy.compactMap(\.problemInEncodedScalars).first
        case let .object(object): object.lazy.compactMap { $0.value.problemInEncodedScalars }.first
        default: PercentEncoding.problemInEncoded(text, inPath: false)
        }
    }
}
