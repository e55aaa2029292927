/// Writes named values as `name=value&…` items, for a query string or a form body.
///
/// Arrays follow the parameter's ``ArrayFormat``; values nested inside arrays and objects are
/// written with bracket names (`user[name]=Ada`, `matrix[0]=1`), the convention of Rails, PHP and
/// the `qs` package. Nulls are left out.
struct URLEncodedItems {
    /// The text written so far, without a leading `?`.
    private(set) var text: String
    let style: PercentEncoding.Style

    init(style: PercentEncoding.Style, initial: String = "") {
        self.style = style
        text = initial
    }

    /// Appends one raw, already-encoded `name=value` (or `name`) item.
    mutating func appendRaw(_ item: String) {
        if !text.isEmpty { text.append("&") }
        text += item
    }

    /// Appends a flag: the name alone.
    mutating func appendFlag(name: String) {
        if !text.isEmpty { text.append("&") }
        PercentEncoding.append(name, to: &text, style: style)
    }

    /// Appends a value under a name, expanding arrays and objects.
    mutating func append(name: String, value: JSONValue, format: ArrayFormat) {
        switch value {
        case .null:
            return
        case let .array(items):
            appendArray(name: name, items: items, format: format)
        case let .object(object):
            for (key, item) in object {
                append(name: name + "[" + key + "]", value: item, format: format)
            }
        default:
            appendPair(name: name, value: value.text)
        }
    }

    /// Appends an already-encoded value under a (to be encoded) name.
    mutating func append(name: String, encodedValue: String) {
        if !text.isEmpty { text.append("&") }
        PercentEncoding.append(name, to: &text, style: style)
        text.append("=")
        text += encodedValue
    }

    private mutating func appendArray(name: String, items: [JSONValue], format: ArrayFormat) {
        let scalarsOnly = items.allSatisfy { !$0.isContainer }
        if format == .csv, scalarsOnly {
            let present = items.filter { !$0.isNull }
            guard !present.isEmpty else { return }
            if !text.isEmpty { text.append("&") }
            PercentEncoding.append(name, to: &text, style: style)
            text.append("=")
            for (position, item) in present.enumerated() {
                if position > 0 { text.append(",") }
                PercentEncoding.append(item.text, to: &text, style: style)
            }
            return
        }
        for (position, item) in items.enumerated() {
            if item.isContainer {
                append(name: name + "[\(position)]", value: item, format: format)
            } else if !item.isNull {
                appendPair(name: format == .brackets ? name + "[]" : name, value: item.text)
            }
        }
    }

    private mutating func appendPair(name: String, value: String) {
        if !text.isEmpty { text.append("&") }
        PercentEncoding.append(name, to: &text, style: style)
        text.append("=")
        PercentEncoding.append(value, to: &text, style: style)
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
