#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// OAuth 2's client credentials grant (RFC 6749 §4.4), as a document's
/// `flows.clientCredentials` declares it: the client's id and secret from variables
/// (`NAME_CLIENT_ID`, `NAME_CLIENT_SECRET`), sent with HTTP Basic (§2.3.1, each form-encoded
/// first), `grant_type=client_credentials` and the operation's scopes, to the token URL; the
/// `access_token` of the answer is the bearer token.
///
/// A refusal (`400`/`401` with `{"error": "invalid_client"}`) is a configuration error that names
/// the scheme and the token URL, with the server's `error` and `error_description`. The secret
/// never appears in a message.
enum OAuthClientCredentials {
    /// A token from the grant's token endpoint.
    static func token(
        _ grant: AuthPolicy.Grant, service: Service, options: CallOptions, transportOptions: TransportOptions, endpoint: String
    ) async throws -> String {
        let provider = service.provider
        let variables = provider.variableLookup(keepingUnset: false)
        let usedIn = "the client credentials of OAuth 2 scheme '\(grant.scheme)'"
        let clientID = try variables.resolve(try Template(parsing: "${\(grant.clientIDVariable)}"), endpoint: endpoint, usedIn: usedIn)
        let secret = try variables.resolve(try Template(parsing: "${\(grant.clientSecretVariable)}"), endpoint: endpoint, usedIn: usedIn)
        let url = tokenURL(grant, service: service, options: options)

        var form = URLEncodedItems(style: .form)
        form.append(name: "grant_type", text: "client_credentials")
        if !grant.scopes.isEmpty { form.append(name: "scope", text: grant.scopes.joined(separator: " ")) }
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        fields[.accept] = "application/json"
        fields[.authorization] = "Basic " + Data((formEncoded(clientID) + ":" + formEncoded(secret)).utf8).base64EncodedString()
        let request = PreparedRequest(endpointName: endpoint, method: .post, url: url, headerFields: fields, body: .bytes(Array(form.text.utf8)))

        let response = try await provider.transport.fetch(request, options: transportOptions, maxResponseSize: 1 << 20)
        let body = try await response.body.collect(upTo: 1 << 20)
        let answer = try? JSONValue(parsing: body)
        func refused(_ what: String) -> CallError {
            .configuration(CallError.ConfigurationError(
                endpoint: endpoint, parameter: nil, reason: .authorization,
                message: "OAuth 2 scheme '\(grant.scheme)': the token endpoint \(url) \(what)"
            ))
        }
        guard (200..<300).contains(response.status) else {
            let code = answer?["error"]?.string.map { ": \($0)" } ?? ""
            let detail = answer?["error_description"]?.string.map { " (\($0))" } ?? ""
            throw refused("refused the client credentials grant with \(response.status)\(code)\(detail)")
        }
        guard let token = answer?["access_token"]?.string, !token.isEmpty else {
            throw refused("answered \(response.status) without an access_token")
        }
        if let type = answer?["token_type"]?.string, type.lowercased() != "bearer" {
            throw refused("gave a token of type '\(type)', not a bearer token")
        }
        return token
    }

    /// The token URL, resolved against the call's base URL when it is relative.
    static func tokenURL(_ grant: AuthPolicy.Grant, service: Service, options: CallOptions) -> String {
        guard !grant.tokenURL.contains("://") else { return grant.tokenURL }
        let base = options.baseURL ?? service.provider.baseURL ?? service.spec.baseURL?.text ?? ""
        return URLReference.resolve(grant.tokenURL, against: base)
    }

    /// `application/x-www-form-urlencoded` text of a client id or secret (RFC 6749 §2.3.1).
    private static func formEncoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        PercentEncoding.append(text, to: &bytes, style: .form)
        return String(decoding: bytes, as: UTF8.self)
    }
}
