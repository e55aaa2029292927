extension JSONPath {
    /// Why a text is not a valid JSONPath query (RFC 9535), and where.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The 1-based column, counted in Unicode scalars, where the query stops being valid.
        public let column: Int
        /// What is wrong there: "expected ']' after the selectors", "'length' returns a value,
        /// which a filter cannot test; compare it".
        public let message: String

        public init(column: Int, message: String) {
            self.column = column
            self.message = message
        }

        /// `column 7: expected ']' after the selectors`.
        public var description: String { "column \(column): \(message)" }
    }
}
