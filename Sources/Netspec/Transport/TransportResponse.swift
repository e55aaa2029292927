public import HTTPTypes

/// A response whose head has arrived; its body streams.
public struct TransportResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase for the status: the standard one for known codes (SwiftNIO does not keep
    /// the server's own text), empty for unknown codes.
    public var reasonPhrase: String
    /// The header fields.
    public var headerFields: HTTPFields
    /// The body, readable once.
    public var body: TransportResponse.Body
    /// The URL that answered when the call followed redirects to it (the last `Location`,
    /// resolved); `nil` when the request's own URL answered. Relative references in the answer
    /// (a next page's `Link`) resolve against it (RFC 3986 §5.1.3).
    package var redirectedURL: String?

    /// Creates a response.
    public init(status: Int, reasonPhrase: String = "", headerFields: HTTPFields = [:], body: TransportResponse.Body = TransportResponse.Body(bytes: [])) {
        self.status = status
        self.reasonPhrase = reasonPhrase.isEmpty ? HTTPStatusText.reason(for: status) : reasonPhrase
        self.headerFields = headerFields
        self.body = body
    }
}
