internal import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// A user's OAuth 2 login, done once with ``Service/logIn(scheme:device:scopes:options:timeout:prompt:)``
/// (`netspec auth login` on the command line): its access and refresh tokens are kept in the
/// provider's ``TokenStore`` under the same key the calls read, so that every later call — of
/// this process or, with a file store, of the next — sends the token, and renews it with the
/// refresh token when it expires or is answered 401.
///
/// ```swift
/// let api = Service(spec: try .load(path: "items.openapi.yaml"),
///                   provider: Provider(variables: ["OAUTH_CLIENT_ID": "netspec-cli"], tokenStore: TokenStore(file: "tokens.json")))
/// let login = try await api.logIn(scheme: "oauth") { message, url in
///     print("\(message):\n  \(url)")               // open it in a browser, or show the code
/// }
/// print(login.scopes, login.expiresIn ?? 0)
/// ```
public struct OAuthLogin: Sendable, Equatable {
    /// The security scheme logged in with.
    public var scheme: String
    /// `authorization_code` or `device_code`.
    public var flow: String
    /// The scopes granted (as the server said, else as asked).
    public var scopes: [String]
    /// Seconds the access token lives, when the server said.
    public var expiresIn: Int?
    /// Whether the server gave a refresh token (the login then outlives the access token).
    public var refreshable: Bool
    /// The key the access token is kept under in the provider's ``TokenStore``
    /// (`SERVICE BASEURL VARIABLE`, see ``TokenStore/token(for:)``).
    public var key: String
}

extension Service {
    /// Logs a user in with an OAuth 2 scheme of the document and keeps the tokens.
    ///
    /// - The **authorization code** flow (RFC 6749 §4.1) with PKCE S256 (RFC 7636) and a loopback
    ///   redirect on `127.0.0.1` and a random port (RFC 8252): `prompt` gets the authorization URL
    ///   to open in a browser; the login ends when the browser comes back with the code (its
    ///   `state` checked) and the code is exchanged for tokens.
    /// - The **device** flow (RFC 8628), when `device` is `true` or the scheme has no other:
    ///   `prompt` gets the code to enter and where; the token endpoint is polled every
    ///   `interval` seconds (`slow_down` adds 5; `authorization_pending` waits on) until the user
    ///   approves, denies, or the code expires.
    ///
    /// The client is `${SCHEME_CLIENT_ID}` (a public client), with `${SCHEME_CLIENT_SECRET}` when
    /// set (a confidential one). The implicit and password flows are never used (RFC 9700).
    ///
    /// - Parameters:
    ///   - scheme: the security scheme; may be left out when the document has one that can log in.
    ///   - device: use the device flow even when the scheme has an authorization code flow.
    ///   - scopes: the scopes to ask for; by default every scope the document's operations ask
    ///     of this scheme.
    ///   - options: the base URL (and so the token store's key) the calls will use.
    ///   - timeout: how long to wait for the user.
    ///   - prompt: what to show the user: a sentence and the URL to open. A control character the
    ///     authorization server put in its device code or URL is written out (`\u{1B}`), as in the
    ///     errors that quote the server, so that printing them cannot drive a terminal.
    /// - Throws: ``CallError/configuration(_:)`` with reason `authorization` when the server
    ///   refuses, the `state` does not match, the user denies, or the time runs out;
    ///   ``CallError/transport(_:)`` when its token (or device authorization) endpoint cannot be
    ///   reached, or answers a server error, 408 or 429, which is no refusal (the device flow polls
    ///   on through such answers, at its interval or as `Retry-After` asks, and fails so only when
    ///   its token endpoint still answers them at its end).
    public func logIn(
        scheme: String? = nil, device: Bool = false, scopes: [String]? = nil, options: CallOptions = CallOptions(),
        timeout: Duration = .seconds(300), prompt: @escaping @Sendable (_ message: String, _ url: String) async -> Void
    ) async throws(CallError) -> OAuthLogin {
        do {
            // No endpoint is called: the errors name the scheme (or the document), not an endpoint 'login'.
            let endpoint = Self.noEndpoint
            let declared = try loginGrant(scheme)
            let grant = try await OAuthDiscovery.resolve(declared, service: self, options: options, endpoint: endpoint)
            var asked = scopes ?? allScopes(of: grant.scheme)
            if asked.isEmpty { asked = grant.scopes }
            let client = try OAuthTokenEndpoint.Client.of(grant, service: self, endpoint: endpoint, needsSecret: false)
            let transportOptions = OAuthTokenEndpoint.transportOptions(self)
            let tokens: OAuthTokenEndpoint.Tokens
            let flow: String
            if let code = grant.authorizationCode, !device {
                try grant.requireUsable(.authorizationCodeStart, .authorizationCodeToken, endpoint: endpoint)
                flow = "authorization_code"
                tokens = try await authorizationCodeLogin(grant, code, client: client, scopes: asked, options: options, transportOptions: transportOptions, timeout: timeout, prompt: prompt)
            } else if let flowEndpoints = grant.device {
                try grant.requireUsable(.deviceStart, .deviceToken, endpoint: endpoint)
                flow = "device_code"
                tokens = try await deviceLogin(grant, flowEndpoints, client: client, scopes: asked, options: options, transportOptions: transportOptions, timeout: timeout, prompt: prompt)
            } else {
                let provider = declared.metadataURL != nil ? "neither its flows nor its authorization server's metadata give" : "its OpenID Connect provider has"
                throw OAuthGrants.refused(grant, endpoint: endpoint, grant.authorizationCode == nil
                    ? "\(provider) neither an authorization nor a device authorization endpoint"
                    : "declares no device authorization flow (its flows: authorization code)")
            }
            try storeOAuth(tokens, grant: grant, flow: flow, asked: asked.joined(separator: " "), options: options, endpoint: endpoint)
            let granted = tokens.scope.map { $0.split(separator: " ").map(String.init) } ?? asked
            return OAuthLogin(
                scheme: grant.scheme, flow: flow, scopes: granted, expiresIn: tokens.expiresIn, refreshable: tokens.refreshToken != nil,
                key: tokenKey(variable: grant.variable, options: options).description
            )
        } catch {
            throw CallError.wrapping(error)
        }
    }

