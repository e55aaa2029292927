// docs/oauth.md's Swift block, verbatim between `// snippet docs/oauth.md N` and
// `// end snippet docs/oauth.md N` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func oauthLogin() async throws {
        // snippet docs/oauth.md 1
        let api = Service(
            spec: try .load(path: "items.openapi.yaml"),
            provider: Provider(variables: ["OAUTH_CLIENT_ID": "my-cli-client"], tokenStore: TokenStore(file: "tokens.json"))
        )
        let login = try await api.logIn(scheme: "oauth") { message, url in
            print("\(message):\n  \(url)")     // open it in a browser, or show the device code
        }
        print(login.flow, login.scopes, login.expiresIn ?? 0, login.refreshable)
        let items = try await api.listItems()   // the stored token; renewed when it expires
        _ = try api.logOut(scheme: "oauth")
        // end snippet docs/oauth.md 1
        _ = items
    }
}
