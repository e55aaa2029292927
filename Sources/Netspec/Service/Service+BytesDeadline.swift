import NIOConcurrencyHelpers
import NetspecModel

extension Service {
    /// An endpoint's body as bytes: a ``download(_:endpoint:options:)`` for one that answers one
    /// value, a `stream:` endpoint's as they arrive for as long as the server sends them.
    func openBytes(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions) async throws(CallError) -> ByteStream {
        if case .value = CallForm.natural(for: endpoint) { return try await download(request, endpoint: endpoint, options: options) }
        let (head, stream) = try await openStream(request, kind: .bytes, endpoint: endpoint, options: options)
        return ByteStream(head: head, body: stream.body)
    }

    /// The body of an endpoint that answers one value, as its bytes arrive (``bytes(_:_:options:)``
    /// of such an endpoint, `netspec call -o FILE`), within the time limit of a call that reads the
    /// whole response: each attempt, from connecting to the last byte — not only until the head,
    /// as a `stream:` endpoint's. A body that stalls or drips past the limit fails the read with
    /// the same ``TransportError`` (`timeout`, naming the host and the limit), and its connection
    /// is closed. An event stream that an endpoint answering a value or events sends is a stream:
    /// only its head is waited for within the limit.
    func download(_ request: PreparedRequest, endpoint: Endpoint, options: CallOptions) async throws(CallError) -> ByteStream {
        let limit = CallSettings(call: options, endpoint: endpoint, provider: provider).timeout
        let deadline = DownloadDeadline(limit: limit, host: TransportErrorMapping.hostAndPort(of: request.url))
        let opened: (head: TransportResponse, stream: ResponseStream)
        do {
            opened = try await DownloadDeadline.$current.withValue(deadline) {
                try await openStream(request, kind: .bytes, endpoint: endpoint, options: options)
            }
        } catch {
            throw CallError.wrapping(error)
        }
        if endpoint.answersValueOrEvents, Self.isEventStream(opened.head) { return ByteStream(head: opened.head, body: opened.stream.body) }
        return ByteStream(head: opened.head, body: deadline.bounding(opened.stream.body))
    }

    /// Sends a request to an endpoint that answers one value or events (``Endpoint/answersValueOrEvents``),
    /// with the body streaming: an event stream as it arrives, anything else (the value, an error's
    /// body) within the time limit, as ``download(_:endpoint:options:)`` reads it.
    func sendForValueOrEvents(
        _ request: PreparedRequest, endpoint: Endpoint, options: TransportOptions, callOptions: CallOptions, usesMock: Bool
    ) async throws -> TransportResponse {
        guard let limit = options.timeout else {
            return try await send(request, endpoint: endpoint, streaming: true, options: options, callOptions: callOptions, usesMock: usesMock)
        }
        let deadline = DownloadDeadline(limit: limit, host: TransportErrorMapping.hostAndPort(of: request.url))
        var response = try await DownloadDeadline.$current.withValue(deadline) {
            try await send(request, endpoint: endpoint, streaming: true, options: options, callOptions: callOptions, usesMock: usesMock)
        }
        if !((200..<300).contains(response.status) && Self.isEventStream(response)) { response.body = deadline.bounding(response.body) }
        return response
    }

    /// Whether a response says it is an event stream.
    static func isEventStream(_ response: TransportResponse) -> Bool {
        (response.headerFields[.contentType] ?? "").lowercased().hasPrefix("text/event-stream")
    }
}

/// When a download (``Service/download(_:endpoint:options:)``) must have read its last byte.
///
/// The transport's `send` limits only the wait for the response head, so the end is worked out
/// here, as the transport's whole-response `fetch` does it: each hop the call sends through the
/// transport (``send(_:options:through:)``, from ``Service/answer(_:endpoint:streaming:options:usesMock:mock:)``)
/// sets it to its own limit from now — what is left of the attempt's, after redirects — so a
/// retry starts a fresh limit and the wait between attempts is not counted. A call answered
/// without the transport (a mock) ends `limit` after it began.
final class DownloadDeadline: Sendable {
    /// The download being opened by this task, if any.
    @TaskLocal static var current: DownloadDeadline?

    /// The call's time limit, as its timeout error names it.
    let limit: Duration
    /// The end, and the host the last hop went to; `nil`: none (a hop without a limit).
    private let end: NIOLockedValueBox<(instant: ContinuousClock.Instant, host: String)?>

    init(limit: Duration, host: String) {
        self.limit = limit
        end = NIOLockedValueBox((ContinuousClock.now + limit, host))
    }

    /// Sends one hop through `transport`; in a download, its limit from now is the download's end.
    static func send(_ request: PreparedRequest, options: TransportOptions, through transport: any HTTPTransport) async throws -> TransportResponse {
        if let current {
            let host = TransportErrorMapping.hostAndPort(of: request.url)
            let end = options.timeout.map { (instant: ContinuousClock.now + $0, host: host) }
            current.end.withLockedValue { $0 = end }
        }
        return try await transport.send(request, options: options)
    }

    /// `body`, read within the end.
    func bounding(_ body: TransportResponse.Body) -> TransportResponse.Body {
        guard let end = end.withLockedValue({ $0 }) else { return body }
        return TransportResponse.Body(source: DeadlineChunkSource(body: body, end: end.instant, limit: limit, host: end.host))
    }
}
