import HTTPTypes
import Hummingbird
import NIOCore

/// Cross-origin resource sharing (the Fetch standard's CORS protocol), on by default as in
/// Prism, so that a web app served from another origin (`http://localhost:5173`) can call the
/// mock: every answer says `Access-Control-Allow-Origin: *` and exposes its own headers, and a
/// preflight `OPTIONS` is answered 204 before routing, security or checks (a browser sends it
/// without credentials, before the request it asks about). `MockServer.Options.cors` (`netspec
/// mock --no-cors`) turns it off.
enum MockCORS {
    /// Whether `request` is a CORS preflight: an `OPTIONS` that names the method it asks about.
    static func isPreflight(_ request: Request) -> Bool {
        request.method == .options && request.headers[.accessControlRequestMethod] != nil
    }

    /// The 204 answer to a preflight: any origin, the methods the path has (`allowed`; for a path
    /// the document does not have, the one asked for, so that the request itself gets its 404),
    /// the headers asked for echoed, and `Vary` on what it depends on. No `Max-Age`: a browser
    /// keeps the answer a few seconds, so a mock restarted with a changed document is asked again.
    static func preflight(_ request: Request, allowed: [HTTPRequest.Method]) -> Response {
        var headers = HTTPFields()
        headers[.accessControlAllowOrigin] = "*"
        let asked = request.headers[.accessControlRequestMethod] ?? ""
        var methods = allowed.map(\.rawValue)
        if methods.contains("GET"), !methods.contains("HEAD") { methods.append("HEAD") }
        headers[.accessControlAllowMethods] = methods.isEmpty ? asked : methods.joined(separator: ", ")
        let requested = request.headers[values: .accessControlRequestHeaders].joined(separator: ", ")
        if !requested.isEmpty { headers[.accessControlAllowHeaders] = requested }
        headers[.vary] = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers"
        return Response(status: .noContent, headers: headers)
    }

    /// The response fields a page's script reads without being told (the CORS-safelisted ones).
    private static let safelisted: Set<String> = ["cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma"]

    /// `response` readable from any origin: `Access-Control-Allow-Origin: *`, and
    /// `Access-Control-Expose-Headers` naming its other fields (`Location`, `Link`,
    /// `Netspec-Violations`, the document's `X-Rate-Limit`), so that a script sees what curl
    /// sees. An answer that already says who may read it (a proxied server's) is left as it is.
    static func allowAnyOrigin(_ response: inout Response) {
        guard response.headers[.accessControlAllowOrigin] == nil else { return }
        var exposed: [String] = []
        for field in response.headers where !safelisted.contains(field.name.canonicalName) && !exposed.contains(field.name.rawName) {
            exposed.append(field.name.rawName)
        }
        response.headers[.accessControlAllowOrigin] = "*"
        if !exposed.isEmpty { response.headers[.accessControlExposeHeaders] = exposed.joined(separator: ", ") }
    }
}
