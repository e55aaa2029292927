// Evaluating the XPath subset over an XMLTree by XPath 1.0: node-sets in document order, the
// conversions of § 4 (string(), number(), boolean()), and comparisons by § 3.4 (a node-set
// compared with anything by any of its nodes).

extension XPath {
    /// An XPath 1.0 value.
    enum Value: Sendable, Equatable {
        /// Node indexes in the tree, in document order without repeats.
        case nodes([Int])
        case boolean(Bool)
        case number(Double)
        case string(String)

        /// XPath 1.0's boolean(): a node-set that is not empty, a number neither 0 nor NaN, a
        /// string that is not empty. For these four types the later versions' Effective Boolean
        /// Value is the same.
        var isTrue: Bool {
            switch self {
            case let .nodes(nodes): !nodes.isEmpty
            case let .boolean(value): value
            case let .number(value): value != 0 && !value.isNaN
            case let .string(value): !value.isEmpty
            }
        }

        /// Why the value is not true: "it selects no node".
        var failure: String {
            switch self {
            case .nodes: "it selects no node"
            case .boolean: "it is false"
            case let .number(value): "it is \(XPath.string(value))"
            case .string: "it is the empty string"
            }
        }
    }

    /// Where an expression is evaluated: a node, its position in its set (from 1) and the set's size.
    struct Focus {
        let node: Int
        let position: Int
        let size: Int
    }

    /// The value of the expression with the document node as the context.
    func evaluate(on tree: XMLTree) -> Value {
        XPathEvaluator(tree: tree).evaluate(root, Focus(node: 0, position: 1, size: 1))
    }

    /// A number as XPath 1.0's string(): integers without a fraction, `NaN`, `Infinity`.
    static func string(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}

/// Evaluates expressions over one tree.
struct XPathEvaluator {
    let tree: XMLTree

    func evaluate(_ expression: XPath.Expression, _ focus: XPath.Focus) -> XPath.Value {
        switch expression {
        case let .or(left, right): return .boolean(evaluate(left, focus).isTrue || evaluate(right, focus).isTrue)
        case let .and(left, right): return .boolean(evaluate(left, focus).isTrue && evaluate(right, focus).isTrue)
        case let .compare(comparison, left, right): return .boolean(compare(evaluate(left, focus), comparison, evaluate(right, focus)))
        case let .negate(operand): return .number(-number(evaluate(operand, focus)))
        case let .union(left, right): return .nodes(ordered(nodes(evaluate(left, focus)) + nodes(evaluate(right, focus))))
        case let .path(absolute, steps): return .nodes(select(steps, from: [absolute ? 0 : focus.node]))
        case let .filter(primary, predicates, steps):
            var selected = nodes(evaluate(primary, focus))
            for predicate in predicates { selected = filter(selected, by: predicate) }
            return .nodes(steps.isEmpty ? selected : select(steps, from: selected))
        case let .literal(text): return .string(text)
        case let .number(value): return .number(value)
        case let .function(name, arguments): return call(name, arguments, focus)
        }
    }

    // MARK: - Paths

    private func select(_ steps: [XPath.Step], from start: [Int]) -> [Int] {
        var current = start
        for step in steps {
            var next: [Int] = []
            for node in current {
                var found = axis(step.axis, of: node).filter { matches(step.test, $0, axis: step.axis) }
                for predicate in step.predicates { found = filter(found, by: predicate) }
                next += found
            }
            current = ordered(next)
        }
        return current
    }

    /// `nodes` that pass `predicate`: a number is a position, anything else a boolean.
    private func filter(_ nodes: [Int], by predicate: XPath.Expression) -> [Int] {
        nodes.enumerated().compactMap { offset, node in
            let value = evaluate(predicate, XPath.Focus(node: node, position: offset + 1, size: nodes.count))
            if case let .number(position) = value { return position == Double(offset + 1) ? node : nil }
            return value.isTrue ? node : nil
        }
    }

    private func axis(_ axis: XPath.Axis, of node: Int) -> [Int] {
        switch axis {
        case .child: return tree.nodes[node].children
        case .attribute: return tree.nodes[node].attributes
        case .self: return [node]
        case .parent: return tree.nodes[node].parent.map { [$0] } ?? []
        case .descendant: return descendants(of: node)
        case .descendantOrSelf: return [node] + descendants(of: node)
        }
    }

