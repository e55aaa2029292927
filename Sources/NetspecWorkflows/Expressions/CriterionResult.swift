// What evaluating a criterion found, with what the runner needs to say why a step failed:
// "criterion `$statusCode == 200` failed: actual 404". Values are shown as compact JSON, cut at
// 120 characters.

package import NetspecModel

/// Whether a criterion passed, the values it read and, when it failed, why.
package struct CriterionResult: Sendable, Hashable, CustomStringConvertible {
    /// Whether the criterion passed.
    package let passed: Bool
    /// The condition as written.
    package let condition: String
    package let kind: Criterion.Kind
    /// The context as written, for regex, jsonpath and xpath.
    package let context: String?
    /// The values read: a simple condition's operands, or the context, each as written with its value.
    package let observations: [Condition.Observation]
    /// Why it failed beyond the values: "the nodelist is empty", "it is false", or the error that
    /// stopped evaluation (a regex that does not compile, a body that is not XML).
    package let detail: String?

    /// The "actual" of a report: the value of the condition's first operand, or of the context;
    /// `nil` when the criterion failed having read several values (`$statusCode == 200 &&
    /// $response.body#/state != null`), where the first may be one that passed: ``failedValues``
    /// names each, as ``description`` does.
    package var actual: JSONValue? { failedValues.isEmpty ? observations.first?.value : nil }

    /// The values a failed criterion read when there are several, each with its expression; empty
    /// otherwise (one value is ``actual``).
    package var failedValues: [Condition.Observation] { !passed && observations.count > 1 ? observations : [] }

    /// `criterion `$statusCode == 200` failed: actual 404`; with several operands each is named:
    /// `failed: $statusCode = 404, $response.body#/ok = null`; for the other kinds the context is
    /// named: "criterion `^2\d{2}$` (regex on $statusCode) failed: actual 404".
    package var description: String {
        let head = "criterion `\(Self.quoted(condition))`" + (kind == .simple ? "" : " (\(kind.rawValue) on \(context ?? ""))")
        if passed { return head + " passed" }
        var because: [String] = []
        if let detail { because.append(detail) }
        if observations.count == 1 {
            because.append("actual \(Self.shown(observations[0].value))")
        } else if !observations.isEmpty {
            because.append("actual " + observations.map { "\($0.expression) = \(Self.shown($0.value))" }.joined(separator: ", "))
        }
        return head + " failed" + (because.isEmpty ? "" : ": " + because.joined(separator: "; "))
    }

    /// A condition as a message quotes it: cut at 200 characters with `…`.
    package static func quoted(_ condition: String) -> String {
        condition.shortened(to: 200)
    }

    /// `value` as compact JSON, cut at 120 characters with `…`.
    static func shown(_ value: JSONValue) -> String {
        value.description.shortened(to: 120)
    }
}
