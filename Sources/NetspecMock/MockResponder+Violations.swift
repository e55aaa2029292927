import HTTPTypes
import Hummingbird
import Netspec

// The mock's own answers checked against the document, as the validating proxy checks a real
// server's: an example that breaks its schema is said in a `Netspec-Violations` header and the
// log line, or with `--errors` (`MockServer.Options.proxyErrors`) answered as a 500 problem
// listing what it breaks, as Prism's `--errors` answers a mock that breaks its document.

extension MockResponder {
    /// A mock as the response (``send(_:endpoint:isHead:)``), unless its example breaks the
    /// document's schema (``Mock/exampleViolations``): then, with `--errors`, a 500 problem
    /// listing the violations; without, the answer with them in `Netspec-Violations`.
    ///
    /// - Parameter name: the example asked for by name (`Prefer: example=NAME`), if any.
    func send(checked mock: Mock, endpoint: Endpoint, isHead: Bool, name: String?) -> (Response, Outcome) {
        guard !mock.exampleViolations.isEmpty else { return send(mock, endpoint: endpoint, isHead: isHead) }
        let violations = mock.exampleViolations.map(\.json)
        let note = MockProxy.note(violations, nil)
        if options.proxyErrors {
            let example = name.map { "the example '\($0)'" } ?? "the example"
            let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
            var (response, outcome) = problem(
                500, title: "Internal Server Error",
                detail: "\(example) of the \(mock.status) response of '\(endpoint.name)' breaks the document's schema (\(count))",
                endpoint: endpoint.name, errors: violations
            )
            response.headers[MockProxy.violationsField] = ResponseViolation.headerValue(violations)
            outcome.note = note
            return (response, outcome)
        }
        var (response, outcome) = send(mock, endpoint: endpoint, isHead: isHead)
        response.headers[MockProxy.violationsField] = ResponseViolation.headerValue(violations)
        outcome.note = note
        return (response, outcome)
    }
}
