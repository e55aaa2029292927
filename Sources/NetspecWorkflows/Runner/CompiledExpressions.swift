// The criteria, templates and inputs schemas of a loaded document, compiled once for every run
// of it: a criterion's regex, JSONPath or XPath, a template's runtime expressions and a
// workflow's inputs schema are compiled by the first run that reaches them and kept with the `Workflows` value, so that the 10,000th run of a
// step evaluates what the first compiled (issue 54's step cost: compiling them per run was a
// fifth of a step).

import NetspecModel
import Synchronization

/// What the runs of one loaded document compiled, shared by them (and by copies of the value).
final class CompiledExpressions: Sendable {
    private let criteria = Mutex<[String: Criterion]>([:])
    private let templates = Mutex<[String: ExpressionTemplate]>([:])
    private let schemas = Mutex<[String: JSONSchema]>([:])

    init() {}

    /// The criterion compiled at `location` (file:line:column of its condition), compiled by
    /// `compile` the first time; a criterion that does not compile is not kept.
    func criterion<Failure: Error>(at location: String, _ compile: () throws(Failure) -> Criterion) throws(Failure) -> Criterion {
        if let cached = criteria.withLock({ $0[location] }) { return cached }
        let compiled = try compile()
        criteria.withLock { $0[location] = compiled }
        return compiled
    }

    /// The inputs schema of the workflow `key` names, compiled by `compile` the first time.
    func schema<Failure: Error>(for key: String, _ compile: () throws(Failure) -> JSONSchema) throws(Failure) -> JSONSchema {
        if let cached = schemas.withLock({ $0[key] }) { return cached }
        let compiled = try compile()
        schemas.withLock { $0[key] = compiled }
        return compiled
    }

    /// The template of `text`, compiled the first time.
    func template(_ text: String) throws(ExpressionParseError) -> ExpressionTemplate {
        if let cached = templates.withLock({ $0[text] }) { return cached }
        let compiled = try ExpressionTemplate(text)
        templates.withLock { $0[text] = compiled }
        return compiled
    }
}
