import HTTPTypes
import Netspec
import NetspecModel

/// The cases of a phase, for every selected operation, each classified on what it sends.
extension CheckRun {
    /// Every phase's cases, in the order the workers take them (``plannedWork()``; what
    /// ``Checker/plannedRequests(baseURL:options:)`` lists).
    func plannedCases() -> [CheckCase] {
        options.phases.filter { $0 != .stateful }.flatMap { phase in inTurn(byOperation(phaseCases(phase))) }
    }

    /// A phase's cases: the generator's for each operation, and in the examples phase the
    /// requests of the method and auth checks; each classified (``classify(_:)``).
    func phaseCases(_ phase: CheckPhase) -> [CheckCase] {
        var cases: [CheckCase] = []
        var pathsTried: Set<String> = []
        for endpoint in endpoints {
            let generator = CaseGenerator(endpoint: endpoint, maxExamples: max(options.maxExamples, 1))
            let seed = SeededRandom.seed(options.seed, for: phase.rawValue + " " + endpoint.name)
            cases += generator.cases(phase, seed: seed)
            guard phase == .examples else { continue }
            if pathsTried.insert(endpoint.path).inserted, let method = unsupportedMethod(for: endpoint.path),
               options.checks.contains(.unsupportedMethod) || options.checks.contains(.allowHeaderConformance) {
                cases.append(CheckCase(endpoint: endpoint, phase: phase, kind: .unsupportedMethod(method), arguments: generator.base))
            }
            if Self.isSecured(endpoint), options.checks.contains(.ignoredAuth) {
                cases.append(CheckCase(endpoint: endpoint, phase: phase, kind: .noCredentials, arguments: generator.base))
                cases.append(CheckCase(endpoint: endpoint, phase: phase, kind: .wrongCredentials, arguments: generator.base))
                for name in Self.leftOutSchemes(endpoint) {
                    cases.append(CheckCase(endpoint: endpoint, phase: phase, kind: .leavingOut(name), arguments: generator.base))
                }
            }
        }
        return cases.map(classify)
    }

    /// The case with its ``CheckCase/problem``: what the binder's own checks (the ones `netspec
    /// call` and the mock server apply) find in the arguments as the server reads them.
    func classify(_ checkCase: CheckCase) -> CheckCase {
        var classified = checkCase
        classified.problem = service.argumentProblems(checkCase.endpoint, checkCase.wireArguments, requestValidation: .strict).first?.description
        return classified
    }

    /// The first of `PATCH`, `PUT`, `DELETE`, `POST`, `GET` the path does not declare.
    private func unsupportedMethod(for path: String) -> HTTPRequest.Method? {
        let declared = evaluator.methodsByPath[path] ?? []
        return [HTTPRequest.Method.patch, .put, .delete, .post, .get].first { !declared.contains($0) }
    }

    /// Whether every alternative of the operation's security needs a credential, each one a
    /// scheme Netspec sends (a mutual TLS or Digest alternative is not one a request can leave out).
    static func isSecured(_ endpoint: Endpoint) -> Bool {
        endpoint.auth != nil && !endpoint.securityAlternatives.isEmpty
            && endpoint.securityAlternatives.allSatisfy { alternative in
                !alternative.isEmpty && alternative.allSatisfy { requirement in
                    guard let policy = requirement.policy, case .clientCertificate = policy.scheme else { return requirement.policy != nil }
                    return false
                }
            }
    }

    /// The schemes of a secured operation's requirement that needs several together (as the call
    /// sends it) that can each be left out: those without which the rest satisfies no alternative.
    static func leftOutSchemes(_ endpoint: Endpoint) -> [String] {
        guard let policies = endpoint.auth?.policies, policies.count > 1 else { return [] }
        let requirements = endpoint.securityAlternatives.joined()
        let sent = policies.compactMap { policy in requirements.first { $0.policy?.scheme == policy.scheme }?.name }
        return sent.filter { name in
            let rest = Set(sent).subtracting([name])
            return !endpoint.securityAlternatives.contains { alternative in alternative.allSatisfy { rest.contains($0.name) } }
        }
    }

    /// The credentials a case's request carries.
    static func credentials(_ checkCase: CheckCase) -> ExchangeCredentials {
        switch checkCase.kind {
        case .noCredentials: .none
        case .wrongCredentials: .wrong
        case let .leavingOut(name):
            checkCase.endpoint.securityAlternatives.joined().first { $0.name == name }?.policy.map { .leavingOut($0.scheme) } ?? .configured
        default: .configured
        }
    }
}
