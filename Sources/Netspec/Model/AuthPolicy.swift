/// Authentication declared in a spec with `auth:` on the service or an endpoint.
///
/// ```yaml
/// auth:
///   bearer: "${TOKEN}"
///   refresh: { endpoint: refreshToken, token: access_token }
/// ```
/// An endpoint's `auth: none` turns inherited authentication off.
package struct AuthPolicy: Sendable, Hashable {
    /// How credentials are attached to a request.
    package enum Scheme: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer(token: Template)
        /// `Authorization: Basic base64(user:password)`.
        case basic(user: Template, password: Template)
        /// An API key in a header or a query item.
        case apiKey(location: Parameter.Location, name: String, value: Template)
        /// A client certificate presented in the TLS handshake (OpenAPI's `mutualTLS`): nothing
        /// is added to the request; the call needs ``Provider/TLS/clientCertificate``.
        case clientCertificate
    }

    /// How to get a new token when a call is answered 401.
    package struct Refresh: Sendable, Hashable {
        /// The endpoint to call (with no arguments) for a new token.
        package let endpoint: String
        /// Where the token is in that endpoint's result.
        package let token: JSONValue.KeyPath
        /// The variable the new token is stored into (the one the scheme's template uses).
        package let variable: String
    }

    /// An OAuth 2 grant a bearer token is obtained with when its variable is not set (and again
    /// when a call is answered 401): the document's `flows.clientCredentials`.
    package struct Grant: Sendable, Hashable {
        /// The token endpoint (absolute, or relative to the call's base URL).
        package let tokenURL: String
        /// The scopes asked for: the operation's security requirement's.
        package var scopes: [String]
        /// The variable the token goes into (the bearer template's); the client is
        /// `\(variable)_CLIENT_ID` and `\(variable)_CLIENT_SECRET`.
        package let variable: String
        /// The security scheme's name, for messages.
        package let scheme: String

        /// The variable holding the client's id.
        package var clientIDVariable: String { variable + "_CLIENT_ID" }
        /// The variable holding the client's secret.
        package var clientSecretVariable: String { variable + "_CLIENT_SECRET" }
    }

    /// The credentials.
    package let scheme: Scheme
    /// The refresh behaviour, if any.
    package let refresh: Refresh?
    /// Where the policy is declared.
    package let mark: Mark
    /// The OAuth 2 grant the bearer token comes from, if the document gives one.
    package var grant: Grant? = nil
    /// An origin other than the spec's that the endpoint's requests go to (an OpenAPI operation's
    /// own server): the credentials are attached only if the provider allows that origin.
    package var origin: URLOrigin? = nil

    /// The header or query item names this policy writes secrets into (for log redaction).
    package var secretNames: [String] {
        switch scheme {
        case .bearer, .basic: ["Authorization"]
        case let .apiKey(_, name, _): [name]
        case .clientCertificate: []
        }
    }
}
