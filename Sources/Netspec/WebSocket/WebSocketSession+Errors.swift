// The WebSocket client's errors, said as the rest of the library says them: a message over the
// limit, an upgrade refused, a frame the protocol forbids, and the transport's explained errors.

import NIOWebSocket
import WSClient
import NetspecModel

extension WebSocketSession {
    static func tooLarge(url: String, maxMessageSize: Int) -> TransportError {
        TransportError(
            kind: .responseTooLarge,
            message: "\(url): a message is larger than the limit of \(ByteCount(maxMessageSize)) (Provider.Options.maxWebSocketMessageSize); the connection was closed with 1009",
            closeCode: 1009
        )
    }

    /// The client's errors, said as the rest of the library says them.
    static func describe(_ error: any Error, url: String, maxMessageSize: Int, options: TransportOptions) async -> any Error {
        switch error {
        case let error as CallError: return error
        case let error as CallError.ResultDecodingError: return error
        case let error as TransportError: return error
        case is CancellationError: return TransportError.cancelled
        case NIOWebSocketError.invalidFrameLength:
            return tooLarge(url: url, maxMessageSize: maxMessageSize)
        case let error as WebSocketClientError:
            switch error {
            case .webSocketUpgradeFailed:
                return TransportError(kind: .invalidResponse, message: "\(url): the server did not upgrade the connection to a WebSocket (its answer was not 101 Switching Protocols with a valid Sec-WebSocket-Accept)")
            case .serverSentMessageTooLarge:
                return tooLarge(url: url, maxMessageSize: maxMessageSize)
            case .serverSentDataInconsistentWithMessage:
                return TransportError(kind: .invalidResponse, message: "\(url): the server sent a text message that is not UTF-8; the connection was closed with 1007", closeCode: 1007)
            case .serverProtocolError:
                return TransportError(kind: .invalidResponse, message: "\(url): the server broke the WebSocket protocol; the connection was closed with 1002", closeCode: 1002)
            default:
                return TransportError(kind: .connect, message: "\(url): \(error)")
            }
        default:
            return await TransportErrorMapping.explained(error, url: url, options: options)
        }
    }
}
