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
        case function(String, [Expression])
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

    static let functions: [String: ClosedRange<Int>] = [
        "last": 0...0, "position": 0...0, "count": 1...1, "sum": 1...1, "string": 0...1, "concat": 2...Int.max,
        "contains": 2...2, "starts-with": 2...2, "string-length": 0...1, "normalize-space": 0...1, "not": 1...1,
        "true": 0...0, "false": 0...0, "boolean": 1...1, "number": 0...1, "name": 0...1, "local-name": 0...1,
    ]

    /// Parses `text`.
    ///
    /// - Throws: ``ExpressionParseError`` naming what is wrong (or not in the subset) and its column.
    init(_ text: String) throws(ExpressionParseError) {
        var parser = XPathParser(Array(text.unicodeScalars))
        self.text = text
        self.root = try parser.parse()
    }

    static func compile(_ text: String) throws(ExpressionParseError) -> XPath { try XPath(text) }
}
