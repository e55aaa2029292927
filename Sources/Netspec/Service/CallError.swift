/// Why a call failed: one error type, each case saying what and where. The patterns that name
/// `CallError` compile in any `do` block (docs/swift.md, "Catch clauses that compile"):
///
/// ```swift
/// do {
///     let user = try await api.getUser(id: "johne")
/// } catch CallError.status(let error) where error.status == 404 {
///     print("no such user:", error.json?["message"]?.string ?? "")
/// } catch CallError.cancellation {
///     // cancelled: a call's .transport(.cancelled), or a CancellationError from Task.sleep
/// } catch {
///     print(error)   // endpoint 'getUser': …
/// }
/// ```
public enum CallError: Error, Sendable, CustomStringConvertible {
    /// The arguments do not fit the endpoint (or the endpoint does not exist); nothing was sent.
    case argument(CallError.ArgumentError)
    /// The call cannot be made as the provider and spec are set up (an unset `${NAME}` variable,
    /// no base URL, an unregistered coder); nothing was sent.
    case configuration(ConfigurationError)
    /// The server answered with a status that is not 2xx (to a WebSocket's upgrade, any but 101).
    case status(CallError.HTTPStatusError)
    /// No complete response: connect, TLS, timeout, cancellation, or the connection failed.
    case transport(TransportError)
    /// The response does not have the declared shape, or is not JSON.
    case decoding(CallError.ResultDecodingError)

    /// The error's message.
    public var description: String {
        switch self {
        case let .argument(error): error.description
        case let .configuration(error): error.description
        case let .status(error): error.description
        case let .transport(error): error.description
        case let .decoding(error): error.description
        }
    }

    /// Wraps any error thrown while a call runs.
    static func wrapping(_ error: any Error) -> CallError {
        switch error {
        case let error as CallError: error
        case let error as TransportError: .transport(error)
        case let error as CallError.ArgumentError: .binding(error)
        case let error as CallError.ResultDecodingError: .decoding(error)
        case let error as CallError.HTTPStatusError: .status(error)
        case is CancellationError: .transport(.cancelled)
        case let error as MultipartError: .transport(TransportError(kind: .other, message: error.message))
        default: .transport(TransportError(kind: .other, message: "\(error)"))
        }
    }
}
