// The criteria, templates and inputs schemas of a loaded document, compiled once for every run
// of it: a criterion's regex, JSONPath or XPath, a template's runtime expressions and a
// workflow's inputs schema are compiled by the first run that reaches them and kept with the `Workflows` value, so that the 10,000th run of a
// step evaluates what the first compiled (issue 54's step cost: compiling them per run was a
// fifth of a step). A step's success criteria are kept together under the step's place, with
// where each is written and its message when it passes, so that judging a step builds no
// string and looks up once, in the step's plan (StepPlan.swift); a step's parameters are resolved
// and mapped once too, and a source's `Service` is kept while the runs bring the same provider.

import Netspec
import NetspecModel
import Synchronization

/// What the runs of one loaded document compiled, shared by them (and by copies of the value).
final class CompiledExpressions: Sendable {
    /// Where a step or a criterion is written: a key that is built without making a string.
    struct Place: Hashable {
        let file: String
        let line: Int
        let column: Int
    }

    private let criteria = Memo<Place, CompiledCriterion>()
    private let plans = Memo<Place, [StepPlan]>()
    private let stepParameters = Memo<Place, [ArazzoParameter]>()
    private let services = Memo<String, Service>()
    private let baseContexts = Memo<String, ExpressionContext>()
    private let templates = Memo<String, ExpressionTemplate>()
    private let schemas = Memo<String, JSONSchema>()
    private let unrunnable = Memo<String, String?>()
    private let fittingInputs = Mutex<[String: [String: JSONValue]]>([:])

    init() {}

    /// The criterion written at `place` (its condition's), compiled by `compile` the first time.
    func criterion(at place: Place, _ compile: () -> CompiledCriterion) -> CompiledCriterion {
        criteria.value(place, compile)
    }

    /// The plans of the steps of the workflow written at `place` (its `workflowId`'s), in order,
    /// made by `make` the first time: one look-up per run of the workflow, not one per step.
    func plans(ofWorkflowAt place: Place, _ make: () -> [StepPlan]) -> [StepPlan] {
        plans.value(place, make)
    }

    /// The parameters of the step written at `place`, worked out by `resolve` the first time
    /// (a reference that names nothing throws every time).
    func parameters<Failure: Error>(ofStepAt place: Place, _ resolve: () throws(Failure) -> [ArazzoParameter]) throws(Failure) -> [ArazzoParameter] {
        try stepParameters.value(place, resolve)
    }

    /// The service of the source `key` names over `provider`, made by `make` the first time and
    /// again when a run brings another provider (Service.init and the interceptors its first
    /// call builds were 2% of a step when each run made its own).
    func service(for key: String, provider: Provider, _ make: () -> Service) -> Service {
        services.value(key, keeping: { $0.provider === provider }, make)
    }

    /// The context every run of the document at `file` starts from (its sources, components and
    /// `$self`), made by `make` the first time.
    func baseContext(of file: String, _ make: () -> ExpressionContext) -> ExpressionContext {
        baseContexts.value(file, make)
    }

    /// The inputs schema of the workflow `key` names, compiled by `compile` the first time.
    func schema<Failure: Error>(for key: String, _ compile: () throws(Failure) -> JSONSchema) throws(Failure) -> JSONSchema {
        try schemas.value(key, compile)
    }

    /// Whether `inputs` are the last inputs found to fit the inputs schema of the workflow `key`
    /// names: a run with the same inputs as the last is not validated again (validating them was
    /// 0.3 µs a step of a 10-step workflow).
    func fit(_ inputs: [String: JSONValue], workflow key: String) -> Bool {
        fittingInputs.withLock { $0[key] == inputs }
    }

    /// Keeps `inputs` as the last inputs found to fit the workflow `key` names.
    func rememberFitting(_ inputs: [String: JSONValue], workflow key: String) {
        fittingInputs.withLock { $0[key] = inputs }
    }

    /// Why the workflow `key` names cannot run (``Workflows/unrunnableReason(workflow:)``), worked out by
    /// `find` the first time: it walks the workflow and those it calls, copying each step.
    func unrunnableReason(of key: String, _ find: () -> String?) -> String? {
        unrunnable.value(key, find)
    }

    /// The template of `text`, compiled the first time.
    func template(_ text: String) throws(ExpressionParseError) -> ExpressionTemplate {
        try templates.value(text) { () throws(ExpressionParseError) in try ExpressionTemplate(text) }
    }
}

/// Values made the first time their key is asked for and kept for the runs after (what fails to
/// be made is not kept, so it fails again, saying why).
private final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])

    /// The value kept for `key` when `keeping` accepts it, else the one `make` makes, kept.
    func value<Failure: Error>(
        _ key: Key, keeping: (Value) -> Bool = { _ in true }, _ make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        if let kept = values.withLock({ $0[key] }), keeping(kept) { return kept }
        let made = try make()
        values.withLock { $0[key] = made }
        return made
    }
}

/// A criterion as the runs evaluate it: compiled (or why it does not compile), where it is
/// written, and its report's message when it passes, which is the same every time. A class, so
/// that a step's plan hands its criteria out without copying each one's strings.
final class CompiledCriterion: Sendable {
    let condition: String
    /// Its kind's name (`simple`, `regex`…), what a report says.
    let kind: String
    /// `file:line:column` of its condition.
    let location: String
    /// `nil` when it does not compile: then it fails with `failure`.
    let criterion: Criterion?
    /// Its direct check (Criterion+Direct.swift), when it has one of the shapes that have one.
    let direct: DirectCheck?
    let failure: String?
    let passedMessage: String

    /// Compiles `written`; the loader compiles every criterion, so one that does not compile
    /// here fails every time, saying why.
    init(_ written: ArazzoCriterion, file: String) {
        condition = written.condition.value
        location = "\(file):\(written.condition.line):\(written.condition.column)"
        do {
            let criterion = try Criterion(condition: condition, context: written.context?.value, type: written.type, version: written.version)
            self.criterion = criterion
            direct = DirectCheck(criterion)
            kind = criterion.kind.rawValue
            failure = nil
            passedMessage = CriterionResult(passed: true, condition: condition, kind: criterion.kind, context: criterion.context, observations: [], detail: nil).description
        } catch {
            criterion = nil
            direct = nil
            kind = written.type
            failure = "criterion `\(CriterionResult.quoted(condition))` failed: \(error)"
            passedMessage = ""
        }
    }

    /// The criterion evaluated in `context`, as a step's report shows it.
    func evaluate(in context: ExpressionContext) -> CriterionReport {
        // Read directly when it can be, else in place (a `guard let` copied the criterion, 1.4% of
        // a step), and judged without the list of values and the text a failure's report needs.
        if let direct, let actual = direct.passingActual(in: context) { return CriterionReport(self, passed: true, actual: actual) }
        if let actual = criterion?.passingActual(in: context) { return CriterionReport(self, passed: true, actual: actual) }
        guard let criterion else { return CriterionReport(self, passed: false, actual: nil, failure: failure ?? "") }
        let result = criterion.evaluate(in: context)
        return CriterionReport(self, passed: result.passed, actual: result.actual, values: result.failedValues, failure: result.passed ? nil : result.description)
    }
}
