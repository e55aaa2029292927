/// A `{name}` written in a base URL: an OpenAPI server's or a path's placeholder, which no base URL
/// has. It was sent percent-encoded, without a word (`https://api.example.com/%7Bstage%7D/…`).
extension BaseURLCheck {
    /// The first `{name}` in a base URL's text, as it is written (`{stage}`), if any.
    ///
    /// A spec's `baseURL` has `${NAME}` variables (with their fallbacks, `${stage:-dev}`), which
    /// are skipped (`skippingVariables`); a base URL given (`--base-url`, a profile's `baseURL`)
    /// has no variables, so a `${stage}` in it is one too, as written (`${stage}`). Braces around
    /// no name (`{}`, `{a b}`) are left to the URL's own check.
    package static func bracedName(in text: String, skippingVariables: Bool = true) -> String? {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if characters[index] == "$", index + 1 < characters.count, characters[index + 1] == "{" {
                let end = characters[(index + 2)...].firstIndex(of: "}")
                if skippingVariables {
                    // Skip the variable, its fallback and all.
                    index = end.map { $0 + 1 } ?? characters.count
                    continue
                }
                if let end { return String(characters[index...end]) }
            }
            if characters[index] == "{", let end = characters[(index + 1)...].firstIndex(of: "}") {
                let name = characters[(index + 1)..<end]
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) {
                    return String(characters[index...end])
                }
            }
            index += 1
        }
        return nil
    }

    /// What is wrong with a base URL given (`--base-url`, `run --server SOURCE=URL`, a profile's
    /// `baseURL`) that holds a `{name}` or `${name}` (``bracedName(in:skippingVariables:)``): it is
    /// used as it is written, with no variables, so the value goes in its place. `nil` when it holds none.
    package static func bracedNameProblem(inGiven text: String) -> String? {
        bracedName(in: text, skippingVariables: false).map { braced in
            "'\(braced)' is no variable here: a base URL given is sent as it is written, so write the value in its place (a brace itself, %7B and %7D)"
        }
    }
}
