#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// Decides, response by response, whether a request is redirected and what is sent next, as
/// curl, HTTPie and browsers do (RFC 9110 §15.4, WHATWG Fetch "HTTP-redirect fetch"):
///
/// - 301, 302, 303, 307 and 308 with a `Location` that resolves, against the request's URL, to an
///   `http` or `https` URL are followed; any other response is the answer, and so is a redirect
///   with no `Location`. A `Location` that is not a URL, or names another scheme (`ftp:`, `file:`),
///   is a ``TransportError`` of kind `redirect` naming it, as curl's `-L` and HTTPie's `--follow`
///   fail on one; so is one whose port is out of range or not a number.
/// - 303 turns every method but `HEAD` into a `GET` without a body, and so do 301 and 302 for a
///   `POST`; otherwise (307 and 308 above all) the method and the body are sent again. Every
///   ``PreparedRequest/Body`` can be: bytes are in memory, and files (plain or multipart parts) are regular
///   files, read again from the start.
/// - A redirect to another origin (scheme, host and port) drops `Authorization`,
///   `Proxy-Authorization`, `Cookie`, `Origin` and every field named in `secretHeaders` (the
///   endpoint's API-key headers and the headers whose value is secret, as ``Redactor`` finds them),
///   so credentials never follow a redirect to another server.
/// - More than `maxRedirects` redirects, or a redirect to a URL already requested, is a
///   ``TransportError`` of kind `redirect` naming the URLs.
struct RedirectFollower {
    /// The most redirects followed for one request (0 follows none).
    let maxRedirects: Int
    /// The redirects followed so far.
    private(set) var count = 0
    /// Every URL requested so far; made at the first redirect (most requests have none).
    private var visited: Set<String> = []
    /// The fields dropped on a hop to another origin: the ones that always carry credentials, and
    /// the request's own secret ones.
    private let credentialFields: [HTTPField.Name]

    /// Starts following the redirects of `request`.
    ///
    /// - Parameter secretHeaders: names of the request's headers that carry credentials (any case),
    ///   dropped with `Authorization` and `Cookie` on a hop to another origin.
    init(request: PreparedRequest, maxRedirects: Int, secretHeaders: Set<String> = []) {
        self.maxRedirects = maxRedirects
        credentialFields = Self.alwaysCredentialFields + secretHeaders.sorted().compactMap { HTTPField.Name($0) }
    }

    /// The request to send after `status` and `headerFields` came back for `request`, or `nil`
    /// when that response is the answer.
    ///
    /// - Throws: ``TransportError`` (`redirect`) past the limit, on a loop, or for a `Location`
    ///   that cannot be followed.
    mutating func nextRequest(after status: Int, headerFields: HTTPFields, to request: PreparedRequest) throws -> PreparedRequest? {
        guard maxRedirects > 0, Self.statuses.contains(status), let location = headerFields[.location] else { return nil }
        let target = try Self.resolve(location, against: request.url, status: status)
        count += 1
        guard count <= maxRedirects else {
            throw TransportError(
                kind: .redirect,
                message: "more than \(pluralized(maxRedirects, "redirect")): \(request.url) redirects again, to \(target.absoluteString)"
            )
        }
        if visited.isEmpty { visited.insert(request.url) }
        guard visited.insert(target.absoluteString).inserted else {
            throw TransportError(
                kind: .redirect, message: "redirect loop: \(request.url) redirects to \(target.absoluteString), which was requested before"
            )
        }
        var next = request
        next.url = target.absoluteString
        if status == 303 ? request.method != .head : (status == 301 || status == 302) && request.method == .post {
            next.method = .get
            next.body = .empty
            for name in Self.bodyFields { next.headerFields[fields: name] = [] }
        }
        if let origin = URL(string: request.url).map(Origin.init), origin != Origin(target) {
            for name in credentialFields { next.headerFields[fields: name] = [] }
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
    private static let alwaysCredentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie, .origin]

    /// `location` resolved against `base`: an http(s) URL with a host.
    ///
    /// - Throws: ``TransportError`` (`redirect`) naming `location` when it is not one.
    private static func resolve(_ location: String, against base: String, status: Int) throws(TransportError) -> URL {
        func unfollowable(_ why: String) -> TransportError {
            TransportError(kind: .redirect, message: "cannot follow the \(status) redirect from \(base) to '\(location)': \(why)")
        }
        guard let baseURL = URL(string: base), let url = URL(string: location, relativeTo: baseURL)?.absoluteURL,
              let scheme = url.scheme?.lowercased() else { throw unfollowable("it is not a valid URL") }
        guard scheme == "http" || scheme == "https" else {
            throw unfollowable("Netspec follows http and https URLs only, not \(scheme)")
        }
        guard let host = url.host, !host.isEmpty else { throw unfollowable("it has no host") }
        if let problem = TransportErrorMapping.portProblem(of: url.absoluteString) { throw unfollowable(problem) }
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
