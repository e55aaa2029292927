// The syntax trees of a pattern: the whole of it as read (``RegexNode``), the subset the generator
// walks (``RegexTree``), and the sets of code points classes stand for (ECMA's \d, \w, \s and .
// among them).

/// The part of ECMA-262 pattern syntax the generator understands: no lookaround, no back-references.
indirect enum RegexTree: Sendable {
    /// One code point.
    case scalar(Unicode.Scalar)
    /// A class such as `[a-z_]`, `\d` or `.`.
    case set(RegexSet)
    /// `^`: the start of the text (patterns have no multiline flag).
    case start
    /// `$`: the end of the text (unlike Perl's, not before a final newline).
    case end
    /// `\b` (`true`) or `\B`: an ASCII word boundary, or not one.
    case wordBoundary(Bool)
    /// Items in order.
    case sequence([RegexTree])
    /// `a|b`.
    case alternation([RegexTree])
    /// A quantified item: `min` to `max` (unbounded when `nil`) repetitions.
    case repetition(RegexTree, min: Int, max: Int?)
}

/// A set of code points: ranges, possibly negated; a class may also hold other sets (`[\D]`,
/// `[^\s\p{L}]`) and a Unicode property (`\p{L}`).
struct RegexSet: Sendable {
    var ranges: [ClosedRange<UInt32>]
    var negated: Bool
    /// Sets of a class that are not plain ranges: negated escapes and properties.
    var members: [RegexSet] = []
    /// `\p{…}` (or, negated, `\P{…}`).
    var property: RegexProperty? = nil

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        var found = false
        for range in ranges where range.contains(scalar) {
            found = true
            break
        }
        if !found, !members.isEmpty || property != nil { found = containsOther(scalar) }
        return found != negated
    }

    private func containsOther(_ scalar: UInt32) -> Bool {
        if let property, property.contains(scalar) { return true }
        return members.contains { $0.contains(scalar) }
    }

    /// ECMA's `\d`: ASCII digits only.
    static let digit = RegexSet(ranges: [0x30...0x39], negated: false)
    /// ECMA's `\w`: ASCII letters, digits and `_`.
    static let word = RegexSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A], negated: false)
    /// ECMA's `\s`: WhiteSpace and LineTerminator.
    static let space = RegexSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ], negated: false)
    /// ECMA's `.`: anything but a line terminator.
    static let dot = RegexSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)

    /// The same set, negated.
    var inverted: RegexSet {
        var set = self
        set.negated.toggle()
        return set
    }
}

extension RegexSet {
    /// The one code point of a set such as `a` or `\n`.
    var singleValue: UInt32? {
        guard !negated, members.isEmpty, property == nil, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return ranges[0].lowerBound
    }
}

/// The whole pattern syntax as read (ECMA-262 with the `u` flag, plus Annex B's literal `{`, `}`
/// and `]`): the subset of ``RegexTree`` and lookaround, capturing groups and back-references.
indirect enum RegexNode: Sendable {
    case scalar(Unicode.Scalar)
    case set(RegexSet)
    case start
    case end
    case wordBoundary(Bool)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)
    /// A capturing group, numbered from 1.
    case group(RegexNode, index: Int)
    /// `(?=…)`, `(?!…)` (`ahead`), `(?<=…)`, `(?<!…)`.
    case look(RegexNode, ahead: Bool, negated: Bool)
    /// `\1`, `\k<name>`: the text a group captured.
    case backreference(Int)

    /// Whether a back-reference is in it (which only the backtracking matcher runs).
    var hasBackreference: Bool {
        switch self {
        case .scalar, .set, .start, .end, .wordBoundary: return false
        case .backreference: return true
        case let .sequence(items), let .alternation(items): return items.contains { $0.hasBackreference }
        case let .repetition(item, _, _, _), let .group(item, _), let .look(item, _, _): return item.hasBackreference
        }
    }

    /// The tree the generator walks, when there is no lookaround or back-reference in it.
    var subsetTree: RegexTree? {
        switch self {
        case let .scalar(scalar): return .scalar(scalar)
        case let .set(set): return .set(set)
        case .start: return .start
        case .end: return .end
        case let .wordBoundary(isBoundary): return .wordBoundary(isBoundary)
        case let .sequence(items):
            var trees: [RegexTree] = []
            for item in items {
                guard let tree = item.subsetTree else { return nil }
                trees.append(tree)
            }
            return .sequence(trees)
        case let .alternation(branches):
            var trees: [RegexTree] = []
            for branch in branches {
                guard let tree = branch.subsetTree else { return nil }
                trees.append(tree)
            }
            return .alternation(trees)
        case let .repetition(item, minimum, maximum, _):
            return item.subsetTree.map { .repetition($0, min: minimum, max: maximum) }
        case let .group(item, _): return item.subsetTree
        case .look, .backreference: return nil
        }
    }

    /// The node read right to left: what a lookahead's body is for a sweep from the end of the
    /// text (assertions and lookarounds are about a position, and stay as they are).
    var reversed: RegexNode {
        switch self {
        case .scalar, .set, .start, .end, .wordBoundary, .look, .backreference: return self
        case let .sequence(items): return .sequence(items.reversed().map(\.reversed))
        case let .alternation(branches): return .alternation(branches.map(\.reversed))
        case let .repetition(item, minimum, maximum, greedy): return .repetition(item.reversed, min: minimum, max: maximum, greedy: greedy)
        case let .group(item, index): return .group(item.reversed, index: index)
        }
    }

    /// The capturing groups inside, as a range of group numbers (empty when there are none).
    var groups: Range<Int> {
        switch self {
        case .scalar, .set, .start, .end, .wordBoundary, .backreference: return 0..<0
        case let .sequence(items), let .alternation(items):
            return items.reduce(0..<0) { $0.isEmpty ? $1.groups : ($1.groups.isEmpty ? $0 : min($0.lowerBound, $1.groups.lowerBound)..<max($0.upperBound, $1.groups.upperBound)) }
        case let .repetition(item, _, _, _), let .look(item, _, _): return item.groups
        case let .group(item, index):
            let inner = item.groups
            return index..<max(index + 1, inner.upperBound)
        }
    }

    /// How many instructions the linear program has for it (as ``RegexProgram`` lays them out),
    /// lookaround bodies included, counted without making them and held at `limit + 1` once past
    /// `limit`: a group repeated inside a repetition (`(a{1000}){1000}`) multiplies.
    func programSize(limit: Int) -> Int {
        let size: Int
        switch self {
        case .scalar, .set, .start, .end, .wordBoundary, .backreference:
            size = 1
        case let .sequence(items):
            size = items.reduce(0) { min($0 + $1.programSize(limit: limit), limit + 1) }
        case let .alternation(branches):
            size = branches.reduce(2 * (branches.count - 1)) { min($0 + $1.programSize(limit: limit), limit + 1) }
        case let .repetition(item, minimum, maximum, _):
            let one = item.programSize(limit: limit)
            size = minimum * one + (maximum.map { ($0 - minimum) * (one + 1) } ?? one + 2)
        case let .group(item, _):
            size = item.programSize(limit: limit)
        case let .look(item, _, _):
            size = 1 + item.programSize(limit: limit) + 1
        }
        return min(size, limit + 1)
    }
}
