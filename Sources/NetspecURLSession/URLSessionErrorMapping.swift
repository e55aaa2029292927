import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Netspec

/// Turns URLSession's errors into ``TransportError``s in Netspec's words, naming the host, as
/// `TransportErrorMapping` does for the default transport (the same sentences where the cause is
/// the same). On Apple platforms URLSession names the cause with a `URLError` code; on Linux,
/// FoundationNetworking gives many of libcurl's failures the code `unknown` and libcurl's text,
/// which is read for the cause but never shown.
enum URLSessionErrorMapping {
    /// ``map(_:url:options:)``, and for a certificate the system rejected, the reason from
    /// Netspec's own check of the server's chain (the one the default transport uses).
    static func explained(_ error: any Error, url: String, options: TransportOptions) async -> TransportError {
        let mapped = map(error, url: url, options: options)
        guard isCertificateRejection(error) else { return mapped }
        return await TransportErrorMapping.certificateRejection(url: url, options: options) ?? mapped
    }

    static func map(_ error: any Error, url: String, options: TransportOptions) -> TransportError {
        if let error = error as? TransportError { return error }
        if error is CancellationError { return .cancelled }
        let host = TransportErrorMapping.hostAndPort(of: url)
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else {
            return TransportError.unknownFailure(host)
        }
        switch URLError.Code(rawValue: error.code) {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return TransportError.timedOut(limit: options.timeout, host: host)
        case .cannotConnectToHost:
            return TransportError(kind: .connect, message: "cannot connect to \(host): connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError.unresolved(host)
        case .notConnectedToInternet:
            return TransportError(kind: .connect, message: "cannot connect to \(host): not connected to a network")
        case .networkConnectionLost:
            return .closedEarly(host)
        case .badServerResponse:
            return TransportError(kind: .invalidResponse, message: "\(host) sent no valid HTTP response")
        case .cannotDecodeContentData, .cannotDecodeRawData:
            return TransportError(kind: .invalidResponse, message: "the compressed response body from \(host) cannot be decompressed: it is corrupt")
        case .clientCertificateRequired:
            return TransportError(kind: .clientCertificateRequired, message: "TLS with \(host) failed: the server requires a client certificate, and none was given")
        case .clientCertificateRejected:
            return TransportError(kind: .clientCertificateRejected, message: "TLS with \(host) failed: the server rejected the client certificate")
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            return tlsFailure(error, host: host)
        case .unknown:
            return curlFailure(libcurlText(error), host: host)
        default:
            return TransportError(kind: .other, message: "the request to \(host) failed (URLSession error \(error.code))")
        }
    }

    /// Whether the system rejected the server's certificate (rather than the handshake failing
    /// for another reason), so that Netspec's check can say why.
    static func isCertificateRejection(_ error: any Error) -> Bool {
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else { return false }
        switch URLError.Code(rawValue: error.code) {
        case .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
            .secureConnectionFailed:
            return true
        case .unknown:
            let text = libcurlText(error)
            return text.contains("certificate") || text.contains("subject name")
        default:
            return false
        }
    }

    /// A TLS failure URLSession names no further.
    private static func tlsFailure(_ error: NSError, host: String) -> TransportError {
        isCertificateRejection(error)
            ? TransportError(kind: .tls, message: "TLS with \(host) failed: the system does not trust the server's certificate")
            : TransportError(kind: .tls, message: "TLS with \(host) failed: the handshake failed")
    }

    /// A failure FoundationNetworking left as `unknown`, by libcurl's text (lowercased).
    private static func curlFailure(_ text: String, host: String) -> TransportError {
        if text.contains("certificate") || text.contains("subject name") {
            return TransportError(kind: .tls, message: "TLS with \(host) failed: the system does not trust the server's certificate")
        }
        if text.contains("ssl") || text.contains("tls") {
            return TransportError(kind: .tls, message: "TLS with \(host) failed: the handshake failed")
        }
        if text.contains("transfer closed") || text.contains("recv failure") || text.contains("connection reset") {
            return .closedEarly(host)
        }
        return TransportError.unknownFailure(host)
    }

    /// libcurl's text of a FoundationNetworking error, lowercased (empty on Apple platforms).
    private static func libcurlText(_ error: NSError) -> String {
        ((error.userInfo[NSLocalizedDescriptionKey] as? String) ?? "").lowercased()
    }
}
