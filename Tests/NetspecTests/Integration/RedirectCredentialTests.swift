import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// A redirect to another origin (two servers on 127.0.0.1: two ports) drops every header that
/// carries a credential, as `-v` hides them; a redirect within the origin keeps them.
@Suite struct RedirectCredentialTests {
    /// Every header that carries a credential stays on its origin, not only `Authorization` and
    /// `Cookie`: an API key (Netspec's `auth:`, an OpenAPI apiKey scheme), a header whose value
    /// comes from a `${NAME}` variable, a `secret: true` header parameter. An ordinary header follows.
    static let keyedYAML = """
        netspec: 1
        service: S
        headers:
          X-Secret: ${SECRET}
          X-Plain: plain
        endpoints:
          fetch:
            GET: /old
            params:
              token: { in: header, name: X-Token, secret: true }
            auth: { apiKey: { in: header, name: X-API-Key, value: "${KEY}" } }
        """

    static let keyedOpenAPI = """
        openapi: 3.0.3
        info: { title: S, version: "1" }
        paths:
          /old:
            get:
              operationId: fetch
              security: [{ api_key: [] }]
              responses: { "200": { description: ok } }
        components:
          securitySchemes:
            api_key: { type: apiKey, in: header, name: X-API-Key }
        """

    /// The headers of `names` a request arrived with, as `name: value` (names lowercased).
    static func headers(_ echo: Echo, _ names: [String]) -> [String] {
        echo.headers.filter { names.contains($0[0].lowercased()) }.map { "\($0[0].lowercased()): \($0[1])" }.sorted()
    }

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func secretHeadersFollowOnlyWithinTheOrigin(crossOrigin: Bool, openAPI: Bool) async throws {
        try await withTestServer(TestHandlers.echo) { other in
            let target = crossOrigin ? other.url("/new") : "/new"
            let handler = TestHandlers.router(["/old": TestHandlers.redirect(to: target, status: 302), "/new": TestHandlers.echo])
            try await withTestServer(handler) { server in
                let api = try makeService(
                    openAPI ? Self.keyedOpenAPI : Self.keyedYAML, server: server, variables: ["KEY": "k3y", "API_KEY": "k3y", "SECRET": "s3cret"]
                )
                let echo = try Echo(try await api.call("fetch", openAPI ? [:] : ["token": "t0ken"]))
                let names = ["x-api-key", "x-secret", "x-token", "x-plain"]
                let sent = openAPI ? ["x-api-key: k3y"] : ["x-api-key: k3y", "x-plain: plain", "x-secret: s3cret", "x-token: t0ken"]
                let kept = openAPI ? [] : ["x-plain: plain"]
                #expect(Self.headers(echo, names) == (crossOrigin ? kept : sent))
                #expect(other.requestCount == (crossOrigin ? 1 : 0))
            }
        }
    }
}
