/// A string from a spec that may hold `${NAME}` variables, parsed once when the spec loads.
///
/// - `${NAME}` is replaced at call time by the variable's value: from the ``Provider`` first,
///   then from the process environment. `NAME` is letters, digits and `_`, not starting with a digit.
/// - `${NAME:-fallback}` uses `fallback` when the variable is unset or empty.
/// - `$$` writes one `$`; any other `$` is literal.
///
/// Only the names written in the spec are ever looked up.
package struct Template: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a template.
    package enum Part: Sendable, Hashable {
        case literal(String)
        case variable(name: String, fallback: String?)
    }

    /// A problem in the template syntax, with the character offset where it is.
    package struct SyntaxError: Error, Equatable {
        package var message: String
        package var offset: Int
    }

    /// The template as written in the spec.
    package let text: String
    package let parts: [Part]
    /// The values a variable may take, by its name: a server variable's `enum` (OpenAPI Server
    /// Variable Object), which a value a call gives must be one of (``disallowedValue(_:)``).
    package var allowedValues: [String: Allowed] = [:]

    /// The variables the template uses, in order of appearance, each with its `:-` fallback.
    package var variableReferences: [(name: String, fallback: String?)] {
        parts.compactMap { if case let .variable(name, fallback) = $0 { (name, fallback) } else { nil } }
    }

    /// The names of the variables the template uses, in order of appearance.
    package var variableNames: [String] {
        parts.compactMap { if case let .variable(name, _) = $0 { name } else { nil } }
    }

    /// The text when the template has no variables.
    package var constantValue: String? {
        switch parts.count {
        case 0: ""
        case 1: if case let .literal(text) = parts[0] { text } else { nil }
        default: nil
        }
    }

    /// The template as written.
    package var description: String { text }

    /// Templates joined in order, with literal text between them (`Bearer ` and a token).
    package init(joining pieces: [Piece]) {
        var parts: [Part] = []
        var text = ""
        var allowed: [String: Allowed] = [:]
        for piece in pieces {
            switch piece {
            case let .literal(literal):
                parts.append(.literal(literal))
                text += literal.replacing("$", with: "$$")
            case let .template(template):
                parts += template.parts
                text += template.text
                allowed.merge(template.allowedValues) { first, _ in first }
            }
        }
        self.text = text
        self.parts = parts
        allowedValues = allowed
    }

    /// A piece of a joined template.
    package enum Piece {
        case literal(String)
        case template(Template)
    }

    // MARK: - Parsing

    /// Parses a template.
    package init(parsing text: String) throws(SyntaxError) {
        self.text = text
        var parts: [Part] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$", index + 1 < characters.count else {
                literal.append(character)
                index += 1
                continue
            }
            switch characters[index + 1] {
            case "$":
                literal.append("$")
                index += 2
            case "{":
                guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
                    throw SyntaxError(message: "'${' is not closed by '}'", offset: index)
                }
                let body = String(characters[(index + 2)..<close])
                let (name, fallback) = Self.splitFallback(body)
                guard Self.isValidName(name) else {
                    throw SyntaxError(message: "invalid variable name '\(name)' (use letters, digits and '_')", offset: index + 2)
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                parts.append(.variable(name: name, fallback: fallback))
                index = close + 1
            default:
                literal.append("$")
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// A template with no variables.
    init(literal text: String) {
        self.text = text
        parts = text.isEmpty ? [] : [.literal(text)]
    }

    // MARK: - Resolving

    /// The template's text with every variable replaced.
    ///
    /// - Parameter lookup: the value of a variable, or `nil` when it is not set.
    /// - Throws: the name of the first variable that is not set and has no fallback.
    /// - Parameter keepingUnset: write a variable that is not set and has no fallback as its
    ///   reference (`${NAME}`) instead of throwing, for previews and mocks that need no secrets.
    package func resolve(_ lookup: (String) -> String?, keepingUnset: Bool = false) throws(UnresolvedVariable) -> String {
        if let constant = constantValue { return constant }
        var result = ""
        for part in parts {
            switch part {
            case let .literal(text):
                result += text
            case let .variable(name, fallback):
                if let value = lookup(name), !(value.isEmpty && fallback != nil) {
                    result += value
                } else if let fallback {
                    result += fallback
                } else if keepingUnset {
                    result += "${" + name + "}"
                } else {
                    throw UnresolvedVariable(name: name)
                }
            }
        }
        return result
    }

    // MARK: - Helpers

    private static func splitFallback(_ body: String) -> (String, String?) {
        let characters = Array(body)
        for index in characters.indices.dropLast() where characters[index] == ":" && characters[index + 1] == "-" {
            return (String(characters[..<index]), String(characters[(index + 2)...]))
        }
        return (body, nil)
    }

    /// Whether `name` is a variable's name: letters, digits and `_`, not first a digit. It is
    /// also the rule for a name a POSIX shell expands as `${name}`.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}

/// A `${NAME}` variable that is set neither on the provider nor in the environment.
package struct UnresolvedVariable: Error, Equatable {
    package var name: String
}
