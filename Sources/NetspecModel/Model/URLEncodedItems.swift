/// Writes named values as `name=value&…` items, for a query string or a form body.
///
/// Values follow their parameter's form (``ParameterCodec/Items``); values nested inside arrays
/// and objects are written with bracket names (`user[name]=Ada`, `matrix[0]=1`), the convention
/// of Rails, PHP and the `qs` package. Nulls are left out.
package struct URLEncodedItems {
    /// The UTF-8 text written so far: any text the items follow, then the items.
    package private(set) var bytes: [UInt8]
    let style: PercentEncoding.Style
    /// Where the items start in ``bytes``.
    private let start: Int
    /// The byte written before the first item (`?` after a URL's path), if any.
    private let leader: UInt8?

    package init(style: PercentEncoding.Style, initial: String = "") {
        self.style = style
        valueStyle = style
        bytes = Array(initial.utf8)
        bytes.reserveCapacity(64)
        start = 0
        leader = nil
    }

    /// Items written after a URL's path: `?` before the first item, and none when there are no
    /// items. `initial` is a query written first, already encoded (a base URL's own).
    package init(style: PercentEncoding.Style, after path: [UInt8], initial: String?) {
        self.style = style
        valueStyle = style
        bytes = path
        start = path.count
        leader = UInt8(ascii: "?")
        if let initial, !initial.isEmpty { appendRaw(initial) }
    }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends one raw, already-encoded `name=value` (or `name`) item.
    package mutating func appendRaw(_ item: String) {
        separate()
        bytes += item.utf8
    }

    /// Appends a flag: the name alone.
    package mutating func appendFlag(name: String) {
        separate()
        PercentEncoding.append(name, to: &bytes, style: style)
    }

    /// Appends raw bytes under a name, each byte percent-encoded (for `Data` in a form).
    package mutating func append(name: String, bytes data: [UInt8]) {
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

    /// Appends `name=text`, both percent-encoded (an item the spec does not declare).
    package mutating func append(name: String, text: String) {
        separate()
        PercentEncoding.append(name, to: &bytes, style: style)
        bytes.append(UInt8(ascii: "="))
        PercentEncoding.append(text, to: &bytes, style: style)
    }

    /// Appends a parameter's value in a form (``ParameterCodec/Items``): its JSON text as one item
    /// (``ParameterCodec/Items/isJSONText``; an array's elements each, with
    /// ``ParameterCodec/Items/isJSONTextPerElement``); a scalar as one item;
    /// an array repeated, with brackets or joined; an object as entries, joined, or with bracket
    /// names; values nested deeper with bracket names (`user[name]=Ada`, `matrix[0]=1`). Nulls
    /// are left out.
    package mutating func append(_ value: JSONValue, name: String, form: ParameterCodec.Items) throws(ParameterCodec.Problem) {
        if form.isJSONText {
            // One item of the compact JSON text (null, undefined, is left out); an array property's
            // elements each one of their own (OpenAPI 3.2.0, Encoding By Name).
            if form.isJSONTextPerElement, case let .array(elements) = value {
                for element in elements where !element.isNull { append(name: name, text: String(decoding: element.serialized(), as: UTF8.self)) }
            } else if !value.isNull {
                append(name: name, text: String(decoding: value.serialized(), as: UTF8.self))
            }
            return
        }
        valueStyle = form.escaping == .reservedKept ? .reservedQuery : style
        defer { valueStyle = style }
        switch (value, form.objects) {
        case let (.object(object), .entries):
            // Each entry an item of its own, named by its key (already encoded with the value, if it is).
            namesAreEncoded = form.escaping == .alreadyEncoded
            defer { namesAreEncoded = false }
            for (key, item) in object { try append(value: item, name: key, form: form) }
        case (.object, .joined):
            try append(value: .array(value.styledItems.map { $0.isContainer ? .string($0.text) : $0 }), name: name, form: form)
        default:
            try append(value: value, name: name, form: form)
        }
    }

    /// Whether names are already percent-encoded (the keys of an `encoded: true` dictionary).
    private var namesAreEncoded = false
    /// How values are percent-encoded: ``style``, or `.reservedQuery` while an `allowReserved`
    /// value is written.
    private var valueStyle: PercentEncoding.Style

    private mutating func append(value: JSONValue, name: String, form: ParameterCodec.Items) throws(ParameterCodec.Problem) {
        switch value {
        case .null:
            return
        case let .array(items):
            try appendArray(name: name, items: items, form: form)
        case let .object(object):
            for (key, item) in object {
                try append(value: item, name: name + "[" + key + "]", form: form)
            }
        default:
            appendPair(name: name, value: value.text, encoded: form.escaping == .alreadyEncoded)
        }
    }

    private mutating func appendArray(name: String, items: [JSONValue], form: ParameterCodec.Items) throws(ParameterCodec.Problem) {
        if case let .joined(delimiter) = form.arrays, items.allSatisfy({ !$0.isContainer }) {
            // One item, the values joined by the delimiter, which is escaped inside them.
            let present = items.filter { !$0.isNull }
            guard !present.isEmpty else { return }
            let encoded = form.escaping == .alreadyEncoded
            for item in present { try check(item.text, in: delimiter, encoded: encoded) }
            separate()
            appendName(name)
            bytes.append(UInt8(ascii: "="))
            for (position, item) in present.enumerated() {
                if position > 0 { bytes += delimiter.written }
                if encoded {
                    bytes += item.text.utf8
                } else if delimiter == .comma, valueStyle == .reservedQuery {
                    PercentEncoding.append(item.text, to: &bytes, style: valueStyle, escaping: [UInt8(ascii: ",")])
                } else {
                    PercentEncoding.append(item.text, to: &bytes, style: valueStyle)
                }
            }
            return
        }
        for (position, item) in items.enumerated() {
            if item.isContainer {
                try append(value: item, name: name + "[\(position)]", form: form)
            } else if !item.isNull {
                appendPair(name: form.arrays == .brackets ? name + "[]" : name, value: item.text, encoded: form.escaping == .alreadyEncoded)
            }
        }
    }

    /// Refuses an item that would read as two: one holding its delimiter as the delimiter is
    /// written (a space in a query is `%20`, as `spaceDelimited`'s delimiter; `|` is `%7C`, as
    /// `pipeDelimited`'s), or an already-encoded one holding a raw `,`.
    private func check(_ item: String, in delimiter: ParameterCodec.Delimiter, encoded: Bool) throws(ParameterCodec.Problem) {
        switch delimiter {
        case .comma where encoded && item.utf8.contains(UInt8(ascii: ",")):
            throw ParameterCodec.Problem(.invalidValue, "an item cannot contain ',', the delimiter (in '\(item)'); percent-encode it as %2C")
        case .space where style != .form && item.utf8.contains(0x20):
            throw ParameterCodec.Problem(.invalidValue, "an item cannot contain a space, the delimiter of spaceDelimited (in '\(item)')")
        case .pipe where item.utf8.contains(UInt8(ascii: "|")):
            throw ParameterCodec.Problem(.invalidValue, "an item cannot contain '|', the delimiter of pipeDelimited (in '\(item)')")
        case .tab where item.utf8.contains(0x09):
            throw ParameterCodec.Problem(.invalidValue, "an item cannot contain a tab, the delimiter of tsv (in '\(item)')")
        default:
            return
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

extension ParameterCodec.Delimiter {
    /// The delimiter as written between joined values.
    var written: [UInt8] {
        switch self {
        case .comma: [UInt8(ascii: ",")]
        case .space: Array("%20".utf8)
        case .pipe: Array("%7C".utf8)
        case .tab: Array("%09".utf8)
        }
    }
}

extension JSONValue {
    /// Whether the value is an array or an object.
    package var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
