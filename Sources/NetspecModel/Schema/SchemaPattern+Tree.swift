// The syntax tree of a pattern in our subset of ECMA-262, and the sets of code points its classes
// stand for (ECMA's \d, \w, \s and . among them).

/// The subset of ECMA-262 pattern syntax our matcher and generator understand.
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

    /// How many instructions the tree's ``RegexProgram`` has (as `RegexProgram.emit` lays them
    /// out), counted without making them and held at `limit + 1` once past `limit`: a group
    /// repeated inside a repetition (`(a{1000}){1000}`) multiplies.
    func programSize(limit: Int) -> Int {
        let size: Int
        switch self {
        case .scalar, .set, .start, .end, .wordBoundary:
            size = 1
        case let .sequence(items):
            size = items.reduce(0) { min($0 + $1.programSize(limit: limit), limit + 1) }
        case let .alternation(branches):
            size = branches.reduce(2 * (branches.count - 1)) { min($0 + $1.programSize(limit: limit), limit + 1) }
        case let .repetition(item, minimum, maximum):
            // Counts of at most 1,000 (the parser's bound) times a size held at `limit + 1`: no overflow.
            let one = item.programSize(limit: limit)
            size = minimum * one + (maximum.map { ($0 - minimum) * (one + 1) } ?? one + 2)
        }
        return min(size, limit + 1)
    }
}

/// A set of code points: ranges, possibly negated.
struct RegexSet: Sendable {
    var ranges: [ClosedRange<UInt32>]
    var negated: Bool

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        var found = false
        for range in ranges where range.contains(scalar) {
            found = true
            break
        }
        return found != negated
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
    var inverted: RegexSet { RegexSet(ranges: ranges, negated: !negated) }
}

extension RegexSet {
    /// The one code point of a set such as `a` or `\n`.
    var singleValue: UInt32? {
        guard !negated, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound else { return nil }
        return ranges[0].lowerBound
    }
}
