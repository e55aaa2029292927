// The subset of XPath 1.0 that `xpath` criteria run (every version a criterion names is read
// with it). What it reads:
// - location paths, absolute (`/a/b`), relative (`b/c`) and with `//`; the axes `child::`,
//   `descendant::`, `descendant-or-self::`, `attribute::` (`@`), `self::` (`.`) and `parent::`
//   (`..`); name tests (`pet`, `pet:name` as written, `*`), `text()` and `node()`;
// - predicates: a number is a position (`item[2]`), anything else is tested as a boolean;
// - `or`, `and`, `=`, `!=`, `<`, `<=`, `>`, `>=` (by XPath 1.0 § 3.4, node-sets compared by
//   any of their nodes), unary `-`, `|` (union), `( )`, 'literals' or "literals", numbers;
// - the functions last(), position(), count(), sum(), string(), concat(), contains(),
//   starts-with(), string-length(), normalize-space(), not(), true(), false(), boolean(),
//   number(), name(), local-name().
// Not read (a parse error says so): arithmetic (`+ * div mod`), the other axes, variables,
// namespace resolution, and XPath 2.0+ syntax.

/// A compiled XPath expression in the subset above.
struct XPath: Sendable {
    let text: String
    let root: Expression

    indirect enum Expression: Sendable {
        case or(Expression, Expression)
        case and(Expression, Expression)
        case compare(Comparison, Expression, Expression)
        case negate(Expression)
        case union(Expression, Expression)
        /// A location path, from the root or from the context node.
        case path(absolute: Bool, steps: [Step])
        /// A primary expression with predicates, then steps: `(//a)[1]/b`.
        case filter(Expression, predicates: [Expression], steps: [Step])
        case literal(String)
        case number(Double)
        case function(Function, [Expression])
    }

    enum Comparison: String, Sendable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    struct Step: Sendable {
        let axis: Axis
        let test: NodeTest
        let predicates: [Expression]
    }

    enum Axis: String, Sendable, CaseIterable {
        case child, descendant, descendantOrSelf = "descendant-or-self", attribute, `self`, parent
    }

    enum NodeTest: Sendable {
        /// A name as written, `*`, or `prefix:*`.
        case name(String)
        case text
        case node
    }

    /// The functions of the subset.
    enum Function: String, Sendable, CaseIterable {
        case last, position, count, sum, string, concat, contains
        case startsWith = "starts-with", stringLength = "string-length", normalizeSpace = "normalize-space"
        case not, `true`, `false`, boolean, number, name, localName = "local-name"

        /// How many arguments it takes.
        var arity: ClosedRange<Int> {
            switch self {
            case .last, .position, .true, .false: 0...0
            case .count, .sum, .not, .boolean: 1...1
            case .string, .stringLength, .normalizeSpace, .number, .name, .localName: 0...1
            case .contains, .startsWith: 2...2
            case .concat: 2...Int.max
            }
        }
    }

    /// Parses `text`.
    ///
    /// - Throws: ``ExpressionParseError`` naming what is wrong (or not in the subset) and its column.
    init(_ text: String) throws(ExpressionParseError) {
        var parser = XPathParser(Array(text.unicodeScalars))
        self.text = text
        self.root = try parser.parse()
    }

    static func compile(_ text: String) throws(ExpressionParseError) -> XPath { try XPath(text) }

    /// Whether the expression gives a node-set: a location path, a union of them, a filtered one.
    var selectsNodes: Bool {
        switch root {
        case .path, .union, .filter: true
        default: false
        }
    }
}
