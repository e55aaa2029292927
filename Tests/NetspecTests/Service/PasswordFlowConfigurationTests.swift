import Testing

import Netspec

/// A Swift program told to set a token for an OAuth 2 scheme that declares only the password flow
/// is told how Swift sets it (`Provider(variables:)`), not only its `${NAME}`.
@Suite struct PasswordFlowConfigurationTests {
    @Test func aPasswordOnlySchemeNamesHowSwiftSetsTheToken() async throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            info: {title: Old, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            components:
              securitySchemes:
                legacy: {type: oauth2, flows: {password: {tokenUrl: /token, scopes: {}}}}
            security: [{legacy: []}]
            paths: {/x: {get: {operationId: x, responses: {"200": {description: ok}}}}}
            """, file: "old.yaml")
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let error = await #expect(throws: CallError.self) { try await api.call("x") }
        guard case let .configuration(problem)? = error else { Issue.record("expected a configuration error, got \(String(describing: error))"); return }
        #expect(problem.reason == .authorization)
        #expect(problem.description == "endpoint 'x': OAuth 2 scheme 'legacy': declares only the password flow, which OAuth 2.0 Security Best Current Practice "
            + "(RFC 9700 §2.4) forbids: it gives the user's password to the client; a token got elsewhere goes in ${LEGACY}: set it with Provider(variables:) or in the environment")
        #expect(problem.variable == "LEGACY")
    }
}
