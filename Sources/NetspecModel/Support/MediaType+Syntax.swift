extension MediaType {
    /// What keeps a text from being a media type as a `Content-Type` field writes one (RFC 9110
    /// §8.3.1: `type/subtype`, then `; name=value` parameters, a value a token or a quoted-string),
    /// with where it is: `offset` counts characters from the start.
    package struct SyntaxProblem: Error, Sendable, Equatable {
        package let message: String
        package let offset: Int
    }

    /// The first thing that makes `text` no media type (`text/plain\r\nX-Injected: 1`: a line
    /// break, which would end the header and start another), or `nil` when it is one.
    package static func syntaxProblem(in text: String) -> SyntaxProblem? {
        let characters = Array(text)
        var index = 0
        func shown(_ index: Int) -> String {
            guard index < characters.count else { return "the end" }
            let character = characters[index]
            let place = "character \(index + 1)"
            if character.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) { return "a line break (CR or LF) (\(place))" }
            if character == " " { return "a space (\(place))" }
            if let scalar = character.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
                return "the control character \(PercentEncoding.hexByte(UInt8(scalar.value))) (\(place))"
            }
            return "'\(character)' (\(place))"
        }
        func failure(_ message: String) -> SyntaxProblem { SyntaxProblem(message: message, offset: min(index, characters.count)) }
        func token() -> String {
            let start = index
            while index < characters.count, isTokenCharacter(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }
        func skipSpaces() {
            while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        }
        guard !characters.isEmpty else { return SyntaxProblem(message: "it is empty", offset: 0) }
        let type = token()
        guard !type.isEmpty else { return failure("\(shown(index)) cannot start a type") }
        guard index < characters.count else { return failure("it has no '/' and subtype after '\(type)'") }
        guard characters[index] == "/" else { return failure("\(shown(index)) cannot be in a type; '/' and a subtype follow it") }
        index += 1
        let subtype = token()
        guard !subtype.isEmpty else { return failure("\(shown(index)) cannot start a subtype") }
        while true {
            skipSpaces()
            guard index < characters.count else { return nil }
            guard characters[index] == ";" else { return failure("\(shown(index)) cannot be in a media type; '; name=value' parameters may follow the subtype") }
            index += 1
            skipSpaces()
            // An empty parameter is allowed (`text/plain;`, `a/b;;c=d`).
            if index == characters.count || characters[index] == ";" { continue }
            let name = token()
            guard !name.isEmpty else { return failure("\(shown(index)) cannot start a parameter name") }
            guard index < characters.count, characters[index] == "=" else {
                return failure("parameter '\(name)' needs '=' and a value, found \(shown(index))")
            }
            index += 1
            if index < characters.count, characters[index] == "\"" {
                let quote = index
                index += 1
                while true {
                    guard index < characters.count else {
                        return SyntaxProblem(message: "the value of parameter '\(name)' is not closed by '\"'", offset: quote)
                    }
                    let character = characters[index]
                    if character == "\"" { index += 1; break }
                    if character == "\\" { index += 1; guard index < characters.count else { continue } }
                    guard isQuotedCharacter(characters[index]) else { return failure("\(shown(index)) cannot be in the value of parameter '\(name)'") }
                    index += 1
                }
            } else if token().isEmpty {
                return failure("\(shown(index)) cannot start the value of parameter '\(name)' (quote a value that is not a token)")
            }
        }
    }

    /// The offset (in characters) and a description of the first character of `text` that a
    /// header value cannot hold: a line break (CR or LF; CR LF is one character) or another
    /// control character but a tab; `nil` when there is none. A document's media type is
    /// refused by it where it is read, a part's where the request is built.
    package static func headerBreak(in text: String) -> (offset: Int, what: String)? {
        for (offset, character) in text.enumerated() {
            if character.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) { return (offset, "a line break (CR or LF)") }
            if let scalar = character.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
                return (offset, "the control character \(PercentEncoding.hexByte(UInt8(scalar.value)))")
            }
        }
        return nil
    }

    /// An RFC 9110 `tchar`: a letter, a digit or one of `!#$%&'*+-.^_`|~`.
    /// (`\r\n` is one `Character` whose `asciiValue` is LF's: one scalar only.)
    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, character.unicodeScalars.count == 1 else { return false }
        return HTTPToken.isCharacter(ascii)
    }

    /// A character a quoted-string may hold (`qdtext` or an escaped one): a tab, a space, a
    /// visible ASCII character or any non-ASCII one (`obs-text`); never a control character.
    private static func isQuotedCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0 == "\t" || $0.value >= 0x20 && $0.value != 0x7F }
    }
}
