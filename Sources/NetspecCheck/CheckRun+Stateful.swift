import HTTPTypes
import Netspec
import NetspecModel

/// The stateful phase: each sequence (``StatefulPlan``) sent step by step, each step's values
/// taken from the answers before it; every answer held to the checks of the other phases, and
/// to `ensure_resource_availability` and `use_after_free` (Schemathesis's rules, docs/check.md).
extension CheckRun {
    /// One request of a sequence and its answer.
    struct SequenceStep: Sendable {
        var checkCase: CheckCase
        var request: PreparedRequest
        var answer: ExchangeAnswer
    }

    /// Runs every sequence of the phase, one after the other, until the time limit.
    func runSequences(deadline: ContinuousClock.Instant?) async {
        for plan in statefulPlans() {
            if let deadline, ContinuousClock.now >= deadline {
                state.withLockedValue { $0.reachedTimeLimit = true }
                return
            }
            var steps: [SequenceStep] = []
            switch plan {
            case let .resource(chain): await follow(chain, steps: &steps)
            case let .link(source, link, target): await follow(link, from: source, to: target, steps: &steps)
            }
        }
    }

    /// Creates each parent, then the resource; reads it, updates it, deletes it, and reads it again.
    private func follow(_ chain: [InferredResource], steps: inout [SequenceStep]) async {
        var known: [String: JSONValue] = [:]
        for resource in chain {
            guard let create = resource.endpointName(.create).flatMap(endpoint(named:)),
                  let created = await send(create, known, steps: &steps), (200..<300).contains(created.answer.status),
                  let id = Self.createdID(created.answer, resource: resource) else { return }
            known[resource.idPlaceholder] = id
        }
        guard let resource = chain.last, let read = resource.readEndpoint.flatMap(endpoint(named:)),
              let fetched = await send(read, known, steps: &steps) else { return }
        if fetched.answer.status == 404 {
            let created = steps[steps.count - 2]
            record(CheckViolation(
                check: .ensureResourceAvailability,
                message: "\(created.request.method.rawValue) \(created.checkCase.endpoint.path) created a resource (\(created.answer.status)), but reading it with \(read.name) was answered 404"
            ), steps: steps)
        }
        if let update = (resource.endpointName(.replace) ?? resource.endpointName(.merge)).flatMap(endpoint(named:)) {
            guard await send(update, known, steps: &steps) != nil else { return }
        }
        guard let delete = resource.endpointName(.delete).flatMap(endpoint(named:)),
              let deleted = await send(delete, known, steps: &steps), (200..<300).contains(deleted.answer.status),
              let again = await send(read, known, expectingGone: true, steps: &steps) else { return }
        let status = again.answer.status
        if status < 500, status != 404, status != 410 {
            record(CheckViolation(
                check: .useAfterFree,
                message: "\(read.name) read the resource \(delete.name) had deleted (\(deleted.answer.status)) and was answered \(status), not 404 or 410"
            ), steps: steps)
        }
    }

    /// Sends one step: the endpoint's example arguments with `known`'s path values (by
    /// placeholder) over them; every answer judged by the other phases' checks, but for a read
    /// after a delete (`expectingGone`), whose 404 or 410 is the answer the sequence asks for
    /// even where the document does not declare it.
    func send(
        _ endpoint: Endpoint, _ known: [String: JSONValue], overriding values: [String: JSONValue] = [:], expectingGone: Bool = false, steps: inout [SequenceStep]
    ) async -> SequenceStep? {
        var arguments = CaseGenerator(endpoint: endpoint, maxExamples: 1).base
        for parameter in endpoint.parameters where parameter.location == .path {
            if let value = known[parameter.wireName] { arguments[parameter.name] = value }
        }
        arguments.merge(values) { $1 }
        let checkCase = classify(CheckCase(endpoint: endpoint, phase: .stateful, arguments: arguments))
        let start = ContinuousClock.now
        guard let (request, answer) = await exchange(checkCase) else { return nil }
        let step = SequenceStep(checkCase: checkCase, request: request, answer: answer)
        steps.append(step)
        let slow = evaluator.timeViolation(ContinuousClock.now - start)
        let gone = expectingGone && (answer.status == 404 || answer.status == 410)
        for violation in evaluator.violations(of: checkCase, answer: answer) + (slow.map { [$0] } ?? []) where !(gone && violation.check == .statusCodeConformance) {
            record(violation, steps: steps)
        }
        return step
    }

    /// The id of a created item: the last segment of a `Location` header's path, else the
    /// answer's id member (inside its one wrapping member, `{pet: {id: …}}`, if it has one).
    static func createdID(_ answer: ExchangeAnswer, resource: InferredResource) -> JSONValue? {
        if let location = answer.headerFields[HTTPField.Name("Location")!] {
            let path = location.split(separator: "?").first.map { $0.split(separator: "#").first ?? $0 } ?? ""
            if let last = path.split(separator: "/").last, !last.isEmpty { return .string(String(last)) }
        }
        guard let field = resource.idField, case let .object(body)? = try? JSONValue(parsing: answer.body) else { return nil }
        if let id = body[field], id != .null { return id }
        if body.count == 1, case let .object(inner)? = body.values.first, let id = inner[field], id != .null { return id }
        return nil
    }
}
