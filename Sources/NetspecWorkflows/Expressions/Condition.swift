// A `simple` condition of an Arazzo Criterion Object: literals (`true`, `false`, `null`, numbers,
// 'single-quoted' strings with '' for a quote), runtime expressions with `.name` and `[index]`
// de-references, the comparisons `< <= > >= == !=`, `!`, `&&`, `||` and `( )`. Precedence, from
// loosest: `||`, `&&`, one comparison (`a == b == c` is refused: group it), `!`, then an operand.
// Parsed once here; evaluated by Condition+Evaluation.swift.

import NetspecModel

/// A parsed `simple` condition, such as `$statusCode == 200 && $response.body.data != null`.
package struct Condition: Sendable, Hashable, CustomStringConvertible {
    /// The condition as written.
    package let text: String
    let root: Node

    /// A comparison operator.
    package enum Comparison: String, Sendable, Hashable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="
    }

    indirect enum Node: Sendable, Hashable {
        case literal(JSONValue)
        case operand(Operand)
        case not(Node)
        /// Two or more terms joined by `&&` (a chain is one node, so that its length is no depth).
        case and([Node])
        /// Two or more terms joined by `||`.
        case or([Node])
        case compare(Comparison, Node, Node)
    }

    /// A runtime expression and the de-references after it, `$response.body.items[0].id`.
    struct Operand: Sendable, Hashable {
        /// As written, for reports: `$response.body.items[0].id`.
        let text: String
        let expression: RuntimeExpression
        let accessors: [Accessor]
    }

    enum Accessor: Sendable, Hashable {
        /// `.name` or `['name']`.
        case member(String)
        /// `[0]`.
        case index(Int)
    }

    /// Parses `text` as a `simple` condition.
    ///
    /// - Throws: ``ExpressionParseError`` with the column in `text`.
    package init(_ text: String) throws(ExpressionParseError) {
        var parser = ConditionParser(Array(text.unicodeScalars))
        self.text = text
        self.root = try parser.parseCondition()
    }

    package var description: String { text }

    /// The runtime expressions the condition reads, in order.
    package var expressions: [RuntimeExpression] { root.operands.map(\.expression) }
}

extension Condition.Node {
    var operands: [Condition.Operand] {
        switch self {
        case .literal: []
        case let .operand(operand): [operand]
        case let .not(node): node.operands
        case let .and(terms), let .or(terms): terms.flatMap(\.operands)
        case let .compare(_, left, right): left.operands + right.operands
        }
    }
}

/// Reads a `simple` condition.
struct ConditionParser: ScalarScanning {
    /// How deep `(` and `!` may nest: each level is a frame of the parser and of the evaluation,
    /// and thousands overflowed the stack (a crash) where this is an error at its column.
    static let deepestNesting = 100

    let scalars: [Unicode.Scalar]
    var position = 0
    /// The `(` and `!` open around the position.
    var depth = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    func error(_ message: String, at index: Int? = nil) -> ExpressionParseError {
        ExpressionParseError(column: (index ?? position) + 1, message: message)
    }

    mutating func parseCondition() throws(ExpressionParseError) -> Condition.Node {
        skipSpaces()
        guard position < scalars.count else { throw error("the condition is empty") }
        let node = try parseOr()
        skipSpaces()
        if position < scalars.count { throw error("unexpected '\(scalars[position])': expected an operator (&&, ||, ==, !=, <, <=, >, >=) or the end") }
        return node
    }

    /// A single operand, for a criterion's `context`: a runtime expression with de-references.
    mutating func parseContext() throws(ExpressionParseError) -> Condition.Operand {
        skipSpaces()
        guard position < scalars.count, scalars[position] == "$" else { throw error("a context is a runtime expression, such as $response.body") }
        let operand = try parseOperand()
        skipSpaces()
        if position < scalars.count { throw error("unexpected '\(scalars[position])' after the context '\(operand.text)'") }
        return operand
    }

