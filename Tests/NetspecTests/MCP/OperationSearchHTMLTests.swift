@testable import NetspecMCP
import Testing

@testable import Netspec

/// `search_operations` reads an HTML description (Stripe's) as its text: the words of its tags
/// (`p`, `code`, `href`) are not words of the operation.
@Suite struct OperationSearchHTMLTests {
    @Test func tagsAreNotWordsOfTheOperation() throws {
        let spec = try Spec(yaml: """
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            paths:
              /items:
                get:
                  operationId: listItems
                  description: '<p>Lists the <code>Item</code>s, see <a href="/docs/paging">paging</a>.</p>'
                  responses: { "200": { description: ok } }
              /status:
                get:
                  operationId: getStatus
                  description: Returns the status code of the shop.
                  responses: { "200": { description: ok } }
            """)
        let search = OperationSearch(spec.endpoints)
        #expect(search.search("code").map { spec.endpoints[$0.index].name } == ["getStatus"])
        #expect(search.search("href docs").isEmpty)
        #expect(search.search("paging").map { spec.endpoints[$0.index].name } == ["listItems"])
    }
}

/// `search_operations` over Stripe's document shows an operation's HTML summary as its text's
/// first line.
@Suite struct StripeOperationSearchTests {
    @Test func summariesAreText() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        let server = MCPServer(
            service: Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(mocks: .enabled, usesEnvironment: false))),
            options: MCPServer.Options()
        )
        let request = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_operations","arguments":{"query":"issue a credit note to adjust a finalized invoice","limit":1}}}"#
        let line = try #require(await server.respond(to: request))
        let found = try JSONValue(parsing: Array(line.utf8))["result"]?["structuredContent"]?["operations"]?[0]
        #expect(found?["name"] == "PostCreditNotes")
        #expect(found?["summary"] == .string("Issue a credit note to adjust the amount of a finalized invoice. For a status=open invoice, a credit note reduces its amount_due. "
            + "For a status=paid invoice, a credit note does not affect its amount_d…"))
    }
}
