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
        if case let .path(.styled(style, explode, name, kept)) = self {
            return try Self.writeStyledPath(value, style: style, explode: explode, name: name, kept: kept, to: &url)
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
            // OpenAPI's `simple` (RFC 6570 simple expansion) escapes all but unreserved characters
            // (`a;b` is `a%3Bb`); a segment of a Netspec spec keeps RFC 3986 `pchar` (`a;b`).
            let kept = if case let .path(.segment(kept)) = self { kept } else { Path.Kept.pchar }
            PercentEncoding.append(text, to: &url, style: kept.style)
        }
    }

    /// A path value in a style, each name and value percent-encoded keeping what `kept` says
    /// (OpenAPI's, RFC 6570: unreserved characters; a Swagger 2.0 csv array's: `pchar`), with
    /// the style's own delimiters inside it escaped: `,` (which joins items), `=` in an exploded
    /// object's names (`k%3D=v`), `.` in a `label` item and `;` in a `matrix` one. Between items
    /// they stay (`a%3Bb,c%3Dd` in OpenAPI's `simple`, `a;b,c=d,e%2Cf` in Swagger's csv).
    private static func writeStyledPath(_ value: JSONValue, style: Style, explode: Bool, name: String, kept: Path.Kept, to url: inout [UInt8]) throws(Problem) {
        for item in value.styledItems where item.text == "." || item.text == ".." {
            throw Problem(.invalidValue, "'\(item.text)' is not allowed as a path segment")
        }
        var delimiters = Array(",".utf8)
        if explode, case .object = value { delimiters.append(UInt8(ascii: "=")) }
        switch style {
        case .label: delimiters.append(UInt8(ascii: "."))
        case .matrix: delimiters += Array("=;".utf8)
        default: break
        }
        var written: [UInt8] = []
        writeStyled(value, style: style, explode: explode, name: name, to: &written) { text, output in
            PercentEncoding.append(text, to: &output, style: kept.style, escaping: delimiters)
        }
        guard !written.isEmpty else { throw Problem(.invalidValue, "a path parameter cannot be empty") }
        // An empty `label` value is `.`, which a server would read as a dot segment.
        guard written != [UInt8(ascii: ".")] else { throw Problem(.invalidValue, "'.' is not allowed as a path segment") }
        url += written
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
        case let .queryString(form):
            // The whole query string (OpenAPI 3.2's `in: querystring`); an undefined value writes none.
            guard !value.isUndefined else { return }
            let text = try form.written(value)
            if !text.isEmpty { query.appendRaw(text) }
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

    /// Writes a cookie parameter's value: a `name=value` field per cookie
    /// (``ParameterCodec/cookiePairs(_:wireName:)`` says how each style writes them).
    func writeCookie(_ value: JSONValue, wireName: String, to headers: inout HTTPFields) throws(Problem) {
        for pair in try cookiePairs(value, wireName: wireName) { headers.append(HTTPField(name: .cookie, value: pair)) }
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
