import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// What `netspec call` does with an OAuth 2 token endpoint's answers (docs/oauth.md): a server
/// error or 429 from the refresh endpoint keeps the login (only a refusal forgets it); a token
/// that cannot be sent, or an `expires_in` that is no lifetime, is refused, not stored; a huge
/// `expires_in` is bounded (and `auth status` reads any stored expiry); `-v` shows the token
/// requests as it shows the call's, their secrets hidden. A credential variable with a line break
/// is named (exit 78), and a stored token with one says how to forget it. A client credentials
/// grant or a login answered a server error, 408 or 429 is no refusal (exit 5, 4), and a token
/// endpoint that cannot be reached is named (exit 1, 2).
@Suite struct OAuthTokenEndpointCommandTests {
    /// A server whose `/api/o` answers 200 to `Bearer good` only (401 else), and whose `/token`,
    /// `/refresh` and `/device` answer `token`, `refresh` and `device` (status and JSON body) to a form POST.
    static func server(
        token: (Int, String) = (404, "{}"), refresh: (Int, String) = (404, "{}"), device: (Int, String) = (404, "{}"), log: Recorder<String>
    ) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)" + (body.isEmpty ? "" : " " + body))
            let json = [("Content-Type", "application/json")]
            switch request.path {
            case "/token": try await writer.respond(status: token.0, headers: json, body: token.1)
            case "/refresh": try await writer.respond(status: refresh.0, headers: json, body: refresh.1)
            case "/device": try await writer.respond(status: device.0, headers: json, body: device.1)
            case "/api/o" where request.header("Authorization") == "Bearer good":
                try await writer.respond(status: 200, headers: json, body: #"{"ok":true}"#)
            default:
                try await writer.respond(status: 401, headers: json + [("WWW-Authenticate", "Bearer")], body: #"{"error":"unauthorized"}"#)
            }
        }
    }

    /// A document whose operation `o` needs the `oauth` scheme: an authorization code flow (with
    /// `/refresh` as its refreshUrl) and a client credentials flow (`/token`), both at `tokens`
    /// when given (else at `base`).
    static func document(_ base: String, tokens: String? = nil) throws -> String {
        let at = tokens ?? ""
        return try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: Login, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: /authorize, tokenUrl: "\(at)/token", refreshUrl: "\(at)/refresh", scopes: {"items:read": r}}
                    clientCredentials: {tokenUrl: "\(at)/token", scopes: {"items:read": r}}
            paths:
              /api/o: {get: {operationId: o, security: [{oauth: ["items:read"]}], responses: {"200": {description: ok}}}}
            """, name: "login.yaml")
    }

    /// The token file beside `document`, holding a login's access token (`old` unless `token`
    /// says otherwise; expired unless `expiresAt` does) and its refresh token `rt-1`; its text.
    @discardableResult
    static func storeLogin(beside document: String, base: String, expiresAt: Double = 1000, token: String = "old") throws -> String {
        let key = "Login \(base) OAUTH"
        let record = #"{"expires_at":\#(expiresAt),"flow":"authorization_code","refresh_token":"rt-1","scope":"items:read"}"#
        let text = String(decoding: try JSONSerialization.data(withJSONObject: [key: token, key + "#oauth": record], options: [.sortedKeys]), as: UTF8.self)
        try write(text, to: tokenFile(beside: document))
        return text
    }

    static func tokenFile(beside document: String) -> String {
        URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json"
    }

    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    static func environment(_ document: String, secret: Bool = false) -> [String: String] {
        ["NETSPEC_TOKEN_FILE": tokenFile(beside: document), "OAUTH_CLIENT_ID": "cid"].merging(secret ? ["OAUTH_CLIENT_SECRET": "s3cret-77"] : [:]) { $1 }
    }

    // MARK: - Item: a refresh endpoint that fails keeps the login

    /// Only a refusal (RFC 6749 §5.2, a 4xx answer but 408 and 429) forgets the stored refresh
    /// token and asks for a login (77); a server error, 408 or 429 keeps the login and exits as
    /// that answer would (5, 4), saying which endpoint failed. It forgot the login on a 503 (77).
    @Test(arguments: [
        (503, #"{"error":"temporarily_unavailable"}"#, ": temporarily_unavailable", 5),
        (500, "oops", "", 5),
        (502, "{}", "", 5),
        (429, #"{"error":"slow"}"#, ": slow", 4),
        (408, "{}", "", 4),
    ])
    func aRefreshEndpointThatFailsKeepsTheLogin(status: Int, body: String, said: String, exit: Int32) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(refresh: (status, body), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let stored = try Self.storeLogin(beside: document, base: server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document))
            #expect(call.status == exit)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/refresh answered the stored refresh token with "
                + "\(status)\(said), which is no refusal: the login is kept, try again later\n")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8) == stored)
            #expect(log.all == ["POST /refresh grant_type=refresh_token&refresh_token=rt-1&client_id=cid"])
        }
    }

    /// The same after a 401 (the stored token not yet expired): the failure is said, not the 401.
    @Test func aRefreshAfterA401ThatFailsIsSaidAndKeepsTheLogin() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(refresh: (503, #"{"error":"temporarily_unavailable"}"#), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let stored = try Self.storeLogin(beside: document, base: server.baseURL, expiresAt: 4_000_000_000)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document))
            #expect(call.status == 5)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/refresh answered the stored refresh token with "
                + "503: temporarily_unavailable, which is no refusal: the login is kept, try again later\n")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8) == stored)
            #expect(log.all == ["GET /api/o", "POST /refresh grant_type=refresh_token&refresh_token=rt-1&client_id=cid"])
        }
    }

    /// A refusal still forgets the login and says to log in (77).
    @Test(arguments: [(400, #"{"error":"invalid_grant"}"#, ": invalid_grant"), (401, #"{"error":"invalid_client"}"#, ": invalid_client"), (404, "{}", "")])
    func aRefusedRefreshTokenIsForgotten(status: Int, body: String, said: String) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(refresh: (status, body), log: log)) { server in
            let document = try Self.document(server.baseURL)
            try Self.storeLogin(beside: document, base: server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document))
            #expect(call.status == 77)
            #expect(call.stderr.hasPrefix("error: endpoint 'o': OAuth 2 scheme 'oauth' needs a login (the token endpoint \(server.baseURL)/refresh refused the stored "
                + "refresh token with \(status)\(said); its client credentials need ${OAUTH_CLIENT_SECRET}, which is not set): run netspec auth login "), "\(call.stderr)")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8).filter { !$0.isWhitespace } == "{}")
        }
    }

    // MARK: - Item: expires_in bounded, auth status reads any expiry

    /// `expires_in` of Int.max is kept as 1,000,000,000 s (about 31 years) and `auth status`
    /// says so; it crashed (`Double value cannot be converted to Int`, exit 132).
    @Test func aHugeExpiresInIsBounded() async throws {
        let log = Recorder<String>()
        let answer = #"{"access_token":"good","token_type":"Bearer","expires_in":9223372036854775807}"#
        try await withTestServer(Self.server(token: (200, answer), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let environment = Self.environment(document, secret: true)
            let call = try await CLI.run(["call", document, "o", "--raw"], environment: environment)
            #expect(call.status == 0, "\(call.stderr)")
            #expect(call.stdout == #"{"ok":true}"# + "\n")
            let status = try await CLI.run(["auth", "status"], environment: environment)
            #expect(status.status == 0, "\(status.stderr)")
            // 999,999,999 s or so: 11574 days.
            #expect(status.stdout == "Login \(server.baseURL) OAUTH: client_credentials, scopes items:read, expires in 11574 days\n")
        }
    }

    /// A negative `expires_in` is no lifetime: the answer is refused (78), nothing is stored.
    @Test func aNegativeExpiresInIsRefused() async throws {
        let log = Recorder<String>()
        let answer = #"{"access_token":"good","token_type":"Bearer","expires_in":-9223372036854775808}"#
        try await withTestServer(Self.server(token: (200, answer), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document, secret: true))
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token gave expires_in -9223372036854775808, "
                + "which is no lifetime in seconds (RFC 6749 §5.1): the token is not used or stored\n")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
        }
    }

    /// `auth status` reads a token file whatever expiry it holds (one stored before the bound, or
    /// written by hand): it crashed on one past Int.max seconds away, either way.
    @Test func authStatusReadsAnyStoredExpiry() async throws {
        let document = try CLI.temporarySpec("unused", name: "x.yaml")
        let text = #"{"A http://a OAUTH":"t","A http://a OAUTH#oauth":"{\"expires_at\":9.3e18,\"flow\":\"client_credentials\"}","#
            + #""B http://b OAUTH":"t","B http://b OAUTH#oauth":"{\"expires_at\":-9.3e18,\"flow\":\"client_credentials\"}"}"#
        try Self.write(text, to: Self.tokenFile(beside: document))
        let status = try await CLI.run(["auth", "status"], environment: ["NETSPEC_TOKEN_FILE": Self.tokenFile(beside: document)])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout == "A http://a OAUTH: client_credentials, no scopes, expires in 11574074074 days\n"
            + "B http://b OAUTH: client_credentials, no scopes, expired 11574074074 days ago\n")
    }

    // MARK: - Item: a token that cannot be sent is refused, a credential variable named

    /// An access or refresh token with a line break (or another character RFC 6749 does not allow
    /// in one) is refused where it is answered, naming the endpoint (78), and not stored: it was
    /// stored, and every later call failed with 64 and `the auth credentials contain a line break`.
    @Test(arguments: [
        (#"{"access_token":"go od\r\nX: y","token_type":"Bearer"}"#, "access_token", "a line break (CR or LF)"),
        (#"{"access_token":"good","refresh_token":"r\u0007","token_type":"Bearer"}"#, "refresh_token", "the control character 0x07"),
        (#"{"access_token":"g\u00e9","token_type":"Bearer"}"#, "access_token", "a character that is not ASCII"),
    ])
    func aTokenThatCannotBeSentIsNotStored(answer: String, name: String, problem: String) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(token: (200, answer), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document, secret: true))
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token gave an \(name) that holds \(problem), "
                + "which RFC 6749 (appendix A) does not allow in a token: it is not used or stored\n")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
            #expect(log.all.count == 1)
        }
    }

    /// A refresh answered with such a token keeps the login as it was.
    @Test func aRefreshedTokenThatCannotBeSentKeepsTheLogin() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(refresh: (200, #"{"access_token":"a\nb","token_type":"Bearer"}"#), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let stored = try Self.storeLogin(beside: document, base: server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document))
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/refresh gave an access_token that holds "
                + "a line break (CR or LF), which RFC 6749 (appendix A) does not allow in a token: it is not used or stored\n")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8) == stored)
        }
    }

    /// A Netspec spec's `refresh:` endpoint answering such a token: refused (78), not stored.
    @Test func aRefreshEndpointsTokenThatCannotBeSentIsNotStored() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(token: (200, #"{"access_token":"go od\r\nX: y"}"#), log: log)) { server in
            let spec = try CLI.temporarySpec("""
                netspec: 1
                service: S
                baseURL: \(server.baseURL)
                auth: {bearer: "${TOKEN}", refresh: {endpoint: renew, token: access_token}}
                endpoints:
                  o: {GET: /api/o}
                  renew: {POST: /token, auth: none}
                """)
            let tokens = Self.tokenFile(beside: spec)
            let call = try await CLI.run(["call", spec, "o"], environment: ["NETSPEC_TOKEN_FILE": tokens], unsetting: ["TOKEN"])
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'renew': the refresh response's token at 'access_token' holds a line break (CR or LF), "
                + "which a credential cannot hold (RFC 9110 §5.5): it is not used or stored\n")
            let kept = (try? String(contentsOfFile: tokens, encoding: .utf8)) ?? "{}"
            #expect(kept.filter { !$0.isWhitespace } == "{}")
        }
    }

    /// A bearer token or API key variable with a control character is named (never shown), as a
    /// basic one is: exit 78. It said `the auth credentials contain a line break` (64).
    @Test(arguments: [
        ("bearer: \"${BEARER}\"", "BEARER", "a\nb", "bearer token", "a line break (CR or LF)"),
        ("apiKey: {in: header, name: X-API-Key, value: \"${HKEY}\"}", "HKEY", "a\rb", "apiKey", "a line break (CR or LF)"),
        ("apiKey: {in: query, name: k, value: \"k-${QKEY}\"}", "QKEY", "a\u{1}", "apiKey", "the control character 0x01"),
    ])
    func aCredentialVariableWithAControlCharacterIsNamed(auth: String, variable: String, value: String, what: String, problem: String) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: \(server.baseURL)\nauth: {\(auth)}\nendpoints:\n  o: {GET: /api/o}\n")
            let call = try await CLI.run(["call", spec, "o", "--var", "\(variable)=\(value)"])
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': auth: \(what) (from variable '\(variable)') holds \(problem), which a credential cannot hold (RFC 9110 §5.5)\n")
            #expect(log.all.isEmpty)
        }
    }

    // MARK: - Item: -v shows the token requests

    /// `-v` shows the refresh (and client credentials) POSTs and their answers' heads in order, as
    /// it shows the call's requests, with the client's credentials hidden; no token or secret is
    /// printed. It showed only the call's own requests.
    @Test func verboseShowsTheTokenRequests() async throws {
        let log = Recorder<String>()
        let renewed = #"{"access_token":"good","refresh_token":"rt-2","token_type":"Bearer","expires_in":3600}"#
        try await withTestServer(Self.server(refresh: (200, renewed), log: log)) { server in
            let document = try Self.document(server.baseURL)
            try Self.storeLogin(beside: document, base: server.baseURL, expiresAt: 4_000_000_000)
            let call = try await CLI.run(["call", document, "o", "-v"], environment: Self.environment(document, secret: true))
            #expect(call.status == 0, "\(call.stderr)")
            let heads = call.stderr.split(separator: "\n").filter { $0.hasPrefix("> GET") || $0.hasPrefix("> POST") || $0.hasPrefix("< HTTP") }
            #expect(heads == [
                "> GET \(server.baseURL)/api/o HTTP/1.1", "< HTTP/1.1 401 Unauthorized",
                "> POST \(server.baseURL)/refresh HTTP/1.1", "< HTTP/1.1 200 OK",
                "> GET \(server.baseURL)/api/o HTTP/1.1", "< HTTP/1.1 200 OK",
            ], "\(call.stderr)")
            #expect(call.stderr.contains("> Content-Type: application/x-www-form-urlencoded\n"), "\(call.stderr)")
            #expect(call.stderr.components(separatedBy: "> Authorization: <redacted>\n").count == 4, "\(call.stderr)")
            for secret in ["s3cret", Data("cid:s3cret-77".utf8).base64EncodedString(), "rt-1", "rt-2", "good", "old"] {
                #expect(!call.stderr.contains(secret), "\(secret) in \(call.stderr)")
            }
        }
        // The client credentials grant's POST too.
        let cc = Recorder<String>()
        try await withTestServer(Self.server(token: (200, #"{"access_token":"good","token_type":"Bearer"}"#), log: cc)) { server in
            let document = try Self.document(server.baseURL)
            let call = try await CLI.run(["call", document, "o", "-v"], environment: Self.environment(document, secret: true))
            #expect(call.status == 0, "\(call.stderr)")
            let heads = call.stderr.split(separator: "\n").filter { $0.hasPrefix("> GET") || $0.hasPrefix("> POST") || $0.hasPrefix("< HTTP") }
            #expect(heads == ["> POST \(server.baseURL)/token HTTP/1.1", "< HTTP/1.1 200 OK", "> GET \(server.baseURL)/api/o HTTP/1.1", "< HTTP/1.1 200 OK"], "\(call.stderr)")
            #expect(!call.stderr.contains("s3cret") && !call.stderr.contains("good"), "\(call.stderr)")
        }
    }

    // MARK: - Item: a client credentials grant or a login answered 5xx, 408 or 429 is no refusal

    /// A client credentials grant answered a server error, 408 or 429 is an outage, as a refresh
    /// answered so is: the call says so, naming the endpoint, the status and the server's text
    /// (its control characters written out), stores nothing, and exits as that answer would (5,
    /// 4). It said `refused the client credentials grant with 503` and exited 78.
    @Test(arguments: [
        (503, #"{"error":"temporarily_unavailable","error_description":"down \u001b[2J"}"#, #": temporarily_unavailable (down \u{1B}[2J)"#, 5),
        (500, "oops", "", 5),
        (429, #"{"error":"slow"}"#, ": slow", 4),
        (408, "{}", "", 4),
    ] as [(Int, String, String, Int32)])
    func aClientCredentialsGrantThatFailsIsNoRefusal(status: Int, body: String, said: String, exit: Int32) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(token: (status, body), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document, secret: true))
            #expect(call.status == exit)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token answered the client credentials grant "
                + "with \(status)\(said), which is no refusal: nothing is stored, try again later\n")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
            #expect(log.all == ["POST /token grant_type=client_credentials&scope=items%3Aread"])
        }
    }

    /// The same after the API's 401 to a stored client credentials token: the outage is said, not
    /// the 401 nor a refusal, and the stored token is left as it is.
    @Test func aClientCredentialsGrantAfterA401ThatFailsIsSaid() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(token: (503, "{}"), log: log)) { server in
            let document = try Self.document(server.baseURL)
            let key = "Login \(server.baseURL) OAUTH"
            let stored = String(decoding: try JSONSerialization.data(
                withJSONObject: [key: "old", key + "#oauth": #"{"expires_at":4000000000,"flow":"client_credentials","scope":"items:read"}"#], options: [.sortedKeys]
            ), as: UTF8.self)
            try Self.write(stored, to: Self.tokenFile(beside: document))
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document, secret: true))
            #expect(call.status == 5)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token answered the client credentials grant "
                + "with 503, which is no refusal: nothing is stored, try again later\n")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8) == stored)
            #expect(log.all == ["GET /api/o", "POST /token grant_type=client_credentials&scope=items%3Aread"])
        }
    }

    /// A document whose scheme `oauth` logs in with the authorization code or the device flow,
    /// its endpoints (`/token`, `/device`) at `endpoints` when given, else at `base`.
    static func loginDocument(_ base: String, endpoints: String? = nil) throws -> String {
        let at = endpoints ?? ""
        return try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: Login, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: /authorize, tokenUrl: "\(at)/token", scopes: {"items:read": r}}
                    deviceAuthorization: {deviceAuthorizationUrl: "\(at)/device", tokenUrl: "\(at)/token", scopes: {"items:read": r}}
            paths:
              /api/o: {get: {operationId: o, security: [{oauth: ["items:read"]}], responses: {"200": {description: ok}}}}
            """, name: "login.yaml")
    }

    /// `netspec auth login --device`: the device authorization endpoint answered a server error,
    /// 408 or 429 is an outage, said so (exit 5), not a refusal (78); nothing is stored.
    @Test func aDeviceLoginsEndpointThatFailsIsNoRefusal() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(device: (503, #"{"error":"temporarily_unavailable"}"#), log: log)) { server in
            let document = try Self.loginDocument(server.baseURL)
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser", "--wait", "60"], environment: Self.environment(document))
            #expect(login.status == 5)
            #expect(login.stderr.hasSuffix("error: OAuth 2 scheme 'oauth': the device authorization endpoint \(server.baseURL)/device answered 503: "
                + "temporarily_unavailable, which is no refusal: try again later\n"), "\(login.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
        }
    }

    /// A server whose `/device` gives ``deviceCode`` and whose `/token` answers the polls in turn
    /// with `answers` (status, body, `Retry-After`), then the token `good`.
    static func pollServer(_ answers: [(Int, String, String?)], log: Recorder<String>) -> TestHandler {
        { request, writer in
            let body = String(decoding: try await request.collectBody(upTo: 1 << 16), as: UTF8.self)
            log.record("\(request.method) \(request.path)")
            let json = [("Content-Type", "application/json")]
            if request.path == "/device" { return try await writer.respond(status: 200, headers: json, body: Self.deviceCode) }
            let polls = log.all.filter { $0 == "POST /token" }.count
            guard request.path == "/token", body.contains("device_code=dc-1") else { return try await writer.respond(status: 404, headers: json, body: "{}") }
            guard polls <= answers.count else {
                return try await writer.respond(status: 200, headers: json, body: #"{"access_token":"good","token_type":"Bearer"}"#)
            }
            let (status, text, retryAfter) = answers[polls - 1]
            try await writer.respond(status: status, headers: json + (retryAfter.map { [("Retry-After", $0)] } ?? []), body: text)
        }
    }

    /// The token endpoint polled with the device code answered a server error, 408 or 429: an
    /// outage, not an answer (RFC 8628 §3.5), so the login polls on and gets the token. It stopped
    /// at the first (exit 5).
    @Test(arguments: [
        [(503, #"{"error":"temporarily_unavailable"}"#, nil)],
        [(408, "{}", nil), (500, "oops", nil)],
        [(429, "{}", "1")],
    ] as [[(Int, String, String?)]])
    func aDeviceLoginPollsOnThroughAnOutage(answers: [(Int, String, String?)]) async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.pollServer(answers, log: log)) { server in
            let document = try Self.loginDocument(server.baseURL)
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser", "--wait", "60"], environment: Self.environment(document))
            #expect(login.status == 0, "\(login.stderr)")
            #expect(log.all == ["POST /device"] + Array(repeating: "POST /token", count: answers.count + 1))
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8).contains("good"))
        }
    }

    /// One that keeps failing: the login polls until its end (`--wait`), then says the token
    /// endpoint kept failing, with its last answer (its text printable), exiting as that answer
    /// would (5, 4); nothing is stored. A Retry-After past the end is not waited for.
    @Test(arguments: [
        (503, #"{"error":"temporarily_unavailable","error_description":"down \u001b[2J"}"#, nil, #"503: temporarily_unavailable (down \u{1B}[2J)"#, 5),
        (429, "{}", "3600", "429", 4),
    ] as [(Int, String, String?, String, Int32)])
    func aDeviceLoginWhoseTokenEndpointKeepsFailingSaysSo(status: Int, body: String, retryAfter: String?, said: String, exit: Int32) async throws {
        let log = Recorder<String>()
        let answers = Array(repeating: (status, body, retryAfter), count: 1000)
        try await withTestServer(Self.pollServer(answers, log: log)) { server in
            let document = try Self.loginDocument(server.baseURL)
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser", "--wait", "2"], environment: Self.environment(document))
            #expect(login.status == exit)
            #expect(login.stderr.hasSuffix("error: OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token kept failing: the last poll with the device code "
                + "was answered \(said), which is no refusal: nothing is stored, try again later\n"), "\(login.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
            #expect(log.all.filter { $0 == "POST /token" }.count >= 1)
        }
    }

    /// A device authorization answer: the code to poll with, polled every second.
    static let deviceCode = #"{"device_code":"dc-1","user_code":"WDJB-MJHT","verification_uri":"http://127.0.0.1/activate","expires_in":600,"interval":1}"#

    /// The authorization code flow's exchange answered 503: said so (exit 5), not refused (78).
    /// The test plays the browser: it sends the redirect, with the `state` the login asked for.
    @Test func anAuthorizationCodeExchangeThatFailsIsNoRefusal() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(token: (503, #"{"error":"temporarily_unavailable"}"#), log: log)) { server in
            let document = try Self.loginDocument(server.baseURL)
            let login = try CLIProcess(["auth", "login", document, "--no-browser", "--wait", "120"], environment: Self.environment(document))
            let printed = await login.waitForErrors(containing: "\n  http")
            let line = login.stderr.split(separator: "\n").first { $0.hasPrefix("  http") }.map { String($0.dropFirst(2)) }
            guard printed, let line, let items = URLComponents(string: line)?.queryItems,
                  let redirect = items.first(where: { $0.name == "redirect_uri" })?.value, let state = items.first(where: { $0.name == "state" })?.value else {
                login.terminate()
                Issue.record("no authorization URL printed: \(login.stderr)")
                return
            }
            _ = try await ChildProcess.curl(["-s", redirect + "?code=c-1&state=" + state])
            let result = await login.wait()
            #expect(result.status == 5)
            #expect(result.stderr.hasSuffix("error: OAuth 2 scheme 'oauth': the token endpoint \(server.baseURL)/token answered the authorization code with 503: "
                + "temporarily_unavailable, which is no refusal: nothing is stored, try again later\n"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
            #expect(log.all.count == 1 && log.all.first?.hasPrefix("POST /token grant_type=authorization_code&code=c-1&") == true, "\(log.all)")
        }
    }

    // MARK: - Item: a token endpoint that cannot be reached is named

    /// A token endpoint that cannot be reached is named, with the scheme, exiting as a call that
    /// cannot connect does (1), and the stored login is kept — after the API's 401 too, which is
    /// not why the call fails. It said only `cannot connect to 127.0.0.1:P: connection refused`,
    /// and after a 401 returned the 401.
    @Test(arguments: [
        (1000.0, false, "refresh", [String]()),          // an expired login's refresh
        (4_000_000_000.0, false, "refresh", ["GET /api/o"]),  // the refresh after a 401
        (nil, true, "token", []),                     // the client credentials grant
    ] as [(Double?, Bool, String, [String])])
    func aTokenEndpointThatCannotBeReachedIsNamed(expiresAt: Double?, secret: Bool, path: String, calls: [String]) async throws {
        let log = Recorder<String>()
        let closed = try ReservedPort()
        try await withTestServer(Self.server(log: log)) { server in
            let document = try Self.document(server.baseURL, tokens: "http://127.0.0.1:\(closed.port)")
            let stored = try expiresAt.map { try Self.storeLogin(beside: document, base: server.baseURL, expiresAt: $0) }
            let call = try await CLI.run(["call", document, "o"], environment: Self.environment(document, secret: secret))
            #expect(call.status == 1)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint http://127.0.0.1:\(closed.port)/\(path) could not be reached: "
                + "cannot connect to 127.0.0.1:\(closed.port): connection refused\n")
            #expect((try? String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8)) == stored)
            #expect(log.all == calls)
        }
    }

    /// One that does not answer in time: the same, exiting as a call that times out does (2).
    @Test func aTokenEndpointThatTimesOutIsNamed() async throws {
        let log = Recorder<String>()
        let stalled = try ReservedPort(stalled: true)
        try await withTestServer(Self.server(log: log)) { server in
            let document = try Self.document(server.baseURL, tokens: "http://127.0.0.1:\(stalled.port)")
            let stored = try Self.storeLogin(beside: document, base: server.baseURL)
            let call = try await CLI.run(["call", document, "o", "--timeout", "1"], environment: Self.environment(document))
            #expect(call.status == 2)
            #expect(call.stderr == "error: endpoint 'o': OAuth 2 scheme 'oauth': the token endpoint http://127.0.0.1:\(stalled.port)/refresh could not be reached: "
                + "the request to 127.0.0.1:\(stalled.port) timed out after 1 s\n")
            #expect(try String(contentsOfFile: Self.tokenFile(beside: document), encoding: .utf8) == stored)
            #expect(log.all.isEmpty)
        }
    }

    /// A login's endpoint that cannot be reached is named too (exit 1).
    @Test func aLoginsEndpointThatCannotBeReachedIsNamed() async throws {
        let log = Recorder<String>()
        let closed = try ReservedPort()
        try await withTestServer(Self.server(log: log)) { server in
            let document = try Self.loginDocument(server.baseURL, endpoints: "http://127.0.0.1:\(closed.port)")
            let login = try await CLI.run(["auth", "login", document, "--device", "--no-browser", "--wait", "60"], environment: Self.environment(document))
            #expect(login.status == 1)
            #expect(login.stderr == "error: OAuth 2 scheme 'oauth': the device authorization endpoint http://127.0.0.1:\(closed.port)/device could not be reached: "
                + "cannot connect to 127.0.0.1:\(closed.port): connection refused\n")
            #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(beside: document)))
        }
    }

    // MARK: - Item: a stored token that cannot be sent says how to forget it

    /// A token an older netspec stored with a line break fails each call naming the variable
    /// (78), and says the command that forgets it — which does: the next call needs a login.
    @Test func aStoredTokenThatCannotBeSentSaysHowToForgetIt() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let document = try Self.document(server.baseURL)
            try Self.storeLogin(beside: document, base: server.baseURL, expiresAt: 4_000_000_000, token: "ol\r\nd")
            let environment = Self.environment(document)
            let call = try await CLI.run(["call", document, "o"], environment: environment)
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': auth: bearer token (from variable 'OAUTH') holds a line break (CR or LF), which a credential cannot hold "
                + "(RFC 9110 §5.5); it is the token stored for OAuth 2 scheme 'oauth': forget it with netspec auth logout \(document) --scheme oauth "
                + "(in Swift, Service.logOut(scheme: \"oauth\"))\n")
            let logout = try await CLI.run(["auth", "logout", document, "--scheme", "oauth"], environment: environment)
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(logout.stdout == "logged out: the stored tokens are removed\n")
            let next = try await CLI.run(["call", document, "o"], environment: environment)
            #expect(next.status == 77)
            #expect(next.stderr.hasPrefix("error: endpoint 'o': OAuth 2 scheme 'oauth' needs a login (no token is stored for it"), "\(next.stderr)")
            #expect(log.all.isEmpty)
        }
    }

    /// A `refresh:` endpoint's stored token: `auth clear` forgets it (`auth logout` takes only an
    /// OAuth 2 scheme).
    @Test func aStoredRefreshTokenThatCannotBeSentSaysHowToForgetIt() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log: log)) { server in
            let spec = try CLI.temporarySpec("""
                netspec: 1
                service: S
                baseURL: \(server.baseURL)
                auth: {bearer: "${TOKEN}", refresh: {endpoint: renew, token: access_token}}
                endpoints:
                  o: {GET: /api/o}
                  renew: {POST: /token, auth: none}
                """)
            let tokens = Self.tokenFile(beside: spec)
            try Self.write(String(decoding: try JSONSerialization.data(withJSONObject: ["S \(server.baseURL) TOKEN": "a\nb"]), as: UTF8.self), to: tokens)
            let call = try await CLI.run(["call", spec, "o"], environment: ["NETSPEC_TOKEN_FILE": tokens], unsetting: ["TOKEN"])
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'o': auth: bearer token (from variable 'TOKEN') holds a line break (CR or LF), which a credential cannot hold "
                + "(RFC 9110 §5.5); it is the token a refresh stored: forget it with netspec auth clear, which removes every stored token (in Swift, api.auth.logOut())\n")
            #expect(log.all.isEmpty)
        }
    }
}
