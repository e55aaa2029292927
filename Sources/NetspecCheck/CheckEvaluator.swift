import HTTPTypes
import Netspec
import NetspecModel

/// One check an answer failed, before it is shrunk and reported.
struct CheckViolation: Sendable, Hashable {
    var check: CheckName
    var message: String
    var details: [String] = []
}

/// The rules of the checks (`docs/check.md` quotes the text each rests on): an answer to a case,
/// judged by what the case is and what the operation's document declares. The response checks
/// reuse the mock's and the validating proxy's (`ResponseConformance.swift`), so `netspec check`
/// and `netspec mock --proxy` never disagree about an answer.
struct CheckEvaluator: Sendable {
    let checks: Set<CheckName>
    /// The methods each path template declares.
    let ownMethods: [String: Set<HTTPRequest.Method>]
    /// The methods a request to each path template may be routed to (``CheckRun/methodsByPath(_:)``).
    let methodsByPath: [String: Set<HTTPRequest.Method>]
    /// The longest an answer may take; `nil`: `max_response_time` is not held.
    var maxResponseTime: Duration?

    /// `max_response_time`: an answer that took longer than the bound, with the time measured
    /// (from the request's start to its answer's end, as Schemathesis measures its `elapsed`).
    func timeViolation(_ elapsed: Duration) -> CheckViolation? {
        guard let bound = maxResponseTime, checks.contains(.maxResponseTime), elapsed > bound else { return nil }
        return CheckViolation(check: .maxResponseTime, message: "the answer took \(Self.milliseconds(elapsed)) ms, over the limit of \(Self.milliseconds(bound)) ms")
    }

    static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return value.rounded() == value ? String(Int(value)) : String(Double(Int(value * 10)) / 10)
    }

    /// What the answer breaks.
    func violations(of checkCase: CheckCase, answer: ExchangeAnswer) -> [CheckViolation] {
        var found: [CheckViolation] = []
        let status = answer.status
        if status >= 500 {
            found.append(CheckViolation(check: .notAServerError, message: "the server answered \(status)"))
        }
        switch checkCase.kind {
        case .arguments:
            found += conformance(checkCase, answer: answer)
            if let problem = checkCase.problem, (200..<300).contains(status) {
                found.append(CheckViolation(check: .negativeDataRejection, message: "a request the document forbids was answered \(status): \(problem)"))
            }
            if checkCase.problem == nil, [400, 415, 422].contains(status) {
                found.append(CheckViolation(check: .positiveDataAcceptance, message: "a request the document allows was refused with \(status)"))
            }
        case let .missingHeader(name):
            if !(400..<500).contains(status) {
                let header = checkCase.endpoint.parameter(named: name)?.wireName ?? name
                found.append(CheckViolation(check: .missingRequiredHeader, message: "a request without the required header \(header) was answered \(status), not 4xx"))
            }
        case let .unsupportedMethod(method):
            found += methodViolations(checkCase, method: method, answer: answer)
        case .noCredentials, .wrongCredentials:
            if (200..<300).contains(status) {
                let how = checkCase.kind == .noCredentials ? "without credentials" : "with a wrong credential"
                found.append(CheckViolation(check: .ignoredAuth, message: "the secured operation answered \(status) \(how)"))
            }
        case let .leavingOut(name):
            if (200..<300).contains(status) {
                found.append(CheckViolation(check: .ignoredAuth, message: "the secured operation answered \(status) without '\(name)', which its security needs with the other schemes it names"))
            }
        }
        return found.filter { checks.contains($0.check) }
    }

    /// The status, media type, headers and body against the operation's responses. A negative
    /// case refused with a 4xx the document does not declare is the refusal it asked for, not a
    /// nonconformance (documents describe the answers to the requests they allow).
    private func conformance(_ checkCase: CheckCase, answer: ExchangeAnswer) -> [CheckViolation] {
        let endpoint = checkCase.endpoint
        let responses = endpoint.responses
        guard responses.areDeclared, !responses.declared.isEmpty else { return [] }
        if responses.matching(status: answer.status) == nil {
            if checkCase.problem != nil, (400..<500).contains(answer.status) { return [] }
            let head = endpoint.headViolations(status: answer.status, headers: answer.headerFields, bodyLength: answer.body.count)
            return [CheckViolation(check: .statusCodeConformance, message: head.first?.message ?? "the status \(answer.status) is not declared", details: head.map(\.description))]
        }
        var found: [CheckViolation] = []
        for violation in endpoint.headViolations(status: answer.status, headers: answer.headerFields, bodyLength: answer.body.count) {
            let check: CheckName = violation.header == nil ? .contentTypeConformance : .responseHeadersConformance
            found.append(CheckViolation(check: check, message: violation.description, details: [violation.description]))
        }
        // An answer to HEAD, a 204, a 304 and a 1xx have no body (RFC 9110 §9.3.2, §15.3.5,
        // §15.4.5): a HEAD's Content-Type is the one a GET would have, and its empty body is not
        // held to that body's schema (as the mock's validating proxy does not).
        let isBodiless = endpoint.method == .head || answer.status == 204 || answer.status == 304 || (100..<200).contains(answer.status)
        guard !isBodiless else { return found }
        let contentType = answer.headerFields[.contentType]
        if let schema = endpoint.bodySchema(status: answer.status, contentType: contentType) {
            let body = endpoint.bodyViolations(answer.body, contentType: contentType, schema: schema)
            if let first = body.first {
                found.append(CheckViolation(check: .responseSchemaConformance, message: "the body breaks its schema: \(first)", details: body.map(\.description)))
            }
        } else if let schema = endpoint.lineSchema(status: answer.status, contentType: contentType) {
            let lines = endpoint.lineViolations(answer.body, schema: schema)
            if let first = lines.first {
                found.append(CheckViolation(check: .responseSchemaConformance, message: "a line of the body breaks its schema: \(first)", details: lines.map(\.description)))
            }
        }
        return found
    }

    /// A method the path does not declare must be answered 405 (RFC 9110, 15.5.6), with an
    /// `Allow` listing the path's methods.
    private func methodViolations(_ checkCase: CheckCase, method: HTTPRequest.Method, answer: ExchangeAnswer) -> [CheckViolation] {
        guard answer.status == 405 else {
            return [CheckViolation(check: .unsupportedMethod, message: "\(method) \(Checker.documentPath(of: checkCase.endpoint)), a method the path does not declare, was answered \(answer.status), not 405")]
        }
        let declared = Set((ownMethods[checkCase.endpoint.path] ?? []).map(\.rawValue))
        guard let allow = answer.headerFields[HTTPField.Name("Allow")!] else {
            return [CheckViolation(check: .allowHeaderConformance, message: "the 405 has no Allow header; the path declares \(declared.sorted().joined(separator: ", "))")]
        }
        let listed = Set(allow.split(separator: ",").map { $0.trimmingCharacters(in: " ").uppercased() })
        let missing = declared.subtracting(listed).subtracting(["HEAD"])
        guard missing.isEmpty else {
            return [CheckViolation(check: .allowHeaderConformance, message: "the 405's Allow '\(allow)' leaves out \(missing.sorted().joined(separator: ", ")), which the path declares")]
        }
        return []
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
