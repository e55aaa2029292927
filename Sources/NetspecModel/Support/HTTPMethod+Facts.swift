package import HTTPTypes

/// What Netspec needs to know about HTTP methods, in one place (RFC 9110 §9, and the QUERY method
/// of draft-ietf-httpbis-safe-method-w-body).
extension HTTPRequest.Method {
    /// `QUERY`: safe and idempotent like GET, with a body like POST.
    package static let query = HTTPRequest.Method("QUERY")!

    /// The methods a spec may write as an endpoint key (`GET: /users`), in the order suggestions list them.
    package static let shorthands: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .head, .options, .query, .trace, .connect]

    /// Whether inferred parameters go to the query (inference rule 3): the methods whose
    /// requests have no defined body semantics — GET, HEAD, DELETE, OPTIONS, TRACE and CONNECT.
    var sendsParametersInQuery: Bool {
        switch self {
        case .get, .head, .delete, .options, .trace, .connect: true
        default: false
        }
    }

    /// Whether a request may not carry a body at all, even an explicit one: HEAD, TRACE and CONNECT.
    var forbidsBody: Bool {
        switch self {
        case .head, .trace, .connect: true
        default: false
        }
    }

    /// Whether servers expect a body, so an empty one is sent as `Content-Length: 0`: POST, PUT,
    /// PATCH and QUERY.
    package var expectsBody: Bool {
        switch self {
        case .post, .put, .patch, .query: true
        default: false
        }
    }

    /// Whether the method is safe (RFC 9110 §9.2.1, and QUERY): read-only, no side effects intended.
    package var isSafe: Bool {
        switch self {
        case .get, .head, .options, .trace, .query: true
        default: false
        }
    }

    /// Whether the method is idempotent (RFC 9110 §9.2.2, and QUERY), so retries need no opt-in.
    package var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .trace, .query: true
        default: false
        }
    }
}