    private func descendants(of node: Int) -> [Int] {
        var output: [Int] = []
        for child in tree.nodes[node].children {
            output.append(child)
            output += descendants(of: child)
        }
        return output
    }

    private func matches(_ test: XPath.NodeTest, _ node: Int, axis: XPath.Axis) -> Bool {
        let candidate = tree.nodes[node]
        switch test {
        case .node: return true
        case .text: return candidate.kind == .text
        case let .name(name):
            guard candidate.kind == (axis == .attribute ? .attribute : .element) else { return false }
            if name == "*" { return true }
            if name.hasSuffix(":*") { return candidate.name.hasPrefix(name.dropLast()) }
            return candidate.name == name
        }
    }

    /// Node indexes are document order: sorted, without repeats.
    private func ordered(_ nodes: [Int]) -> [Int] {
        var seen = Set<Int>()
        return nodes.filter { seen.insert($0).inserted }.sorted()
    }

    // MARK: - Conversions and comparisons

    func nodes(_ value: XPath.Value) -> [Int] {
        if case let .nodes(nodes) = value { return nodes }
        return []
    }

    func string(_ value: XPath.Value) -> String {
        switch value {
        case let .nodes(nodes): nodes.first.map(tree.stringValue) ?? ""
        case let .boolean(value): value ? "true" : "false"
        case let .number(value): XPath.string(value)
        case let .string(value): value
        }
    }

    func number(_ value: XPath.Value) -> Double {
        switch value {
        case .nodes: return Self.number(string(value))
        case let .boolean(value): return value ? 1 : 0
        case let .number(value): return value
        case let .string(text): return Self.number(text)
        }
    }

    /// XPath 1.0's number() of a string: optional white space, an optional '-', digits with an
    /// optional '.'; anything else is NaN.
    static func number(_ text: String) -> Double {
        let trimmed = text.trimmingWhitespaceScalars()
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "-" }),
              !trimmed.dropFirst().contains("-"), let value = Double(trimmed) else { return .nan }
        return value
    }

    /// § 3.4: node-sets by any of their nodes' string-values; otherwise boolean, then number,
    /// then string for `=` and `!=`, and numbers for the orderings.
    private func compare(_ left: XPath.Value, _ comparison: XPath.Comparison, _ right: XPath.Value) -> Bool {
        switch (left, right) {
        case let (.nodes(a), .nodes(b)):
            let strings = Set(b.map(tree.stringValue))
            return a.contains { x in strings.contains { y in holds(.string(tree.stringValue(x)), comparison, .string(y)) } }
        case let (.nodes(a), .boolean), let (.boolean, .nodes(a)):
            let set = XPath.Value.boolean(!a.isEmpty)
            return if case .nodes = left { holds(set, comparison, right) } else { holds(left, comparison, set) }
        case let (.nodes(a), other):
            return a.contains { holds(convert(tree.stringValue($0), like: other), comparison, other) }
        case let (other, .nodes(b)):
            return b.contains { holds(other, comparison, convert(tree.stringValue($0), like: other)) }
        default:
            return holds(left, comparison, right)
        }
    }

    private func convert(_ text: String, like other: XPath.Value) -> XPath.Value {
        if case .number = other { return .number(Self.number(text)) }
        return .string(text)
    }

    /// Two values that are not node-sets.
    private func holds(_ left: XPath.Value, _ comparison: XPath.Comparison, _ right: XPath.Value) -> Bool {
        switch comparison {
        case .equal, .notEqual:
            let equal: Bool
            switch (left, right) {
            case (.boolean, _), (_, .boolean): equal = left.isTrue == right.isTrue
            case (.number, _), (_, .number): equal = number(left) == number(right)
            default: equal = string(left) == string(right)
            }
            return comparison == .equal ? equal : !equal
        case .less: return number(left) < number(right)
        case .lessOrEqual: return number(left) <= number(right)
        case .greater: return number(left) > number(right)
        case .greaterOrEqual: return number(left) >= number(right)
        }
    }
}

extension String {
    /// The text without leading and trailing XML white space (space, tab, CR, LF).
    func trimmingWhitespaceScalars() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
