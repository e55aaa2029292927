import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the errors of async-http-client and SwiftNIO into ``TransportError``s that say what happened.
enum TransportErrorMapping {
    static func map(_ error: any Error, url: String, options: TransportOptions) -> TransportError {
        if let error = error as? TransportError { return error }
        if error is CancellationError { return .cancelled }
        let host = hostAndPort(of: url)
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout:
                return TransportError(kind: .timeout, message: "connecting to \(host) timed out after \(DurationText(options.connectTimeout))")
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return options.timeout.map { TransportError.timedOut(after: $0) } ?? TransportError(kind: .timeout, message: "timed out")
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .remoteConnectionClosed:
                return TransportError(kind: .connectionClosed, message: "\(host) closed the connection before the response was complete")
            case .tlsHandshakeTimeout:
                return TransportError(kind: .tls, message: "the TLS handshake with \(host) timed out")
            case .invalidURL, .emptyHost, .emptyScheme:
                return TransportError(kind: .other, message: "invalid URL '\(url)'")
            default:
                return TransportError(kind: .other, message: "\(error)")
            }
        }
        if let error = error as? IOError {
            return ioError(error.errnoCode, host: host, fallback: "\(error)")
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first?.error as? IOError {
                return ioError(first.errnoCode, host: host, fallback: "\(error)")
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return TransportError(kind: .connect, message: "cannot resolve host \(host)")
            }
            return TransportError(kind: .connect, message: "cannot connect to \(host)")
        }
        if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
            return TransportError(kind: .tls, message: "TLS with \(host) failed: \(error)")
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout:
                return TransportError(kind: .timeout, message: "connecting to \(host) timed out after \(DurationText(options.connectTimeout))")
            case .ioOnClosedChannel, .eof, .outputClosed, .alreadyClosed:
                return TransportError(kind: .connectionClosed, message: "\(host) closed the connection before the response was complete")
            default:
                return TransportError(kind: .other, message: "\(error)")
            }
        }
        if let error = error as? HTTPParserError {
            // The connection ended before the message did.
            if error == .invalidEOFState {
                return TransportError(kind: .connectionClosed, message: "\(host) closed the connection before the response was complete")
            }
            return TransportError(kind: .invalidResponse, message: "\(host) sent an invalid HTTP response (\(error))")
        }
        // NIOHTTPDecompression.DecompressionError, matched by name (NIOHTTPCompression is not a direct dependency).
        let text = "\(error)"
        if String(reflecting: type(of: error)).hasSuffix("DecompressionError") {
            return TransportError(kind: .invalidResponse, message: "the compressed response body is invalid (\(text))")
        }
        return TransportError(kind: .other, message: text)
    }

    private static func ioError(_ code: Int32, host: String, fallback: String) -> TransportError {
        switch code {
        case ECONNREFUSED:
            return TransportError(kind: .connect, message: "cannot connect to \(host): connection refused")
        case ENETUNREACH, EHOSTUNREACH:
            return TransportError(kind: .connect, message: "cannot connect to \(host): host unreachable")
        case ECONNRESET, EPIPE:
            return TransportError(kind: .connectionClosed, message: "\(host) reset the connection")
        case ETIMEDOUT:
            return TransportError(kind: .timeout, message: "connecting to \(host) timed out")
        default:
            return TransportError(kind: .other, message: fallback)
        }
    }

    /// `host:port` of a URL, for messages.
    static func hostAndPort(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return String(authority)
    }
}
