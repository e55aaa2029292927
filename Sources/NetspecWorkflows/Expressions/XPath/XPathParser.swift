// Reading the XPath subset (XPath.swift lists it) by XPath 1.0's grammar, § 3.

/// Reads an XPath expression.
struct XPathParser: ScalarScanning {
    /// How deep an expression may nest: each `(`, `[`, function call and `-`, and each operator
    /// joining one more term to a chain (`or`, `and`, a comparison, `|`: a node each, one inside
    /// the other), is a level of the parser and of the evaluation; thousands overflowed the stack
    /// (a crash at load) where this is an error at its column.
    static let deepestNesting = 100

    let scalars: [Unicode.Scalar]
    var position = 0
    /// The levels open around the position.
    var depth = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    func error(_ message: String, at index: Int? = nil) -> ExpressionParseError {
        ExpressionParseError(column: (index ?? position) + 1, message: message)
    }

    mutating func parse() throws(ExpressionParseError) -> XPath.Expression {
        skipSpaces()
        guard position < scalars.count else { throw error("the XPath expression is empty") }
        let expression = try parseOr()
        skipSpaces()
        guard position >= scalars.count else {
            if "+*".unicodeScalars.contains(scalars[position]) || keywordHere("div") || keywordHere("mod") {
                throw error("arithmetic is not in the XPath subset Netspec runs")
            }
            throw error("unexpected '\(scalars[position])' in the XPath expression")
        }
        return expression
    }

    /// One level more, for `token` at `start`; an error past ``deepestNesting``.
    private mutating func nest(_ token: String, at start: Int) throws(ExpressionParseError) {
        depth += 1
        if depth > Self.deepestNesting {
            throw error("'\(token)' nests deeper than \(Self.deepestNesting) levels (each '(', '[', '-' and function call, and each 'or', 'and', comparison and '|' joining one more term, is one)", at: start)
        }
    }

    private mutating func parseOr() throws(ExpressionParseError) -> XPath.Expression {
        var expression = try parseAnd()
        let outer = depth
        while keyword("or") {
            try nest("or", at: position - 2)
            expression = .or(expression, try parseAnd())
        }
        depth = outer
        return expression
    }

    private mutating func parseAnd() throws(ExpressionParseError) -> XPath.Expression {
        var expression = try parseComparison(equality: true)
        let outer = depth
        while keyword("and") {
            try nest("and", at: position - 3)
            expression = .and(expression, try parseComparison(equality: true))
        }
        depth = outer
        return expression
    }

    private mutating func parseComparison(equality: Bool) throws(ExpressionParseError) -> XPath.Expression {
        var expression = equality ? try parseComparison(equality: false) : try parseUnary()
        let operators: [XPath.Comparison] = equality ? [.equal, .notEqual] : [.lessOrEqual, .greaterOrEqual, .less, .greater]
        let outer = depth
        while let comparison = operators.first(where: { skipToken($0.rawValue) }) {
            try nest(comparison.rawValue, at: position - comparison.rawValue.unicodeScalars.count)
            expression = .compare(comparison, expression, equality ? try parseComparison(equality: false) : try parseUnary())
        }
        depth = outer
        return expression
    }

    private mutating func parseUnary() throws(ExpressionParseError) -> XPath.Expression {
        let outer = depth
        defer { depth = outer }
        if skipToken("-") {
            try nest("-", at: position - 1)
            return .negate(try parseUnary())
        }
        var expression = try parsePath()
        while skipToken("|") {
            try nest("|", at: position - 1)
            expression = .union(expression, try parsePath())
        }
        return expression
    }

    private mutating func parsePath() throws(ExpressionParseError) -> XPath.Expression {
        skipSpaces()
        guard position < scalars.count else { throw error("expected an expression") }
        let scalar = scalars[position]
        if scalar == "/" {
            position += 1
            if position < scalars.count, scalars[position] == "/" {
                position += 1
                return .path(absolute: true, steps: [Self.anyDescendant] + (try parseSteps()))
            }
            skipSpaces()
            let startsStep = position < scalars.count && (scalars[position] == "@" || scalars[position] == "." || scalars[position] == "*" || isNameStart(scalars[position]))
            return .path(absolute: true, steps: startsStep ? try parseSteps() : [])
        }
        if let primary = try parsePrimary() {
            let predicates = try parsePredicates()
            var steps: [XPath.Step] = []
            let slash = slashes()
            if slash > 0 { steps = (slash == 2 ? [Self.anyDescendant] : []) + (try parseSteps()) } else if predicates.isEmpty { return primary }
            return .filter(primary, predicates: predicates, steps: steps)
        }
        return .path(absolute: false, steps: try parseSteps())
    }

