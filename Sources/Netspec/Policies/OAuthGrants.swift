#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// How an OAuth 2 access token is obtained without a user, when the scheme's variable is not
/// set and none is stored (or the stored one expired, or was answered 401):
///
/// 1. a refresh token stored by a login (RFC 6749 §6), sent to the flow's `refreshUrl` or token
///    endpoint; the new tokens replace the old (servers may rotate the refresh token);
/// 2. else the client credentials flow (§4.4): the client's id and secret from
///    `${SCHEME_CLIENT_ID}` and `${SCHEME_CLIENT_SECRET}`, with the operation's scopes;
/// 3. else a login is needed (authorization code or device flow): a configuration error with
///    reason ``CallError/ConfigurationError/Reason/loginRequired`` that says the command.
///
/// A refusal is a configuration error that names the scheme and the endpoint, with the server's
/// `error` and `error_description`; a refresh token refused (a 4xx answer but 408 and 429) is
/// forgotten, unless another process stored a newer one meanwhile: that one is used instead. A
/// refresh answered with a server error, 408 or 429 keeps the login and fails the call
/// (``OAuthTokenEndpoint/failure(_:endpoint:status:_:)``), as does a token endpoint that cannot be
/// reached (``OAuthTokenEndpoint/unreached(_:at:grant:endpoint:)``); a client credentials grant
/// answered so stores nothing and says so, not that it was refused.
enum OAuthGrants {
    static func obtain(
        _ declared: AuthPolicy.Grant, service: Service, options: CallOptions, transportOptions: TransportOptions, endpoint: String
    ) async throws -> String {
        let grant = try await OAuthDiscovery.resolve(declared, service: service, options: options, endpoint: endpoint)
        if let record = try service.oauthRecord(grant, options: options, endpoint: endpoint), var refreshToken = record.refreshToken,
           let refreshURL = grant.refreshTokenURL.map({ OAuthTokenEndpoint.resolve($0, service: service, options: options) }) {
            try grant.requireUsableRefreshURL(endpoint: endpoint)
            let client = try OAuthTokenEndpoint.Client.of(grant, service: service, endpoint: endpoint, needsSecret: false)
            var flow = record.flow, scope = record.scope
            // A refused refresh token may have been spent by another process, which stored the new
            // one meanwhile: that one is used (its access token, else its refresh token, once).
            for attempt in 0..<2 {
                let answer = try await OAuthTokenEndpoint.post(
                    [("grant_type", "refresh_token"), ("refresh_token", refreshToken)], to: refreshURL, client: client, grant: grant,
                    service: service, transportOptions: transportOptions, endpoint: endpoint
                )
                if (200..<300).contains(answer.status) {
                    var tokens = try OAuthTokenEndpoint.tokens(answer, grant: grant, from: refreshURL, endpoint: endpoint)
                    if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
                    try service.storeOAuth(tokens, grant: grant, flow: flow, asked: scope, options: options, endpoint: endpoint)
                    return tokens.accessToken
                }
                // Only a refusal (RFC 6749 §5.2: 400, or 401 for the client) spends the refresh token; a
                // server error, 408 or 429 is an outage, and the login is kept for the next try.
                guard OAuthTokenEndpoint.isRefusal(answer.status) else {
                    throw OAuthTokenEndpoint.failure(
                        grant, endpoint: endpoint, status: answer.status,
                        "the token endpoint \(refreshURL) answered the stored refresh token with \(answer.status)\(answer.errorText), "
                            + "which is no refusal: the login is kept, try again later"
                    )
                }
                let refusal = "the token endpoint \(refreshURL) refused the stored refresh token with \(answer.status)\(answer.errorText)"
                // The refresh token is spent: forget it unless another has been stored since.
                if let newer = try service.removeOAuth(grant, refused: refreshToken, options: options, endpoint: endpoint) {
                    if let accessToken = newer.accessToken, !newer.record.isExpired() {
                        service.provider.setVariable(grant.variable, to: accessToken)
                        return accessToken
                    }
                    if attempt == 0, let next = newer.record.refreshToken {
                        refreshToken = next
                        flow = newer.record.flow
                        scope = newer.record.scope
                        continue
                    }
                }
                // Log in again unless the client can get a token itself.
                if let missing = clientCredentialsMissing(grant, service: service) {
                    throw loginRequired(grant, service: service, endpoint: endpoint, why: refusal + missing)
                }
                break
            }
        }
        if let missing = clientCredentialsMissing(grant, service: service) {
            throw loginRequired(grant, service: service, endpoint: endpoint, why: "no token is stored for it" + missing)
        }
        if let clientCredentialsURL = grant.clientCredentialsURL {
            try grant.requireUsable(.clientCredentialsToken, endpoint: endpoint)
            let url = OAuthTokenEndpoint.resolve(clientCredentialsURL, service: service, options: options)
            let client = try OAuthTokenEndpoint.Client.of(grant, service: service, endpoint: endpoint, needsSecret: true)
            var items = [("grant_type", "client_credentials")]
            if !grant.scopes.isEmpty { items.append(("scope", grant.scopes.joined(separator: " "))) }
            let tokens = try await OAuthTokenEndpoint.exchange(
                items, at: url, refusing: "the client credentials grant", grant: grant, client: client,
                service: service, transportOptions: transportOptions, endpoint: endpoint
            )
            try service.storeOAuth(tokens, grant: grant, flow: "client_credentials", asked: grant.scopes.joined(separator: " "), options: options, endpoint: endpoint)
            return tokens.accessToken
        }
        throw CallError.configuration(.setting(grant.variable, endpoint: endpoint, reason: .authorization, message: "OAuth 2 scheme '\(grant.scheme)': declares only "
            + "\(grant.refused.joined(separator: " and ")); a token got elsewhere goes in ${\(grant.variable)}"))
    }