    /// Forgets the tokens a login (or a grant) stored for a scheme, and the access token in its
    /// variable; `false` when there were none. ``Service/Auth/logOut(scheme:options:)`` does the
    /// same for a scheme of any kind (a `refresh:` one too).
    public func logOut(scheme: String? = nil, options: CallOptions = CallOptions()) throws(CallError) -> Bool {
        do {
            let grant = try loginGrant(scheme, loggingIn: false)
            let wasSet = provider.variable(grant.variable) != nil
            provider.setVariable(grant.variable, to: nil)
            return try removeOAuth(grant, options: options, endpoint: Self.noEndpoint) || wasSet
        } catch {
            throw CallError.wrapping(error)
        }
    }

    /// What a login's or a logout's errors have as their endpoint: none, as they are no call's
    /// (``CallError/ConfigurationError/endpoint``); their messages name the scheme or the document.
    static let noEndpoint = ""

    /// The grant of the scheme named (or the only one that can log in).
    func loginGrant(_ scheme: String?, loggingIn: Bool = true) throws -> AuthPolicy.Grant {
        var grants: [AuthPolicy.Grant] = []
        for policy in spec.endpoints.flatMap({ $0.auth?.everyPolicy ?? [] }) {
            guard let grant = policy.grant, !grants.contains(where: { $0.scheme == grant.scheme }) else { continue }
            grants.append(grant)
        }
        let candidates = loggingIn ? grants.filter(\.canLogIn) : grants
        func problem(_ message: String) -> CallError {
            .configuration(CallError.ConfigurationError(endpoint: Self.noEndpoint, parameter: nil, reason: .setup, message: message))
        }
        let names = candidates.map { "'\($0.scheme)'" }.joined(separator: ", ")
        if let scheme {
            if let grant = candidates.first(where: { $0.scheme == scheme }) { return grant }
            if let grant = grants.first(where: { $0.scheme == scheme }) {
                let why = grant.refused.isEmpty ? "only client credentials, which need no login" : grant.refused.joined(separator: " and ")
                throw problem("OAuth 2 scheme '\(scheme)' of \(spec.file) cannot log a user in: it declares \(why)")
            }
            // A logout takes any OAuth 2 scheme, one of client credentials too: the list says which it takes.
            let listed = loggingIn ? "its schemes that can log in" : "its OAuth 2 schemes"
            throw problem("\(spec.file) has no OAuth 2 scheme '\(scheme)'" + (candidates.isEmpty ? "" : " (\(listed): \(names))"))
        }
        guard let first = candidates.first else {
            throw problem("no OAuth 2 scheme of \(spec.file) declares an authorization code or device flow, so there is nothing to log in to")
        }
        guard candidates.count == 1 else { throw problem("\(spec.file) has several OAuth 2 schemes (\(names)): say which") }
        return first
    }

