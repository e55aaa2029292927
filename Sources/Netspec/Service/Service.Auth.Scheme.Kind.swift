import NetspecModel
extension Service.Auth.Scheme {
    /// How a scheme sends its credentials.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `Authorization: Bearer <token>`, the token set by the caller or renewed by `refresh:`.
        case bearer
        /// `Authorization: Basic …` from a user and a password.
        case basic
        /// A key in a header, a query item or a cookie.
        case apiKey
        /// A bearer token from an OAuth 2 or OpenID Connect authorization server.
        case oauth2
        /// A client certificate in the TLS handshake (``TLSSettings/clientCertificate``).
        case clientCertificate

        init(_ policy: AuthPolicy) {
            switch policy.scheme {
            case .bearer: self = policy.grant == nil ? .bearer : .oauth2
            case .basic: self = .basic
            case .apiKey: self = .apiKey
            case .clientCertificate: self = .clientCertificate
            }
        }
    }
}
