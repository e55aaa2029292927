// MARK: - Parsing

extension JSONValue {
    /// Parses a JSON document from UTF-8 bytes.
    ///
    /// Parsing is strict [RFC 8259](https://www.rfc-editor.org/rfc/rfc8259): no comments, trailing
    /// commas, single quotes, `NaN`/`Infinity`, leading zeros or raw control characters in strings.
    /// Any value may be at the top level, with whitespace around it; anything else after it is an
    /// error. Additionally:
    ///
    /// - One leading UTF-8 byte-order mark (`EF BB BF`) is skipped.
    /// - Invalid UTF-8 anywhere in the input is an error naming its byte offset.
    /// - `\u` escapes combine UTF-16 surrogate pairs; a lone surrogate decodes as U+FFFD, as
    ///   `String(decoding:as:)` does for ill-formed UTF-16.
    /// - Arrays and objects nested more than 512 deep are an error (the parser uses no recursion,
    ///   so even a million `[` cannot overflow the stack).
    /// - A repeated object key keeps the position of its first occurrence and the value of its last.
    /// - Integer syntax that fits `Int` becomes ``int(_:)`` exactly (`9007199254740993`,
    ///   `-9223372036854775808`); `-0` becomes `.int(0)`. Other numbers, including `-0.0` and
    ///   integers outside `Int`, become correctly rounded ``double(_:)`` values. Numbers beyond
    ///   `Double`'s range (`1e400`) are an error.
    ///
    /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, `UnsafeRawBufferPointer`,
    /// `Data`, `String.UTF8View` of a native string) are parsed in place; others are copied first.
    ///
    /// - Parameter bytes: UTF-8 encoded JSON text.
    /// - Throws: ``JSONValue/ParseError`` with the position of the first problem.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONValue.ParseError) {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONValue.ParseError) in try JSONParser.parse(buffer) }
        }
        if let result {
            self = try result.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { buffer in
                Result { () throws(JSONValue.ParseError) in try JSONParser.parse(buffer) }
            }.get()
        }
    }

    /// Parses a JSON document from a string.
    ///
    /// Same rules as parsing bytes with ``init(parsing:)``; positions in errors count UTF-8 bytes.
    ///
    /// - Parameter text: JSON text.
    /// - Throws: ``JSONValue/ParseError`` with the position of the first problem.
    public init(parsing text: String) throws(JSONValue.ParseError) {
        var text = text
        self = try text.withUTF8 { buffer in
            Result { () throws(JSONValue.ParseError) in try JSONParser.parse(buffer) }
        }.get()
    }

    /// Parses a JSON document from a byte buffer.
    ///
    /// - Parameter buffer: UTF-8 encoded JSON text, read only during the call.
    /// - Throws: ``JSONValue/ParseError`` with the position of the first problem.
    public init(parsing buffer: UnsafeRawBufferPointer) throws(JSONValue.ParseError) {
        self = try buffer.withMemoryRebound(to: UInt8.self) { bytes in
            Result { () throws(JSONValue.ParseError) in try JSONParser.parse(bytes) }
        }.get()
    }
}

extension JSONValue {
    /// The number, Boolean or null a text spells as JSON (`3`, `2.5`, `true`, `null`); `nil` for
    /// anything else, strings and containers included. For values read from text (query items,
    /// headers, the command line) where a schema may take them typed.
    package static func scalar(spelledBy text: String) -> JSONValue? {
        guard let value = try? JSONValue(parsing: Array(text.utf8)) else { return nil }
        switch value {
        case .int, .double, .bool, .null: return value
        default: return nil
        }
    }
}
