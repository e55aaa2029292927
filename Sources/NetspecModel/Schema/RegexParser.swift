// The pattern reader of SchemaPattern.swift: ECMA-262 pattern syntax into a syntax tree, ours
// because Swift's Regex reads another syntax and backtracks without bound.

/// Reads ECMA-262 pattern syntax (as with the `u` flag, plus Annex B's literal `{`, `}` and `]`)
/// into a ``RegexNode``.
struct RegexParser {
    struct Failure: Error {
        var message: String
    }

    /// The largest bound a quantifier may have.
    static let largestBound = 100_000
    /// How deep groups may nest: each is a level of the parser and of each walk of the tree, and
    /// thousands overflowed the stack (a crash) where this is an error at the group.
    static let deepestNesting = 100

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var groupCount = 0
    /// Named groups, by name (known on the second reading; `nil` on the first).
    private var names: [String: Int]?
    private var namesSeen: [String: Int] = [:]
    private var referencesByName = false
    private var largestReference = 0
    /// The groups open around the position.
    private var depth = 0

    private init(_ scalars: [Unicode.Scalar], names: [String: Int]?) {
        self.scalars = scalars
        self.names = names
    }

    /// The tree of `scalars`; a pattern with `\k<name>` is read twice (the group may come after).
    static func parse(_ scalars: [Unicode.Scalar]) throws(Failure) -> RegexNode {
        var parser = RegexParser(scalars, names: nil)
        var node = try parser.parseAll()
        if parser.referencesByName {
            var second = RegexParser(scalars, names: parser.namesSeen)
            node = try second.parseAll()
            parser = second
        }
        if parser.largestReference > parser.groupCount {
            let count = parser.groupCount == 1 ? "1 group" : "\(parser.groupCount) groups"
            throw Failure(message: "\\\(parser.largestReference) refers to group \(parser.largestReference), but the pattern has \(count)")
        }
        return node
    }

    private mutating func parseAll() throws(Failure) -> RegexNode {
        let node = try alternation()
        if position < scalars.count {
            // Only a `)` stops an alternation before the end.
            throw failure("unbalanced ')'")
        }
        return node
    }

