import HTTPTypes
import Hummingbird

/// `Netspec-Mock-Answer`: the header with which the mock says that an answer is one of its own,
/// made by the rules docs/mock.md documents rather than by a server's logic, so that a tool
/// testing a server against its document (`netspec check`) can tell the mock's documented
/// answers from a server's failures. A real server never sends it.
extension MockResponder {
    /// What made an answer.
    enum AnswerMarker: String {
        /// An answer made from the document (an example, or a body drawn from a schema; the
        /// document's own 422 or 400 to an invalid request) by a mock that keeps no state for the
        /// operation: it says nothing about what was created or deleted.
        case example
        /// A stateful mock's answer from its store (created, read, listed, replaced, deleted; a 409).
        case state
        /// A stateful mock's 404 for an item it does not hold (never created, or deleted).
        case notFound = "not-found"
        /// The 501 for an operation the mock has nothing to answer from.
        case noMock = "no-mock"
        /// The mock's own 422 problem to a request it finds invalid, where the operation declares
        /// no 422 or 400 (or the stateful mock's to a JSON Patch that cannot be applied).
        case invalidRequest = "invalid-request"
    }

    /// The header's name.
    static let answerMarkerField = HTTPField.Name("Netspec-Mock-Answer")!

    /// The answer with the marker.
    func marked(_ answer: (Response, Outcome), _ marker: AnswerMarker) -> (Response, Outcome) {
        var response = answer.0
        response.headers[Self.answerMarkerField] = marker.rawValue
        return (response, answer.1)
    }
}
