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
        /// is added to the request; the call needs ``TLSSettings/clientCertificate``.
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

    /// The OAuth 2 flows a bearer token can come from, as the document declares them: headless
    /// client credentials (obtained when the variable is not set, and again on a 401), and the
    /// flows a user logs in with once (``Service/logIn(scheme:device:scopes:options:timeout:prompt:)``,
    /// `netspec auth login`), whose refresh token then renews the access token.
    package struct Grant: Sendable, Hashable {
        /// A flow's endpoints: the one the user (or the device) starts at, and the token endpoint.
        package struct Endpoints: Sendable, Hashable {
            /// The authorization URL (authorization code) or the device authorization URL.
            package let start: String
            /// The token endpoint.
            package let token: String

            package init(start: String, token: String) {
                self.start = start
                self.token = token
            }
        }

        /// The client credentials flow's token endpoint (absolute, or relative to the call's base URL).
        package var clientCredentialsURL: String?
        /// The authorization code flow (sent with PKCE S256 and a loopback redirect).
        package var authorizationCode: Endpoints?
        /// The device authorization flow (RFC 8628; OpenAPI 3.2's `deviceAuthorization`).
        package var device: Endpoints?
        /// The flow's `refreshUrl`, when it is not the token endpoint.
        package var refreshURL: String?
        /// An OpenID Connect scheme's `openIdConnectUrl`: the flows come from its discovery
        /// document (``OAuthDiscovery``) when first needed.
        package var discoveryURL: String?
        /// An `oauth2` scheme's `oauth2MetadataUrl` (OpenAPI 3.2): the authorization server's
        /// metadata (RFC 8414), read when first needed over TLS only, fills in the flows the
        /// document does not write (``OAuthDiscovery``).
        package var metadataURL: String?
        /// Where `oauth2MetadataUrl` is written (`file:line:column`), for messages.
        package var metadataPosition: String?
        /// The scopes the authorization server's metadata lists (`scopes_supported`), once discovered.
        package var supportedScopes: [String]?
        /// Flows the document declares that are not used, and why (implicit, password).
        package var refused: [String] = []
        /// The URLs of the flows that the document writes and netspec cannot use
        /// (``OAuthEndpointURL``), each kept as written in its field: the document is read with a
        /// warning at each, and only what needs one fails, saying so (``unusable(_:)``).
        package var unusableURLs: [UnusableURL] = []
        /// The scopes asked for: the operation's security requirement's.
        package var scopes: [String]
        /// The variable the token goes into (the bearer template's); the client is
        /// `\(variable)_CLIENT_ID` and `\(variable)_CLIENT_SECRET`.
        package let variable: String
        /// The security scheme's name, for messages.
        package let scheme: String

        /// A grant of the flows given.
        package init(
            clientCredentialsURL: String? = nil, authorizationCode: Endpoints? = nil, device: Endpoints? = nil,
            refreshURL: String? = nil, scopes: [String] = [], variable: String, scheme: String
        ) {
            self.clientCredentialsURL = clientCredentialsURL
            self.authorizationCode = authorizationCode
            self.device = device
            self.refreshURL = refreshURL
            self.scopes = scopes
            self.variable = variable
            self.scheme = scheme
        }

        /// The URL the grant would use in `role` when it is one the document writes that netspec
        /// cannot use: the field still holds it as written (discovery does not replace it).
        package func unusable(_ role: UnusableURL.Role) -> UnusableURL? {
            let used = switch role {
            case .clientCredentialsToken: clientCredentialsURL
            case .authorizationCodeStart: authorizationCode?.start
            case .authorizationCodeToken: authorizationCode?.token
            case .deviceStart: device?.start
            case .deviceToken: device?.token
            case .refresh: refreshURL
            }
            guard let used else { return nil }
            return unusableURLs.first { $0.role == role && $0.written == used }
        }

        /// The URL a refresh token is sent to (``refreshTokenURL``) when netspec cannot use it.
        package var unusableRefreshURL: UnusableURL? {
            if refreshURL != nil { return unusable(.refresh) }
            if authorizationCode != nil { return unusable(.authorizationCodeToken) }
            if device != nil { return unusable(.deviceToken) }
            return unusable(.clientCredentialsToken)
        }

        /// Whether any flow gives a token: a headless one, or one a user logs in with.
        package var isUsable: Bool { clientCredentialsURL != nil || canLogIn }
        /// Whether a user can log in (authorization code or device; or, before discovery, OpenID Connect or OAuth 2 metadata).
        package var canLogIn: Bool { authorizationCode != nil || device != nil || discoveryURL != nil || metadataURL != nil }
        /// Where a refresh token is sent.
        package var refreshTokenURL: String? { refreshURL ?? authorizationCode?.token ?? device?.token ?? clientCredentialsURL }
        /// Why the implicit flow is not used.
        package static let implicitRefusal = "the implicit flow, which OAuth 2.0 Security Best Current Practice (RFC 9700 §2.1.2) says not to use: its token travels in a URL"
        /// Why the password flow is not used.
        static let passwordRefusal = "the password flow, which OAuth 2.0 Security Best Current Practice (RFC 9700 §2.4) forbids: it gives the user's password to the client"

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

    /// The other schemes of the security requirement this policy is the first of, each sent with
    /// it: an OpenAPI or Swagger Security Requirement Object that names several
    /// (`- {api_key: [], oauth: []}`) needs all of them together; empty for one scheme.
    /// ``policies`` is what a request carries.
    package var companions: [AuthPolicy] = []

    /// The other alternatives of the operation's `security` that Netspec can send, in the
    /// document's order, each with its own ``companions``: a call sends the first of them whose
    /// credentials are all set when this one's are not and it cannot get them itself (a token
    /// grant or refresh). Empty for a single alternative and for a Netspec spec's `auth:`.
    package var alternatives: [AuthPolicy] = []

    /// Whether the operation's `security` lists an empty alternative (`{}`: no credentials)
    /// after this one and its ``alternatives``: a call then goes without credentials when none of
    /// theirs are set and this one cannot get its own, as the document allows.
    package var allowsNoCredentials = false

    /// Every policy a request of this requirement carries, in the document's order: this one
    /// without its companions, then each companion, all with this one's ``origin``.
    package var policies: [AuthPolicy] {
        var first = self
        first.companions = []
        first.alternatives = []
        first.allowsNoCredentials = false
        return [first] + companions.map { companion in
            var companion = companion
            companion.origin = origin
            return companion
        }
    }

    /// The policies of every alternative a call may send: this one's (``policies``), then each
    /// of ``alternatives``': what logs, recordings and redirects hide, whichever is sent.
    package var everyPolicy: [AuthPolicy] {
        alternatives.isEmpty ? policies : policies + alternatives.flatMap(\.policies)
    }

    /// The header or query item names this policy writes secrets into (for log redaction).
    var secretNames: [String] {
        switch scheme {
        case .bearer, .basic: ["Authorization"]
        case let .apiKey(_, name, _): [name]
        case .clientCertificate: []
        }
    }
}
