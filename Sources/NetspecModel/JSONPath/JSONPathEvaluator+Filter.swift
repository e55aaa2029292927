/// Filter expressions (RFC 9535 §2.3.5.2) and the function extensions (§2.4.4–2.4.8).
extension JSONPathEvaluator {
    /// Whether `expression` is true for the current node `current` (`@`).
    mutating func test(_ expression: JSONPath.LogicalExpression, current: JSONValue) -> Bool {
        switch expression {
        case let .or(terms):
            for term in terms where test(term, current: current) { return true }
            return false
        case let .and(terms):
            for term in terms where !test(term, current: current) { return false }
            return true
        case let .not(operand):
            return !test(operand, current: current)
        case let .comparison(left, comparison, right):
            return Self.compare(value(of: left, current: current), comparison, value(of: right, current: current))
        case let .exists(query):
            if query.isSingular { return singularValue(query, current: current) != nil }
            return !nodes(of: query, current: current).isEmpty
        case let .function(call):
            return logicalResult(of: call, current: current)
        }
    }

    /// A comparable's value, or `nil` for Nothing (a singular query that selects no node, a
    /// function whose result is Nothing).
    private mutating func value(of comparable: JSONPath.Comparable, current: JSONValue) -> JSONValue? {
        switch comparable {
        case let .literal(value): value
        case let .query(query): singularValue(query, current: current)
        case let .function(call): valueResult(of: call, current: current)
        }
    }

    /// The one node a singular query selects, walked without building node lists.
    private func singularValue(_ query: JSONPath.Query, current: JSONValue) -> JSONValue? {
        var value = query.isAbsolute ? root : current
        for segment in query.segments {
            switch (segment.selectors[0], value) {
            case let (.name(name), .object(object)):
                guard let member = object[name] else { return nil }
                value = member
            case let (.index(index), .array(items)):
                let position = index >= 0 ? index : items.count + index
                guard items.indices.contains(position) else { return nil }
                value = items[position]
            default:
                return nil
            }
        }
        return value
    }

    /// The values a query inside a filter selects.
    private mutating func nodes(of query: JSONPath.Query, current: JSONValue) -> [Node] {
        evaluate(query.segments, from: Node(value: query.isAbsolute ? root : current, path: nil), tracking: false)
    }

    // MARK: - Functions

    /// `length`, `count` and `value`: a value, or `nil` for Nothing.
    private mutating func valueResult(of call: JSONPath.FunctionCall, current: JSONValue) -> JSONValue? {
        switch (call.function, call.arguments.first) {
        case let (.length, .value(argument)?):
            switch value(of: argument, current: current) {
            case let .string(text)?: return .int(text.unicodeScalars.count)
            case let .array(items)?: return .int(items.count)
            case let .object(object)?: return .int(object.count)
            default: return nil
            }
        case let (.count, .nodes(query)?):
            return .int(nodes(of: query, current: current).count)
        case let (.value, .nodes(query)?):
            let selected = nodes(of: query, current: current)
            // Not a ternary: its `nil` would be typed `JSONValue`, which is `.null`, not Nothing.
            guard selected.count == 1 else { return Optional.none }
            return selected[0].value
        default:
            return nil
        }
    }

    /// `match` and `search`: whether the string matches the I-Regexp, wholly or somewhere. Not a
    /// string, or not a valid I-Regexp, is false (§2.4.6, §2.4.7).
    private mutating func logicalResult(of call: JSONPath.FunctionCall, current: JSONValue) -> Bool {
        guard call.arguments.count == 2, case let .value(subject) = call.arguments[0], case let .value(pattern) = call.arguments[1],
              case let .string(text)? = value(of: subject, current: current), case let .string(source)? = value(of: pattern, current: current)
        else { return false }
        let whole = call.function == .match
        let key = (whole ? "m" : "s") + source
        let compiled: SchemaPattern?
        if let known = patterns[key] {
            compiled = known
        } else {
            compiled = IRegexp.translate(source).flatMap { try? SchemaPattern(whole ? "^(?:" + $0 + ")$" : $0) }
            patterns[key] = compiled
        }
        return compiled?.matches(text) ?? false
    }

    // MARK: - Comparisons

    /// A comparison of two values or Nothings (§2.3.5.2.2): `==` is deep equality (Nothing equals
    /// only Nothing), `<` orders numbers and strings (by Unicode scalar values) and nothing else.
    static func compare(_ left: JSONValue?, _ comparison: JSONPath.ComparisonOperator, _ right: JSONValue?) -> Bool {
        switch comparison {
        case .equal: equal(left, right)
        case .notEqual: !equal(left, right)
        case .less: less(left, right)
        case .lessOrEqual: less(left, right) || equal(left, right)
        case .greater: less(right, left)
        case .greaterOrEqual: less(right, left) || equal(left, right)
        }
    }

    private static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        // `.none`, not `nil`: JSONValue is ExpressibleByNilLiteral, so a `nil` pattern would match `.null`.
        switch (left, right) {
        case (.none, .none): return true
        case let (.some(left), .some(right)): return equal(left, right)
        default: return false
        }
    }

    private static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case let (.int(a), .int(b)): return a == b
        case (.int, .double), (.double, .int), (.double, .double): return left.double == right.double
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { member in b[member.key].map { equal(member.value, $0) } ?? false }
        default: return false
        }
    }

    private static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case let (.int(a)?, .int(b)?): return a < b
        case let (.string(a)?, .string(b)?): return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        case let (a?, b?):
            guard let x = a.number, let y = b.number else { return false }
            return x < y
        default: return false
        }
    }
}

private extension JSONValue {
    /// The number this is, as a `Double`; `nil` for anything that is not a number.
    var number: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        default: nil
        }
    }
}
