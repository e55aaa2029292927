import HTTPTypes

/// Header fields being built for one request: name-value pairs with the replace-in-place rules
/// of `HTTPFields` (setting a name overwrites its first field where it stands and drops the
/// others; a new name is appended).
///
/// The pairs are what async-http-client's `HTTPHeaders` stores, so a request is handed over
/// without copying them, and no `HTTPField` is made per field. Every value is a legal field
/// value, exactly as `HTTPField` would hold it: values not known to be legal are checked, and
/// legalized as `HTTPField` does when they are not.
///
/// Fields set as `HTTPFields` (``PreparedRequest/headerFields``) whose values are not UTF-8 or
/// that carry an HTTP/2 indexing strategy are also kept as they were, so that they read back
/// exactly; the pairs then hold their values as text.
struct FieldList: Sendable {
    /// The fields as name-value pairs, names as written.
    private(set) var pairs: [(String, String)] = []
    /// The fields exactly as set, when the pairs cannot say them (see above); kept in step.
    private var exact: HTTPFields?

    init(capacity: Int) {
        pairs.reserveCapacity(capacity)
    }

    init(_ fields: HTTPFields) {
        pairs.reserveCapacity(fields.count)
        var isExact = true
        for field in fields {
            let value = field.value
            pairs.append((field.name.rawName, value))
            if isExact { isExact = field.indexingStrategy == .automatic && Self.holds(field, as: value) }
        }
        if !isExact { exact = fields }
    }

    /// Whether a field's value bytes are the UTF-8 bytes of `text`.
    private static func holds(_ field: HTTPField, as text: String) -> Bool {
        field.withUnsafeBytesOfValue { $0.elementsEqual(text.utf8) }
    }

    // MARK: - Reading

    /// Whether a pair's name is a field name: names are HTTP tokens (ASCII), compared without
    /// case against the canonical (lowercase) name. Most comparisons end on the length or the
    /// first byte, and most matches are the very name the field was set with.
    @inline(__always)
    static func same(_ rawName: String, _ name: HTTPField.Name) -> Bool {
        let canonical = name.canonicalName
        guard rawName.utf8.count == canonical.utf8.count,
              let first = rawName.utf8.first, lowercased(first) == canonical.utf8.first
        else { return false }
        return rawName == name.rawName || rawName.utf8.elementsEqual(canonical.utf8) { lowercased($0) == $1 }
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The index of the first field with a name.
    private func firstIndex(of name: HTTPField.Name, from start: Int = 0) -> Int? {
        var index = start
        while index < pairs.count {
            if Self.same(pairs[index].0, name) { return index }
            index += 1
        }
        return nil
    }

    /// The number of fields.
    var count: Int { pairs.count }

    /// The fields as `HTTPFields`.
    var httpFields: HTTPFields {
        if let exact { return exact }
        var fields = HTTPFields()
        fields.reserveCapacity(pairs.count)
        for (name, value) in pairs {
            // Names were field names, and values legal field values, when they were set.
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return fields
    }

    // MARK: - Writing

    /// The value of the first field with a name; setting it legalizes the value as `HTTPField` does.
    subscript(name: HTTPField.Name) -> String? {
        get { firstIndex(of: name).map { pairs[$0].1 } }
        set {
            if let newValue {
                set(name, legalValue: Self.legalized(newValue, name: name))
            } else {
                removeAll(named: name)
            }
        }
    }

    /// Sets a field to a value known to be a legal field value (digits, media types, …).
    mutating func set(_ name: HTTPField.Name, legalValue value: String) {
        assert(Self.isLegal(value), "'\(value)' is not a legal field value")
        if exact != nil { exact![fields: name] = [HTTPField(name: name, value: value)] }
        guard let first = firstIndex(of: name) else {
            pairs.append((name.rawName, value))
            return
        }
        pairs[first] = (name.rawName, value)
        if firstIndex(of: name, from: first + 1) != nil {
            pairs = pairs.enumerated().filter { $0.offset <= first || !Self.same($0.element.0, name) }.map(\.element)
        }
    }

    /// Sets a field only when none with its name is there yet; the value is legalized.
    mutating func setIfAbsent(_ name: HTTPField.Name, _ value: String) {
        if firstIndex(of: name) == nil { append(name, legalValue: Self.legalized(value, name: name)) }
    }

    /// Sets a field only when none with its name is there yet, to a value known to be legal.
    mutating func setIfAbsent(_ name: HTTPField.Name, legalValue value: String) {
        if firstIndex(of: name) == nil { append(name, legalValue: value) }
    }

    /// Adds a field, keeping any others with the same name; the value is legalized.
    mutating func append(_ name: HTTPField.Name, _ value: String) {
        append(name, legalValue: Self.legalized(value, name: name))
    }

    /// Adds a field, keeping any others with the same name, with a value known to be legal.
    mutating func append(_ name: HTTPField.Name, legalValue value: String) {
        assert(Self.isLegal(value), "'\(value)' is not a legal field value")
        if exact != nil { exact!.append(HTTPField(name: name, value: value)) }
        pairs.append((name.rawName, value))
    }

    /// Removes every field with a name.
    mutating func removeAll(named name: HTTPField.Name) {
        if exact != nil { exact![fields: name] = [] }
        pairs.removeAll { Self.same($0.0, name) }
    }

    // MARK: - Values

    /// `value` as `HTTPField` holds it: as it is when legal, else with `HTTPField`'s legalization.
    private static func legalized(_ value: String, name: HTTPField.Name) -> String {
        isLegal(value) ? value : HTTPField(name: name, value: value).value
    }

    /// Whether a value is a legal field value (RFC 9110 §5.5): visible ASCII, bytes from 0x80,
    /// and spaces or tabs that are neither first nor last.
    static func isLegal(_ value: String) -> Bool {
        let scan = scan(value)
        return scan.forbiddenByte == nil && !scan.hasOuterWhitespace
    }

    /// One pass over a value: its first control character other than tab (or DEL), which no
    /// field value may hold, and whether it starts or ends with a space or tab, which
    /// `HTTPField` trims.
    static func scan(_ value: String) -> (forbiddenByte: UInt8?, hasOuterWhitespace: Bool) {
        // A native string's bytes are read in place.
        value.utf8.withContiguousStorageIfAvailable { scan($0) } ?? Array(value.utf8).withUnsafeBufferPointer { scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (forbiddenByte: UInt8?, hasOuterWhitespace: Bool) {
        guard let first = bytes.first, let last = bytes.last else { return (nil, false) }
        let hasOuterWhitespace = first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
        for byte in bytes where byte < 0x20 && byte != 0x09 || byte == 0x7F {
            return (byte, hasOuterWhitespace)
        }
        return (nil, hasOuterWhitespace)
    }
}
