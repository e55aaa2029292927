/// Writes named values as `name=value&…` items, for a query string or a form body.
///
/// Arrays follow the parameter's ``ArrayFormat``; values nested inside arrays and objects are
/// written with bracket names (`user[name]=Ada`, `matrix[0]=1`), the convention of Rails, PHP and
/// the `qs` package. Nulls are left out.
struct URLEncodedItems {
    /// The UTF-8 text written so far: any text the items follow, then the items.
    private(set) var bytes: [UInt8]
    let style: PercentEncoding.Style
    /// Where the items start in ``bytes``.
    private let start: Int
    /// The byte written before the first item (`?` after a URL's path), if any.
    private let leader: UInt8?

    init(style: PercentEncoding.Style, initial: String = "") {
        self.style = style
        valueStyle = style
        bytes = Array(initial.utf8)
        bytes.reserveCapacity(64)
        start = 0
        leader = nil
    }

    /// Items written after a URL's path: `?` before the first item, and none when there are no
    /// items. `initial` is a query written first, already encoded (a base URL's own).
    init(style: PercentEncoding.Style, after path: [UInt8], initial: String?) {
        self.style = style
        valueStyle = style
        bytes = path
        start = path.count
        leader = UInt8(ascii: "?")
        if let initial, !initial.isEmpty { appendRaw(initial) }
    }

    /// The text written so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends one raw, already-encoded `name=value` (or `name`) item.
    mutating func appendRaw(_ item: String) {
        separate()
        bytes += item.utf8
    }

    /// Appends a flag: the name alone.
    mutating func appendFlag(name: String) {
        separate()
        PercentEncoding.append(name, to: &bytes, style: style)
    }

    /// Appends raw bytes under a name, each byte percent-encoded (for `Data` in a form).
    mutating func append(name: String, bytes data: [UInt8]) {
        separate()
        PercentEncoding.append(name, to: &bytes, style: style)
        bytes.append(UInt8(ascii: "="))
        PercentEncoding.append(bytes: data, to: &bytes, style: style)
    }

    /// `&` before every item but the first, and the leader, if any, before the first.
    @inline(__always)
    private mutating func separate() {
        if bytes.count > start {
            bytes.append(UInt8(ascii: "&"))
        } else if let leader {
            bytes.append(leader)
        }
    }

    /// Appends a value under a name, expanding arrays and objects; with `encoded`, scalars are
    /// written as they are (already percent-encoded) and only the names are encoded.
    mutating func append(name: String, value: JSONValue, format: ArrayFormat, encoded: Bool = false) {
        append(value: value, name: name, format: format, encoded: encoded)
    }

    /// Appends a value whose scalars keep RFC 3986's reserved characters (OpenAPI's `allowReserved`).
    mutating func append(name: String, value: JSONValue, format: ArrayFormat, reservedValues: Bool) {
        guard reservedValues else { return append(value: value, name: name, format: format, encoded: false) }
        valueStyle = .reservedQuery
        defer { valueStyle = style }
        append(value: value, name: name, format: format, encoded: false)
    }

    /// Appends an already-encoded dictionary entry: the key and the value are written as they are.
    mutating func appendEncoded(key: String, value: JSONValue, format: ArrayFormat) {
        namesAreEncoded = true
        defer { namesAreEncoded = false }
        append(value: value, name: key, format: format, encoded: true)
    }

    /// Whether names are already percent-encoded (the keys of an `encoded: true` dictionary).
    private var namesAreEncoded = false
    /// How values are percent-encoded: ``style``, or `.reservedQuery` while an `allowReserved`
    /// value is written.
    private var valueStyle: PercentEncoding.Style

    private mutating func append(value: JSONValue, name: String, format: ArrayFormat, encoded: Bool) {
        switch value {
        case .null:
            return
        case let .array(items):
            appendArray(name: name, items: items, format: format, encoded: encoded)
        case let .object(object):
            for (key, item) in object {
                append(value: item, name: name + "[" + key + "]", format: format, encoded: encoded)
            }
        default:
            appendPair(name: name, value: value.text, encoded: encoded)
        }
    }

    private mutating func appendArray(name: String, items: [JSONValue], format: ArrayFormat, encoded: Bool) {
        if format == .csv || format == .spaces || format == .pipes, items.allSatisfy({ !$0.isContainer }) {
            // One item, the values joined: `,` (form, not exploded), or OpenAPI's space and pipe
            // delimiters, percent-encoded.
            let separator: [UInt8] = format == .csv ? [UInt8(ascii: ",")] : format == .spaces ? Array("%20".utf8) : Array("%7C".utf8)
            let present = items.filter { !$0.isNull }
            guard !present.isEmpty else { return }
            separate()
            appendName(name)
            bytes.append(UInt8(ascii: "="))
            for (position, item) in present.enumerated() {
                if position > 0 { bytes += separator }
                if encoded { bytes += item.text.utf8 } else { PercentEncoding.append(item.text, to: &bytes, style: valueStyle) }
            }
            return
        }
        for (position, item) in items.enumerated() {
            if item.isContainer {
                append(value: item, name: name + "[\(position)]", format: format, encoded: encoded)
            } else if !item.isNull {
                appendPair(name: format == .brackets ? name + "[]" : name, value: item.text, encoded: encoded)
            }
        }
    }

    private mutating func appendName(_ name: String) {
        if namesAreEncoded { bytes += name.utf8 } else { PercentEncoding.append(name, to: &bytes, style: style) }
    }

    private mutating func appendPair(name: String, value: String, encoded: Bool = false) {
        separate()
        appendName(name)
        bytes.append(UInt8(ascii: "="))
        if encoded { bytes += value.utf8 } else { PercentEncoding.append(value, to: &bytes, style: valueStyle) }
    }
}

extension URLEncodedItems {
    /// A parameter's value as items (a query's or a form's): a dictionary's entries as items of
    /// their own; an object in a non-exploded OpenAPI style as its names and values joined
    /// (`color=R,100,G,200`); with `allowReserved`, reserved characters kept in values.
    mutating func append(_ json: JSONValue, for parameter: Parameter) {
        let reserved = parameter.style?.allowsReserved ?? false
        if parameter.expandsDictionary, case let .object(object) = json {
            for (key, item) in object { append(name: key, value: item, format: parameter.arrayFormat, reservedValues: reserved) }
            return
        }
        let value = parameter.style.map { $0.explode ? json : Parameter.Style.flattened(json) } ?? json
        append(name: parameter.wireName, value: value, format: parameter.arrayFormat, reservedValues: reserved)
    }
}

extension JSONValue {
    /// Whether the value is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
