import NetspecModel

/// Swift identifiers made from a document's names: valid, keywords backticked, and unique within
/// their scope by one deterministic rule.
package enum SwiftIdentifier {
    /// The words Swift reserves: a declaration or an expression that uses one as a name writes it
    /// in backticks (`` `default` ``, `` `in` ``).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Names a member of a type cannot usefully have even in backticks (`api.self()` is the value
    /// itself, `api.Type` its metatype), or that the facade uses itself: a method so named gets `_` after it.
    static let reservedMemberNames: Set<String> = ["init", "deinit", "self", "Self", "Type", "Protocol", "service"]

    /// The name as a Swift identifier: kept when it is one; otherwise its runs of letters and
    /// digits joined in lower camel case (`page[size]` → `pageSize`, `$filter` → `filter`,
    /// `X-Rate-Limit` → `xRateLimit`), `_` before a leading digit (`2fa` → `_2fa`), `value` when
    /// nothing is left. Not backticked: see ``declared(_:)``.
    package static func make(_ name: String) -> String {
        if isIdentifier(name) { return name }
        let words = name.split { !(isLetter($0) || $0.isASCII && $0.isNumber) }.map(String.init)
        guard let first = words.first else { return "value" }
        let head = first == first.uppercased() && first.count > 1 ? first.lowercased() : lowercasingFirst(first)
        let joined = head + words.dropFirst().map(capitalizingFirst).joined()
        return joined.first.map { $0.isNumber } == true ? "_" + joined : joined
    }

    /// The name as a type name: ``make(_:)``'s words in upper camel case (`petstore` → `Petstore`,
    /// `GitHub v3 REST API` → `GitHubV3RESTAPI`).
    package static func typeName(_ name: String) -> String {
        let words = name.split { !(isLetter($0) || $0.isASCII && $0.isNumber) }.map(String.init)
        let joined = words.map(capitalizingFirst).joined()
        guard let first = joined.first else { return "API" }
        return first.isNumber ? "API" + joined : joined
    }

    /// The identifier as written in a declaration or an expression: in backticks when it is a keyword.
    package static func declared(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Unique names for `names` (in their order), none of them in `taken`: the first of equal
    /// names keeps it, the next get `2`, `3`, … after it (the first number free).
    package static func unique(_ names: [String], avoiding taken: Set<String> = []) -> [String] {
        var used = taken
        return names.map { used.insertNumbered($0) }
    }

    /// Whether the text can name the facade's type: an identifier, not a keyword, not a type the facade uses.
    package static func isTypeName(_ text: String) -> Bool {
        isIdentifier(text) && !keywords.contains(text) && !FacadeGenerator.usedTypeNames.contains(text)
    }

    /// Whether the text is an ASCII Swift identifier (a letter or `_`, then letters, digits, `_`).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, isLetter(first) || first == "_", text != "_" else { return false }
        return text.allSatisfy { isLetter($0) || $0 == "_" || $0.isASCII && $0.isNumber }
    }

    private static func isLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func lowercasingFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func capitalizingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
