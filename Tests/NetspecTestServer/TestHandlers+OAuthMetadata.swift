import Foundation
public import NetspecTestSupport

extension TestHandlers {
    /// An OAuth 2 authorization server with RFC 8414 metadata, and an API, in one (for OpenAPI
    /// 3.2's `oauth2MetadataUrl`): `/.well-known/oauth-authorization-server` (its issuer this
    /// server's `https://` origin, from `Host`; under `…/wrong` one naming the issuer `/other`),
    /// `POST /token` and `POST /written-token` (an access token: `t-discovered`, `t-written`, or
    /// `t-device` for a device code; `/token` refuses a scope other than `items:read` with
    /// `invalid_scope`), `POST /device` (device code `d-1`, interval 1 s) and
    /// `GET /api/items`, which answers `{"authorization": …}` with the header it was sent. Each
    /// request is recorded as `METHOD /path body`. `scheme` is the one of the URLs the metadata
    /// gives (`http` for a plain-HTTP server, read with `--insecure`).
    public static func oauthMetadataServer(log: Recorder<String>, scheme: String = "https") -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)" + (body.isEmpty ? "" : " " + body))
            let base = scheme + "://" + (request.header("Host") ?? "")
            let json: String
            switch request.path {
            case "/.well-known/oauth-authorization-server":
                json = """
                    {"issuer":"\(base)","token_endpoint":"\(base)/token","authorization_endpoint":"\(base)/authorize",
                     "device_authorization_endpoint":"\(base)/device","scopes_supported":["items:read"],
                     "grant_types_supported":["authorization_code","client_credentials","urn:ietf:params:oauth:grant-type:device_code"]}
                    """
            case "/.well-known/oauth-authorization-server/wrong": json = #"{"issuer":"\#(base)/other","token_endpoint":"\#(base)/token"}"#
            case "/device": json = #"{"device_code":"d-1","user_code":"ABCD-EFGH","verification_uri":"\#(base)/verify","expires_in":60,"interval":1}"#
            case "/token" where body.contains("scope=") && !body.contains("scope=items%3Aread"):
                try await writer.respond(status: 400, headers: [("Content-Type", "application/json")], body: #"{"error":"invalid_scope"}"#)
                return
            case "/token", "/written-token":
                let token = body.contains("device_code") ? "t-device" : request.path == "/token" ? "t-discovered" : "t-written"
                json = #"{"access_token":"\#(token)","token_type":"Bearer","expires_in":3600}"#
            case "/api/items": json = #"{"authorization":"\#(request.header("Authorization") ?? "")"}"#
            default: json = "{}"
            }
            try await writer.respond(status: json == "{}" ? 404 : 200, headers: [("Content-Type", "application/json")], body: json)
        }
    }

    /// An authorization server whose RFC 8414 metadata advertises the authorization code flow
    /// only (`grant_types_supported: [authorization_code]`, `code_challenge_methods_supported:
    /// [S256]`), and an API, over `https` (the issuer from `Host`):
    /// `GET /authorize` redirects (302) to its `redirect_uri` with the code `c-1` and the `state`
    /// it was given (with `error=invalid_request` instead when `code_challenge_method` is not
    /// `S256` or `code_challenge` is missing: PKCE is required); `POST /token` exchanges the code
    /// `c-1`, sent with a `code_verifier`, for the access token `t-code` and the refresh token
    /// `r-code` (anything else is `invalid_grant`); `GET /api/items` answers
    /// `{"authorization": …}` with the header it was sent. Each request is recorded as
    /// `METHOD /path?query body`.
    public static func oauthAuthorizationCodeServer(log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.target)" + (body.isEmpty ? "" : " " + body))
            let base = "https://" + (request.header("Host") ?? "")
            let headers = [("Content-Type", "application/json")]
            switch request.path {
            case "/.well-known/oauth-authorization-server":
                try await writer.respond(status: 200, headers: headers, body: """
                    {"issuer":"\(base)","authorization_endpoint":"\(base)/authorize","token_endpoint":"\(base)/token",
                     "grant_types_supported":["authorization_code"],"code_challenge_methods_supported":["S256"],"scopes_supported":["items:read"]}
                    """)
            case "/authorize":
                let query = formItems(request.query ?? "")
                let pkce = query["code_challenge_method"] == "S256" && query["code_challenge"]?.isEmpty == false
                let answer = pkce ? "code=c-1" : "error=invalid_request"
                let state = request.query?.split(separator: "&").first { $0.hasPrefix("state=") }.map { "&" + $0 } ?? ""
                let location = (query["redirect_uri"] ?? "") + "?" + answer + state
                try await writer.respond(status: 302, headers: [("Location", location)], body: "")
            case "/token":
                let form = formItems(body)
                guard form["grant_type"] == "authorization_code", form["code"] == "c-1", form["code_verifier"]?.isEmpty == false else {
                    try await writer.respond(status: 400, headers: headers, body: #"{"error":"invalid_grant"}"#)
                    return
                }
                try await writer.respond(status: 200, headers: headers, body: #"{"access_token":"t-code","token_type":"Bearer","expires_in":3600,"refresh_token":"r-code"}"#)
            case "/api/items":
                try await writer.respond(status: 200, headers: headers, body: #"{"authorization":"\#(request.header("Authorization") ?? "")"}"#)
            default:
                try await writer.respond(status: 404, headers: headers, body: "{}")
            }
        }
    }

    /// The name-value pairs of a form-encoded string (`+` a space, percent-decoded; the last of a name wins).
    static func formItems(_ text: String) -> [String: String] {
        var items: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.replacing("+", with: " ").removingPercentEncoding ?? String($0) }
            items[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return items
    }
}
