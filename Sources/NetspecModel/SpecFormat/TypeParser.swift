/// Parses type strings such as `[String: Int]?` or `(list: [(id: String, name: String)], count: Int)`
/// into ``ValueType`` values, once, when a spec loads.
///
/// Grammar (whitespace allowed between tokens):
/// ```
/// type    := primary '?'?
/// primary := NAME | '[' type ']' | '[' type ':' type ']' | '(' (element (',' element)*)? ')'
/// element := (NAME ':')? type
/// ```
struct TypeParser {
    /// A problem in a type string, with the offset of the offending character.
    struct Failure: Error, Equatable {
        var message: String
        /// Offset in characters from the start of the type string.
        var offset: Int
    }

    /// The built-in type names.
    static let builtinNames = ["String", "Int", "Double", "Bool", "Data", "URL", "JSON", "Date"]

    /// Names users commonly reach for, mapped to the built-in type they mean.
    private static let aliases = [
        "Integer": "Int", "Int64": "Int", "Long": "Int", "Boolean": "Bool", "Float": "Double",
        "Number": "Double", "Decimal": "Double", "Any": "JSON", "Object": "JSON", "Str": "String",
        "Array": "[T]", "Dictionary": "[String: T]", "Map": "[String: T]",
    ]

    private static let maxDepth = 32

    private let characters: [Character]
    private var position = 0
    private var depth = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    // MARK: - Entry points

    /// Parses a parameter type.
    static func parseType(_ text: String) throws(Failure) -> ValueType {
        var parser = TypeParser(text)
        let type = try parser.parseType()
        try parser.expectEnd()
        return type
    }

    /// Parses a `returns:` type: `Void`, `()`, `Headers`, or any parameter type.
    static func parseReturnType(_ text: String) throws(Failure) -> ReturnType {
        switch text.trimmingSpaces {
        case "Void", "()": return .void
        case "Headers": return .headers
        default: return .value(try parseType(text))
        }
    }

    // MARK: - Recursive descent

    private mutating func parseType() throws(Failure) -> ValueType {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw fail("type nests deeper than \(Self.maxDepth) levels") }
        skipSpaces()
        var type = try parsePrimary()
        skipSpaces()
        if peek == "?" {
            advance()
            type = .optional(type)
            skipSpaces()
            if peek == "?" { throw fail("a type can be made optional only once") }
        }
        return type
    }

    private mutating func parsePrimary() throws(Failure) -> ValueType {
        switch peek {
        case "[": return try parseCollection()
        case "(": return try parseTuple()
        case let character? where character.isLetter || character == "_": return try parseNamed()
        case let character?: throw fail("expected a type, found '\(character)'")
        case nil: throw fail("expected a type")
        }
    }

    private mutating func parseCollection() throws(Failure) -> ValueType {
        advance() // [
        let keyOffset = position
        let first = try parseType()
        skipSpaces()
        if peek == ":" {
            advance()
            guard first == .string else {
                throw Failure(message: "dictionary keys must be String, not \(first)", offset: keyOffset + leadingSpaces(from: keyOffset))
            }
            let value = try parseType()
            try expect("]")
            return .dictionary(value)
        }
        try expect("]")
        return .array(first)
    }

    private mutating func parseTuple() throws(Failure) -> ValueType {
        advance() // (
        skipSpaces()
        if peek == ")" { throw fail("an empty tuple '()' is only valid as 'returns: Void'") }
        var elements: [ValueType.TupleElement] = []
        var labels: Set<String> = []
        while true {
            skipSpaces()
            let start = position
            var label: String?
            if let name = scanName() {
                skipSpaces()
                if peek == ":" {
                    advance()
                    guard labels.insert(name).inserted else {
                        throw Failure(message: "duplicate tuple label '\(name)'", offset: start)
                    }
                    label = name
                } else {
                    position = start
                }
            }
            elements.append(.init(label: label, type: try parseType()))
            skipSpaces()
            if peek == "," { advance(); continue }
            try expect(")")
            break
        }
        if elements.count == 1, elements[0].label == nil { return elements[0].type }
        return .tuple(elements)
    }

    private mutating func parseNamed() throws(Failure) -> ValueType {
        let start = position
        let name = scanName() ?? ""
        switch name {
        case "String": return .string
        case "Int": return .int
        case "Double": return .double
        case "Bool": return .bool
        case "Data": return .data
        case "URL": return .url
        case "JSON": return .json
        case "Date": return .date
        case "Void", "Headers":
            throw Failure(message: "'\(name)' is only valid as a whole 'returns' type", offset: start)
        default:
            if let suggestion = Self.suggestion(for: name) {
                throw Failure(message: "unknown type '\(name)' (did you mean '\(suggestion)'?)", offset: start)
            }
            guard name.first?.isUppercase == true else {
                throw Failure(message: "unknown type '\(name)' (model names start with an uppercase letter)", offset: start)
            }
            return .model(name)
        }
    }

    /// The built-in type a name most likely means, when the name looks like a mistake rather
    /// than a model: a known alias, a different capitalisation, or a one-letter typo (`Strng`,
    /// `Intt`). A three-letter built-in (`Int`, `URL`) is only suggested for a name of at most four
    /// letters that starts like it, so that models such as `Hint` or `Curl` stay models.
    private static func suggestion(for name: String) -> String? {
        if let alias = aliases[name] { return alias }
        if let match = builtinNames.first(where: { $0.lowercased() == name.lowercased() }) { return match }
        let bytes = Array(name.lowercased().utf8)
        return builtinNames.first { builtin in
            let lowered = Array(builtin.lowercased().utf8)
            guard Suggestions.editDistance(bytes, lowered) == 1 else { return false }
            return builtin.count >= 4 || (bytes.count <= 4 && bytes.starts(with: lowered.prefix(2)))
        }
    }

    // MARK: - Scanning

    private var peek: Character? { position < characters.count ? characters[position] : nil }

    private mutating func advance() { position += 1 }

    private mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { advance() }
    }

    private func leadingSpaces(from offset: Int) -> Int {
        var count = 0
        while offset + count < characters.count, characters[offset + count] == " " { count += 1 }
        return count
    }

    private mutating func scanName() -> String? {
        let start = position
        while let character = peek, character.isLetter || character.isNumber || character == "_" {
            if position == start, character.isNumber { break }
            advance()
        }
        return position > start ? String(characters[start..<position]) : nil
    }

    private mutating func expect(_ character: Character) throws(Failure) {
        skipSpaces()
        guard peek == character else {
            let found = peek.map { "found '\($0)'" } ?? "found the end of the type"
            throw fail("expected '\(character)', \(found)")
        }
        advance()
    }

    private mutating func expectEnd() throws(Failure) {
        skipSpaces()
        if let character = peek { throw fail("unexpected '\(character)' after the type") }
    }

    private func fail(_ message: String) -> Failure {
        Failure(message: message, offset: position)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}