    /// When a scheme a user logs in to (its flows discovered, if any) cannot get a token by client
    /// credentials instead, so that a login is needed: what the login-required message adds (`""`
    /// when the scheme has no client credentials flow; that its client secret is not set when it
    /// has: a login's client is public). `nil` when the client credentials grant is the way, or the
    /// scheme has no flow to log in with.
    private static func clientCredentialsMissing(_ grant: AuthPolicy.Grant, service: Service) -> String? {
        guard grant.authorizationCode != nil || grant.device != nil else { return nil }
        guard grant.clientCredentialsURL != nil else { return "" }
        // Set on the provider or, for the command line, in the environment.
        if service.provider.variableLookup().value(grant.clientSecretVariable).map({ !$0.isEmpty }) == true { return nil }
        return "; its client credentials need ${\(grant.clientSecretVariable)}, which is not set"
    }

    /// `OAuth 2 scheme 'S': …`, a configuration error of reason `authorization`.
    static func refused(_ grant: AuthPolicy.Grant, endpoint: String, _ what: String) -> CallError {
        .configuration(CallError.ConfigurationError(
            endpoint: endpoint, parameter: nil, reason: .authorization, message: "OAuth 2 scheme '\(grant.scheme)': \(what)"
        ))
    }

    /// The error that says to log in, and how; or, when no flow of the scheme can log in because
    /// of a URL netspec cannot use (``AuthPolicy/Grant/unusableLogin``), that it cannot, naming the
    /// URL and its place as the login would (reason `authorization`): the login would fail so.
    static func loginRequired(_ grant: AuthPolicy.Grant, service: Service, endpoint: String, why: String) -> CallError {
        if let unusable = grant.unusableLogin {
            return .configuration(CallError.ConfigurationError(
                endpoint: endpoint, parameter: nil, reason: .authorization,
                message: "OAuth 2 scheme '\(grant.scheme)' needs a login (\(why)), which it cannot do: \(unusable.description)"
            ))
        }
        let profile = service.provider.options.profile.map { " --profile \($0)" } ?? ""
        return .configuration(CallError.ConfigurationError(
            endpoint: endpoint, parameter: nil, reason: .loginRequired,
            message: "OAuth 2 scheme '\(grant.scheme)' needs a login (\(why)): run netspec auth login \(service.spec.file) --scheme \(grant.scheme)\(profile)"
                + " (in Swift, Service.logIn(scheme: \"\(grant.scheme)\"))"
        ))
    }
}

/// What is kept beside a stored OAuth 2 access token, under the key of its variable with
/// `#oauth` after it: the refresh token, when the access token expires, the scopes, the flow.
package struct OAuthTokenRecord: Sendable, Equatable {
    package var refreshToken: String?
    /// Seconds since 1970.
    package var expiresAt: Double?
    package var scope: String?
    /// `authorization_code`, `device_code`, `client_credentials`.
    package var flow: String

    var json: String {
        var object: JSONObject = ["flow": .string(flow)]
        if let refreshToken { object["refresh_token"] = .string(refreshToken) }
        if let expiresAt { object["expires_at"] = .double(expiresAt) }
        if let scope { object["scope"] = .string(scope) }
        return String(decoding: JSONValue.object(object).serialized(), as: UTF8.self)
    }

    init(refreshToken: String?, expiresAt: Double?, scope: String?, flow: String) {
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.flow = flow
    }

    init?(json text: String) {
        guard let value = try? JSONValue(parsing: Array(text.utf8)), let flow = value["flow"]?.string else { return nil }
        self.init(refreshToken: value["refresh_token"]?.string, expiresAt: value["expires_at"]?.double, scope: value["scope"]?.string, flow: flow)
    }

    /// Whether the access token has expired, or will within `margin` seconds.
    func isExpired(margin: Double = 30) -> Bool {
        expiresAt.map { $0 <= Date().timeIntervalSince1970 + margin } ?? false
    }

    static func variable(_ variable: String) -> String { variable + "#oauth" }

    /// The key text of the record kept beside the token stored under `key` (a
    /// ``TokenStore/Key``'s description): `#oauth` after the variable, before ` profile=NAME`.
    static func key(beside key: String) -> String {
        guard let profile = key.firstRange(of: " profile=") else { return variable(key) }
        return variable(String(key[..<profile.lowerBound])) + String(key[profile.lowerBound...])
    }
}

