import Foundation
import NetspecTestServer
import Testing

/// An operation's security alternatives from the command line: `describe` lists each (`or:`
/// rows, `{}` as "no credentials") and every variable any of them reads; a call whose document
/// lists `{}` after its schemes goes without credentials when none of theirs is set, as the
/// document allows, and sends them when they are.
@Suite struct AuthAlternativeCommandTests {
    static func document(_ base: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Optional auth, version: "1"}
        servers: [{url: "\(base)"}]
        components:
          securitySchemes:
            Token: {type: http, scheme: bearer}
            Key: {type: apiKey, in: header, name: X-Key}
        paths:
          /items:
            get:
              operationId: listItems
              security: [{Token: []}, {Key: []}, {}]
              responses: {"200": {description: ok}}
          /orders:
            get:
              operationId: listOrders
              security: [{Token: []}, {Key: []}]
              responses: {"200": {description: ok}}
        """
    }

    @Test func describeListsEveryAlternativeAndItsVariables() async throws {
        let spec = try CLI.temporarySpec(Self.document("https://items.example.com"), name: "optional-auth.yaml")
        let items = try await CLI.run(["describe", spec, "listItems"])
        #expect(items.status == 0, "\(items.stderr)")
        let rows = items.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.filter { $0.hasPrefix("auth:") || $0.hasPrefix("or:") || $0.hasPrefix("variables:") } == [
            "auth: bearer, Authorization: Bearer ${TOKEN}",
            "or: API key in header 'X-Key': ${KEY}",
            "or: no credentials (when none of these is set)",
            "variables: TOKEN, KEY",
        ], "\(items.stdout)")
        let orders = try await CLI.run(["describe", spec, "listOrders"])
        #expect(!orders.stdout.contains("no credentials"), "\(orders.stdout)")
        #expect(orders.stdout.contains("variables:  TOKEN, KEY"), "\(orders.stdout)")
    }

    @Test(arguments: [
        // None set: no credentials, as `{}` allows.
        ([:], "listItems", 0, ""),
        // The key only: the key.
        (["KEY": "k1"], "listItems", 0, "X-Key: k1"),
        // Both: the first.
        (["KEY": "k1", "TOKEN": "t1"], "listItems", 0, "Authorization: Bearer t1"),
        // Without `{}`, none set is an error naming the first's variable.
        ([:], "listOrders", 78, ""),
    ] as [([String: String], String, Int32, String)])
    func aCallSendsTheAlternativeSetOrNoneWhereTheDocumentAllowsIt(variables: [String: String], operation: String, status: Int32, sent: String) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let spec = try CLI.temporarySpec(Self.document(server.baseURL), name: "optional-auth.yaml")
            let result = try await CLI.run(["call", spec, operation], environment: variables, unsetting: ["TOKEN", "KEY"].filter { variables[$0] == nil })
            #expect(result.status == status, "\(result.stderr)")
            if status == 78 {
                #expect(result.stderr.contains("variable 'TOKEN' is not set"), "\(result.stderr)")
                return
            }
            let echo = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let headers = (echo?["headers"] as? [[String]] ?? []).filter { ["x-key", "authorization"].contains($0[0].lowercased()) }
            #expect(headers.map { "\($0[0]): \($0[1])" }.joined(separator: ", ") == sent, "\(result.stdout)")
        }
    }
}
