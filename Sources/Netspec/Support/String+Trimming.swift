/// Whitespace trimming without Foundation's `trimmingCharacters(in:)`, which lives in the
/// internationalization half of Foundation (the part the CLI's static binary leaves out).
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace, `OWS`).
    package func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The text without leading and trailing whitespace and newlines (`Character.isWhitespace`).
    package func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
