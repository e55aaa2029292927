/// Conversion of text (command-line items, `{id=3}` path defaults) to values of a declared type.
extension ValueType {
    /// The value that `text` stands for under this type, or `nil` when it does not fit.
    ///
    /// | type | accepted text |
    /// |---|---|
    /// | `String`, `URL` | any text, as it is |
    /// | `Int` | decimal digits with an optional sign (`42`, `-1`) |
    /// | `Double` | a decimal number (`1.5`, `-2`, `1e3`) |
    /// | `Bool` | `true` or `false` |
    /// | `Date` | ISO 8601 text: `2026-11-22`, `2026-11-22T10:00:00Z`, `…T10:00:00.5+01:00` |
    /// | `JSON`, models, arrays, dictionaries, tuples | inline JSON (`'{"a":1}'`); for `JSON`, text that is not JSON is a string |
    /// | `T?` | `null` for nil, else as `T` |
    ///
    /// `Data` is not converted from text here (the caller passes bytes).
    public func value(fromText text: String) -> JSONValue? {
        switch self {
        case .string, .url:
            return .string(text)
        case .int:
            if let int = Int(text) { return .int(int) }
            // Wider than 64 bits: the integer as a Double (exactly, or the command line refuses it).
            guard JSONValue.isIntegerLiteral(text), let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        case .double:
            guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                  let value = Double(text), value.isFinite else { return nil }
            return .double(value)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .data:
            return nil
        case .date:
            return ISO8601.isValid(text) ? .string(text) : nil
        case .json:
            return (try? JSONValue(parsing: text)) ?? .string(text)
        case .model, .array, .dictionary, .tuple:
            guard let value = try? JSONValue(parsing: text), conformanceError(of: value) == nil else { return nil }
            return value
        case let .optional(wrapped):
            return text == "null" ? .null : wrapped.value(fromText: text)
        }
    }

    /// What a `Date` must look like, for messages.
    package static let dateExpectation = "expected Date (ISO 8601 text such as 2026-11-22T10:00:00Z)"

    /// Why `value` does not fit this type, as `expected Int, found String`, with the key path of
    /// the mismatch inside the value when it is nested (`3.id: expected String, found null`);
    /// `nil` when it fits.
    public func conformanceError(of value: JSONValue) -> String? {
        conformanceError(of: value, path: { "" })
    }

    /// `path` makes the key path of `value` only when a mismatch is reported, so that checking a
    /// value that fits builds no strings.
    private func conformanceError(of value: JSONValue, path: () -> String) -> String? {
        func mismatch() -> String {
            let path = path()
            return (path.isEmpty ? "" : "\(path): ") + "expected \(self), found \(value.kindName)"
        }
        func child(_ key: String) -> String {
            let path = path()
            return path.isEmpty ? key : "\(path).\(key)"
        }
        switch (self, value) {
        case (.json, _), (.string, .string), (.url, .string), (.data, .string), (.bool, .bool),
             (.int, .int), (.double, .int), (.double, .double):
            return nil
        case let (.date, .string(text)):
            if ISO8601.isValid(text) { return nil }
            let path = path()
            return (path.isEmpty ? "" : "\(path): ") + "\(Self.dateExpectation), found \(value)"
        case let (.int, .double(number)):
            // An integer wider than 64 bits is an integer, kept as a Double (JSONValue+BigIntegers.swift).
            return number.isFinite && number.rounded() == number ? nil : mismatch()
        case (.optional, .null):
            return nil
        case let (.optional(wrapped), _):
            return wrapped.conformanceError(of: value, path: path)
        case (.model, .object):
            return nil
        case let (.array(element), .array(items)):
            for (index, item) in items.enumerated() {
                if let error = element.conformanceError(of: item, path: { child(String(index)) }) { return error }
            }
            return nil
        case let (.dictionary(element), .object(object)):
            for (key, item) in object {
                if let error = element.conformanceError(of: item, path: { child(key) }) { return error }
            }
            return nil
        case let (.tuple(elements), .object(object)):
            for (index, element) in elements.enumerated() {
                let key = element.label ?? String(index)
                let item = object[key] ?? .null
                if let error = element.type.conformanceError(of: item, path: { child(key) }) { return error }
            }
            return nil
        case let (.tuple(elements), .array(items)):
            for (index, element) in elements.enumerated() {
                let item = index < items.count ? items[index] : .null
                if let error = element.type.conformanceError(of: item, path: { child(String(index)) }) { return error }
            }
            return nil
        default:
            return mismatch()
        }
    }

    /// The type in a document's words (JSON Schema's), for messages about a parameter that an
    /// OpenAPI or Swagger document declares: `integer`, `array of string`, `string or null`.
    var schemaName: String {
        switch self {
        case .int: "integer"
        case .double: "number"
        case .bool: "boolean"
        case .string, .date, .url: "string"
        case .data: "binary string"
        case .json, .model: "JSON value"
        case let .array(element): "array of \(element.schemaName)"
        case let .dictionary(value): value == .json ? "object" : "object of \(value.schemaName)"
        case let .optional(wrapped): "\(wrapped.schemaName) or null"
        case let .tuple(elements): elements.allSatisfy { $0.label == nil } ? "array" : "object"
        }
    }

    /// What text of this type looks like, in a document's words: "an integer (a whole number)".
    var expectedSchemaText: String {
        switch self {
        case .int: "an integer (a whole number)"
        case .double: "a number"
        case .bool: "a boolean (true or false)"
        default: "a valid \(schemaName) (write it as JSON with ':=')"
        }
    }

    /// What text of this type looks like, for messages: "an Int (a whole number)".
    package var expectedText: String {
        switch self {
        case .int: "an Int (a whole number)"
        case .double: "a Double (a number)"
        case .bool: "a Bool (true or false)"
        case .date: "a Date (ISO 8601, such as 2026-11-22 or 2026-11-22T10:00:00Z)"
        default: "a valid \(self) (write it as JSON with ':=')"
        }
    }
}
