import HTTPTypes
import Netspec
import NetspecModel
import NIOConcurrencyHelpers

/// One run of a ``Checker``: the phases' cases and sequences sent by `workers` tasks at once
/// (``perform(_:)``), every answer judged, each failure claimed once per operation and
/// check, shrunk and recorded with its reproduction.
struct CheckRun: Sendable {
    let checker: Checker
    let baseURL: String?
    let options: CheckOptions
    let endpoints: [Endpoint]
    let evaluator: CheckEvaluator
    let state = NIOLockedValueBox(State())
    /// Told as each phase starts and each of its cases is judged (``CheckProgress``).
    var progress: (@Sendable (CheckProgress) -> Void)?
    /// When the run began, and when `--time-limit` ends it: no request is sent after that.
    let start: ContinuousClock.Instant
    let deadline: ContinuousClock.Instant?

    /// What the workers share.
    struct State: Sendable {
        var failures: [String: CheckReport.Failure] = [:]
        var claimed: Set<String> = []
        var requests: [String: Int] = [:]
        var reachedTimeLimit = false
        var unanswered = 0
        var firstTransportError: String?
        /// The requests not made as the run is set up (an unset variable…), and the first.
        var notSent = 0
        var firstNotSent: CheckReport.NotSent?
        /// The answers a mock marked as its own documented ones, by what they are (``failures(among:of:answer:)``).
        var mockAnswers: [String: Int] = [:]
    }

    init(checker: Checker, baseURL: String?, options: CheckOptions) {
        self.checker = checker
        self.baseURL = baseURL
        self.options = options
        let now = ContinuousClock.now
        start = now
        deadline = options.timeLimit.map { now + $0 }
        endpoints = checker.selectedEndpoints(options)
        var own: [String: Set<HTTPRequest.Method>] = [:]
        for endpoint in checker.spec.endpoints { own[endpoint.path, default: []].insert(endpoint.method) }
        evaluator = CheckEvaluator(
            checks: options.checks, ownMethods: own, methodsByPath: Self.methodsByPath(own), maxResponseTime: options.maxResponseTime
        )
    }

    var service: Service { checker.service }

    func run() async -> CheckReport {
        await perform(plannedWork())
        let final = state.withLockedValue { $0 }
        let failures = final.failures.values.sorted { ($0.operationIndex(in: endpoints), $0.check) < ($1.operationIndex(in: endpoints), $1.check) }
        let operations = endpoints.map { endpoint in
            CheckReport.Operation(
                name: endpoint.name, method: endpoint.method.rawValue, path: Checker.documentPath(of: endpoint), requests: final.requests[endpoint.name] ?? 0,
                failedChecks: failures.filter { $0.operation == endpoint.name }.map(\.check)
            )
        }
        var report = CheckReport(
            failures: failures, operations: operations, requestCount: final.requests.values.reduce(0, +), seed: options.seed,
            duration: ContinuousClock.now - start, reachedTimeLimit: final.reachedTimeLimit
        )
        report.unansweredCount = final.unanswered
        report.firstTransportError = final.firstTransportError
        report.notSentCount = final.notSent
        report.firstNotSent = final.firstNotSent
        report.mockAnswers = final.mockAnswers.sorted { $0.key < $1.key }.map { CheckReport.MockAnswers(count: $0.value, what: $0.key) }
        return report
    }

    /// Sends one case, judges its answer, and shrinks and records each failure not yet claimed
    /// (shrinking sends nothing once ``deadline`` has passed).
    func check(_ checkCase: CheckCase) async {
        let start = ContinuousClock.now
        guard let (request, answer) = await exchange(checkCase) else { return }
        let slow = evaluator.timeViolation(ContinuousClock.now - start)
        for violation in failures(among: evaluator.violations(of: checkCase, answer: answer) + (slow.map { [$0] } ?? []), of: checkCase, answer: answer) {
            let key = checkCase.endpoint.name + " " + violation.check.rawValue
            guard state.withLockedValue({ $0.claimed.insert(key).inserted }) else { continue }
            let shrunk = await shrink(checkCase, request: request, answer: answer, violation: violation)
            var failure = failure(shrunk.checkCase, request: shrunk.request, answer: shrunk.answer, violation: shrunk.violation)
            failure.shrinkingCutShort = shrunk.cutShort
            state.withLockedValue { $0.failures[key] = failure }
        }
    }

    /// Whether ``deadline`` (`--time-limit`) has passed, so that no new request is sent: noted
    /// as the time limit reached when it has.
    func isPastDeadline() -> Bool {
        guard let deadline, ContinuousClock.now >= deadline else { return false }
        state.withLockedValue { $0.reachedTimeLimit = true }
        return true
    }

