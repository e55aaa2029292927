// What a run reports of each step it ran: what was called and how it answered, each criterion's
// result with the value it read, and the action taken. `netspec run -v` prints one line of it per
// step, `--json` all of it; Swift gets it from `Workflows.runReport(_:inputs:provider:options:)`.

public import NetspecModel

/// One step as it ran (each retry of a step is a report of its own).
public struct StepReport: Sendable {
    /// The workflow the step is in.
    public let workflowId: String
    /// The step.
    public let stepId: String
    /// Which attempt of the step this was, from 1.
    public let attempt: Int
    /// What the step did, as the runner filled it in: the report refers to it rather than
    /// copying its fields (issue 54's step cost: each copied field was retained for the report
    /// and released twice, once with the outcome and once with the report).
    let outcome: StepOutcome

    init(workflowId: String, stepId: String, outcome: StepOutcome, attempt: Int) {
        self.workflowId = workflowId
        self.stepId = stepId
        self.outcome = outcome
        self.attempt = attempt
    }

    /// The operation called (its endpoint's name), or `nil` for a step that runs a workflow.
    public var operation: String? { outcome.operation }
    /// The source the operation is in.
    public var source: String? { outcome.source }
    /// The workflow the step runs, for a `workflowId` step.
    public var workflow: String? { outcome.workflow }
    /// The request's method, `GET`.
    public var method: String? { outcome.method }
    /// The request's URL, without the credentials the call attaches.
    public var url: String? { outcome.url }
    /// The response's status.
    public var status: Int? { outcome.status }
    /// Why the step got no response, when it got none: `no response: cannot connect to
    /// 127.0.0.1:8080: connection refused`, `no response within the step's timeout (200 ms): …`.
    /// Such a step has failed, without a status, its criteria not evaluated.
    public var noResponse: String? { outcome.noResponse }
    /// Each success criterion's result, in order (a step without `successCriteria` has none: a
    /// 2xx status is its success).
    public var criteria: [CriterionReport] { outcome.criteria }
    /// Whether the step succeeded.
    public var succeeded: Bool { outcome.succeeded }
    /// The action taken after it: `next`, `end`, `goto step 'S'`, `goto workflow 'W'`,
    /// `retry 1 of 3 after 2 s`, `retry 1 of 3 after 5 s (Retry-After)`, `fail`, `fail (an
    /// output cannot be evaluated)`.
    public var action: String { outcome.action }

    /// A line for `-v`: `buy.pay  createOrder POST http://…/orders → 201  ✓ $statusCode == 201  → next`.
    public var line: String {
        var parts = ["\(workflowId).\(stepId)"]
        if let operation { parts.append([operation, method, url].compactMap { $0 }.joined(separator: " ")) }
        if let workflow { parts.append("workflow \(workflow)") }
        if let status { parts.append("→ \(status)") }
        if let noResponse { parts.append("→ \(noResponse)") }
        for criterion in criteria { parts.append(criterion.summary) }
        // By the status, which a step without criteria is judged by (a 2xx step whose outputs
        // cannot be evaluated has not succeeded, and its action says so).
        if criteria.isEmpty, let status { parts.append((200..<300).contains(status) ? "2xx" : "not 2xx") }
        parts.append("⇒ \(action)")
        return parts.joined(separator: "  ")
    }

    /// The report as JSON (`netspec run --json`).
    public var json: JSONValue {
        var object: JSONObject = ["workflowId": .string(workflowId), "stepId": .string(stepId), "attempt": .int(attempt)]
        if let operation { object.append(.string(operation), forKey: "operation") }
        if let source { object.append(.string(source), forKey: "source") }
        if let workflow { object.append(.string(workflow), forKey: "workflow") }
        if let method { object.append(.string(method), forKey: "method") }
        if let url { object.append(.string(url), forKey: "url") }
        if let status { object.append(.int(status), forKey: "status") }
        if let noResponse { object.append(.string(noResponse), forKey: "noResponse") }
        object.append(.array(criteria.map(\.json)), forKey: "criteria")
        object.append(.bool(succeeded), forKey: "succeeded")
        object.append(.string(action), forKey: "action")
        return .object(object)
    }

    /// `1 retry`, `3 retries`: the retries a step made, as `-v`, ``WorkflowError`` and
    /// `netspec run` word them.
    package static func retries(_ count: Int) -> String {
        count == 1 ? "1 retry" : "\(count) retries"
    }
}

/// A criterion's result: its condition, whether it passed, the value it read, and where it is written.
public struct CriterionReport: Sendable, Hashable {
    /// The criterion as compiled, which holds its condition, type, place and passing message: a
    /// report refers to it rather than copying its four strings (issue 54's step cost).
    let criterion: CompiledCriterion
    /// Whether it passed.
    public let passed: Bool
    /// The value it read (the first operand of a simple condition, else the context), if any;
    /// `nil` for a criterion that failed having read several values, each in ``values``.
    public let actual: JSONValue?
    /// The values a failed criterion read when there are several (`$statusCode == 200 &&
    /// $response.body#/state != null`), each with its expression; empty otherwise.
    public var values: [(expression: String, value: JSONValue)] { observations.map { ($0.expression, $0.value) } }
    let observations: [Condition.Observation]
    /// Why it failed; `nil` when it passed.
    let failure: String?

    init(_ criterion: CompiledCriterion, passed: Bool, actual: JSONValue?, values: [Condition.Observation] = [], failure: String? = nil) {
        self.criterion = criterion
        self.passed = passed
        self.actual = actual
        observations = values
        self.failure = failure
    }

    /// The condition as written.
    public var condition: String { criterion.condition }
    /// `simple`, `regex`, `jsonpath` or `xpath`.
    public var type: String { criterion.kind }
    /// "criterion `$statusCode == 200` failed: actual 404".
    public var message: String { failure ?? criterion.passedMessage }
    /// Where the condition is written: `file:line:column`.
    public var location: String { criterion.location }

    /// Two reports are equal when their condition, type, result, actual value, message and place are.
    public static func == (left: CriterionReport, right: CriterionReport) -> Bool {
        left.passed == right.passed && left.actual == right.actual && left.observations == right.observations && left.condition == right.condition && left.type == right.type
            && left.message == right.message && left.location == right.location
    }

    /// Hashes the values ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(condition)
        hasher.combine(type)
        hasher.combine(passed)
        hasher.combine(actual)
        hasher.combine(observations)
        hasher.combine(message)
        hasher.combine(location)
    }

    /// `✓ $statusCode == 200` or `✗ $statusCode == 200 (actual 404)`; with several values read,
    /// each named as the failure's message names them: `(actual $statusCode = 200, $response.body#/state = null)`.
    var summary: String {
        let condition = CriterionResult.quoted(condition)
        if passed { return "✓ \(condition)" }
        if !observations.isEmpty {
            return "✗ \(condition) (actual " + observations.map { "\($0.expression) = \(CriterionResult.shown($0.value))" }.joined(separator: ", ") + ")"
        }
        return "✗ \(condition)" + (actual.map { " (actual \(CriterionResult.shown($0)))" } ?? "")
    }

    var json: JSONValue {
        var object: JSONObject = ["condition": .string(condition), "type": .string(type), "passed": .bool(passed)]
        if let actual { object.append(actual, forKey: "actual") }
        if !observations.isEmpty {
            object.append(.array(observations.map { .object(["expression": .string($0.expression), "value": $0.value]) }), forKey: "values")
        }
        object.append(.string(message), forKey: "message")
        object.append(.string(location), forKey: "location")
        return .object(object)
    }
}
