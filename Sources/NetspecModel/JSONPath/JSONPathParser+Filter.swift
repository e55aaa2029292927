/// Filter expressions (RFC 9535 §2.3.5): `||`, `&&`, `!`, parentheses, comparisons, tests, and
/// the function extensions, each checked for being well-typed (§2.4.3) as it is read.
extension JSONPathParser {
    typealias LogicalExpression = JSONPath.LogicalExpression
    typealias Comparable = JSONPath.Comparable

    /// What one operand reads as, before its place decides what it must be.
    private enum Primary {
        case literal(JSONValue)
        case query(JSONPath.Query)
        case function(JSONPath.FunctionCall)
    }

    /// `logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)`.
    mutating func parseLogicalOr() throws(JSONPath.ParseError) -> LogicalExpression {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.deepestNesting {
            throw problem("filter expressions nest deeper than \(Self.deepestNesting) levels here (each '[?', '(' and logical function argument opens one)")
        }
        var terms = [try parseLogicalAnd()]
        while skippingBlanks(toward: "||") {
            terms.append(try parseLogicalAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    /// `logical-and-expr = basic-expr *(S "&&" S basic-expr)`.
    private mutating func parseLogicalAnd() throws(JSONPath.ParseError) -> LogicalExpression {
        var terms = [try parseBasic()]
        while skippingBlanks(toward: "&&") {
            terms.append(try parseBasic())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// Moves past blank space, `symbol` and the blank space after it when `symbol` follows;
    /// otherwise stays where it was.
    private mutating func skippingBlanks(toward symbol: String) -> Bool {
        let start = position
        skipBlanks()
        guard lookingAt(symbol) else {
            position = start
            return false
        }
        position += symbol.unicodeScalars.count
        skipBlanks()
        return true
    }

    /// `basic-expr = paren-expr / comparison-expr / test-expr`, each maybe negated where the
    /// grammar allows it (a parenthesized expression or a test).
    private mutating func parseBasic() throws(JSONPath.ParseError) -> LogicalExpression {
        if peek == "!" {
            position += 1
            skipBlanks()
            if peek == "(" { return .not(try parseParenthesized()) }
            let start = position
            let operand = try test(try parsePrimary(), at: start)
            let after = position
            skipBlanks()
            if comparisonOperator != nil {
                throw problem(at: start - 1, "'!' negates a test or a parenthesized expression, not a comparison; write !(… == …)")
            }
            position = after
            return .not(operand)
        }
        if peek == "(" { return try parseParenthesized() }
        let start = position
        let left = try parsePrimary()
        let afterLeft = position
        skipBlanks()
        guard let comparison = comparisonOperator else {
            position = afterLeft
            return try test(left, at: start)
        }
        position += comparison.rawValue.unicodeScalars.count
        skipBlanks()
        let rightStart = position
        let right = try parsePrimary()
        return .comparison(try comparable(left, at: start), comparison, try comparable(right, at: rightStart))
    }

    /// `"(" S logical-expr S ")"`.
    private mutating func parseParenthesized() throws(JSONPath.ParseError) -> LogicalExpression {
        let start = position
        position += 1
        skipBlanks()
        let expression = try parseLogicalOr()
        skipBlanks()
        guard peek == ")" else { throw problem(peek == nil ? "the '(' at column \(start + 1) is not closed" : "expected ')'") }
        position += 1
        return expression
    }

    /// The comparison operator at the position, if any.
    private var comparisonOperator: JSONPath.ComparisonOperator? {
        for candidate in [JSONPath.ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where lookingAt(candidate.rawValue) {
            return candidate
        }
        return nil
    }

    // MARK: - Operands

    /// A literal, a query (`@…`, `$…`) or a function call.
    private mutating func parsePrimary() throws(JSONPath.ParseError) -> Primary {
        switch peek {
        case "@", "$":
            let isAbsolute = peek == "$"
            position += 1
            return .query(JSONPath.Query(isAbsolute: isAbsolute, segments: try parseSegments()))
        case "'", "\"":
            return .literal(.string(try parseStringLiteral()))
        case let scalar? where scalar == "-" || ("0"..."9").contains(scalar):
            return .literal(try parseNumber())
        case let scalar? where ("a"..."z").contains(scalar):
            let start = position
            var name = String.UnicodeScalarView()
            while let scalar = peek, ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
                name.append(scalar)
                position += 1
            }
            let word = String(name)
            if peek == "(" { return .function(try parseCall(word, at: start)) }
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            default: throw problem(at: start, "'\(word)' is neither a literal (true, false, null) nor a function call")
            }
        case nil:
            throw problem("the filter ends here; expected a query, a literal or a function call")
        default:
            throw problem("expected a query ('@' or '$'), a literal or a function call")
        }
    }

    /// `function-name "(" S [function-argument *(S "," S function-argument)] S ")"`, from its `(`.
    private mutating func parseCall(_ name: String, at start: Int) throws(JSONPath.ParseError) -> JSONPath.FunctionCall {
        guard let function = JSONPath.Function(rawValue: name) else {
            let known = JSONPath.Function.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem(at: start, "unknown function '\(name)' (the functions are \(known))")
        }
        let parameters = function.parameters
        let taking = "'\(name)' takes \(pluralized(parameters.count, "argument"))"
        position += 1
        skipBlanks()
        var arguments: [JSONPath.Argument] = []
        if peek != ")" {
            while true {
                guard arguments.count < parameters.count else { throw problem(taking) }
                arguments.append(try parseArgument(of: parameters[arguments.count], for: name))
                skipBlanks()
                guard peek == "," else { break }
                position += 1
                skipBlanks()
            }
        }
        guard peek == ")" else { throw problem(peek == nil ? "the arguments of '\(name)' are not closed by ')'" : "expected ',' or ')' in the arguments of '\(name)'") }
        guard arguments.count == parameters.count else { throw problem(taking + ", got \(arguments.count)") }
        position += 1
        return JSONPath.FunctionCall(function: function, arguments: arguments)
    }

    /// One argument, read as its parameter's declared type requires (§2.4.3).
    private mutating func parseArgument(of type: JSONPath.FunctionType, for name: String) throws(JSONPath.ParseError) -> JSONPath.Argument {
        let start = position
        switch type {
        case .logical:
            return .logical(try parseLogicalOr())
        case .value:
            return .value(try comparable(try parsePrimary(), at: start, argumentOf: name))
        case .nodes:
            // No function of the RFC's gives nodes, so a query is the one argument of this type.
            guard case let .query(query) = try parsePrimary() else {
                throw problem(at: start, "'\(name)' takes a query (the nodes it selects), not a literal or a value")
            }
            return .nodes(query)
        }
    }

    /// An operand as a comparable: a literal, a singular query, or a function returning a value.
    private func comparable(_ primary: Primary, at start: Int, argumentOf function: String? = nil) throws(JSONPath.ParseError) -> Comparable {
        let place = function.map { "an argument of '\($0)'" } ?? "a query compared"
        switch primary {
        case let .literal(value):
            return .literal(value)
        case let .query(query):
            guard query.isSingular else {
                throw problem(at: start, "\(place) must be a singular query (names and indexes only: no '..', '*', slices or filters)")
            }
            return .query(query)
        case let .function(call):
            guard call.function.result == .value else {
                throw problem(at: start, "'\(call.function.rawValue)' gives a logical value, which \(function == nil ? "cannot be compared" : "is not a value"); use it as a test")
            }
            return .function(call)
        }
    }

    /// An operand used as a test: a query (true when it selects a node) or a function returning a
    /// logical value or nodes.
    private func test(_ primary: Primary, at start: Int) throws(JSONPath.ParseError) -> LogicalExpression {
        switch primary {
        case .literal:
            throw problem(at: start, "a literal is not a test; compare it with a query (@.x == …)")
        case let .query(query):
            return .exists(query)
        case let .function(call):
            guard call.function.result != .value else {
                throw problem(at: start, "'\(call.function.rawValue)' gives a value, which a filter cannot test; compare it (\(call.function.rawValue)(…) > 0)")
            }
            return .function(call)
        }
    }
}
