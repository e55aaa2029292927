/// An endpoint path such as `/users/{id}/todos?v=2`, split once into literal pieces and
/// `{placeholder}`s when the spec loads.
///
/// `{name=default}` gives the placeholder a default value. A literal query (`?v=2`) may follow
/// the path; placeholders belong to the path part. A path may also be an absolute `http://` or
/// `https://` URL, which then replaces the base URL for this endpoint.
public struct PathTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of the path.
    enum Segment: Sendable, Hashable {
        case literal(String)
        case placeholder(name: String, defaultValue: String?)
    }

    /// A problem in the path syntax, with the character offset where it is.
    struct SyntaxError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// The path as written in the spec.
    public let text: String
    /// The pieces of the path before any `?`.
    let segments: [Segment]
    /// The literal query after `?`, without the `?`.
    let query: String?
    /// Whether the path is an absolute URL that replaces the base URL.
    public let isAbsoluteURL: Bool

    /// The placeholder names, in order.
    public var placeholderNames: [String] {
        segments.compactMap { if case let .placeholder(name, _) = $0 { name } else { nil } }
    }

    /// The default written as `{name=default}` for a placeholder, if any.
    public func defaultValue(forPlaceholder name: String) -> String? {
        for case let .placeholder(placeholder, value) in segments where placeholder == name { return value }
        return nil
    }

    /// The path as written.
    public var description: String { text }

    // MARK: - Parsing

    /// Parses a path template.
    init(parsing text: String) throws(SyntaxError) {
        self.text = text
        let characters = Array(text)
        isAbsoluteURL = text.hasPrefix("http://") || text.hasPrefix("https://")
        guard isAbsoluteURL || characters.first == "/" else {
            throw SyntaxError(message: "path must start with '/' or be an absolute http(s) URL", offset: 0)
        }
        var segments: [Segment] = []
        var literal = ""
        var names: Set<String> = []
        var index = 0
        var queryStart: Int?
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "?":
                queryStart = index + 1
                index = characters.count
                continue
            case "{":
                guard let close = characters[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" || $0 == "/" }),
                      characters[close] == "}" else {
                    throw SyntaxError(message: "'{' is not closed by '}'", offset: index)
                }
                let body = String(characters[(index + 1)..<close])
                let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard Template.isValidName(name) else {
                    throw SyntaxError(message: "invalid placeholder name '{\(body)}' (use letters, digits and '_')", offset: index)
                }
                guard names.insert(name).inserted else {
                    throw SyntaxError(message: "placeholder '{\(name)}' appears more than once", offset: index)
                }
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                segments.append(.placeholder(name: name, defaultValue: parts.count > 1 ? String(parts[1]) : nil))
                index = close + 1
                continue
            case "}":
                throw SyntaxError(message: "'}' without a matching '{'", offset: index)
            default:
                try Self.checkURLCharacter(character, at: index)
                literal.append(character)
                index += 1
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
        if let queryStart {
            let queryText = characters[queryStart...]
            for (offset, character) in zip(queryStart..., queryText) {
                if character == "{" || character == "}" {
                    throw SyntaxError(message: "placeholders are only allowed in the path, not in its query", offset: offset)
                }
                try Self.checkURLCharacter(character, at: offset)
            }
            query = String(queryText)
        } else {
            query = nil
        }
    }

    /// Rejects characters that cannot appear unencoded in a URL path or query.
    private static func checkURLCharacter(_ character: Character, at offset: Int) throws(SyntaxError) {
        if character == "#" {
            throw SyntaxError(message: "a path cannot contain a fragment ('#')", offset: offset)
        }
        guard character.isASCII, let value = character.asciiValue, value > 0x20, value < 0x7F,
              !"\"<>\\^`|".contains(character) else {
            let shown = character == " " ? "space" : "'\(character)'"
            throw SyntaxError(message: "\(shown) is not allowed in a URL path; percent-encode it", offset: offset)
        }
    }
}
