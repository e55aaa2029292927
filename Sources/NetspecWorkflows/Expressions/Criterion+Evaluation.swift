// Evaluating a criterion by Arazzo 1.1 § Condition Evaluation: a simple condition passes when it
// is `true`; a regex when it is found in the context's value written as text (a search: anchor
// it with ^ and $, as the specification's examples do); a JSONPath query when its nodelist is not
// empty; an XPath expression when its value is true by XPath 1.0's boolean conversion. A context
// that is null or absent fails, and so does a condition that cannot be evaluated (an embedded
// expression that names nothing, a pattern that does not compile, a body that is not JSON or
// XML): the result says why.

import NetspecModel

extension Criterion {
    /// Evaluates the criterion in `context`. Never throws: a criterion that cannot be evaluated fails.
    package func evaluate(in context: ExpressionContext) -> CriterionResult {
        switch compiled {
        case let .simple(condition):
            do {
                let (passed, observations) = try condition.evaluate(in: context)
                return result(passed, observations, nil)
            } catch {
                return result(false, [], error.description)
            }
        case let .regex(operand, _), let .jsonpath(operand, _), let .xpath(operand, _):
            return withContext(operand, in: context) { value in try check(value, in: context) }
        }
    }

    /// The first value a passing criterion read (its actual: `.some(nil)` when it read none), or
    /// `nil` when it does not pass — without the list of values and the text a failure's report
    /// needs, which ``evaluate(in:)`` then makes (a passing step's criteria were a tenth of it).
    func passingActual(in context: ExpressionContext) -> JSONValue?? {
        switch compiled {
        case let .simple(condition):
            guard let outcome = try? condition.evaluateFirst(in: context), outcome.passed else { return nil }
            return .some(outcome.first)
        case let .regex(operand, _), let .jsonpath(operand, _), let .xpath(operand, _):
            guard let value = try? operand.evaluate(in: context), value != .null else { return nil }
            do { return try check(value, in: context) == nil ? .some(value) : nil } catch { return nil }
        }
    }

    /// Why the context's `value` fails a regex, JSONPath or XPath criterion, or `nil` when it passes.
    private func check(_ value: JSONValue, in context: ExpressionContext) throws -> String? {
        switch compiled {
        case .simple: return nil
        case let .regex(_, pattern):
            let text = ExpressionTemplate.embeddedText(value)
            let compiled = try self.compile(pattern, in: context, SchemaPattern.compile)
            return compiled.matches(text) ? nil : "the pattern is not found in it"
        case let .jsonpath(operand, query):
            if let problem = Self.notJSON(operand, in: context) { return problem }
            let compiled = try self.compile(query, in: context, JSONPath.compile)
            return compiled.selectsAny(in: value) ? nil : "the nodelist is empty"
        case let .xpath(_, expression):
            guard case let .string(text) = value else { return "the context is not an XML document (it is JSON)" }
            let compiled = try self.compile(expression, in: context, XPath.compile)
            let document: XMLTree
            do { document = try XMLTree(parsing: text) } catch { return "the context is not XML: \(error)" }
            let outcome = compiled.evaluate(on: document)
            return outcome.isTrue ? nil : outcome.failure
        }
    }

    /// Evaluates the context and runs `check` on its value; `check` returns why it failed, or `nil`.
    private func withContext(_ operand: Condition.Operand, in context: ExpressionContext, _ check: (JSONValue) throws -> String?) -> CriterionResult {
        let value: JSONValue
        do { value = try operand.evaluate(in: context) } catch { return result(false, [], error.description) }
        let observations = [Condition.Observation(expression: operand.text, value: value)]
        if value == .null { return result(false, observations, "the context is null") }
        do {
            let failure = try check(value)
            return result(failure == nil, observations, failure)
        } catch {
            return result(false, observations, "\(error)")
        }
    }

    /// The condition compiled: at load, or now with its embedded expressions written in.
    private func compile<Compiled>(_ compilable: Compilable<Compiled>, in context: ExpressionContext, _ compile: (String) throws(ExpressionParseError) -> Compiled) throws -> Compiled {
        switch compilable {
        case let .ready(compiled): return compiled
        case let .template(template):
            let text = try template.render(in: context)
            do { return try compile(text) } catch { throw ConditionFailure(message: "the condition with its expressions written in, '\(text)', is not valid: \(error)") }
        }
    }

    /// Why a JSONPath context is not JSON: it names a body that is text.
    private static func notJSON(_ operand: Condition.Operand, in context: ExpressionContext) -> String? {
        let body: ExpressionContext.Body?
        switch operand.expression.reference {
        case .request(.body): body = context.request.body
        case .response(.body): body = context.response?.body
        default: return nil
        }
        if case let .text(_, mediaType)? = body { return "the body is \(mediaType), not JSON" }
        return nil
    }

    private func result(_ passed: Bool, _ observations: [Condition.Observation], _ detail: String?) -> CriterionResult {
        CriterionResult(passed: passed, condition: condition, kind: kind, context: self.context, observations: observations, detail: detail)
    }
}

/// A condition that could not be evaluated: its message is the result's detail.
struct ConditionFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
