import HTTPTypes
import Netspec
import NetspecModel

/// A shrunk failure as the report gives it: the request, the answer (the endpoint's secrets it
/// echoes shown as `<redacted>`), the violation, and two commands that send the request again.
extension CheckRun {
    /// The most of the answer's body a failure quotes.
    static let bodyExcerpt = 2_000

    func failure(_ checkCase: CheckCase, request: PreparedRequest, answer: ExchangeAnswer, violation: CheckViolation) -> CheckReport.Failure {
        let endpoint = checkCase.endpoint
        var message = violation.message
        if let problem = checkCase.problem, violation.check == .negativeDataRejection || checkCase.kind == .arguments && violation.check == .notAServerError {
            message += message.contains(problem) ? "" : " (the request is invalid: \(problem))"
        }
        // The endpoint's secrets an answer echoes (a header, the body) are hidden before the
        // excerpt is cut, so that no part of one is left at the cut.
        let quoted = service.hidingSecrets(inAnswer: answer.headerFields, body: String(decoding: answer.body, as: UTF8.self), endpoint: endpoint)
        var body = String(decoding: Array(quoted.body.utf8.prefix(Self.bodyExcerpt)), as: UTF8.self)
        if quoted.body.utf8.count > Self.bodyExcerpt { body += "… (\(answer.body.count) bytes)" }
        let shown = reproduction(checkCase, request: request)
        return CheckReport.Failure(
            check: violation.check, operation: endpoint.name, phase: checkCase.phase, message: message, violations: violation.details,
            request: shown.httpMessage, status: answer.status, responseHeaders: quoted.headers, responseBody: body,
            reproduceWithNetspec: netspecCommand(checkCase, shown: shown), reproduceWithCurl: shown.curlCommand(options: checker.curlOptions)
        )
    }

    /// A case's request as it was sent, to print: the profile's headers, the caller's
    /// (``Checker/headers``) and the credentials shown as `netspec call --dry-run` and `--curl`
    /// show them (``Service/reproduction(_:endpoint:credentials:callHeaders:)``).
    func reproduction(_ checkCase: CheckCase, request: PreparedRequest) -> RequestPreview {
        let callHeaders = Self.callHeaders(checker.headers, of: checkCase, service: service).map(\.name)
        return service.reproduction(request, endpoint: checkCase.endpoint, credentials: Self.credentials(checkCase), callHeaders: callHeaders)
    }

    /// `netspec call DOC OPERATION name=text count:=3 --base-url URL -H 'Name: value' --no-validate`,
    /// each of the caller's headers as `shown` shows it (a secret one `<redacted>`, to fill in);
    /// a request `netspec call` cannot send (another method, no or a wrong credential) says so.
    func netspecCommand(_ checkCase: CheckCase, shown: RequestPreview) -> String {
        switch checkCase.kind {
        case .unsupportedMethod, .noCredentials, .wrongCredentials, .leavingOut, .missingHeader:
            return "(netspec call sends the operation's own method, credentials and required headers: use the curl line)"
        case .arguments:
            var words = ["netspec", "call", checker.documentName, checkCase.endpoint.name]
            for name in checkCase.arguments.keys.sorted() {
                let value = checkCase.arguments[name]!
                if case let .string(text) = value { words.append("\(name)=\(text)") } else { words.append("\(name):=\(value)") }
            }
            if let baseURL = checkCase.baseURL ?? baseURL { words += ["--base-url", baseURL] }
            for header in checker.headers { words += ["-H", "\(header.name): \(shown.shown(header: header.name, header.value))"] }
            if checkCase.problem != nil { words.append("--no-validate") }
            return (words.map(Checker.shellWord) + checker.reproductionOptions).joined(separator: " ")
        }
    }
}
