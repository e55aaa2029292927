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

    /// The phase's sequences, plan by plan: each plan `maxExamples` times, the first with the
    /// operations' examples, each further one with the bodies of its creates and updates drawn
    /// from their schemas (``SequenceRun/seed``).
    func sequenceRuns() -> [[SequenceRun]] {
        statefulPlans().map { plan in (0..<max(options.maxExamples, 1)).map { SequenceRun(plan: plan, index: $0) } }
    }

    /// One sequence of a plan: the plan, and which of its `maxExamples` runs it is.
    struct SequenceRun: Sendable {
        var plan: StatefulPlan
        var index: Int

        /// The seed of the bodies this run draws, `nil` for the first (the examples): the run's
        /// seed mixed with the plan's operations and the index, so a seed replays every sequence.
        func seed(_ runSeed: UInt64) -> UInt64? {
            index == 0 ? nil : SeededRandom.seed(runSeed, for: "stateful \(index) " + plan.operations.joined(separator: " "))
        }
    }

    func follow(_ run: SequenceRun) async {
        var steps: [SequenceStep] = []
        let seed = run.seed(options.seed)
        switch run.plan {
        case let .resource(chain): await follow(chain, seed: seed, steps: &steps)
        case let .link(source, link, target): await follow(link, from: source, to: target, seed: seed, steps: &steps)
        }
    }

    /// Creates each parent, then the resource; reads it, updates it, deletes it, and reads it again.
    private func follow(_ chain: [InferredResource], seed: UInt64?, steps: inout [SequenceStep]) async {
        var known: [String: JSONValue] = [:]
        for resource in chain {
            guard let create = resource.endpointName(.create).flatMap(endpoint(named:)),
                  let created = await send(create, known, seed: seed, steps: &steps), (200..<300).contains(created.answer.status),
                  let id = Self.createdID(created.answer, resource: resource) else { return }
            known[resource.idPlaceholder] = id
        }
        guard let resource = chain.last, let read = resource.readEndpoint.flatMap(endpoint(named:)),
              let fetched = await send(read, known, steps: &steps) else { return }
        if fetched.answer.status == 404 {
            let created = steps[steps.count - 2]
            record(CheckViolation(
                check: .ensureResourceAvailability,
                message: "\(created.request.method.rawValue) \(Checker.documentPath(of: created.checkCase.endpoint)) created a resource (\(created.answer.status)), but reading it with \(read.name) was answered 404"
            ), steps: steps)
        }
        if let update = (resource.endpointName(.replace) ?? resource.endpointName(.merge)).flatMap(endpoint(named:)) {
            guard await send(update, known, seed: seed, steps: &steps) != nil else { return }
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

    /// Sends one step: the endpoint's example arguments (with a `seed`, a `POST`'s, `PUT`'s or
    /// `PATCH`'s drawn from their schemas instead, but for its path's) with `known`'s path values (by placeholder)
    /// over them, to `server` when given (a link's); every answer judged by the other phases'
    /// checks, but for a read after a delete (`expectingGone`), whose 404 or 410 is the answer
    /// the sequence asks for even where the document does not declare it.
    func send(
        _ endpoint: Endpoint, _ known: [String: JSONValue], overriding values: [String: JSONValue] = [:], seed: UInt64? = nil, server: String? = nil,
        expectingGone: Bool = false, steps: inout [SequenceStep]
    ) async -> SequenceStep? {
        let generator = CaseGenerator(endpoint: endpoint, maxExamples: 1)
        var arguments = generator.base
        if let seed, [.post, .put, .patch].contains(endpoint.method) {
            var random = SeededRandom(seed: SeededRandom.seed(seed, for: endpoint.name))
            // The path stays the sequence's: its values are the other steps' too.
            arguments = generator.drawnArguments(&random).filter { endpoint.parameter(named: $0.key)?.location != .path }
            for parameter in endpoint.parameters where parameter.location == .path { arguments[parameter.name] = generator.base[parameter.name] }
        }
        for parameter in endpoint.parameters where parameter.location == .path {
            if let value = known[parameter.wireName] { arguments[parameter.name] = value }
        }
        arguments.merge(values) { $1 }
        // A sequence started before the time limit sends nothing after it (what it created stays).
        if isPastDeadline() { return nil }
        var checkCase = CheckCase(endpoint: endpoint, phase: .stateful, arguments: arguments)
        checkCase.baseURL = server
        checkCase = classify(checkCase)
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

    /// The id of a created item: the last segment of a `Location` header's path (its escapes
    /// decoded: the id is escaped again when sent), else the
    /// answer's id member (inside its one wrapping member, `{pet: {id: …}}`, if it has one; in
    /// the member that holds it, `{metadata: {name: …}}`, when the item has none of its own).
    static func createdID(_ answer: ExchangeAnswer, resource: InferredResource) -> JSONValue? {
        if let location = answer.headerFields[HTTPField.Name("Location")!] {
            let path = location.split(separator: "?").first.map { $0.split(separator: "#").first ?? $0 } ?? ""
            if let last = path.split(separator: "/").last, !last.isEmpty { return .string(PercentEncoding.decoded(last, plusIsSpace: false)) }
        }
        guard case let .object(body)? = try? JSONValue(parsing: answer.body) else { return nil }
        guard let field = resource.idField else {
            // Kubernetes' `metadata.name`.
            guard let parent = resource.idParent, let id = body[parent]?.object?[resource.idPlaceholder], id != .null else { return nil }
            return id
        }
        if let id = body[field], id != .null { return id }
        if body.count == 1, case let .object(inner)? = body.values.first, let id = inner[field], id != .null { return id }
        return nil
    }
}
