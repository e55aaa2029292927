import HTTPTypes
import Hummingbird
import Netspec
import NetspecModel
import NIOCore

/// A stateful mock's answers as responses, and its reset.
extension MockResponder {
    /// The header that resets the state before a request is answered (`Netspec-Reset: true`).
    static let resetField = HTTPField.Name("Netspec-Reset")!
    /// The path whose `POST` resets the state (204).
    static let resetPath = "/__netspec/reset"

    /// `POST /__netspec/reset`: the state back to its seeds, answered 204. A request with
    /// `Netspec-Reset: true` resets it too, and is then answered as usual (`nil`).
    func resetAnswer(_ request: Request, stateful: MockStateful) -> (Response, Outcome)? {
        if request.method == .post, request.uri.path == Self.resetPath {
            stateful.reset()
            return marked((Response(status: .noContent), Outcome(status: 204, endpoint: nil, note: "state reset")), .state)
        }
        if request.headers.scanned(Self.resetField)?.lowercased() == "true" { stateful.reset() }
        return nil
    }

    /// A stateful answer as a response: a value in the media type the document declares for
    /// its status that the request's `Accept` takes most (chosen as for any mock answer:
    /// ``Endpoint/stateAnswer(_:status:accept:)``; JSON for a response that declares none), the
    /// document's own answer for a status (its 404, its 409), else a problem.
    func stateAnswer(_ answer: MockStateful.Answer, endpoint: Endpoint, accept: AcceptHeader?, isHead: Bool) -> (Response, Outcome) {
        switch answer {
        case let .json(status, value, extra):
            var headers = HTTPFields()
            var body: [UInt8] = []
            if let value {
                let written: Mock?
                do throws(MockUnavailable) {
                    written = try endpoint.stateAnswer(value, status: status, accept: accept)
                } catch {
                    // Only a 406 is thrown (a value is no schema to fail).
                    if case let .notAcceptable(types) = error { return notAcceptable(endpoint, types: types) }
                    written = nil
                }
                body = written?.body ?? value.serialized()
                headers[.contentType] = written?.headers.first { $0.name == "Content-Type" }?.value ?? "application/json"
            }
            for header in extra {
                if let name = HTTPField.Name(header.name) { headers.append(HTTPField(name: name, value: header.value)) }
            }
            let outcome = Outcome(status: status, endpoint: endpoint.name)
            if isHead {
                if !body.isEmpty { headers[.contentLength] = String(body.count) }
                return marked((Response(status: .init(code: status), headers: headers), outcome), .state)
            }
            return marked((Response(status: .init(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))), outcome), .state)
        case let .document(status, detail):
            // A 404 is marked as one; a 409 (a create whose id is taken) is the state's answer.
            let marker: AnswerMarker = status == 404 ? .notFound : .state
            // In a type the request's `Accept` takes when the response has one, else as declared.
            if endpoint.responses.matching(status: status) != nil,
               let mock = (try? endpoint.mockAnswer(status: status, accept: accept)) ?? (try? endpoint.mockAnswer(status: status)) {
                return marked(send(checked: mock, endpoint: endpoint, isHead: isHead, name: nil), marker)
            }
            return marked(problem(status, title: status == 409 ? "Conflict" : "Not Found", detail: detail, endpoint: endpoint.name), marker)
        case let .problem(status, title, detail):
            return marked(problem(status, title: title, detail: detail, endpoint: endpoint.name), status == 422 ? .invalidRequest : .state)
        }
    }
}
