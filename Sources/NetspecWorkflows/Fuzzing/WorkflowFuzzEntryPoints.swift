@_spi(Fuzzing) import Netspec
import NetspecModel
import HTTPTypes

/// The entry point of the `FuzzArazzo` target in `Fuzz/` (the others are Netspec's
/// `FuzzEntryPoints`): it runs the Arazzo loader over arbitrary bytes and must return for every
/// input — an error is fine, a crash, a hang or a leak is a bug.
///
/// Not API: available as `@_spi(Fuzzing) import NetspecWorkflows` only.
@_spi(Fuzzing)
public enum WorkflowFuzzEntryPoints {
    /// Reads the bytes as an Arazzo document (YAML or JSON) and, when it reads, runs the checks of
    /// its references with no source loaded (each source's operations then fail to resolve), then
    /// compiles every criterion and every value's runtime expressions and evaluates them against a
    /// fixed step: `GET http://127.0.0.1:1/pets/1?q=a`, answered 200 with a small JSON body. A
    /// JSONPath criterion is evaluated only within `FuzzEntryPoints.maximumEvaluation`.
    ///
    /// - Returns: How many criteria and expression values compiled; `nil` when the document did not read.
    @discardableResult
    public static func arazzo(_ bytes: [UInt8]) -> Int? {
        guard let document = try? ArazzoDocument.read(bytes: bytes, file: "fuzz.arazzo.yaml") else { return nil }
        var resolver = OperationResolver(document: document, specs: [:])
        resolver.resolveAll()
        var checker = ReferenceChecker(document: document, arazzoSources: [:])
        checker.operations = resolver.operations
        checker.check()
        let context = stepContext()
        let nodes = max(bytes.count, 16)
        var compiled = 0
        for written in criteria(of: document) {
            guard let criterion = try? Criterion(
                condition: written.condition.value, context: written.context?.value, type: written.type, version: written.version
            ) else { continue }
            compiled += 1
            if criterion.kind == .jsonpath,
               FuzzEntryPoints.evaluationBound(written.condition.value, nodes: nodes) > FuzzEntryPoints.maximumEvaluation { continue }
            _ = criterion.evaluate(in: context)
        }
        for text in values(of: document).flatMap(\.expressions) {
            guard let template = try? ExpressionTemplate(text.value) else { continue }
            compiled += 1
            _ = try? template.evaluate(in: context)
            _ = try? template.render(in: context)
        }
        return compiled
    }

    /// Every criterion of the document: the steps' success criteria and every action's criteria.
    static func criteria(of document: ArazzoDocument) -> [ArazzoCriterion] {
        var actions = Array(document.components.successActions.values) + Array(document.components.failureActions.values)
        var criteria: [ArazzoCriterion] = []
        for workflow in document.workflows {
            actions += workflow.successActions + workflow.failureActions
            for step in workflow.steps {
                criteria += step.successCriteria
                actions += step.onSuccess + step.onFailure
            }
        }
        return criteria + actions.flatMap(\.criteria)
    }

    /// Every value of the document that may hold runtime expressions: parameters', outputs',
    /// request bodies' and their replacements', and `correlationId`s.
    static func values(of document: ArazzoDocument) -> [ArazzoValue] {
        var parameters = Array(document.components.parameters.values)
        var actions = Array(document.components.successActions.values) + Array(document.components.failureActions.values)
        var values: [ArazzoValue] = []
        for workflow in document.workflows {
            parameters += workflow.parameters
            actions += workflow.successActions + workflow.failureActions
            values += workflow.outputs.map(\.value)
            for step in workflow.steps {
                parameters += step.parameters
                actions += step.onSuccess + step.onFailure
                values += step.outputs.map(\.value)
                if let correlation = step.correlationId { values.append(correlation) }
                if let body = step.requestBody {
                    values += (body.payload.map { [$0] } ?? []) + body.replacements.map(\.value)
                }
            }
        }
        parameters += actions.flatMap(\.parameters)
        return values + parameters.compactMap(\.value)
    }

    /// The step the expressions are evaluated in (made for each input: a `static let` would hold
    /// memory LeakSanitizer reports, see `Fuzz/lsan.supp`).
    static func stepContext() -> ExpressionContext {
        let body: JSONValue = ["id": 1, "name": "a", "tags": ["x", "y"], "items": [["name": "b", "price": 2.5], true, nil]]
        var context = ExpressionContext()
        context.url = "http://127.0.0.1:1/pets/1?q=a"
        context.method = "GET"
        context.statusCode = 200
        context.request = .init(headers: [.accept: "application/json"], query: ["q": "a"], path: ["id": "1"])
        context.response = .init(headers: [.contentType: "application/json"], body: .json(body))
        context.inputs = ["id": 1, "name": "a"]
        context.steps = ["first": ["id": 1]]
        return context
    }
}