    private mutating func parseOr() throws(ExpressionParseError) -> Condition.Node {
        var terms = [try parseAnd()]
        while skipToken("||") { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(ExpressionParseError) -> Condition.Node {
        var terms = [try parseComparison()]
        while skipToken("&&") { terms.append(try parseComparison()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// One level more of `(` or `!`, at the position; an error past ``deepestNesting``.
    private mutating func nest() throws(ExpressionParseError) {
        depth += 1
        if depth > Self.deepestNesting {
            throw error("'\(scalars[position])' nests deeper than \(Self.deepestNesting) levels of '(' and '!'")
        }
    }

    private mutating func parseComparison() throws(ExpressionParseError) -> Condition.Node {
        let left = try parseUnary()
        guard let comparison = comparisonHere() else { return left }
        let node = Condition.Node.compare(comparison, left, try parseUnary())
        if let again = comparisonHere() {
            throw error("'\(again.rawValue)' cannot compare the result of a comparison; group with ( ) and join with && or ||", at: position - again.rawValue.count)
        }
        return node
    }

    private mutating func comparisonHere() -> Condition.Comparison? {
        for comparison in [Condition.Comparison.lessOrEqual, .greaterOrEqual, .equal, .notEqual, .less, .greater] where skipToken(comparison.rawValue) {
            return comparison
        }
        return nil
    }

    private mutating func parseUnary() throws(ExpressionParseError) -> Condition.Node {
        skipSpaces()
        if position < scalars.count, scalars[position] == "!", !(position + 1 < scalars.count && scalars[position + 1] == "=") {
            try nest()
            position += 1
            defer { depth -= 1 }
            return .not(try parseUnary())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(ExpressionParseError) -> Condition.Node {
        skipSpaces()
        guard position < scalars.count else { throw error("expected a value: a runtime expression, a literal or '('") }
        let scalar = scalars[position]
        switch scalar {
        case "(":
            let open = position
            try nest()
            position += 1
            defer { depth -= 1 }
            let node = try parseOr()
            guard skipToken(")") else { throw error("the '(' at column \(open + 1) is not closed") }
            return node
        case "$": return .operand(try parseOperand())
        case "'": return .literal(.string(try parseString()))
        case "{" where position + 1 < scalars.count && scalars[position + 1] == "$":
            var parser = RuntimeExpressionParser(scalars, at: position + 1, mode: .embedded)
            let expression = (try? parser.parseExpression())?.text ?? "$…"
            throw error("a simple condition writes runtime expressions without braces: \(expression), not {\(expression)}")
        default:
            if scalar == "-" || ("0"..."9").contains(scalar) { return .literal(try parseNumber()) }
            let start = position
            while position < scalars.count, ("a"..."z").contains(scalars[position]) { position += 1 }
            switch String(String.UnicodeScalarView(scalars[start..<position])) {
            case "true": return .literal(true)
            case "false": return .literal(false)
            case "null": return .literal(.null)
            default:
                throw error("expected a value (a runtime expression, 'a string', a number, true, false, null or '(') but found '\(scalar)'", at: start)
            }
        }
    }

    private mutating func parseOperand() throws(ExpressionParseError) -> Condition.Operand {
        let start = position
        var parser = RuntimeExpressionParser(scalars, at: position, mode: .operand)
        let expression = try parser.parseExpression()
        position = parser.position
        var accessors: [Condition.Accessor] = []
        while position < scalars.count {
            if scalars[position] == "." {
                position += 1
                let nameStart = position
                while position < scalars.count, !parser.endsHere(scalars[position]), scalars[position] != "." { position += 1 }
                guard position > nameStart else { throw error("expected a property name after '.'") }
                accessors.append(.member(String(String.UnicodeScalarView(scalars[nameStart..<position]))))
            } else if scalars[position] == "[" {
                position += 1
                skipSpaces()
                if position < scalars.count, scalars[position] == "'" {
                    accessors.append(.member(try parseString()))
                } else {
                    let indexStart = position
                    guard case let .int(index) = try parseNumber(), index >= 0 else { throw error("an index is a number from 0 or a 'quoted' name", at: indexStart) }
                    accessors.append(.index(index))
                }
                guard skipToken("]") else { throw error("expected ']' after the index") }
            } else {
                break
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        return Condition.Operand(text: text, expression: expression, accessors: accessors)
    }

    /// `'text'`, with `''` for a quote.
    private mutating func parseString() throws(ExpressionParseError) -> String {
        let open = position
        position += 1
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            if scalars[position] == "'" {
                if position + 1 < scalars.count, scalars[position + 1] == "'" {
                    text.append("'")
                    position += 2
                    continue
                }
                position += 1
                return String(text)
            }
            text.append(scalars[position])
            position += 1
        }
        throw error("the string opened at column \(open + 1) is not closed by '", at: open)
    }

    /// A JSON number, which may start with '-'.
    private mutating func parseNumber() throws(ExpressionParseError) -> JSONValue {
        let start = position
        while position < scalars.count, "0123456789-+.eE".unicodeScalars.contains(scalars[position]) { position += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        guard let value = try? JSONValue(parsing: Array(text.utf8)), value.double != nil else {
            throw error("'\(text)' is not a number", at: start)
        }
        return value
    }
}
