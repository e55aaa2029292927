/// An error raised by ``TestServer`` or by a ``TestResponseWriter`` that is used out of order.
public enum TestServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The connection closed (client close, ``TestResponseWriter/close()``, reset or shutdown).
    case connectionClosed
    /// ``TestResponseWriter/writeHead(status:reason:headers:)`` was called after a final head.
    case headAlreadyWritten
    /// Body bytes were written before any head.
    case headNotWritten
    /// The response was already finished with `end()`, `close()` or `reset()`.
    case responseFinished
    /// ``TestRequest/collectBody(upTo:)`` saw more bytes than its limit.
    case bodyTooLarge(limit: Int)
    /// The request body was iterated a second time; it is a single-pass stream.
    case bodyAlreadyConsumed
    /// A status code outside 100...999.
    case invalidStatus(Int)
    /// A helper program (openssl) failed.
    case childFailed(String)

    public var description: String {
        switch self {
        case .connectionClosed: "the connection is closed"
        case .headAlreadyWritten: "a response head was already written"
        case .headNotWritten: "body bytes written before the response head"
        case .responseFinished: "the response was already finished"
        case .bodyTooLarge(let limit): "the request body is larger than \(limit) bytes"
        case .bodyAlreadyConsumed: "the request body can be iterated only once"
        case .invalidStatus(let status): "invalid status code \(status)"
        case .childFailed(let message): message
        }
    }
}
