import HTTPTypes
import Hummingbird
import Netspec
import NIOCore
import NetspecModel

/// `netspec mock --from-har`: a request answered from a recording before the document's mocks.
extension MockResponder {
    /// The recorded answer of the entry the request fits, else the document's (or, with no
    /// endpoints, a 404 naming the nearest entries). The body is read once and kept in `request`
    /// for the mocks.
    func replayOrRespond(to request: inout Request) async -> (Response, Outcome) {
        guard let recording = options.recording else { return await respond(to: request) }
        let body: [UInt8]
        do {
            body = Array(buffer: try await request.collectBody(upTo: options.maxBodySize))
        } catch {
            return problem(413, title: "Content Too Large", detail: "the body is larger than \(options.maxBodySize) bytes")
        }
        let target = request.uri.query.map { request.uri.path + "?" + $0 } ?? request.uri.path
        switch recording.matcher.match(method: request.method.rawValue, url: target, body: body, ignoringOrigin: true) {
        case let .success(exchange):
            return replay(exchange, isHead: request.method == .head)
        case let .failure(error):
            guard service.spec.endpoints.isEmpty else { return await respond(to: request) }
            return problem(404, title: "Not Found", detail: error.description)
        }
    }

    /// A recorded answer as it was received (a failed exchange: a 502 saying why).
    private func replay(_ exchange: HARRecording.Exchange, isHead: Bool) -> (Response, Outcome) {
        if let failure = exchange.failure {
            var (response, outcome) = problem(502, title: "Bad Gateway", detail: "the recorded exchange failed: \(failure)")
            outcome.note = "recorded: entry \(exchange.number)"
            return (response, outcome)
        }
        let outcome = Outcome(status: exchange.status, endpoint: nil, note: "recorded: entry \(exchange.number)")
        var headers = exchange.headerFields
        if isHead {
            if !exchange.body.isEmpty { headers[.contentLength] = String(exchange.body.count) }
            return (Response(status: .init(code: exchange.status), headers: headers), outcome)
        }
        return (Response(status: .init(code: exchange.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: exchange.body))), outcome)
    }
}
