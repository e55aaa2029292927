import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A document whose OAuth flow URLs cannot be used — placeholders such as
/// `https://{yourDomain}/authorize`, as documents published for many tenants write them — on the
/// command line: `validate` warns and exits 0, an operation that needs no token is called, and
/// what needs such a URL exits 78 naming the scheme, the key, its place and why (the document was
/// an error, exit 65, and no command could use it).
@Suite struct OAuthFlowURLCommandTests {
    static func document(_ base: String) throws -> String {
        try CLI.temporarySpec("""
            openapi: 3.1.0
            info: {title: Items, version: "1"}
            servers: [{url: "\(base)"}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows:
                    authorizationCode: {authorizationUrl: "https://{yourDomain}/authorize", tokenUrl: /token, scopes: {}}
                    clientCredentials: {tokenUrl: "https://{yourDomain}/token", scopes: {}}
            security: [{oauth: []}]
            paths:
              /items: {get: {operationId: listItems, responses: {"200": {description: ok}}}}
              /health: {get: {operationId: health, security: [], responses: {"200": {description: ok}}}}
            """, name: "items.openapi.yaml")
    }

    static let host = "is not a URL netspec can use: '{' (character 9) cannot be in a host"

    @Test func theDocumentIsUsedAndWhatNeedsTheURLFailsNamingIt() async throws {
        let log = Recorder<String>()
        try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"ok":true}"#)
        }) { server in
            let document = try Self.document(server.baseURL)
            let environment = [
                "NETSPEC_TOKEN_FILE": URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json",
                "OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "s",
            ]
            let validate = try await CLI.run(["validate", document], environment: environment)
            #expect(validate.status == 0)
            #expect(validate.stdout == "\(document): ok (2 endpoints)\n")
            #expect(validate.stderr == """
                \(document):9:47: warning: security scheme 'oauth': the authorizationCode flow's 'authorizationUrl' \(Self.host)
                \(document):10:39: warning: security scheme 'oauth': the clientCredentials flow's 'tokenUrl' \(Self.host)

                """)

            let health = try await CLI.run(["call", document, "health"], environment: environment)
            #expect(health.status == 0, "\(health.stderr)")
            #expect(health.stdout == #"{"ok":true}"# + "\n")

            let call = try await CLI.run(["call", document, "listItems"], environment: environment)
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth': the clientCredentials flow's 'tokenUrl' (\(document):10:39) \(Self.host)\n")

            let login = try await CLI.run(["auth", "login", document, "--no-browser"], environment: environment)
            #expect(login.status == 78)
            #expect(login.stderr == "error: OAuth 2 scheme 'oauth': the authorizationCode flow's 'authorizationUrl' (\(document):9:47) \(Self.host)\n")
            #expect(login.stdout == "")
            #expect(log.all == ["GET /health"])
        }
    }

    /// A call that needs a login, when no flow of the scheme can log in because of its URLs, says
    /// so (78, the URL and its place), as the login would. It said `run netspec auth login …`
    /// (77), and that login then failed with 78.
    @Test func aCallThatNeedsALoginNoFlowCanDoSaysSo() async throws {
        let log = Recorder<String>()
        try await withTestServer({ request, writer in
            log.record("\(request.method) \(request.path)")
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: #"{"ok":true}"#)
        }) { server in
            let document = try Self.document(server.baseURL)
            // No client secret: the client credentials grant is not the way, a login is.
            let environment = ["NETSPEC_TOKEN_FILE": URL(fileURLWithPath: document).deletingLastPathComponent().path + "/tokens.json", "OAUTH_CLIENT_ID": "c"]
            let call = try await CLI.run(["call", document, "listItems"], environment: environment, unsetting: ["OAUTH_CLIENT_SECRET"])
            #expect(call.status == 78)
            #expect(call.stderr == "error: endpoint 'listItems': OAuth 2 scheme 'oauth' needs a login (no token is stored for it; its client credentials need "
                + "${OAUTH_CLIENT_SECRET}, which is not set), which it cannot do: the authorizationCode flow's 'authorizationUrl' (\(document):9:47) \(Self.host)\n")
            #expect(log.all.isEmpty)
        }
    }
}
