// Why a runtime expression has no value when it is evaluated. An absent value is an error naming
// the expression wherever a value is needed (a parameter, a body, an output); in a `simple`
// condition and as a criterion's context it is `null` instead, as the specification's conditions
// read it (1.1 § Condition Evaluation: "evaluates to null or undefined" fails; the examples test
// presence with `!= null`).

/// A runtime expression that cannot be evaluated in its context.
package struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why.
    package enum Reason: Sendable, Hashable {
        /// Nothing has that name (yet): the message says what is missing and what there is.
        case absent(String)
        /// A JSON pointer into a body that is not JSON, or a body that is not text.
        case notJSON(String)
    }

    /// The expression as written, `$steps.login.outputs.token`.
    package let expression: String
    package let reason: Reason

    package init(expression: String, reason: Reason) {
        self.expression = expression
        self.reason = reason
    }

    /// Whether the value is only missing (`null` in a condition), not unreadable.
    package var isAbsent: Bool {
        if case .absent = reason { true } else { false }
    }

    /// `$steps.login.outputs.token: step 'login' has no output 'token' (it has: id)`.
    package var description: String {
        switch reason {
        case let .absent(message), let .notJSON(message): "\(expression): \(message)"
        }
    }
}