    /// A failure at `offset` (the current position unless given), counted from 1 in the message.
    private func failure(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(message: message + " at character \(min(offset ?? position, scalars.count) + 1)")
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func next(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func alternation() throws(Failure) -> RegexNode {
        var branches = [try sequence()]
        while current == "|" {
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(Failure) -> RegexNode {
        var items: [RegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let (atom, quantifiable) = try atom()
            var item = atom
            let quantifierStart = position
            if let (minimum, maximum, greedy) = try quantifier() {
                guard quantifiable else { throw failure("nothing to repeat", at: quantifierStart) }
                item = .repetition(item, min: minimum, max: maximum, greedy: greedy)
                if let scalar = current, "*+?".unicodeScalars.contains(scalar) || (scalar == "{" && isQuantifierBrace()) {
                    throw failure("nothing to repeat")
                }
            }
            items.append(item)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    /// An atom, and whether a quantifier may follow it.
    private mutating func atom() throws(Failure) -> (RegexNode, Bool) {
        let scalar = scalars[position]
        switch scalar {
        case "^": position += 1; return (.start, false)
        case "$": position += 1; return (.end, false)
        case ".": position += 1; return (.set(.dot), true)
        case "(": return try group()
        case "[":
            position += 1
            return (.set(try characterClass()), true)
        case "\\":
            position += 1
            if let atom = try escapeAtom() { return (atom, !atom.isAssertion) }
            return (.set(try classEscape(inClass: false)), true)
        case "*", "+", "?":
            throw failure("nothing to repeat")
        case "{":
            if isQuantifierBrace() { throw failure("nothing to repeat") }
            position += 1
            return (.scalar(scalar), true)
        default:
            position += 1
            return (.scalar(scalar), true)
        }
    }

    /// `(…)`, `(?:…)`, `(?<name>…)`, `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`.
    private mutating func group() throws(Failure) -> (RegexNode, Bool) {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.deepestNesting { throw failure("groups nest deeper than \(Self.deepestNesting) levels") }
        position += 1
        enum Kind { case plain, capture(Int), look(ahead: Bool, negated: Bool) }
        var kind = Kind.plain
        if current == "?" {
            switch (next(1), next(2)) {
            case (":", _): position += 2
            case ("=", _): position += 2; kind = .look(ahead: true, negated: false)
            case ("!", _): position += 2; kind = .look(ahead: true, negated: true)
            case ("<", "="): position += 3; kind = .look(ahead: false, negated: false)
            case ("<", "!"): position += 3; kind = .look(ahead: false, negated: true)
            case ("<", _):
                position += 2
                let name = try groupName()
                groupCount += 1
                guard namesSeen.updateValue(groupCount, forKey: name) == nil else { throw failure("duplicate group name '\(name)'") }
                kind = .capture(groupCount)
            default:
                position += 1
                throw failure("unsupported group syntax '(?'")
            }
        } else {
            groupCount += 1
            kind = .capture(groupCount)
        }
        let inner = try alternation()
        guard current == ")" else { throw Failure(message: "expected ')'") }
        position += 1
        switch kind {
        case .plain: return (inner, true)
        case let .capture(index): return (.group(inner, index: index), true)
        // Annex B lets a quantifier follow a lookahead (not a lookbehind).
        case let .look(ahead, negated): return (.look(inner, ahead: ahead, negated: negated), ahead)
        }
    }

    /// A group's name after `<`, and its `>`.
    private mutating func groupName() throws(Failure) -> String {
        var name = ""
        while let scalar = current, scalar != ">" {
            guard scalar.properties.isAlphabetic || scalar == "_" || scalar == "$" || (!name.isEmpty && scalar.properties.numericType != nil) else {
                throw failure("invalid group name")
            }
            name.unicodeScalars.append(scalar)
            position += 1
        }
        guard current == ">", !name.isEmpty else { throw failure("invalid group name") }
        position += 1
        return name
    }

    /// `\b`, `\B`, a back-reference, or `nil` for an escape that is a class or a character
    /// (read by ``classEscape``).
    private mutating func escapeAtom() throws(Failure) -> RegexNode? {
        guard let scalar = current else { throw failure("'\\' at the end of the pattern") }
        switch scalar {
        case "b": position += 1; return .wordBoundary(true)
        case "B": position += 1; return .wordBoundary(false)
        case "1"..."9":
            var number = 0
            while let digit = current, ("0"..."9").contains(digit) {
                number = min(number * 10 + Int(digit.value - 0x30), 1_000_000)
                position += 1
            }
            largestReference = max(largestReference, number)
            return .backreference(number)
        case "k":
            position += 1
            guard current == "<" else { throw failure("expected '<' after \\k") }
            position += 1
            let name = try groupName()
            referencesByName = true
            guard let names else { return .backreference(0) }
            guard let index = names[name] else { throw failure("no group is named '\(name)'") }
            return .backreference(index)
        default: return nil
        }
    }

    /// An escape after `\`: a class (`\d`, `\p{L}`) or one character as a one-element set.
    private mutating func classEscape(inClass: Bool) throws(Failure) -> RegexSet {
        guard let scalar = current else { throw failure("'\\' at the end of the pattern") }
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
            guard !(current.map { (0x30...0x39).contains($0.value) } ?? false) else { throw failure("octal escapes are not ECMA-262 with the u flag") }
            return single(0)
        case "b" where inClass: return single(0x08)
        case "-" where inClass: return single(0x2D)
        case "c":
            guard let letter = current, (0x41...0x5A).contains(letter.value) || (0x61...0x7A).contains(letter.value) else {
                throw failure("\\c must be followed by a letter")
            }
            position += 1
            return single(letter.value % 32)
        case "x":
            return single(try hexDigits(2))
        case "u":
            if current == "{" {
                guard let close = scalars[position...].firstIndex(of: "}"), close > position + 1,
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(position + 1)..<close])), radix: 16), value <= 0x10FFFF
                else { throw failure("invalid \\u{…} escape") }
                position = close + 1
                return single(value)
            }
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
        case "p", "P":
            guard current == "{", let close = scalars[position...].firstIndex(of: "}"), close > position + 1 else {
                throw failure("expected \\\(scalar){name}")
            }
            let name = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            let property: RegexProperty
            do { property = try RegexProperty(name) } catch { throw failure("unknown Unicode property '\(name)'") }
            position = close + 1
            return RegexSet(ranges: [], negated: scalar == "P", property: property)
        default:
            // Identity escapes of syntax characters; a letter or digit that is not one of the
            // escapes above is an error in ECMA-262 with the u flag.
            guard !scalar.properties.isAlphabetic, scalar.properties.numericType == nil else {
                throw failure("'\\\(scalar)' is not an ECMA-262 escape")
            }
            return single(scalar.value)
        }
    }

    private mutating func hexDigits(_ count: Int) throws(Failure) -> UInt32 {
        guard position + count <= scalars.count else { throw failure("expected \(count) hexadecimal digits") }
        var value: UInt32 = 0
        for scalar in scalars[position..<position + count] {
            guard let digit = UInt32(String(scalar), radix: 16) else { throw failure("expected \(count) hexadecimal digits") }
            value = value * 16 + digit
        }
        position += count
        return value
    }

    /// `[...]` after its `[`.
    private mutating func characterClass() throws(Failure) -> RegexSet {
        var set = RegexSet(ranges: [], negated: false)
        if current == "^" {
            set.negated = true
            position += 1
        }
        func add(_ member: RegexSet) {
            if member.negated || member.property != nil { set.members.append(member) } else { set.ranges += member.ranges }
        }
        while current != nil, current != "]" {
            let low = try classAtom()
            if current == "-", let after = next(1), after != "]" {
                position += 1
                let high = try classAtom()
                if let lowValue = low.singleValue, let highValue = high.singleValue {
                    guard lowValue <= highValue else { throw failure("range out of order in character class") }
                    set.ranges.append(lowValue...highValue)
                } else {
                    // Annex B: `[\d-z]` is \d, '-' and 'z'.
                    add(low)
                    set.ranges.append(0x2D...0x2D)
                    add(high)
                }
            } else {
                add(low)
            }
        }
        guard current == "]" else { throw Failure(message: "expected custom character class members") }
        position += 1
        return set
    }

    private mutating func classAtom() throws(Failure) -> RegexSet {
        let scalar = scalars[position]
        position += 1
        if scalar == "\\" { return try classEscape(inClass: true) }
        return RegexSet(ranges: [scalar.value...scalar.value], negated: false)
    }

    /// Whether the `{` at the current position starts `{n}`, `{n,}` or `{n,m}`.
    private func isQuantifierBrace() -> Bool {
        var index = position + 1
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1; digits += 1 }
        guard digits > 0, index < scalars.count else { return false }
        if scalars[index] == "}" { return true }
        guard scalars[index] == "," else { return false }
        index += 1
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "}"
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}`, and whether it is greedy (no `?` after it).
    private mutating func quantifier() throws(Failure) -> (Int, Int?, Bool)? {
        guard let scalar = current else { return nil }
        let bounds: (Int, Int?)
        switch scalar {
        case "*": bounds = (0, nil); position += 1
        case "+": bounds = (1, nil); position += 1
        case "?": bounds = (0, 1); position += 1
        case "{":
            guard isQuantifierBrace(), let close = scalars[position...].firstIndex(of: "}") else { return nil }
            let text = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            func bound(_ part: Substring) throws(Failure) -> Int {
                guard let value = Int(part), value <= Self.largestBound else {
                    throw failure("a quantifier's bound is over \(Self.largestBound)")
                }
                return value
            }
            let minimum = try bound(parts[0])
            if parts.count == 1 {
                bounds = (minimum, minimum)
            } else if parts[1].isEmpty {
                bounds = (minimum, nil)
            } else {
                let maximum = try bound(parts[1])
                guard maximum >= minimum else { throw failure("numbers out of order in {} quantifier") }
                bounds = (minimum, maximum)
            }
            position = close + 1
        default:
            return nil
        }
        var greedy = true
        if current == "?" {
            position += 1
            greedy = false
        }
        return (bounds.0, bounds.1, greedy)
    }
}

