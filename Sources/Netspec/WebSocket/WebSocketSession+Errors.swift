// The WebSocket client's errors, said as the rest of the library says them: a message over the
// limit, an upgrade refused, a frame the protocol forbids, and the transport's explained errors;
// and the extensions the client offers.

import NIOWebSocket
import WSClient
import NetspecModel

extension WebSocketSession {
    static func tooLarge(url: String, maxMessageSize: Int) -> TransportError {
        TransportError(
            kind: .responseTooLarge,
            message: "\(url): a message is larger than the limit of \(ByteCount(maxMessageSize)) (Provider.Options.streams.maxWebSocketMessageSize); the connection was closed with 1009",
            closeCode: 1009
        )
    }

    /// A frame that breaks the protocol: "the server sent …; the connection was closed with 1002".
    static func frameError(_ problem: WebSocketFrameProblem, url: String, maxMessageSize: Int) -> TransportError {
        if problem.closeCode == 1009 { return tooLarge(url: url, maxMessageSize: maxMessageSize) }
        return TransportError(
            kind: .invalidResponse, message: "\(url): the server sent \(problem.text); the connection was closed with \(problem.closeCode)", closeCode: problem.closeCode
        )
    }

    /// The error the reading of the frames threw, when a frame broke the protocol (`problem`,
    /// what ``WebSocketFrameWatch`` saw, says which); `nil` for the connection's own errors.
    static func frameFailure(_ error: any Error, problem: WebSocketFrameProblem?, url: String, maxMessageSize: Int) -> TransportError? {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            return tooLarge(url: url, maxMessageSize: maxMessageSize)
        case let error as NIOWebSocketError:
            return frameError(problem ?? WebSocketFrameWatch.problem(error), url: url, maxMessageSize: maxMessageSize)
        case let error as WebSocketClientError where error == .serverSentMessageTooLarge:
            return tooLarge(url: url, maxMessageSize: maxMessageSize)
        case let error as WebSocketClientError where error == .serverSentDataInconsistentWithMessage:
            return TransportError(kind: .invalidResponse, message: "\(url): the server sent a text message that is not UTF-8; the connection was closed with 1007", closeCode: 1007)
        case let error as WebSocketClientError where error == .serverProtocolError:
            return problem.map { frameError($0, url: url, maxMessageSize: maxMessageSize) }
                ?? TransportError(kind: .invalidResponse, message: "\(url): the server broke the WebSocket protocol; the connection was closed with 1002", closeCode: 1002)
        case is CancellationError:
            return nil
        default:
            return problem.map { frameError($0, url: url, maxMessageSize: maxMessageSize) }
        }
    }

    /// The client's errors, said as the rest of the library says them.
    static func describe(_ error: any Error, url: String, maxMessageSize: Int, options: TransportOptions) async -> any Error {
        switch error {
        case let error as CallError: return error
        case let error as CallError.ResultDecodingError: return error
        case let error as TransportError: return error
        case let error as WebSocketRefusal: return error
        case is CancellationError: return TransportError.cancelled
        case let error as WebSocketHandshakeError:
            return TransportError(kind: .invalidResponse, message: "\(url): the server did not upgrade the connection to a WebSocket: its 101 answer \(error.reason) (RFC 6455 §4.1); the connection was closed")
        case is NIOWebSocketError:
            return frameFailure(error, problem: nil, url: url, maxMessageSize: maxMessageSize) ?? error
        case let error as WebSocketClientError where [.serverSentMessageTooLarge, .serverSentDataInconsistentWithMessage, .serverProtocolError].contains(error):
            return frameFailure(error, problem: nil, url: url, maxMessageSize: maxMessageSize) ?? error
        case let error as WebSocketClientError where [.proxyHandshakeFailed, .proxyHandshakeInvalidResponse, .proxyHandshakeTimeout].contains(error):
            guard let route = try? options.proxy.route(for: url) else { return TransportError(kind: .connect, message: "\(url): \(error)") }
            let target = TransportErrorMapping.tunnelTarget(of: url)
            if error == .proxyHandshakeTimeout {
                return TransportError(kind: .timeout, message: "\(route.named) did not open a tunnel to \(target) in time")
            }
            return TransportError(kind: .connect, message: "\(route.named) refused to tunnel to \(target): its answer to CONNECT \(target) was not 2xx")
        case let error as WebSocketClientError:
            switch error {
            case .webSocketUpgradeFailed:
                return TransportError(kind: .invalidResponse, message: "\(url): the server did not upgrade the connection to a WebSocket (its answer was not 101 Switching Protocols with a valid Sec-WebSocket-Accept)")
            default:
                return TransportError(kind: .connect, message: "\(url): \(error)")
            }
        default:
            return await TransportErrorMapping.explained(error, url: url, options: options)
        }
    }
}

extension WebSocketSession {
    /// The extensions offered: permessage-deflate (RFC 7692).
    static func extensions(maxMessageSize: Int) -> [WebSocketExtensionFactory] {
        [.perMessageDeflate(maxDecompressedFrameSize: maxMessageSize)]
    }

    /// The upgrade request's `Sec-WebSocket-Extensions`, as ``extensions(maxMessageSize:)`` offers them.
    static var extensionOffer: String {
        extensions(maxMessageSize: 1).map { $0.build().clientRequestHeader() }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
