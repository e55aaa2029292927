import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL
import NIOHTTP1
import NetspecModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the errors of async-http-client and SwiftNIO into ``TransportError``s that say
/// what happened in our words: no message carries a library's description (a type name, a build
/// path). The table, cause by cause, is in docs/tls.md; TLS failures are ``TLSFailure``'s.
package enum TransportErrorMapping {
    /// Refuses a URL whose port no connection can be made to (`http://127.0.0.1:70000/`,
    /// `http://h:abc/`) before async-http-client sees it: it traps on a port above 65535 for an IP
    /// address and takes it modulo 65536 for a host name (`:99999` reached port 34463). Whatever
    /// the URL came from — a base URL, a redirect, a `Link` header, an OAuth endpoint — it is an
    /// error naming it: `invalid URL 'http://127.0.0.1:70000/x': port 70000 is out of range (1 to 65535)`.
    static func checkPort(of url: String) throws(TransportError) {
        if let problem = portProblem(of: url) {
            throw TransportError(kind: .other, message: "invalid URL '\(BaseURLCheck.redacted(url))': \(problem)")
        }
    }

    /// What is wrong with the port of `url` (``BaseURLCheck/portProblem(inURL:)``); `nil` when it
    /// has none or a valid one.
    static func portProblem(of url: String) -> String? {
        BaseURLCheck.portProblem(inURL: url)
    }

    /// ``map(_:url:options:)``, and for a server certificate that BoringSSL rejected, the reason
    /// (``certificateRejection(url:options:)``), as BoringSSL says only that verification failed.
    static func explained(_ error: any Error, url: String, options: TransportOptions) async -> TransportError {
        let mapped = map(error, url: url, options: options)
        guard TLSFailure.isCertificateRejection(error) else { return mapped }
        return await certificateRejection(url: url, options: options) ?? mapped
    }

    /// Why the server at `url` (`https` or `wss`) has its certificate rejected, in our words: the
    /// chain is fetched and checked again (``TLSPinCheck``) under `options.tls`, with verification
    /// on. For a pinned host whose chain still verifies, the pins are what rejected it (a server
    /// that changed its chain while the check's anchors were kept). Any transport whose client
    /// names no reason uses it (the URLSession transport too).
    ///
    /// - Returns: the reason, or `nil` when the check finds none: the chain verifies, or the
    ///   check's own connection failed (which says nothing about the certificate).
    package static func certificateRejection(url: String, options: TransportOptions) async -> TransportError? {
        guard let (host, port) = TLSSettings.httpsHostAndPort(of: url.prefix(4).lowercased() == "wss:" ? "https:" + url.dropFirst(4) : url)
        else { return nil }
        do {
            var verified = options.tls
            verified.verifiesCertificates = true
            let settings = verified.unpinnedSettings
            if let pins = options.tls.pins(for: host) {
                _ = try await TLSPinCheck.check(host: host, port: port, pins: pins, settings: settings, connectTimeout: options.connectTimeout, proxy: options.proxy)
            } else {
                _ = try await TLSPinCheck.verifiedChain(host: host, port: port, settings: settings, connectTimeout: options.connectTimeout, proxy: options.proxy)
            }
            return nil
        } catch let error as TransportError {
            return [.connect, .timeout, .cancelled].contains(error.kind) ? nil : error
        } catch {
            // A proxy value that cannot be used: nothing was connected, the request's error says it.
            return nil
        }
    }

    /// - Parameter host: how the messages name the peer: `url`'s `host:port` unless said.
    static func map(_ error: any Error, url: String, options: TransportOptions, host: String? = nil) -> TransportError {
        if let error = error as? TransportError { return error }
        if error is CancellationError { return .cancelled }
        if let failure = proxyFailure(error, url: url, options: options) { return failure }
        let host = host ?? hostAndPort(of: url)
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout:
                return TransportError(kind: .timeout, message: "connecting to \(host) timed out after \(DurationText(options.connectTimeout))")
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return TransportError.timedOut(limit: options.timeout, host: host)
            case .cancelled, .requestStreamCancelled:
                return .cancelled
            case .remoteConnectionClosed:
                return TransportError.closedEarly(host)
            case .tlsHandshakeTimeout:
                return TransportError(kind: .tls, message: "the TLS handshake with \(host) timed out")
            case .invalidURL, .emptyHost, .emptyScheme:
                return TransportError(kind: .other, message: "invalid URL '\(url)'")
            case .getConnectionFromPoolTimeout:
                return TransportError(kind: .timeout, message: "no connection to \(host) became free in time")
            case .bodyLengthMismatch:
                return TransportError(kind: .other, message: "the request body to \(host) was not as long as its Content-Length")
            case .uncleanShutdown:
                return uncleanShutdown(host: host)
            case .alreadyShutdown:
                return TransportError(kind: .other, message: "the transport has been shut down")
            default:
                // `HTTPClientError.NAME`: the name alone, which says what it is.
                let name = "\(error)".split(separator: ".").last.map(String.init) ?? "unknown"
                return TransportError(kind: .other, message: "the request to \(host) failed (\(name))")
            }
        }
        if let error = error as? IOError {
            return ioError(error.errnoCode, host: host)
        }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first?.error as? IOError {
                return ioError(first.errnoCode, host: host)
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                return TransportError.unresolved(host)
            }
            return TransportError(kind: .connect, message: "cannot connect to \(host)")
        }
        if case .uncleanShutdown? = error as? NIOSSLError { return uncleanShutdown(host: host) }
        if let failure = TLSFailure(error, minimumVersion: options.tls.minimumVersion?.description, hasClientCertificate: options.tls.clientIdentity != nil) {
            return failure.error(authority: host)
        }
        if let error = error as? ChannelError { return channelError(error, host: host, options: options) }
        if let error = error as? HTTPParserError {
            // The connection ended before the message did.
            if error == .invalidEOFState {
                return TransportError.closedEarly(host)
            }
            return TransportError(kind: .invalidResponse, message: "\(host) sent an invalid HTTP response (\(error))")
        }
        // Errors of modules that are not direct dependencies, matched by their type's name:
        // NIOHTTPDecompression.DecompressionError, and NIOHTTP2's (a GOAWAY or RST_STREAM that
        // ended the request's stream) and async-http-client's own GOAWAY-before-SETTINGS error.
        let type = String(reflecting: Swift.type(of: error))
        if type.hasSuffix("DecompressionError") {
            let why = switch "\(error)" {
            case let text where text.hasPrefix("truncatedData"): "it ends early"
            case let text where text.hasPrefix("invalidTrailingData"): "bytes follow its end"
            default: "it is corrupt"
            }
            return undecompressible(host: host, why: why)
        }
        if type.hasPrefix("NIOHTTP2.") || type.hasSuffix("GoAwayBeforeSettingsError") {
            return TransportError(kind: .connectionClosed, message: "\(host) ended the HTTP/2 stream (GOAWAY or RST_STREAM) before the response was complete")
        }
        return TransportError.unknownFailure(host)
    }

    /// A compressed body that cannot be decoded, and why (`it ends early`, `bytes follow its end`,
    /// `it is corrupt`): SwiftNIO's decompressor's errors, and ``LegacyGzipBody``'s.
    static func undecompressible(host: String, why: String) -> TransportError {
        TransportError(kind: .invalidResponse, message: "the compressed response body from \(host) cannot be decompressed: \(why)")
    }

    /// A NIO channel's error: a connection that timed out, closed, or failed.
    private static func channelError(_ error: ChannelError, host: String, options: TransportOptions) -> TransportError {
        switch error {
        case .connectTimeout:
            TransportError(kind: .timeout, message: "connecting to \(host) timed out after \(DurationText(options.connectTimeout))")
        case .ioOnClosedChannel, .eof, .outputClosed, .alreadyClosed:
            TransportError.closedEarly(host)
        default:
            TransportError(kind: .connectionClosed, message: "the connection to \(host) failed before the response was complete")
        }
    }

    /// A TLS connection closed without TLS's close_notify: the response may be cut short.
    private static func uncleanShutdown(host: String) -> TransportError {
        TransportError(kind: .connectionClosed, message: "\(host) closed the connection without ending TLS (no close_notify) before the response was complete")
    }

    private static func ioError(_ code: Int32, host: String) -> TransportError {
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
            return TransportError(kind: .connect, message: "the connection to \(host) failed: \(String(cString: strerror(code)).lowercased())")
        }
    }

    /// `host:port` of a URL, for messages.
    package static func hostAndPort(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return String(authority)
    }

    /// An authority's host, without the brackets of an IPv6 address, and the text after its
    /// port's colon (`nil` when it names no port).
    static func split(authority: Substring) -> (host: Substring, port: Substring?) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let after = authority[authority.index(after: close)...]
            return (authority[authority.index(after: authority.startIndex)..<close], after.hasPrefix(":") ? after.dropFirst() : nil)
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority, nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }
}
