import Synchronization
import NetspecModel

/// OpenID Connect discovery (OpenID Connect Discovery 1.0 §4; RFC 8414 for OAuth 2): an
/// `openIdConnect` scheme's `openIdConnectUrl` gives a JSON document with the authorization
/// server's endpoints. Read once per process and URL, when a login or a token first needs them:
/// `authorization_endpoint` and `token_endpoint` make the authorization code flow,
/// `device_authorization_endpoint` the device flow, and `client_credentials` among
/// `grant_types_supported` the headless one. The URL must be `https` (or `http` to a loopback
/// host), the document's `issuer` the one the URL was made from, and each endpoint URL it gives
/// absolute and `https` (or `http` to a loopback host) (``OAuthDiscoveredDocument``).
enum OAuthDiscovery {
    private static let documents = Mutex<[String: JSONValue]>([:])

    /// The grant with its flows filled in from discovery (an `oauth2` scheme's RFC 8414 metadata
    /// first, ``OAuthMetadata``); a grant without `discoveryURL` or `metadataURL` as it is.
    static func resolve(_ declared: AuthPolicy.Grant, service: Service, options: CallOptions, endpoint: String) async throws -> AuthPolicy.Grant {
        let grant = try await OAuthMetadata.resolve(declared, service: service, options: options, endpoint: endpoint)
        guard let discovery = grant.discoveryURL else { return grant }
        let url = OAuthTokenEndpoint.resolve(discovery, service: service, options: options)
        func refused(_ what: String) -> CallError { OAuthGrants.refused(grant, endpoint: endpoint, what) }
        let document: JSONValue
        if let known = documents.withLock({ $0[url] }) {
            document = known
        } else {
            let name = "the OpenID Connect discovery document \(url)"
            let fetched: JSONValue?
            do {
                // Discovery is over TLS (§4), as everything it names: http only to a loopback
                // host, the URL and each redirect's (as an oauth2MetadataUrl's).
                fetched = try await OAuthDiscoveredDocument.read(url, named: "its openIdConnectUrl", service: service, refused: refused)
            } catch let error as SpecError {
                if case let .status(status) = error.fetchFailure { throw refused("\(name) answered \(status) without a token_endpoint") }
                throw refused("\(name) cannot be read: \(error.message.replacing("cannot load \(url): ", with: ""))")
            }
            guard let parsed = fetched, case .object = parsed, parsed["token_endpoint"]?.string != nil else {
                throw refused("\(name) has no token_endpoint (OpenID Connect Discovery 1.0 §3)")
            }
            try OAuthDiscoveredDocument.checkIssuer(parsed["issuer"], url: url, name: name, kind: .openIDConnect, refused: refused)
            document = try OAuthDiscoveredDocument.withUsableEndpoints(parsed, name: name, refused: refused)
            documents.withLock { $0[url] = document }
        }
        var resolved = grant
        resolved.discoveryURL = nil
        let token = document["token_endpoint"]?.string ?? ""
        if let start = document["authorization_endpoint"]?.string { resolved.authorizationCode = .init(start: start, token: token) }
        if let start = document["device_authorization_endpoint"]?.string { resolved.device = .init(start: start, token: token) }
        if document["grant_types_supported"]?.array?.contains("client_credentials") == true { resolved.clientCredentialsURL = token }
        return resolved
    }
}
