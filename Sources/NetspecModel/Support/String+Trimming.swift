/// Whitespace trimming without Foundation's `trimmingCharacters(in:)`, which lives in the
/// internationalization half of Foundation (the part the CLI's static binary leaves out).
///
/// Both make one forward pass and one cut (no reversed copies of the text by characters): they
/// run per request in the mock server and per header in the client.
extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace, `OWS`).
    package func trimmingSpaces() -> String {
        var first: String.Index?
        var end = startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let isSpace = utf8[index] == 0x20 || utf8[index] == 0x09
            if !isSpace, first == nil { first = index }
            utf8.formIndex(after: &index)
            // After a byte that is not a space comes a space or the end: a scalar boundary.
            if !isSpace { end = index }
        }
        guard let first else { return "" }
        return String(self[first..<end])
    }

    /// The text without leading and trailing whitespace and newlines (Unicode's `White_Space`,
    /// as `Character.isWhitespace`).
    package func trimmingWhitespace() -> String {
        var first: String.Index?
        var end = startIndex
        var index = unicodeScalars.startIndex
        while index != unicodeScalars.endIndex {
            let scalar = unicodeScalars[index]
            if !scalar.properties.isWhitespace, first == nil { first = index }
            unicodeScalars.formIndex(after: &index)
            if !scalar.properties.isWhitespace { end = index }
        }
        guard let first else { return "" }
        return String(self[first..<end])
    }
}