    /// `(expr)`, a literal, a number or a function call; `nil` when a step starts here.
    private mutating func parsePrimary() throws(ExpressionParseError) -> XPath.Expression? {
        let scalar = scalars[position]
        if scalar == "(" {
            try nest("(", at: position)
            defer { depth -= 1 }
            position += 1
            let expression = try parseOr()
            guard skipToken(")") else { throw error("expected ')'") }
            return expression
        }
        if scalar == "'" || scalar == "\"" {
            guard let close = scalars[(position + 1)...].firstIndex(of: scalar) else { throw error("the literal is not closed by \(scalar)") }
            let text = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            position = close + 1
            return .literal(text)
        }
        if ("0"..."9").contains(scalar) || (scalar == "." && position + 1 < scalars.count && ("0"..."9").contains(scalars[position + 1])) {
            let start = position
            while position < scalars.count, ("0"..."9").contains(scalars[position]) || scalars[position] == "." { position += 1 }
            guard let number = Double(String(String.UnicodeScalarView(scalars[start..<position]))) else { throw error("not a number", at: start) }
            return .number(number)
        }
        if scalar == "$" { throw error("variables are not in the XPath subset Netspec runs; embed a runtime expression as {$…}") }
        let start = position
        guard isNameStart(scalar) else { return nil }
        let name = readName()
        skipSpaces()
        guard position < scalars.count, scalars[position] == "(", !["text", "node", "comment", "processing-instruction"].contains(name) else {
            position = start
            return nil
        }
        guard let function = XPath.Function(rawValue: name) else { throw error("the function '\(name)()' is not in the XPath subset Netspec runs", at: start) }
        let arity = function.arity
        try nest(name + "(", at: start)
        defer { depth -= 1 }
        position += 1
        var arguments: [XPath.Expression] = []
        if !skipToken(")") {
            repeat { arguments.append(try parseOr()) } while skipToken(",")
            guard skipToken(")") else { throw error("expected ',' or ')' in the arguments of '\(name)()'") }
        }
        guard arity.contains(arguments.count) else { throw error("'\(name)()' takes \(arity.upperBound == .max ? "\(arity.lowerBound) or more" : arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) or \(arity.upperBound)") arguments, not \(arguments.count)", at: start) }
        return .function(function, arguments)
    }

    static let anyDescendant = XPath.Step(axis: .descendantOrSelf, test: .node, predicates: [])

    /// Steps separated by `/` or `//`.
    private mutating func parseSteps() throws(ExpressionParseError) -> [XPath.Step] {
        var steps = [try parseStep()]
        while true {
            let slash = slashes()
            guard slash > 0 else { return steps }
            if slash == 2 { steps.append(Self.anyDescendant) }
            steps.append(try parseStep())
        }
    }

    /// `/` (1), `//` (2) or neither (0).
    private mutating func slashes() -> Int {
        skipSpaces()
        guard position < scalars.count, scalars[position] == "/" else { return 0 }
        position += 1
        guard position < scalars.count, scalars[position] == "/" else { return 1 }
        position += 1
        return 2
    }

    private mutating func parseStep() throws(ExpressionParseError) -> XPath.Step {
        skipSpaces()
        if skipToken("..") { return XPath.Step(axis: .parent, test: .node, predicates: []) }
        if skipToken(".") { return XPath.Step(axis: .self, test: .node, predicates: []) }
        var axis = XPath.Axis.child
        if skipToken("@") {
            axis = .attribute
        } else {
            let start = position
            let name = readName()
            if skipToken("::") {
                guard let named = XPath.Axis(rawValue: name) else { throw error("the axis '\(name)::' is not in the XPath subset Netspec runs", at: start) }
                axis = named
            } else {
                position = start
            }
        }
        let test = try parseNodeTest()
        return XPath.Step(axis: axis, test: test, predicates: try parsePredicates())
    }

    private mutating func parseNodeTest() throws(ExpressionParseError) -> XPath.NodeTest {
        skipSpaces()
        if skipToken("*") { return .name("*") }
        let start = position
        guard position < scalars.count, isNameStart(scalars[position]) else { throw error("expected a step: a name, '*', '@', '.', '..', text() or node()") }
        let name = readName()
        guard skipToken("(") else { return .name(name) }
        guard skipToken(")") else { throw error("expected ')' after '\(name)('") }
        switch name {
        case "text": return .text
        case "node": return .node
        default: throw error("the node test '\(name)()' is not in the XPath subset Netspec runs", at: start)
        }
    }

    private mutating func parsePredicates() throws(ExpressionParseError) -> [XPath.Expression] {
        var predicates: [XPath.Expression] = []
        while skipToken("[") {
            try nest("[", at: position - 1)
            predicates.append(try parseOr())
            depth -= 1
            guard skipToken("]") else { throw error("expected ']' to close the predicate") }
        }
        return predicates
    }

    // MARK: - Lexical pieces

    private func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value > 0x7F
    }

    /// An NCName, or a QName `prefix:local` / `prefix:*`.
    private mutating func readName() -> String {
        let start = position
        while position < scalars.count, isNameStart(scalars[position]) || ("0"..."9").contains(scalars[position]) || scalars[position] == "-" || scalars[position] == "." { position += 1 }
        if position + 1 < scalars.count, scalars[position] == ":", scalars[position + 1] != ":" {
            position += 1
            if scalars[position] == "*" { position += 1 } else { _ = readName() }
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    private func keywordHere(_ word: String) -> Bool {
        var index = position
        for scalar in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return index >= scalars.count || !(isNameStart(scalars[index]) || ("0"..."9").contains(scalars[index]) || scalars[index] == "-")
    }

    private mutating func keyword(_ word: String) -> Bool {
        skipSpaces()
        guard keywordHere(word) else { return false }
        position += word.unicodeScalars.count
        return true
    }
}
