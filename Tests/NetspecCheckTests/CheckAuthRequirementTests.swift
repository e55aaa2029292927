import Netspec
import NetspecCheck
import NetspecTestServer
import Testing

/// `ignored_auth` for an operation whose security needs several schemes together: besides no
/// credential and a wrong one, each scheme is left out in turn (when the rest satisfies no other
/// alternative), and a server that lets the request through without it is reported.
@Suite struct CheckAuthRequirementTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Together, version: "1"}
        components:
          securitySchemes:
            key: {type: apiKey, in: header, name: X-API-Key}
            q: {type: apiKey, in: query, name: apiKey}
            bearer: {type: http, scheme: bearer}
            oauth:
              type: oauth2
              flows: {clientCredentials: {tokenUrl: /token, scopes: {read: read}}}
        paths:
          /both:
            get:
              operationId: both
              security: [{key: [], bearer: []}]
              responses: {"200": {description: ok}, "401": {description: refused}}
          /either:
            get:
              operationId: either
              security: [{key: [], q: []}, {key: []}]
              responses: {"200": {description: ok}, "401": {description: refused}}
          /grant:
            get:
              operationId: grant
              security: [{key: [], oauth: [read]}]
              responses: {"200": {description: ok}, "401": {description: refused}}
        """

    /// A server that checks each credential's value but lets a request through with any one of
    /// them; its token endpoint gives the token `t`.
    static let anyOneCredential: TestHandler = { request, writer in
        if request.path == "/token" {
            return try await writer.respond(headers: [("Content-Type", "application/json")], body: #"{"access_token":"t","token_type":"Bearer"}"#)
        }
        let carries = request.header("X-API-Key") == "k" || request.header("Authorization") == "Bearer t" || request.query == "apiKey=q"
        try await writer.respond(status: carries ? 200 : 401, headers: [("Content-Type", "application/json")], body: "{}")
    }

    @Test func eachSchemeIsLeftOutInTurnAndAServerIgnoringOneIsReported() async throws {
        let spec = try Spec(yaml: Self.document, file: "together.yaml")
        let checker = Checker(spec: spec, provider: Provider(variables: ["KEY": "k", "Q": "q", "BEARER": "t", "OAUTH_CLIENT_ID": "c", "OAUTH_CLIENT_SECRET": "s"], options: .init(usesEnvironment: false)))
        let options = CheckOptions(phases: [.examples], checks: [.ignoredAuth], workers: 1, requestTimeout: CheckerTests.patient)
        // `either` without `q` still satisfies its second alternative: only `key` is left out.
        #expect(checker.plannedRequests(baseURL: "http://h", options: options) == [
            "GET http://h/both", "GET http://h/both", "GET http://h/both", "GET http://h/both", "GET http://h/both",
            "GET http://h/either", "GET http://h/either", "GET http://h/either", "GET http://h/either",
            "GET http://h/grant", "GET http://h/grant", "GET http://h/grant", "GET http://h/grant", "GET http://h/grant",
        ])
        try await withTestServer(Self.anyOneCredential) { server in
            let report = await checker.run(baseURL: server.baseURL, options: options)
            #expect(report.failures.map { "\($0.operation): \($0.message)" } == [
                "both: the secured operation answered 200 without 'key', which its security needs with the other schemes it names",
                "either: the secured operation answered 200 without 'key', which its security needs with the other schemes it names",
                "grant: the secured operation answered 200 without 'key', which its security needs with the other schemes it names",
            ])
            let curl = report.failures.map(\.reproduceWithCurl)
            #expect(curl == [
                #"curl \#(server.baseURL)/both -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' -H "Authorization: Bearer ${BEARER}" --compressed"#,
                #"curl "\#(server.baseURL)/either?apiKey=${Q}" -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' --compressed"#,
                #"curl \#(server.baseURL)/grant -H 'Accept: application/json, */*;q=0.5' -H 'User-Agent: netspec/0.1.0' -H "Authorization: Bearer ${OAUTH}" --compressed"#,
            ])
        }
    }
}
