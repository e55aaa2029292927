// The one syntax error of the expression languages a workflow writes: runtime expressions and
// their templates, `simple` conditions, and the XPath subset. It names what is wrong and the
// character where the text stops being valid; the loader turns that column into the document's
// file:line:column (the column counts from the start of the string as written in the document).

/// Why an expression, template or condition is not valid, and at which character.
package struct ExpressionParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column, counted in Unicode scalars from the start of the text, where it stops being valid.
    package let column: Int
    /// What is wrong there: "expected 'header.', 'query.', 'path.' or 'body' after '$response.'".
    package let message: String

    package init(column: Int, message: String) {
        self.column = column
        self.message = message
    }

    /// `column 11: expected 'header.', 'query.', 'path.' or 'body' after '$response.'`.
    package var description: String { "column \(column): \(message)" }

    /// The same error `offset` characters further right: for a piece parsed out of a longer text.
    func shifted(by offset: Int) -> ExpressionParseError {
        ExpressionParseError(column: column + offset, message: message)
    }
}
