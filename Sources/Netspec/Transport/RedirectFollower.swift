#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// Decides, response by response, whether a request is redirected and what is sent next, as
/// curl, HTTPie and browsers do (RFC 9110 §15.4, WHATWG Fetch "HTTP-redirect fetch"):
///
/// - 301, 302, 303, 307 and 308 with a `Location` that resolves, against the request's URL, to an
///   `http` or `https` URL are followed; any other response is the answer.
/// - 303 turns every method but `HEAD` into a `GET` without a body, and so do 301 and 302 for a
///   `POST`; otherwise (307 and 308 above all) the method and the body are sent again. Every
///   ``PreparedRequest/Body`` can be: bytes are in memory, and files (plain or multipart parts) are regular
///   files, read again from the start.
/// - A redirect to another origin (scheme, host and port) drops `Authorization`,
///   `Proxy-Authorization`, `Cookie` and `Origin`, so credentials never follow a redirect to
///   another server.
/// - More than `maxRedirects` redirects, or a redirect to a URL already requested, is a
///   ``TransportError`` of kind `redirect`.
struct RedirectFollower {
    /// The most redirects followed for one request (0 follows none).
    let maxRedirects: Int
    /// The redirects followed so far.
    private(set) var count = 0
    /// Every URL requested so far; made at the first redirect (most requests have none).
    private var visited: Set<String> = []

    /// Starts following the redirects of `request`.
    init(request: PreparedRequest, maxRedirects: Int) {
        self.maxRedirects = maxRedirects
    }

    /// The request to send after `status` and `headerFields` came back for `request`, or `nil`
    /// when that response is the answer.
    ///
    /// - Throws: ``TransportError`` (`redirect`) past the limit or on a loop.
    mutating func nextRequest(after status: Int, headerFields: HTTPFields, to request: PreparedRequest) throws -> PreparedRequest? {
        guard maxRedirects > 0, Self.statuses.contains(status),
              let location = headerFields[.location], let target = Self.resolve(location, against: request.url) else { return nil }
        count += 1
        guard count <= maxRedirects else {
            throw TransportError(kind: .redirect, message: "more than \(maxRedirects) redirect\(maxRedirects == 1 ? "" : "s")")
        }
        if visited.isEmpty { visited.insert(request.url) }
        guard visited.insert(target.absoluteString).inserted else {
            throw TransportError(kind: .redirect, message: "redirect loop detected")
        }
        var next = request
        next.url = target.absoluteString
        if status == 303 ? request.method != .head : (status == 301 || status == 302) && request.method == .post {
            next.method = .get
            next.body = .empty
            for name in Self.bodyFields { next.headerFields[fields: name] = [] }
        }
        if let origin = URL(string: request.url).map(Origin.init), origin != Origin(target) {
            for name in Self.credentialFields { next.headerFields[fields: name] = [] }
        }
        return next
    }

    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Fields that describe a body, dropped with it.
    private static let bodyFields: [HTTPField.Name] = [
        .contentType, .contentLength, .contentEncoding, .contentLanguage, .contentLocation,
    ]

    /// Fields that carry credentials or say where the request came from, dropped across origins.
    private static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie, .origin]

    /// `location` resolved against `base`, when it is an http(s) URL with a host.
    private static func resolve(_ location: String, against base: String) -> URL? {
        guard let base = URL(string: base), let url = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    /// A URL's origin: scheme, host and port (the scheme's default when absent).
    private struct Origin: Equatable {
        var scheme: String
        var host: String
        var port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased() ?? ""
            host = url.host?.lowercased() ?? ""
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
    }
}
