import Synchronization
import NetspecModel

/// OAuth 2 authorization server metadata (RFC 8414) for an `oauth2` scheme's `oauth2MetadataUrl`
/// (OpenAPI 3.2.0, Security Scheme Object): read when a login or a token first needs the flows,
/// over TLS — or plain `http` to a loopback host, as an `openIdConnectUrl` is, whether or not
/// certificates are verified (``OAuthDiscoveredDocument/usableURL(_:)``) — through the provider's
/// HTTP cache as a document by URL is, and kept for the process. Its `issuer` must be the one the
/// URL was made from (§3.3), and each endpoint URL it gives absolute and `https`, or `http` to a
/// loopback host (``OAuthDiscoveredDocument``). It fills in what the document's flows do not
/// write — the flows written win: `authorization_endpoint` and
/// `token_endpoint` make the authorization code flow (when `grant_types_supported`, by default
/// `authorization_code` and `implicit`, has `authorization_code`), `device_authorization_endpoint`
/// the device flow, `client_credentials` among the grant types the headless one;
/// `scopes_supported` is named when the token endpoint refuses a scope (docs/oauth.md).
enum OAuthMetadata {
    private static let documents = Mutex<[String: JSONValue]>([:])
    /// The well-known path RFC 8414 §3 inserts between the host and the issuer's path.
    static let wellKnown = "/.well-known/oauth-authorization-server"
    /// OpenID Connect's, which RFC 8414 §5 lets an authorization server publish its metadata at (appended).
    static let openIDWellKnown = "/.well-known/openid-configuration"

    /// The grant with the discovered flows filled in; a grant without `metadataURL` as it is.
    static func resolve(_ grant: AuthPolicy.Grant, service: Service, options: CallOptions, endpoint: String) async throws -> AuthPolicy.Grant {
        guard let written = grant.metadataURL else { return grant }
        let url = OAuthTokenEndpoint.resolve(written, service: service, options: options)
        let named = "its oauth2MetadataUrl" + (grant.metadataPosition.map { " (\($0))" } ?? "")
        func refused(_ what: String) -> CallError { OAuthGrants.refused(grant, endpoint: endpoint, what) }
        let document: JSONValue
        if let known = documents.withLock({ $0[url] }) {
            document = known
        } else {
            let fetched: JSONValue?
            do {
                // Over TLS (RFC 8414 §3), as an openIdConnectUrl is: http only to a loopback host,
                // the URL and each redirect's.
                fetched = try await OAuthDiscoveredDocument.read(url, named: named, service: service, refused: refused)
            } catch let error as SpecError {
                throw refused("the authorization server's metadata (\(named)) cannot be read: \(error.message.replacing("cannot load \(url): ", with: ""))")
            }
            guard let fetched, case .object = fetched else {
                throw refused("the authorization server's metadata at \(url) is not a JSON object (RFC 8414 §3.2)")
            }
            let name = "the authorization server's metadata at \(url)"
            try OAuthDiscoveredDocument.checkIssuer(fetched["issuer"], url: url, name: name, kind: .metadata, refused: refused)
            guard fetched["token_endpoint"]?.string?.isEmpty == false else {
                throw refused("\(name) has no token_endpoint (RFC 8414 §2)")
            }
            document = try OAuthDiscoveredDocument.withUsableEndpoints(fetched, name: name, refused: refused)
            documents.withLock { $0[url] = document }
        }
        return merged(grant, document)
    }

    /// The issuer `url` was made from (RFC 8414 §3.1: the well-known path inserted after the
    /// host; §5: OpenID Connect's appended), or `nil` when the URL is neither.
    static func issuer(of url: String) -> String? {
        guard let origin = URLOrigin(url) else { return nil }
        let rest = String(url.dropFirst(origin.description.count).prefix { $0 != "#" && $0 != "?" })
        if rest.hasPrefix(wellKnown), rest.count == wellKnown.count || rest.dropFirst(wellKnown.count).hasPrefix("/") {
            return origin.description + rest.dropFirst(wellKnown.count)
        }
        if rest.hasSuffix(openIDWellKnown) { return origin.description + rest.dropLast(openIDWellKnown.count) }
        return nil
    }

    /// The grant with what the metadata gives and the document's flows do not write.
    static func merged(_ grant: AuthPolicy.Grant, _ document: JSONValue) -> AuthPolicy.Grant {
        var resolved = grant
        resolved.metadataURL = nil
        let token = document["token_endpoint"]?.string ?? ""
        let listed = document["grant_types_supported"]?.array?.compactMap(\.string)
        let types = listed ?? ["authorization_code", "implicit"]
        if resolved.authorizationCode == nil, types.contains("authorization_code"), let start = document["authorization_endpoint"]?.string {
            resolved.authorizationCode = .init(start: start, token: token)
        }
        if resolved.device == nil, listed?.contains("urn:ietf:params:oauth:grant-type:device_code") ?? true,
           let start = document["device_authorization_endpoint"]?.string {
            resolved.device = .init(start: start, token: token)
        }
        if resolved.clientCredentialsURL == nil, types.contains("client_credentials") { resolved.clientCredentialsURL = token }
        resolved.supportedScopes = document["scopes_supported"]?.array?.compactMap(\.string)
        return resolved
    }
}
