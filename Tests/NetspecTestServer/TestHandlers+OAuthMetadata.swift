public import NetspecTestSupport

extension TestHandlers {
    /// An OAuth 2 authorization server with RFC 8414 metadata, and an API, in one (for OpenAPI
    /// 3.2's `oauth2MetadataUrl`): `/.well-known/oauth-authorization-server` (its issuer this
    /// server's `https://` origin, from `Host`; under `…/wrong` one naming the issuer `/other`),
    /// `POST /token` and `POST /written-token` (an access token: `t-discovered`, `t-written`, or
    /// `t-device` for a device code; `/token` refuses a scope other than `items:read` with
    /// `invalid_scope`), `POST /device` (device code `d-1`, interval 1 s) and
    /// `GET /api/items`, which answers `{"authorization": …}` with the header it was sent. Each
    /// request is recorded as `METHOD /path body`.
    public static func oauthMetadataServer(log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)" + (body.isEmpty ? "" : " " + body))
            let base = "https://" + (request.header("Host") ?? "")
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
}