    /// Every scope the document's operations ask of a scheme, in order of first mention.
    private func allScopes(of scheme: String) -> [String] {
        var scopes: [String] = []
        for grant in spec.endpoints.flatMap({ $0.auth?.everyPolicy ?? [] }).compactMap(\.grant) where grant.scheme == scheme {
            for scope in grant.scopes where !scopes.contains(scope) { scopes.append(scope) }
        }
        return scopes
    }

    private func authorizationCodeLogin(
        _ grant: AuthPolicy.Grant, _ flow: AuthPolicy.Grant.Endpoints, client: OAuthTokenEndpoint.Client, scopes: [String], options: CallOptions,
        transportOptions: TransportOptions, timeout: Duration, prompt: @Sendable (String, String) async -> Void
    ) async throws -> OAuthTokenEndpoint.Tokens {
        let verifier = Self.randomBase64URL(bytes: 32)
        let challenge = Self.base64URL(Array(SHA256.hash(data: Array(verifier.utf8))))
        let state = Self.randomBase64URL(bytes: 16)
        let loopback = try await OAuthLoopback.start()
        var query = URLEncodedItems(style: .form)
        query.append(name: "response_type", text: "code")
        query.append(name: "client_id", text: client.id)
        query.append(name: "redirect_uri", text: loopback.redirectURI)
        if !scopes.isEmpty { query.append(name: "scope", text: scopes.joined(separator: " ")) }
        query.append(name: "state", text: state)
        query.append(name: "code_challenge", text: challenge)
        query.append(name: "code_challenge_method", text: "S256")
        let start = OAuthTokenEndpoint.resolve(flow.start, service: self, options: options)
        // Listening before the prompt: a prompt may itself be the browser, and wait for its page.
        let redirect = Task { try await loopback.callback(timeout: timeout) }
        await withTaskCancellationHandler {
            await prompt("Open this URL in a browser to log in", start + (start.contains("?") ? "&" : "?") + query.text)
        } onCancel: { redirect.cancel() }
        let answer = try await withTaskCancellationHandler { try await redirect.value } onCancel: { redirect.cancel() }
        guard let answer else {
            throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "no login came back to \(loopback.redirectURI) within \(timeout.components.seconds) s")
        }
        guard answer["state"] == state else {
            throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the redirect's state is not the one sent, so its code is not used (a forged or stale redirect)")
        }
        if let error = answer["error"] {
            // The redirect's text is the authorization server's (or anyone's): shown, never acted on by the terminal.
            let description = answer["error_description"].map { " (\(PrintableText.inline($0)))" } ?? ""
            throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the authorization server refused the login: \(PrintableText.inline(error))" + description)
        }
        guard let code = answer["code"], !code.isEmpty else {
            throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the redirect to \(loopback.redirectURI) has no code")
        }
        let tokenURL = OAuthTokenEndpoint.resolve(flow.token, service: self, options: options)
        return try await OAuthTokenEndpoint.exchange(
            [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", loopback.redirectURI), ("code_verifier", verifier)],
            at: tokenURL, refusing: "the authorization code", grant: grant, client: client, service: self,
            transportOptions: transportOptions, endpoint: Self.noEndpoint
        )
    }

