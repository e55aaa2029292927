// Evaluating a `simple` condition by the rules of Arazzo 1.1 § Condition Evaluation (which
// 1.0.1's "loose comparisons" leave open):
// - string comparisons are case-insensitive (`'OK' == 'ok'`); `<`, `>` order strings by their
//   lowercase Unicode scalars;
// - a numeric string compared with a number is that number (`'200' == 200`; header values are
//   strings); two strings are compared as strings;
// - `null` equals only `null`, and orders with nothing (`null < 1` is false);
// - values of different types are unequal and unordered; arrays and objects compare whole;
// - `!`, `&&`, `||` take `true` as true and everything else (false, null, numbers…) as false;
// - an operand that names nothing (an absent member, header or output) is `null`; `.name` and
//   `[i]` on a value without that member or element are `null`;
// - the condition passes only when it evaluates to `true`.

package import NetspecModel

extension Condition {
    /// A value the condition read: an operand as written and its value.
    package struct Observation: Sendable, Hashable {
        package let expression: String
        package let value: JSONValue
    }

    /// Evaluates the condition in `context`: whether it passes, and each operand's value.
    ///
    /// - Throws: ``ExpressionError`` when an operand cannot be read (a JSON pointer into a body
    ///   that is not JSON); an absent value is `null`, not an error.
    package func evaluate(in context: ExpressionContext) throws(ExpressionError) -> (passed: Bool, observations: [Observation]) {
        var observations = Observations(keepsAll: true)
        let value = try root.evaluate(in: context, observations: &observations)
        return (value == .bool(true), observations.all)
    }

    /// Evaluates the condition in `context`: whether it passes, and its first operand's value
    /// only (a passing criterion's actual), with no list of the values read.
    package func evaluateFirst(in context: ExpressionContext) throws(ExpressionError) -> (passed: Bool, first: JSONValue?) {
        var observations = Observations(keepsAll: false)
        let value = try root.evaluate(in: context, observations: &observations)
        return (value == .bool(true), observations.first)
    }

    /// The values a condition read: the first, and every one when a report needs them.
    struct Observations {
        let keepsAll: Bool
        var first: JSONValue?
        var all: [Observation] = []

        mutating func append(_ operand: Operand, _ value: JSONValue) {
            if first == nil { first = value }
            if keepsAll { all.append(Observation(expression: operand.text, value: value)) }
        }
    }
}

extension Condition.Node {
    func evaluate(in context: ExpressionContext, observations: inout Condition.Observations) throws(ExpressionError) -> JSONValue {
        switch self {
        case let .literal(value): return value
        case let .operand(operand):
            let value = try operand.evaluate(in: context)
            observations.append(operand, value)
            return value
        case let .not(node): return .bool(try node.evaluate(in: context, observations: &observations) != .bool(true))
        case let .and(terms):
            // Every term is read (each value read is observed), whatever the first ones gave.
            var all = true
            for term in terms {
                if try term.evaluate(in: context, observations: &observations) != .bool(true) { all = false }
            }
            return .bool(all)
        case let .or(terms):
            var any = false
            for term in terms {
                if try term.evaluate(in: context, observations: &observations) == .bool(true) { any = true }
            }
            return .bool(any)
        case let .compare(comparison, left, right):
            let first = try left.evaluate(in: context, observations: &observations)
            let second = try right.evaluate(in: context, observations: &observations)
            return .bool(Condition.compare(first, comparison, second))
        }
    }
}

extension Condition.Operand {
    /// The operand's value; `null` when it names nothing.
    func evaluate(in context: ExpressionContext) throws(ExpressionError) -> JSONValue {
        var value: JSONValue
        do {
            value = try expression.evaluate(in: context)
        } catch where error.isAbsent {
            return .null
        }
        for accessor in accessors {
            switch (accessor, value) {
            case let (.member(name), .object(object)): value = object[name] ?? .null
            case let (.index(index), .array(array)): value = index < array.count ? array[index] : .null
            default: return .null
            }
        }
        return value
    }
}

extension Condition {
    /// `left comparison right` by the rules in this file's header.
    package static func compare(_ left: JSONValue, _ comparison: Comparison, _ right: JSONValue) -> Bool {
        let order = self.order(left, right)
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order.map { $0 < 0 } ?? false
        case .lessOrEqual: return order.map { $0 <= 0 } ?? false
        case .greater: return order.map { $0 > 0 } ?? false
        case .greaterOrEqual: return order.map { $0 >= 0 } ?? false
        }
    }

    /// -1, 0 or 1 for ordered values; 0 or `nil` (unequal) for equality-only ones; `nil` for
    /// values that cannot be compared.
    private static func order(_ left: JSONValue, _ right: JSONValue) -> Int? {
        switch (left, right) {
        case (.null, .null): return 0
        case (.null, _), (_, .null): return nil
        case let (.string(a), .string(b)):
            if let order = asciiOrder(a, b) { return order }
            let (x, y) = (a.lowercased(), b.lowercased())
            return x == y ? 0 : (x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1)
        case let (.bool(a), .bool(b)): return a == b ? 0 : nil
        case (.array, .array), (.object, .object): return left == right ? 0 : nil
        default:
            guard let a = number(left, other: right), let b = number(right, other: left) else { return nil }
            if case let .int(x) = left, case let .int(y) = right { return x == y ? 0 : (x < y ? -1 : 1) }
            return a == b ? 0 : (a < b ? -1 : (a > b ? 1 : nil))
        }
    }

    /// The order of two ASCII strings by their lowercase bytes, which is the order of their
    /// lowercase Unicode scalars, without making the lowercase strings (`'OK' == 'ok'` was a
    /// tenth of a step's simple condition); `nil` when either is not ASCII.
    private static func asciiOrder(_ a: String, _ b: String) -> Int? {
        var (left, right) = (a.utf8.makeIterator(), b.utf8.makeIterator())
        var order = 0
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return order
            case let (x?, nil): if x >= 0x80 { return nil }; if order == 0 { order = 1 }
            case let (nil, y?): if y >= 0x80 { return nil }; if order == 0 { order = -1 }
            case let (x?, y?):
                if x >= 0x80 || y >= 0x80 { return nil }
                let (p, q) = (lower(x), lower(y))
                if order == 0, p != q { order = p < q ? -1 : 1 }
            }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// `value` as a number: a number, or a numeric string when `other` is a number.
    private static func number(_ value: JSONValue, other: JSONValue) -> Double? {
        if let number = value.double { return number }
        guard case let .string(text) = value, other.double != nil, let first = text.unicodeScalars.first,
              first == "-" || ("0"..."9").contains(first), let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