extension TokenStore {
    /// Every stored token's key, in order, with the OAuth 2 record kept beside it (`nil` for a
    /// token a `refresh:` endpoint gave, or a record that cannot be read): `netspec auth status`.
    package func tokensWithRecords() throws -> [(key: String, record: OAuthTokenRecord?)] {
        let entries = try entries()
        return entries.keys.sorted().filter { !$0.contains(OAuthTokenRecord.variable("")) }.map { key in
            (key, entries[OAuthTokenRecord.key(beside: key)].flatMap(OAuthTokenRecord.init(json:)))
        }
    }
}

extension Service {
    /// Keeps a grant's tokens: the access token in the variable and the store, the rest beside it
    /// (both in one change of the store).
    func storeOAuth(_ tokens: OAuthTokenEndpoint.Tokens, grant: AuthPolicy.Grant, flow: String, asked: String?, options: CallOptions, endpoint: String) throws {
        provider.setVariable(grant.variable, to: tokens.accessToken)
        let record = OAuthTokenRecord(
            refreshToken: tokens.refreshToken, expiresAt: tokens.expiresIn.map { Date().timeIntervalSince1970 + Double($0) },
            scope: tokens.scope ?? asked.flatMap { $0.isEmpty ? nil : $0 }, flow: flow
        )
        let (key, recordKey) = oauthKeys(grant.variable, options: options)
        do {
            try provider.tokenStore.update([key, recordKey]) { stored in
                stored[key] = tokens.accessToken
                stored[recordKey] = record.json
            }
        } catch {
            throw CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .configuration, message: "\(error)")
        }
    }

    /// The store keys of a variable's token and of the OAuth 2 record beside it.
    func oauthKeys(_ variable: String, options: CallOptions) -> (token: String, record: String) {
        (tokenKey(variable: variable, options: options).description, tokenKey(variable: OAuthTokenRecord.variable(variable), options: options).description)
    }

    /// Forgets the grant's stored tokens when the refresh token stored is still `refused` (or
    /// none is), in one change of the store; else keeps them and returns what is stored: another
    /// process renewed the login meanwhile.
    func removeOAuth(
        _ grant: AuthPolicy.Grant, refused: String, options: CallOptions, endpoint: String
    ) throws -> (accessToken: String?, record: OAuthTokenRecord)? {
        let (key, recordKey) = oauthKeys(grant.variable, options: options)
        do {
            return try provider.tokenStore.update([key, recordKey]) { stored in
                if let record = stored[recordKey].flatMap(OAuthTokenRecord.init(json:)), record.refreshToken != refused {
                    return (stored[key], record)
                }
                stored[key] = nil
                stored[recordKey] = nil
                return nil
            }
        } catch {
            throw CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .configuration, message: "\(error)")
        }
    }

    /// The record stored beside the grant's access token, if any.
    func oauthRecord(_ grant: AuthPolicy.Grant, options: CallOptions, endpoint: String) throws -> OAuthTokenRecord? {
        try storedToken(variable: OAuthTokenRecord.variable(grant.variable), options: options, endpoint: endpoint).flatMap(OAuthTokenRecord.init(json:))
    }

    /// Forgets the grant's stored tokens; `true` when there were some.
    @discardableResult
    func removeOAuth(_ grant: AuthPolicy.Grant, options: CallOptions, endpoint: String) throws -> Bool {
        do {
            return try removeStoredTokens(variable: grant.variable, options: options)
        } catch {
            throw CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .configuration, message: "\(error)")
        }
    }

    /// Forgets what a refresh or an OAuth 2 login stored for a variable: the token, and the login's
    /// record beside it (refresh token, expiry); `true` when there was either. Throws the token
    /// store's error.
    func removeStoredTokens(variable: String, options: CallOptions) throws -> Bool {
        let (key, recordKey) = oauthKeys(variable, options: options)
        return try provider.tokenStore.update([key, recordKey]) { stored in
            let had = !stored.isEmpty
            stored = [:]
            return had
        }
    }
}
