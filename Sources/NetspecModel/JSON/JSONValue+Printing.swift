// MARK: - Printing

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text, such as `{"a":1,"b":[true,null]}`.
    ///
    /// Object members print in their stored order. See `formatted(pretty:colored:indent:)` for
    /// the escaping and number rules.
    public var description: String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// The value as compact UTF-8 JSON text, ready to send as a request body.
    ///
    /// - Returns: UTF-8 bytes with no whitespace between tokens; object members in stored order.
    public func serialized() -> [UInt8] {
        var writer = JSONWriter(pretty: false, colored: false, indent: 0)
        writer.writeCompact(self)
        return writer.output
    }

    /// The value as JSON text for people to read.
    ///
    /// Pretty output puts every array element and object member on its own line, indented by
    /// `indent` spaces per level, writes members as `"key": value`, and prints empty containers as
    /// `[]` and `{}`:
    ///
    /// ```
    /// {
    ///     "id": 7,
    ///     "tags": [
    ///         "a"
    ///     ],
    ///     "meta": {}
    /// }
    /// ```
    ///
    /// Coloured output uses the ANSI colours of `jq` 1.7, each token wrapped in its colour and a
    /// reset (`ESC[0m`): `null` in `1;30`, Booleans and numbers in `0;39`, strings in `0;32`,
    /// brackets, braces, commas and colons in `1;39`, and object keys in `34;1`. Whitespace is
    /// never coloured.
    ///
    /// Strings escape `"`, `\` and control characters (`\n \r \t \b \f`, others as `\u001f`),
    /// and keep `/` and non-ASCII characters as they are. Doubles print as the shortest text that
    /// reads back to the same value (`0.1`, `3.0`, `1e-05`); NaN and infinities print as `null`.
    ///
    /// - Parameters:
    ///   - pretty: Whether to break lines and indent; `false` gives the compact form.
    ///   - colored: Whether to add ANSI colour sequences, for a terminal.
    ///   - indent: Spaces per nesting level when `pretty` is `true`.
    /// - Returns: The JSON text.
    package func formatted(pretty: Bool = true, colored: Bool = false, indent: Int = 4) -> String {
        var writer = JSONWriter(pretty: pretty, colored: colored, indent: indent)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text, members in stored order.
    public var description: String {
        JSONValue.object(self).description
    }
}
