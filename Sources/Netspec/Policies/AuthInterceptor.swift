#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// Attaches the credentials an endpoint's `auth:` declares, and refreshes them once on a 401.
///
/// - `bearer`: `Authorization: Bearer <token>`; `basic`: `Authorization: Basic <base64(user:password)>`;
///   `apiKey`: a header, a query item or a cookie. Values are resolved from `${NAME}` variables at every
///   attempt, so a refreshed token is used at once. A header the request already has (from the
///   spec's `headers:` or the call) is left as it is.
/// - With `refresh:`, a 401 calls the refresh endpoint (once for all the calls that hit 401 at the
///   same time), stores the token found at its key path into the variable, and sends the original
///   request once more. A 401 after that, or a refresh that fails, returns the original 401: never a loop.
/// - With an OAuth 2 grant from the document (``AuthPolicy/grant``), the token is obtained
///   (``OAuthGrants``: a stored refresh token, else client credentials) when its variable is not
///   set and none is stored, when the stored one has expired, and again on a 401, the same way;
///   when only a login can give one, the call fails saying how to log in, and when none can be
///   had after a 401 (the client credentials refused), it fails with why, not with the 401.
package struct AuthInterceptor: Interceptor {
    /// The policy applied.
    package let policy: AuthPolicy
    /// An `apiKey` header's field name, checked once here; `nil` for other schemes, and for a
    /// name that is not a valid field name (every call then fails, saying so).
    private let apiKeyField: HTTPField.Name?
    /// Whether a 401 renews the token and sends again (not for `netspec check`'s probes, whose
    /// 401 is the answer looked for).
    private let renewsOnUnauthorized: Bool

    /// Creates an auth interceptor for a policy.
    package init(policy: AuthPolicy, renewsOnUnauthorized: Bool = true) {
        self.policy = policy
        self.renewsOnUnauthorized = renewsOnUnauthorized
        if case let .apiKey(.header, name, _) = policy.scheme { apiKeyField = HTTPField.Name(name) } else { apiKeyField = nil }
    }

    package func intercept(_ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse) async throws -> TransportResponse {
        // A credential the call gives itself (`-H "Authorization: …"`, the key's header, query item
        // or cookie) satisfies the requirement: the scheme's variables are not needed, and a 401 is
        // the caller's to handle (a refresh would not replace what the caller sent).
        if carriesCredential(request) { return try await next(request) }
        let provider = context.service.provider
        // A mock needs no credentials: an unset one is shown as its `${NAME}` reference, never refreshed.
        if CallSettings.usesMock(call: context.callOptions, provider: provider) {
            let credentials = try Self.resolve(policy, provider: provider, endpoint: context.endpoint.name, keepingUnset: true)
            return try await next(try apply(credentials, to: request))
        }
        let refresh = policy.refresh.flatMap { $0.endpoint == context.endpoint.name ? nil : $0 }
        // Where a new token comes from: the spec's refresh endpoint, else the document's OAuth 2 grant.
        let renewedVariable = refresh?.variable ?? policy.grant?.variable
        func renew(replacing rejected: String?) async throws -> String {
            if let refresh {
                return try await provider.tokenRefresher.refresh(refresh, replacing: rejected, service: context.service, options: context.callOptions)
            }
            return try await provider.tokenRefresher.obtain(
                policy.grant!, replacing: rejected, service: context.service, options: context.callOptions,
                transportOptions: context.transportOptions, endpoint: context.endpoint.name
            )
        }
        // The token this attempt is sent with, read before it goes: by the time a 401 comes back,
        // another call may have refreshed it, and then this call needs only to send again.
        var sentToken = renewedVariable.flatMap { provider.variable($0) }
        var credentials: String?
        do {
            do {
                credentials = try Self.resolve(policy, provider: provider, endpoint: context.endpoint.name)
            } catch let error as CallError.ArgumentError {
                // No token yet, but one can be fetched: one an earlier refresh stored, else refresh first.
                guard let renewedVariable, error.reason == .unresolvedVariable, error.variable == renewedVariable else { throw error }
                if let stored = try context.service.storedToken(variable: renewedVariable, options: context.callOptions, endpoint: context.endpoint.name) {
                    provider.setVariable(renewedVariable, to: stored)
                    sentToken = stored
                    // An OAuth 2 token known to have expired is renewed before it is sent.
                    if refresh == nil, let grant = policy.grant,
                       try context.service.oauthRecord(grant, options: context.callOptions, endpoint: context.endpoint.name)?.isExpired() == true {
                        sentToken = try await renew(replacing: stored)
                    }
                } else {
                    sentToken = try await renew(replacing: nil)
                }
                credentials = try Self.resolve(policy, provider: provider, endpoint: context.endpoint.name)
            }
        } catch let error as CallError.ArgumentError where error.reason == .configuration && renewedVariable != nil {
            // A stored token that cannot be sent (an older netspec stored them as answered): say how to forget it.
            throw storedTokenProblem(error, variable: renewedVariable!, context: context) ?? error
        }
        let response = try await next(try apply(credentials!, to: request))
        guard response.status == 401, renewedVariable != nil, renewsOnUnauthorized else { return response }

        // Keep the 401 to return it if the refresh does not help.
        let body = try await response.body.collect(upTo: provider.options.responses.maxBodySize)
        let unauthorized = TransportResponse(
            status: response.status, reasonPhrase: response.reasonPhrase, headerFields: response.headerFields, body: TransportResponse.Body(bytes: body)
        )
        do {
            _ = try await renew(replacing: sentToken)
        } catch let error as CallError {
            // A login is needed (the refresh token was refused): say so rather than the 401; so is
            // why an OAuth 2 grant gives no token (its client credentials refused), as the next call would.
            if case let .configuration(problem) = error, problem.reason == .loginRequired || refresh == nil { throw error }
            // The token endpoint failed (a server error, 429) or could not be reached: that, not the
            // 401, is why (the login is kept).
            if case .transport = error, refresh == nil { throw error }
            return unauthorized
        } catch let error as CallError.ArgumentError where refresh == nil && error.reason == .unresolvedVariable {
            // An OAuth 2 client's id or secret not set: the unset variable, as a call with no token says.
            throw error
        } catch {
            return unauthorized
        }
        let renewed = try Self.resolve(policy, provider: provider, endpoint: context.endpoint.name)
        return try await next(try apply(renewed, to: request))
    }

    /// `error` (a credential that cannot be sent) with how to forget the token stored for
    /// `variable`, when that token is the one refused: its value holds a control character, as a
    /// token an older netspec stored as the server answered it may (now each is checked before it
    /// is stored); `nil` when the value is not the stored token.
    private func storedTokenProblem(_ error: CallError.ArgumentError, variable: String, context: InterceptorContext) -> CallError.ArgumentError? {
        let service = context.service
        guard let value = service.provider.variable(variable), ParameterCodec.forbiddenByte(inHeaderValue: value) != nil,
              (try? service.storedToken(variable: variable, options: context.callOptions, endpoint: context.endpoint.name)) == value else { return nil }
        let forget: String
        if policy.refresh == nil, let grant = policy.grant {
            let profile = service.provider.options.profile.map { " --profile \($0)" } ?? ""
            forget = "it is the token stored for OAuth 2 scheme '\(grant.scheme)': forget it with netspec auth logout \(service.spec.file) --scheme \(grant.scheme)\(profile)"
                + " (in Swift, Service.logOut(scheme: \"\(grant.scheme)\"))"
        } else {
            // `auth logout` takes an OAuth 2 scheme; a refresh endpoint's token goes with the whole file.
            forget = "it is the token a refresh stored: forget it with netspec auth clear, which removes every stored token (in Swift, api.auth.logOut())"
        }
        return CallError.ArgumentError(endpoint: error.endpoint, parameter: error.parameter, reason: error.reason, message: error.message + "; " + forget)
    }

    // MARK: - Credentials

    /// Whether the request already carries this scheme's credential, set by the call or the spec's
    /// headers: an `Authorization` field for bearer and basic; for an API key, its header field,
    /// its cookie or its query item.
    func carriesCredential(_ request: PreparedRequest) -> Bool {
        switch policy.scheme {
        case .clientCertificate:
            return false
        case .bearer, .basic:
            return request.headerFields.contains(.authorization)
        case let .apiKey(location, name, _):
            switch location {
            case .header:
                return apiKeyField.map { request.headerFields.contains($0) } ?? false
            case .cookie:
                var encodedName: [UInt8] = []
                PercentEncoding.append(name, to: &encodedName, style: .cookie)
                return Self.cookieNames(in: request).contains { $0.elementsEqual(encodedName) }
            default:
                var items = URLEncodedItems(style: .query)
                items.append(name: name, text: "")
                let encodedName = items.text.dropLast()   // `name=` without the `=`
                guard let query = request.url.split(separator: "?", maxSplits: 1).dropFirst().first else { return false }
                return query.split(separator: "&").contains { $0.prefix { $0 != "=" } == encodedName }
            }
        }
    }

    /// The names of the cookies the request's `Cookie` fields hold, as written.
    private static func cookieNames(in request: PreparedRequest) -> [Substring.UTF8View] {
        request.headerFields[values: .cookie].flatMap { line in
            line.split(separator: ";").map { $0.drop { $0 == " " }.prefix { $0 != "=" }.utf8 }
        }
    }

    /// The credential value: the `Authorization` value for bearer and basic, the key for apiKey.
    static func resolve(_ policy: AuthPolicy, provider: Provider, endpoint: String, keepingUnset: Bool = false) throws -> String {
        try resolve(policy, variables: provider.variableLookup(keepingUnset: keepingUnset), endpoint: endpoint)
    }

    /// The credential value with the variables of `variables`.
    static func resolve(_ policy: AuthPolicy, variables: VariableLookup, endpoint: String) throws -> String {
        switch policy.scheme {
        case let .bearer(token):
            let value = try variables.resolve(token, endpoint: endpoint, usedIn: "auth: bearer")
            try checkSendable(value, from: token, what: "bearer token", endpoint: endpoint)
            return "Bearer " + value
        case let .basic(user, password):
            let userID = try variables.resolve(user, endpoint: endpoint, usedIn: "auth: basic user")
            let secret = try variables.resolve(password, endpoint: endpoint, usedIn: "auth: basic password")
            try checkBasic(userID, from: user, key: "user", endpoint: endpoint)
            try checkBasic(secret, from: password, key: "password", endpoint: endpoint)
            return "Basic " + Data(Array((userID + ":" + secret).utf8)).base64EncodedString()
        case let .apiKey(_, _, template):
            let value = try variables.resolve(template, endpoint: endpoint, usedIn: "auth: apiKey")
            try checkSendable(value, from: template, what: "apiKey", endpoint: endpoint)
            return value
        case .clientCertificate:
            return ""
        }
    }

    /// Refuses a basic user-id or password that cannot be sent as what it is: RFC 7617 §2 forbids
    /// control characters in both (a line break would be base64-encoded and sent, and the server
    /// would read another name), and a user-id with ':' would be split there. A spec's literal is
    /// refused when it loads; this is the value of a variable (named, never shown), or a policy
    /// made in Swift.
    private static func checkBasic(_ value: String, from template: Template, key: String, endpoint: String) throws(CallError.ArgumentError) {
        let problem: String
        if let byte = value.utf8.first(where: { $0 < 0x20 || $0 == 0x7F }) {
            problem = "holds \(ParameterCodec.describe(forbiddenByte: byte)), which RFC 7617 §2 forbids in a user-id and password"
        } else if key == "user", value.utf8.contains(UInt8(ascii: ":")) {
            problem = "holds ':', which ends a user-id (RFC 7617 §2): the server would read the rest as the password"
        } else {
            return
        }
        throw CallError.ArgumentError(
            endpoint: endpoint, parameter: nil, reason: .configuration, message: "auth: basic \(key)\(source(of: template)) \(problem)"
        )
    }

    /// Refuses a bearer token or API key that cannot be sent: a control character (a line break
    /// among them), which no header value may hold (RFC 9110 §5.5), nor a key sent in a query item
    /// or cookie — the value of a variable (named, never shown), as ``checkBasic(_:from:key:endpoint:)``
    /// does; a configuration error (exit 78).
    private static func checkSendable(_ value: String, from template: Template, what: String, endpoint: String) throws(CallError.ArgumentError) {
        guard let byte = ParameterCodec.forbiddenByte(inHeaderValue: value) else { return }
        throw CallError.ArgumentError(
            endpoint: endpoint, parameter: nil, reason: .configuration,
            message: "auth: \(what)\(source(of: template)) holds \(ParameterCodec.describe(forbiddenByte: byte)), which a credential cannot hold (RFC 9110 §5.5)"
        )
    }

    /// ` (from variable 'NAME')`, ` (from variables 'A', 'B')`, or `""` for a literal.
    private static func source(of template: Template) -> String {
        var names: [String] = []
        for name in template.variableNames where !names.contains(name) { names.append(name) }
        return names.isEmpty ? "" : " (from \(names.count == 1 ? "variable" : "variables") \(names.map { "'\($0)'" }.joined(separator: ", ")))"
    }

    func apply(_ credentials: String, to request: PreparedRequest) throws -> PreparedRequest {
        var request = request
        switch policy.scheme {
        case .clientCertificate:
            break
        case .bearer, .basic:
            if !request.headerFields.contains(.authorization) { request.headerFields[.authorization] = credentials }
        case let .apiKey(location, name, _):
            if location == .header {
                // A spec's name is checked when it loads; a policy made in code may still hold a bad one.
                guard let fieldName = apiKeyField else {
                    throw CallError.ArgumentError(
                        endpoint: request.endpointName, parameter: nil, reason: .invalidValue,
                        message: "auth: apiKey header name '\(name)' is not a valid header field name"
                    )
                }
                if !request.headerFields.contains(fieldName) { request.headerFields[fieldName] = credentials }
            } else if location == .cookie {
                // One `Cookie` header (RFC 6265): the key joins the cookies already there, unless
                // the call set that cookie itself.
                var encodedName: [UInt8] = []
                PercentEncoding.append(name, to: &encodedName, style: .cookie)
                var encodedValue: [UInt8] = []
                PercentEncoding.append(credentials, to: &encodedValue, style: .cookie)
                let cookieName = String(decoding: encodedName, as: UTF8.self)
                let cookie = cookieName + "=" + String(decoding: encodedValue, as: UTF8.self)
                let existing = request.headerFields[.cookie] ?? ""
                let isSet = existing.split(separator: ";").contains { part in
                    part.drop { $0 == " " }.prefix { $0 != "=" }.elementsEqual(cookieName)
                }
                if existing.isEmpty {
                    request.headerFields[.cookie] = cookie
                } else if !isSet {
                    // After the others: `HTTPFields` holds a cookie per field, sent as one line.
                    request.headerFields.append(HTTPField(name: .cookie, value: cookie))
                }
            } else {
                var items = URLEncodedItems(style: .query)
                items.append(name: name, text: credentials)
                request.url += (request.url.contains("?") ? "&" : "?") + items.text
            }
        }
        // Credentials follow the header-value rule, in a query item too: `resolve` checked them.
        return request
    }
}
