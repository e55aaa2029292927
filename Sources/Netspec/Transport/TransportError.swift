import NetspecModel

/// A request got no complete response: it could not connect, timed out, was cancelled, or the
/// connection failed.
public struct TransportError: Error, Sendable, CustomStringConvertible {

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what went wrong, e.g. `cannot connect to 127.0.0.1:9: connection refused`.
    public let message: String
    /// The close code of a WebSocket that ended abnormally (1011, 1009, …), as the server sent
    /// it or as this side closed with; `nil` for HTTP calls.
    public let closeCode: Int?
    /// The status a server answered when that answer was a failure of a request the call needed
    /// before its own (an OAuth 2 token endpoint's 5xx, 408 or 429): the command line exits as
    /// for an answer of that status. `nil` otherwise.
    package var httpStatus: Int?

    /// Creates a transport error.
    public init(kind: Kind, message: String, closeCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.closeCode = closeCode
    }

    /// The message.
    public var description: String { message }

    /// A body larger than the limit.
    static func responseTooLarge(limit: Int) -> TransportError {
        TransportError(kind: .responseTooLarge, message: "the response body is larger than the limit of \(ByteCount(limit))")
    }

    /// A timeout: `the request to api.example.com timed out after 5 s` (without a host, `timed out after 5 s`).
    package static func timedOut(after duration: Duration, host: String? = nil) -> TransportError {
        TransportError(kind: .timeout, message: "\(host.map { "the request to \($0) " } ?? "")timed out after \(DurationText(duration))")
    }

    /// The call's time limit ran out: `the request to HOST timed out after 300 ms`, or `the
    /// request to HOST timed out` when the call had none of its own (a transport's).
    package static func timedOut(limit: Duration?, host: String? = nil) -> TransportError {
        limit.map { timedOut(after: $0, host: host) } ?? TransportError(kind: .timeout, message: "\(host.map { "the request to \($0) " } ?? "")timed out")
    }

    /// The host's name did not resolve: `cannot resolve host api.example.com`.
    package static func unresolved(_ host: String) -> TransportError {
        TransportError(kind: .connect, message: "cannot resolve host \(host)")
    }

    /// The connection ended before the whole response came, in every transport's words.
    package static func closedEarly(_ host: String) -> TransportError {
        TransportError(kind: .connectionClosed, message: "\(host) closed the connection before the response was complete")
    }

    /// A failure no transport knows the reason of.
    package static func unknownFailure(_ host: String) -> TransportError {
        TransportError(kind: .other, message: "the request to \(host) failed for a reason Netspec does not know")
    }

    /// A WebSocket the server closed with an abnormal code.
    static func webSocketClosed(_ frame: WebSocket.CloseFrame, endpoint: String) -> TransportError {
        TransportError(
            kind: .webSocketClosed, message: "WebSocket '\(endpoint)': the server closed the connection with \(frame)", closeCode: frame.code
        )
    }

    /// A cancelled call.
    package static let cancelled = TransportError(kind: .cancelled, message: "the call was cancelled")
}

/// A duration for messages: `2 s`, `0.5 s`, `250 ms`.
package struct DurationText: CustomStringConvertible {
    let duration: Duration
    package init(_ duration: Duration) { self.duration = duration }

    package var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds < 1, seconds > 0 { return "\(Int((seconds * 1000).rounded())) ms" }
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
