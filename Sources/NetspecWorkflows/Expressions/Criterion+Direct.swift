// The shapes most criteria have, compiled to direct reads of the step's answer (issue 54's step
// cost): `$statusCode == 200` a compare of the status, `$response.body#/status == 'OK'` a pointer
// read and the case-insensitive compare of Condition+Evaluation.swift, `&&` of those, a regex on
// `$statusCode` matched against the status's digits, and a JSONPath query over the body. A direct
// check answers only "it passes, having read this": whenever it cannot say so (a value that is
// absent, a body that is not JSON, a condition that fails), the criterion is evaluated the general
// way, which decides and says why — so that a direct check never changes a result or a report.

import NetspecModel

/// A criterion's direct check: what it reads and how it decides that the criterion passes.
indirect enum DirectCheck: Sendable {
    /// A value the check reads without evaluating a runtime expression.
    enum Read: Sendable {
        /// `$statusCode`.
        case statusCode
        /// `$request.body` or `$response.body`, with its JSON pointer.
        case body(response: Bool, pointer: [String]?)

        /// The value read, or `nil` when it is absent or the body is not JSON.
        func value(in context: ExpressionContext) -> JSONValue? {
            switch self {
            case .statusCode:
                return context.statusCode.map(JSONValue.int)
            case let .body(response, pointer):
                guard case let .json(body)? = response ? context.response?.body : context.request.body else { return .none }
                guard let pointer else { return body }
                return body.at(pointer: pointer)
            }
        }

        init?(_ operand: Condition.Operand) {
            guard operand.accessors.isEmpty else { return nil }
            switch operand.expression.reference {
            case .statusCode: self = .statusCode
            case let .response(.body(pointer)): self = .body(response: true, pointer: pointer)
            case let .request(.body(pointer)): self = .body(response: false, pointer: pointer)
            default: return nil
            }
        }
    }

    /// `READ OP literal`.
    case compare(Read, Condition.Comparison, JSONValue)
    /// `A && B && …`.
    case and([DirectCheck])
    /// A regex searched for in the value's text.
    case pattern(Read, SchemaPattern)
    /// A JSONPath query with a node in the value.
    case jsonpath(Read, JSONPath)

    /// The direct check of `criterion`, or `nil` when it has none.
    init?(_ criterion: Criterion) {
        switch criterion.compiled {
        case let .simple(condition): self.init(condition.root)
        case let .regex(operand, .ready(pattern)):
            guard let read = Read(operand) else { return nil }
            self = .pattern(read, pattern)
        case let .jsonpath(operand, .ready(query)):
            guard let read = Read(operand) else { return nil }
            self = .jsonpath(read, query)
        default: return nil
        }
    }

    private init?(_ node: Condition.Node) {
        switch node {
        case let .and(terms):
            var checks: [DirectCheck] = []
            for term in terms {
                guard let check = DirectCheck(term) else { return nil }
                checks.append(check)
            }
            self = .and(checks)
        case let .compare(comparison, .operand(operand), .literal(literal)):
            guard let read = Read(operand) else { return nil }
            self = .compare(read, comparison, literal)
        default: return nil
        }
    }

    /// The first value read when the criterion passes — what its report shows as actual — or
    /// `nil` when the general evaluation must decide. (`JSONValue` is `ExpressibleByNilLiteral`:
    /// each `nil` here is written as `Optional.none`, which cannot become `null`.)
    func passingActual(in context: ExpressionContext) -> JSONValue? {
        switch self {
        case let .compare(read, comparison, literal):
            guard let value = read.value(in: context) else { return .none }
            if case let .int(status) = value, case let .int(expected) = literal, comparison == .equal {
                return status == expected ? .some(value) : .none
            }
            return Condition.compare(value, comparison, literal) ? .some(value) : .none
        case let .and(checks):
            guard let first = checks[0].passingActual(in: context), checks.dropFirst().allSatisfy({ $0.passingActual(in: context) != nil }) else { return .none }
            return first
        case let .pattern(read, pattern):
            guard let value = read.value(in: context), value != .null else { return .none }
            let text = if case let .int(number) = value { String(number) } else { ExpressionTemplate.embeddedText(value) }
            return pattern.matches(text) ? .some(value) : .none
        case let .jsonpath(read, query):
            guard let value = read.value(in: context), value != .null else { return .none }
            return query.selectsAny(in: value) ? .some(value) : .none
        }
    }
}