    private func deviceLogin(
        _ grant: AuthPolicy.Grant, _ flow: AuthPolicy.Grant.Endpoints, client: OAuthTokenEndpoint.Client, scopes: [String], options: CallOptions,
        transportOptions: TransportOptions, timeout: Duration, prompt: @Sendable (String, String) async -> Void
    ) async throws -> OAuthTokenEndpoint.Tokens {
        let deviceURL = OAuthTokenEndpoint.resolve(flow.start, service: self, options: options)
        let started = try await OAuthTokenEndpoint.post(
            scopes.isEmpty ? [] : [("scope", scopes.joined(separator: " "))], to: deviceURL, client: client, grant: grant, service: self,
            transportOptions: transportOptions, endpoint: Self.noEndpoint, place: "the device authorization endpoint"
        )
        guard (200..<300).contains(started.status), let json = started.json, let deviceCode = json["device_code"]?.string,
              let userCode = json["user_code"]?.string, let verification = json["verification_uri"]?.string else {
            // A server error, 408 or 429 is an outage, not a refusal: a later login may get a code.
            if OAuthTokenEndpoint.isOutage(started.status) {
                throw OAuthTokenEndpoint.failure(
                    grant, endpoint: Self.noEndpoint, status: started.status,
                    "the device authorization endpoint \(deviceURL) answered \(started.status)\(started.errorText), which is no refusal: try again later"
                )
            }
            throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the device authorization endpoint \(deviceURL) answered \(started.status)\(started.errorText) without a device code")
        }
        let expiresIn = json["expires_in"]?.int ?? 600
        var interval = max(json["interval"]?.int ?? 5, 1)
        // The server's text, as it may be shown: a control character in it is written out, not sent to the terminal.
        let shownCode = PrintableText.inline(userCode)
        let shownURL = PrintableText.inline(verification)
        await prompt("To log in, open \(shownURL) and enter the code \(shownCode)", PrintableText.inline(json["verification_uri_complete"]?.string ?? verification))
        let tokenURL = OAuthTokenEndpoint.resolve(flow.token, service: self, options: options)
        let clock = ContinuousClock()
        let expires = clock.now + .seconds(expiresIn)
        let deadline = min(expires, clock.now + timeout)
        // The last poll's answer when it was a server error, 408 or 429: an outage, not an answer,
        // so the login polls on (RFC 8628 §3.5 answers with 400) and, at its end, names it.
        var outage: OAuthTokenEndpoint.Answer?
        var wait = Duration.seconds(interval)
        while true {
            try await Task.sleep(for: wait)
            let answer = try await OAuthTokenEndpoint.post(
                [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)],
                to: tokenURL, client: client, grant: grant, service: self, transportOptions: transportOptions, endpoint: Self.noEndpoint
            )
            if (200..<300).contains(answer.status) {
                return try OAuthTokenEndpoint.tokens(answer, grant: grant, from: tokenURL, endpoint: Self.noEndpoint)
            }
            outage = nil
            switch answer.error {
            case _ where OAuthTokenEndpoint.isOutage(answer.status):
                // A 429 without Retry-After slows down as slow_down does; a Retry-After is honoured.
                outage = answer
                if answer.status == 429, answer.retryAfter == nil { interval += 5 }
            case "authorization_pending": break
            case "slow_down": interval += 5
            case "access_denied": throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the user denied the login (code \(shownCode))")
            case "expired_token": throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the device code \(shownCode) expired before the login was approved (it lived \(expiresIn) s): log in again")
            default:
                throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, "the token endpoint \(tokenURL) refused the device code with \(answer.status)\(answer.errorText)")
            }
            wait = max(.seconds(interval), outage?.retryAfter ?? .zero)
            // A Retry-After past the end is not waited for: the login ends now.
            if Self.deviceLoginGivesUp(at: clock.now, deadline: deadline) || (outage?.retryAfter != nil && clock.now + wait > deadline) {
                if let outage {
                    throw OAuthTokenEndpoint.failure(
                        grant, endpoint: Self.noEndpoint, status: outage.status,
                        "the token endpoint \(tokenURL) kept failing: the last poll with the device code was answered \(outage.status)\(outage.errorText), "
                            + "which is no refusal: nothing is stored, try again later"
                    )
                }
                throw OAuthGrants.refused(grant, endpoint: Self.noEndpoint, deadline == expires
                    ? "the device code \(shownCode) expired before the login was approved (it lived \(expiresIn) s): log in again"
                    : "no login within \(timeout.components.seconds) s (code \(shownCode))")
            }
        }
    }

    /// Whether a device login still pending at `now` (a poll just answered `authorization_pending`
    /// or `slow_down`, or a server error, 408 or 429) gives up: once the wait, or the code's life, is over, and not before; the
    /// next poll comes an interval later, so the login gives up at most an interval after it. (It
    /// gave up when the next poll would come after the end: `--wait 8` polled every second ended at 7 s.)
    static func deviceLoginGivesUp(at now: ContinuousClock.Instant, deadline: ContinuousClock.Instant) -> Bool {
        now >= deadline
    }

    /// `bytes` random bytes as base64url without padding (a PKCE verifier: 43 characters for 32).
    static func randomBase64URL(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").prefix { $0 != "=" })
    }
}
