/// Reads a JSONPath query by RFC 9535's ABNF (§2.1–2.5), one Unicode scalar at a time, into the
/// syntax tree of `JSONPath+Syntax.swift`. Filter expressions are in `JSONPathParser+Filter.swift`,
/// literals in `JSONPathParser+Literals.swift`.
struct JSONPathParser {
    typealias Segment = JSONPath.Segment
    typealias Selector = JSONPath.Selector

    /// How deep filter expressions may nest: each filter (`[?…]`), `(` and logical function
    /// argument is a level of the parser and of the evaluation, and thousands overflowed the
    /// stack (a crash) where this is an error at the place.
    static let deepestNesting = 100

    let scalars: [Unicode.Scalar]
    var position = 0
    /// The filter expressions open around the position.
    var depth = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// `jsonpath-query = root-identifier segments`, the whole text.
    mutating func parseQuery() throws(JSONPath.ParseError) -> [Segment] {
        guard peek == "$" else {
            throw problem(scalars.isEmpty ? "a JSONPath query cannot be empty; it starts with '$'" : "a JSONPath query starts with '$'")
        }
        position += 1
        let segments = try parseSegments()
        guard position == scalars.count else {
            // Blank space with more after it (`$.a b`): the problem is what follows it.
            let rest = scalars[position...].firstIndex { !Self.isBlank($0) }
            guard let rest else { throw problem("blank space is not allowed at the end of a query") }
            throw problem(at: rest, "expected '.', '..' or '[' to start a segment")
        }
        return segments
    }

    // MARK: - Segments

    /// `segments = *(S segment)`: as many as follow; blank space after the last is left unread.
    mutating func parseSegments() throws(JSONPath.ParseError) -> [Segment] {
        var segments: [Segment] = []
        while true {
            let start = position
            skipBlanks()
            guard let next = peek, next == "." || next == "[" else {
                position = start
                return segments
            }
            segments.append(try parseSegment())
        }
    }

    /// `child-segment` (`[…]`, `.name`, `.*`) or `descendant-segment` (`..[…]`, `..name`, `..*`).
    private mutating func parseSegment() throws(JSONPath.ParseError) -> Segment {
        if peek == "[" { return Segment(isDescendant: false, selectors: try parseBracketedSelection()) }
        // "."
        position += 1
        let isDescendant = peek == "."
        if isDescendant {
            position += 1
            if peek == "[" { return Segment(isDescendant: true, selectors: try parseBracketedSelection()) }
        }
        if peek == "*" {
            position += 1
            return Segment(isDescendant: isDescendant, selectors: [.wildcard])
        }
        guard let name = parseMemberNameShorthand() else {
            let what = isDescendant ? "'..'" : "'.'"
            throw problem(peek.map(Self.isBlank) == true
                ? "blank space is not allowed after \(what)"
                : "expected a member name, '*'\(isDescendant ? " or '['" : "") after \(what)")
        }
        return Segment(isDescendant: isDescendant, selectors: [.name(name)])
    }

    /// `member-name-shorthand = name-first *name-char`, or `nil` when none starts here.
    mutating func parseMemberNameShorthand() -> String? {
        guard let first = peek, Self.isNameFirst(first) else { return nil }
        var name = String.UnicodeScalarView()
        while let scalar = peek, Self.isNameFirst(scalar) || ("0"..."9").contains(scalar) {
            name.append(scalar)
            position += 1
        }
        return String(name)
    }

    /// `bracketed-selection = "[" S selector *(S "," S selector) S "]"`.
    private mutating func parseBracketedSelection() throws(JSONPath.ParseError) -> [Selector] {
        position += 1
        var selectors: [Selector] = []
        while true {
            skipBlanks()
            selectors.append(try parseSelector())
            skipBlanks()
            switch peek {
            case ",": position += 1
            case "]":
                position += 1
                return selectors
            default: throw problem("expected ',' or ']' after a selector")
            }
        }
    }

    /// One selector: a name, `*`, an index, a slice or a filter.
    private mutating func parseSelector() throws(JSONPath.ParseError) -> Selector {
        switch peek {
        case "'", "\"":
            return .name(try parseStringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            return .filter(try parseLogicalOr())
        case ":":
            return try parseSlice(start: nil)
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
            let start = try parseInteger()
            let afterStart = position
            skipBlanks()
            if peek == ":" { return try parseSlice(start: start) }
            position = afterStart
            return .index(start)
        case nil:
            throw problem("expected a selector and ']'")
        default:
            throw problem("expected a selector: a quoted name, '*', an index, a slice or '?' and a filter")
        }
    }

    /// `slice-selector = [start S] ":" S [end S] [":" [S step]]`, from its first `:`.
    private mutating func parseSlice(start: Int?) throws(JSONPath.ParseError) -> Selector {
        position += 1
        skipBlanks()
        var end: Int?
        if let scalar = peek, scalar == "-" || ("0"..."9").contains(scalar) {
            end = try parseInteger()
            skipBlanks()
        }
        var step: Int?
        if peek == ":" {
            position += 1
            skipBlanks()
            if let scalar = peek, scalar == "-" || ("0"..."9").contains(scalar) { step = try parseInteger() }
        }
        return .slice(start: start, end: end, step: step)
    }

    /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within I-JSON's exact range ±(2⁵³ − 1).
    mutating func parseInteger() throws(JSONPath.ParseError) -> Int {
        let start = position
        let negative = peek == "-"
        if negative { position += 1 }
        guard let first = peek, ("0"..."9").contains(first) else { throw problem("expected a digit after '-'") }
        var value = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            if position > start + (negative ? 1 : 0), value == 0 {
                throw problem(at: start, "an integer cannot start with '0' (only 0 itself does)")
            }
            let digit = Int(scalar.value - 0x30)
            value = value &* 10 &+ digit
            position += 1
            guard value <= Self.largestExactInteger else {
                throw problem(at: start, "an integer must be within ±(2^53 − 1)")
            }
        }
        if negative && value == 0 { throw problem(at: start, "'-0' is not an integer index") }
        return negative ? -value : value
    }

    /// I-JSON's largest exactly representable integer, 2⁵³ − 1 (RFC 9535 §2.1).
    static let largestExactInteger = 9_007_199_254_740_991

    // MARK: - Scanning

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func peek(at offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// Whether the text at the position starts with `literal`.
    func lookingAt(_ literal: String) -> Bool {
        var index = position
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// `S = *B`: blank space (space, tab, line feed, carriage return).
    mutating func skipBlanks() {
        while let scalar = peek, Self.isBlank(scalar) { position += 1 }
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    /// `name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF`.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
    }

    func problem(_ message: String) -> JSONPath.ParseError {
        problem(at: position, message)
    }

    func problem(at index: Int, _ message: String) -> JSONPath.ParseError {
        JSONPath.ParseError(column: index + 1, message: message)
    }
}
