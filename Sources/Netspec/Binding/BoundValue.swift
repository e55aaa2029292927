/// An argument checked against its parameter's type and ready to be written into a request.
enum BoundValue: Sendable {
    /// A JSON value (null only for an explicit `nil` on an optional parameter).
    case json(JSONValue)
    /// Bytes in memory.
    case bytes([UInt8])
    /// A file on disk, with the size it had when the request was built.
    case file(path: String, size: Int)
    /// `length` bytes of a file from `offset` (checked against its size when bound).
    case fileRange(path: String, offset: Int, length: Int)
    /// An array holding bytes or files.
    indirect case array([BoundValue])
    /// A dictionary holding bytes or files, in order.
    indirect case object([(key: String, value: BoundValue)])

    /// Whether the value is an explicit null.
    var isNull: Bool {
        if case .json(.null) = self { true } else { false }
    }
}

extension JSONValue {
    /// A phrase naming the value, for "expected …, got …" messages.
    var argumentDescription: String {
        switch self {
        case .null: "nil"
        case let .bool(value): "the Boolean \(value)"
        case let .int(value): "the number \(value)"
        case let .double(value): "the number \(JSONValue.double(value).description)"
        case let .string(value): "the string \(JSONValue.string(value).description)"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