    /// Builds and sends a case; `nil` when the request cannot be written or no answer came (a
    /// transport failure is the server's not answering, not a check's failure). A request the
    /// run is not set up to make (an unset variable, a login needed) is counted as not sent.
    func exchange(_ checkCase: CheckCase) async -> (PreparedRequest, ExchangeAnswer)? {
        let baseURL = checkCase.baseURL ?? baseURL
        let request: PreparedRequest
        do {
            request = try Self.request(for: checkCase, service: service, baseURL: baseURL, headers: checker.headers)
        } catch {
            // A case whose request cannot be written (a generated value its form cannot carry) is
            // left out; one the setup cannot make is a request not sent.
            if case let .configuration(problem) = error as? CallError {
                notSent(checkCase.endpoint, problem)
            }
            return nil
        }
        state.withLockedValue { $0.requests[checkCase.endpoint.name, default: 0] += 1 }
        let credentials = Self.credentials(checkCase)
        do {
            return (request, try await service.exchange(request, endpoint: checkCase.endpoint, credentials: credentials, timeout: options.requestTimeout, baseURL: baseURL))
        } catch {
            if case let .configuration(problem) = error {
                notSent("\(request.method.rawValue) \(request.url)", problem)
                return nil
            }
            state.withLockedValue { state in
                state.unanswered += 1
                if state.firstTransportError == nil { state.firstTransportError = "\(request.method.rawValue) \(request.url): \(error)" }
            }
            return nil
        }
    }

    /// Counts a request of `endpoint` not sent (its method and document path), keeping the first.
    func notSent(_ endpoint: Endpoint, _ problem: CallError.ConfigurationError) {
        state.withLockedValue { $0.requests[endpoint.name, default: 0] += 1 }
        notSent("\(endpoint.method.rawValue) \(Checker.documentPath(of: endpoint))", problem)
    }

    /// Counts a request not sent for the run's setup, keeping the first.
    private func notSent(_ request: String, _ problem: CallError.ConfigurationError) {
        state.withLockedValue { state in
            state.notSent += 1
            if state.firstNotSent == nil { state.firstNotSent = CheckReport.NotSent(request: request, error: problem) }
        }
    }

    /// The request a case sends, with the caller's `headers` (``Checker/headers``) but those an
    /// auth probe goes without (``callHeaders(_:of:service:)``).
    ///
    /// A `{stage}` or `${stage}` in the base URL the caller gave (``Checker/run(baseURL:options:)``'s,
    /// used when the case has none of its own) is refused, a configuration error as a call's
    /// `CallOptions.baseURL` is: it would go percent-encoded. A case's own base URL (an OpenAPI
    /// link's server, its variables at the run's values or their defaults; a link whose server has a `{name}` left is
    /// not followed, ``follow(_:from:to:seed:steps:)``) is not checked here.
    static func request(for checkCase: CheckCase, service: Service, baseURL: String?, headers: [(name: String, value: String)]) throws -> PreparedRequest {
        if checkCase.baseURL == nil, let baseURL, let problem = BaseURLCheck.bracedNameProblem(inGiven: baseURL) {
            throw CallError.binding(CallError.ArgumentError(
                endpoint: checkCase.endpoint.name, parameter: nil, reason: .configuration,
                message: "invalid base URL '\(BaseURLCheck.redacted(baseURL))' (Checker.run(baseURL:)): \(problem)"
            ))
        }
        var request = try service.uncheckedRequest(
            for: checkCase.endpoint, checkCase.arguments.mapValues { .value($0) }, baseURL: baseURL, headers: callHeaders(headers, of: checkCase, service: service)
        )
        switch checkCase.kind {
        case let .unsupportedMethod(method):
            request.method = method
            if method == .get || method == .delete {
                request.body = .empty
                request.headerFields[.contentType] = nil
            }
        case let .missingHeader(name):
            if let field = checkCase.endpoint.parameter(named: name).flatMap({ HTTPField.Name($0.wireName) }) { request.headerFields[field] = nil }
        default:
            break
        }
        return request
    }
}

extension CheckRun {
    /// The caller's headers a case sends: all of them, but for an auth probe (no credential, a
    /// wrong one, a scheme left out) those where the credentials it goes without would go, so that
    /// a caller's `-H 'Authorization: …'` does not make a probe without credentials carry one.
    static func callHeaders(_ headers: [(name: String, value: String)], of checkCase: CheckCase, service: Service) -> [(name: String, value: String)] {
        let leftOut = service.credentialHeaderNames(of: checkCase.endpoint, leftOutBy: credentials(checkCase))
        return leftOut.isEmpty ? headers : headers.filter { !leftOut.contains($0.name.lowercased()) }
    }

    /// The methods a request to each path template may be routed to: its own, and those of
    /// every template a request to it could match too (`/items/search` is also `/items/{id}`).
    static func methodsByPath(_ own: [String: Set<HTTPRequest.Method>]) -> [String: Set<HTTPRequest.Method>] {
        let segments = own.keys.map { ($0, $0.split(separator: "/", omittingEmptySubsequences: false)) }
        var methods: [String: Set<HTTPRequest.Method>] = [:]
        for (path, parts) in segments {
            for (other, otherParts) in segments where other == path || overlap(parts, otherParts) {
                methods[path, default: []].formUnion(own[other] ?? [])
            }
        }
        return methods
    }

    /// Whether some request path matches both templates: as many segments, each pair equal or
    /// one of them a placeholder.
    private static func overlap(_ lhs: [Substring], _ rhs: [Substring]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 || $0.contains("{") || $1.contains("{") }
    }
}

extension CheckReport.Failure {
    func operationIndex(in endpoints: [Endpoint]) -> Int {
        endpoints.firstIndex { $0.name == operation } ?? endpoints.count
    }
}
