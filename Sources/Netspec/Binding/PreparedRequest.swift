public import HTTPTypes
import NetspecModel

/// A request built from an endpoint and its arguments, ready to send or to print.
///
/// Build one with `api.x.prepare(…)` or `Service.prepare(_:_:options:)`; `netspec call --dry-run` prints it as an HTTP/1.1
/// message (``httpMessage``) and `--curl` as a curl command (``curlCommand``).
public struct PreparedRequest: Sendable {
    /// The endpoint's name.
    public var endpointName: String
    /// The method.
    public var method: HTTPRequest.Method
    /// The absolute URL, percent-encoded.
    public var url: String
    /// The header fields, in order.
    public var headerFields: HTTPFields
    /// The body.
    public var body: PreparedRequest.Body
    /// The endpoint it was built for, so that sending it looks nothing up again (`nil` for a
    /// request made with the public initialiser: ``Service/send(_:options:)`` finds it by name).
    var endpoint: Endpoint?
    /// The credentials the call will attach (the endpoint's `auth:`), set by
    /// ``Service/prepare(_:_:options:)``, which builds the request without them: ``curlCommand``
    /// and ``httpMessage`` show where they go, as `${NAME}` references.
    var pendingAuth: AuthPolicy?
    /// The endpoint's security alternative chosen when the request was prepared
    /// (``Service/authAlternative(for:)``), which sending it attaches, as ``pendingAuth`` shows:
    /// chosen once per call. `nil` for a request made with the public initialiser, chosen as it is sent.
    var authAlternative: Int?
    /// Built to be printed (`--dry-run`, `--curl`), a base URL holding variables set nowhere,
    /// which the renderings show as `${NAME}` (``UnsetBaseURL``).
    var unsetBaseURL: UnsetBaseURL?

    /// Creates the request an endpoint's binding built.
    init(endpoint: Endpoint, url: String, headerFields: HTTPFields, body: PreparedRequest.Body) {
        self.endpoint = endpoint
        self.endpointName = endpoint.name
        self.method = endpoint.method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }

    /// Creates a prepared request.
    public init(endpointName: String, method: HTTPRequest.Method, url: String, headerFields: HTTPFields, body: PreparedRequest.Body) {
        self.endpointName = endpointName
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }

    /// The header lines as HTTP/1.1 sends them, names as written. `HTTPFields` keeps each cookie
    /// as a field of its own (as HTTP/2 compresses them); HTTP/1.1 sends them as one `Cookie` line
    /// (RFC 6265 §5.4) where the first stood, as swift-nio-extras' `NIOHTTPTypesHTTP1` does.
    /// The transport sends these lines, and `--dry-run`, `--curl` and `-v` print them.
    package var http1Fields: [(String, String)] {
        var lines: [(String, String)] = []
        lines.reserveCapacity(headerFields.count)
        var hasCookieLine = false
        for field in headerFields {
            if field.name != .cookie {
                lines.append((field.name.rawName, field.value))
            } else if !hasCookieLine, let cookies = headerFields[.cookie] {
                hasCookieLine = true
                lines.append((field.name.rawName, cookies))
            }
        }
        return lines
    }
}

