extension JSONValue {
    /// An error found while parsing JSON text, with the position of the offending byte.
    ///
    /// The description reads like a compiler diagnostic:
    /// `line 3, column 7: expected ',' or '}' after object member`.
    ///
    /// Lines and columns start at 1. A line ends at LF, CRLF or a lone CR. Columns count UTF-8 bytes
    /// from the start of the line, so a column after non-ASCII text is larger than the number of
    /// characters before it (the convention of compilers and `jq`).
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The zero-based byte offset of the error, counted from the very start of the input
        /// (a byte-order mark included).
        public var offset: Int
        /// The one-based line of ``offset``.
        public var line: Int
        /// The one-based column of ``offset``, counted in UTF-8 bytes.
        public var column: Int
        /// What is wrong, such as `unexpected end of input` or `leading zeros are not allowed`.
        public var message: String

        /// Creates an error at an explicit position.
        ///
        /// - Parameters:
        ///   - message: What is wrong.
        ///   - offset: The zero-based byte offset.
        ///   - line: The one-based line.
        ///   - column: The one-based column, in bytes.
        public init(message: String, offset: Int, line: Int, column: Int) {
            self.message = message
            self.offset = offset
            self.line = line
            self.column = column
        }

        /// `line L, column C: message`.
        public var description: String {
            "line \(line), column \(column): \(message)"
        }
    }
}


// MARK: - Locating

extension JSONValue.ParseError {
    /// Creates an error at `offset`, computing its line and column from the input.
    ///
    /// Runs only when an error is thrown, so the scan of the text before `offset` costs nothing on
    /// the success path.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - offset: The zero-based byte offset of the error.
    ///   - input: The whole input.
    internal init(message: String, offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        var position = 0
        let limit = min(offset, input.count)
        while position < limit {
            let byte = input[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            } else if byte == UInt8(ascii: "\r") {
                // CRLF ends the line at the LF; a lone CR ends it here.
                if position + 1 < input.count, input[position + 1] == UInt8(ascii: "\n") {
                    position += 1
                    if position >= limit { break }
                }
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        self.init(message: message, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
