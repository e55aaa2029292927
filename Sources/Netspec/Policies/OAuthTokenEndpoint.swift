#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import NetspecModel

/// One form POST to an OAuth 2 endpoint (the token endpoint, RFC 6749 §3.2; the device
/// authorization endpoint, RFC 8628 §3.1) and its JSON answer, shared by every grant.
///
/// A confidential client (one with a secret) authenticates with HTTP Basic, its id and secret
/// each form-encoded first (§2.3.1); a public client sends `client_id` in the form (§3.2.1).
/// The secret never appears in a message.
enum OAuthTokenEndpoint {
    /// The client, from the scheme's `_CLIENT_ID` and `_CLIENT_SECRET` variables.
    struct Client: Sendable {
        var id: String
        var secret: String?

        /// The client of a grant: its id is required, its secret only for client credentials.
        static func of(_ grant: AuthPolicy.Grant, service: Service, endpoint: String, needsSecret: Bool) throws -> Client {
            let variables = service.provider.variableLookup(keepingUnset: false)
            let usedIn = needsSecret ? "the client credentials of OAuth 2 scheme '\(grant.scheme)'" : "the OAuth 2 client of scheme '\(grant.scheme)'"
            let id = try variables.resolve(try Template(parsing: "${\(grant.clientIDVariable)}"), endpoint: endpoint, usedIn: usedIn)
            if needsSecret {
                return Client(id: id, secret: try variables.resolve(try Template(parsing: "${\(grant.clientSecretVariable)}"), endpoint: endpoint, usedIn: usedIn))
            }
            // Set on the provider or, for the command line, in the environment.
            let secret = variables.value(grant.clientSecretVariable).flatMap { $0.isEmpty ? nil : $0 }
            return Client(id: id, secret: secret)
        }
    }

    /// A token endpoint's successful answer (RFC 6749 §5.1).
    struct Tokens: Sendable {
        var accessToken: String
        var refreshToken: String?
        /// Seconds the access token lives, as the server said.
        var expiresIn: Int?
        /// The scopes granted, when the server says (else those asked for).
        var scope: String?
    }

    /// What an endpoint answered: its status and its JSON (`nil` when it is not JSON).
    struct Answer: Sendable {
        var status: Int
        var json: JSONValue?

        /// `invalid_grant`, `authorization_pending`, … (RFC 6749 §5.2; RFC 8628 §3.5).
        var error: String? { json?["error"]?.string }

        /// `: invalid_client (the description)`, for messages.
        var errorText: String {
            (error.map { ": \($0)" } ?? "") + (json?["error_description"]?.string.map { " (\($0))" } ?? "")
        }
    }

    /// POSTs `items` (form-encoded) to `url` as `client`.
    static func post(
        _ items: [(String, String)], to url: String, client: Client, service: Service, transportOptions: TransportOptions, endpoint: String
    ) async throws -> Answer {
        var form = URLEncodedItems(style: .form)
        for (name, value) in items { form.append(name: name, text: value) }
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        fields[.accept] = "application/json"
        if let secret = client.secret {
            fields[.authorization] = "Basic " + Data((formEncoded(client.id) + ":" + formEncoded(secret)).utf8).base64EncodedString()
        } else {
            form.append(name: "client_id", text: client.id)
        }
        let request = PreparedRequest(endpointName: endpoint, method: .post, url: url, headerFields: fields, body: .bytes(Array(form.text.utf8)))
        let send: @Sendable (PreparedRequest) async throws -> TransportResponse = {
            try await service.provider.transport.fetch($0, options: transportOptions, maxResponseSize: 1 << 20)
        }
        // A call's `--har` recording holds its token requests too (and `--replay` answers them).
        let recorders = service.provider.wireInterceptors.filter { $0 is HARRecorder }
        let response: TransportResponse
        if !recorders.isEmpty, let called = service.spec.endpoint(named: endpoint) {
            let context = InterceptorContext(endpoint: called, service: service, transportOptions: transportOptions, callOptions: CallOptions())
            response = try await interceptorChain(recorders[...], context: context, end: send)(request)
        } else {
            response = try await send(request)
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: response.status, json: try? JSONValue(parsing: body))
    }

    /// POSTs `items` to the token endpoint `url` and returns the tokens it gives; a refusal says
    /// `the token endpoint URL refused WHAT with STATUS: error (description)`.
    static func exchange(
        _ items: [(String, String)], at url: String, refusing what: String, grant: AuthPolicy.Grant, client: Client,
        service: Service, transportOptions: TransportOptions, endpoint: String
    ) async throws -> Tokens {
        let answer = try await post(items, to: url, client: client, service: service, transportOptions: transportOptions, endpoint: endpoint)
        guard (200..<300).contains(answer.status) else {
            // RFC 8414's `scopes_supported`, when discovered, says which scopes the server offers.
            let offered = answer.error == "invalid_scope" ? grant.supportedScopes.map { " (its metadata lists the scopes \($0.joined(separator: " ")))" } ?? "" : ""
            throw OAuthGrants.refused(grant, endpoint: endpoint, "the token endpoint \(url) refused \(what) with \(answer.status)\(answer.errorText)\(offered)")
        }
        return try tokens(answer, grant: grant, from: url, endpoint: endpoint)
    }

    /// The tokens of the token endpoint `url`'s successful answer; a refusal naming the scheme and
    /// the endpoint, with what is wrong, otherwise.
    static func tokens(_ answer: Answer, grant: AuthPolicy.Grant, from url: String, endpoint: String) throws -> Tokens {
        func refused(_ what: String) -> CallError { OAuthGrants.refused(grant, endpoint: endpoint, "the token endpoint \(url) \(what)") }
        guard let access = answer.json?["access_token"]?.string, !access.isEmpty else {
            throw refused("answered \(answer.status) without an access_token")
        }
        if let type = answer.json?["token_type"]?.string, type.lowercased() != "bearer" {
            throw refused("gave a token of type '\(type)', not a bearer token")
        }
        let expires = answer.json?["expires_in"].flatMap { $0.int ?? $0.string.flatMap { Int($0) } }
        return Tokens(accessToken: access, refreshToken: answer.json?["refresh_token"]?.string, expiresIn: expires, scope: answer.json?["scope"]?.string)
    }

    /// A URL of the document, resolved against the call's base URL when it is relative.
    static func resolve(_ url: String, service: Service, options: CallOptions) -> String {
        guard !url.contains("://") else { return url }
        let base = CallSettings.baseURL(call: options, provider: service.provider, spec: service.spec) ?? ""
        return URLReference.resolve(url, against: base)
    }

    /// The transport options of a request that is not a call of an endpoint (a login).
    static func transportOptions(_ service: Service) -> TransportOptions {
        var options = service.provider.options.transportOptions
        options.tls = service.tls
        return options
    }

    /// `application/x-www-form-urlencoded` text of a client id or secret (RFC 6749 §2.3.1).
    private static func formEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        PercentEncoding.append(text, to: &bytes, style: .form)
        return String(decoding: bytes, as: UTF8.self)
    }
}
