// `pattern` and `patternProperties` (and Arazzo's `regex` criteria in NetspecWorkflows): ECMA-262
// regular expressions, read once per schema into a small syntax tree. The common subset runs on
// our own matcher (SchemaPattern+Matcher.swift); anything beyond it (lookaround, back-references,
// `\p{…}`) on Swift's `Regex` (SchemaPattern+Regex.swift); the generator walks the tree
// (SchemaGenerator+Strings.swift).

/// A compiled `pattern`: an ECMA-262 regular expression searched for anywhere in a string.
package struct SchemaPattern: @unchecked Sendable {
    // @unchecked: `Regex` is immutable once made, but not declared `Sendable` on every platform.

    /// The pattern as written.
    let source: String
    /// The syntax tree, when the pattern is in the subset this file reads.
    let tree: RegexTree?
    /// The program our matcher runs, made from ``tree``.
    let program: RegexProgram?
    /// Swift's `Regex` for patterns outside the subset.
    let fallback: Regex<AnyRegexOutput>?

    /// Reads `source`; throws a message when neither our reader nor Swift's accepts it.
    package init(_ source: String) throws(RegexSyntaxError) {
        self.source = source
        var parser = RegexParser(Array(source.unicodeScalars))
        // A tree whose program would be past `RegexProgram.largest` goes to `Regex` (its memo is
        // the program's size times the text's length, in bits).
        if let tree = try? parser.parse(), tree.programSize(limit: RegexProgram.largest) <= RegexProgram.largest {
            self.tree = tree
            self.program = RegexProgram(tree)
            self.fallback = nil
        } else {
            self.tree = nil
            self.program = nil
            do {
                self.fallback = try Regex(Self.translated(source)).matchingSemantics(.unicodeScalar)
            } catch {
                throw RegexSyntaxError(message: "'\(source)' is not a regular expression this engine can run (\(error))")
            }
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    package func matches(_ text: String) -> Bool {
        if let program { return program.search(text) }
        return fallbackMatches(text)
    }

    /// ``matches(_:)`` with Swift's `Regex`. Not inlined: a caller that inlined it would look up
    /// `Regex`'s generic type metadata on every call, whichever way the pattern matched (5% of
    /// the `schema` benchmark).
    @inline(never)
    private func fallbackMatches(_ text: String) -> Bool {
        guard let fallback else { return false }
        return (try? fallback.firstMatch(in: text)) != nil
    }
}

/// A pattern neither reader accepts.
package struct RegexSyntaxError: Error {
    package var message: String
}

// MARK: - Reader

/// Reads the subset into a ``RegexTree``; throws for anything else, which then goes to `Regex`.
struct RegexParser {
    struct Unsupported: Error {}

    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func parse() throws(Unsupported) -> RegexTree {
        let tree = try alternation()
        guard position == scalars.count else { throw Unsupported() }
        return tree
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func alternation() throws(Unsupported) -> RegexTree {
        var branches = [try sequence()]
        while current == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Unsupported) -> RegexTree {
        var items: [RegexTree] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            var item = try atom()
            var isQuantified = false
            while let (min, max) = try quantifier() {
                // `a**` is a syntax error in ECMA; a group's own repetition, `([a-z]+)*`, is not,
                // and runs here (with `Regex`'s backtracking it was exponential in the text).
                if isQuantified { throw Unsupported() }
                item = .repetition(item, min: min, max: max)
                isQuantified = true
            }
            items.append(item)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func atom() throws(Unsupported) -> RegexTree {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "^": return .start
        case "$": return .end
        case ".": return .set(.dot)
        case "(":
            if current == "?" {
                // Only non-capturing and named groups; lookaround goes to `Regex`.
                guard position + 1 < scalars.count else { throw Unsupported() }
                if scalars[position + 1] == ":" {
                    position += 2
                } else if scalars[position + 1] == "<", position + 2 < scalars.count, scalars[position + 2] != "=", scalars[position + 2] != "!" {
                    guard let close = scalars[position...].firstIndex(of: ">") else { throw Unsupported() }
                    position = close + 1
                } else {
                    throw Unsupported()
                }
            }
            let inner = try alternation()
            guard current == ")" else { throw Unsupported() }
            position += 1
            return inner
        case "[": return .set(try characterClass())
        case "\\":
            if let atom = try escapeAtom() { return atom }
            return .set(try classEscape(inClass: false))
        case "*", "+", "?", "{", "}", ")", "]":
            throw Unsupported()
        default:
            return .scalar(scalar)
        }
    }

    /// `\b`, `\B`, or `nil` for an escape that is a class or a character (read by ``classEscape``).
    private mutating func escapeAtom() throws(Unsupported) -> RegexTree? {
        guard let scalar = current else { throw Unsupported() }
        switch scalar {
        case "b": position += 1; return .wordBoundary(true)
        case "B": position += 1; return .wordBoundary(false)
        default: return nil
        }
    }

    /// An escape after `\`: a class (`\d`) or one character as a one-element set.
    private mutating func classEscape(inClass: Bool) throws(Unsupported) -> RegexSet {
        guard let scalar = current else { throw Unsupported() }
        position += 1
        func single(_ value: UInt32) -> RegexSet { RegexSet(ranges: [value...value], negated: false) }
        switch scalar {
        case "d": return .digit
        case "D": return RegexSet.digit.inverted
        case "w": return .word
        case "W": return RegexSet.word.inverted
        case "s": return .space
        case "S": return RegexSet.space.inverted
        case "t": return single(0x09)
        case "n": return single(0x0A)
        case "v": return single(0x0B)
        case "f": return single(0x0C)
        case "r": return single(0x0D)
        case "0":
            guard !(current.map { (0x30...0x39).contains($0.value) } ?? false) else { throw Unsupported() }
            return single(0)
        case "b" where inClass: return single(0x08)
        case "x":
            return single(try hexDigits(2))
        case "u":
            let high = try hexDigits(4)
            // A surrogate pair written as two escapes is one code point.
            if (0xD800...0xDBFF).contains(high), position + 6 <= scalars.count, scalars[position] == "\\", scalars[position + 1] == "u" {
                let saved = position
                position += 2
                let low = try hexDigits(4)
                if (0xDC00...0xDFFF).contains(low) { return single(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) }
                position = saved
            }
            return single(high)
        default:
            // Identity escapes of syntax characters; letters and digits mean something else
            // (back-references, `\p`, `\c`, `\k`), which `Regex` handles.
            guard !scalar.properties.isAlphabetic, scalar.properties.numericType == nil else { throw Unsupported() }
            return single(scalar.value)
        }
    }

    private mutating func hexDigits(_ count: Int) throws(Unsupported) -> UInt32 {
        guard position + count <= scalars.count else { throw Unsupported() }
        var value: UInt32 = 0
        for scalar in scalars[position..<position + count] {
            guard let digit = UInt32(String(scalar), radix: 16) else { throw Unsupported() }
            value = value * 16 + digit
        }
        position += count
        return value
    }

    /// `[...]` after its `[`.
    private mutating func characterClass() throws(Unsupported) -> RegexSet {
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var pending: [RegexSet] = []  // Negated classes inside (`[\D]`) are resolved by `Regex`.
        while let scalar = current, scalar != "]" {
            let low = try classAtom()
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                let high = try classAtom()
                guard let lowValue = low.singleValue, let highValue = high.singleValue, lowValue <= highValue else { throw Unsupported() }
                ranges.append(lowValue...highValue)
            } else if low.negated {
                pending.append(low)
            } else {
                ranges += low.ranges
            }
        }
        guard current == "]", pending.isEmpty else { throw Unsupported() }
        position += 1
        return RegexSet(ranges: ranges, negated: negated)
    }

    private mutating func classAtom() throws(Unsupported) -> RegexSet {
        let scalar = scalars[position]
        position += 1
        if scalar == "\\" { return try classEscape(inClass: true) }
        return RegexSet(ranges: [scalar.value...scalar.value], negated: false)
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}`, and a lazy `?` after it (the same to a yes/no search).
    private mutating func quantifier() throws(Unsupported) -> (Int, Int?)? {
        guard let scalar = current else { return nil }
        let bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil); position += 1
        case "+": bounds = (1, nil); position += 1
        case "?": bounds = (0, 1); position += 1
        case "{":
            guard let close = scalars[position...].firstIndex(of: "}") else { throw Unsupported() }
            let text = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2, let min = Int(parts[0]), min <= 1000 else { throw Unsupported() }
            if parts.count == 1 {
                bounds = (min, min)
            } else if parts[1].isEmpty {
                bounds = (min, nil)
            } else {
                guard let max = Int(parts[1]), max >= min, max <= 1000 else { throw Unsupported() }
                bounds = (min, max)
            }
            position = close + 1
        default:
            return nil
        }
        if current == "?" { position += 1 }
        return bounds
    }
}
