import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` of an OpenAPI 3.2 document's `query` and `additionalOperations` operations sends
/// their methods, as written, to a real server on 127.0.0.1.
@Suite struct CallOpenAPI32Tests {
    static let document: String = {
        try! CLI.temporarySpec("""
            openapi: 3.2.0
            info: { title: Items, version: '1' }
            paths:
              /items:
                query:
                  operationId: searchItems
                  requestBody:
                    content:
                      application/json:
                        schema: { type: object, properties: { name: { type: string }, limit: { type: integer } } }
                  responses: { '200': { description: found } }
                additionalOperations:
                  PROPFIND:
                    operationId: properties
                    parameters:
                      - { name: Depth, in: header, schema: { type: string } }
                    responses: { '207': { description: properties } }
            """, name: "items.yaml")
    }()

    @Test(arguments: [
        ("searchItems", ["name=a b", "limit:=5"], "QUERY", #"{"name":"a b","limit":5}"#, "Depth", nil as String?),
        ("properties", ["Depth=1"], "PROPFIND", "", "Depth", "1"),
    ])
    func theRequestLineAndBodyAreSent(endpoint: String, arguments: [String], method: String, body: String, header: String, value: String?) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLINetwork.call(Self.document, endpoint, arguments, server: server)
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try EchoReport(json: Array(result.stdout.utf8))
            #expect("\(echo.method) \(echo.target) \(echo.version)" == "\(method) /items HTTP/1.1")
            #expect(echo.bodyText == body)
            #expect(echo.header(header) == value)
        }
    }

    @Test func listShowsTheirMethods() async throws {
        let result = try await CLI.run(["list", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == "searchItems  QUERY     /items\nproperties   PROPFIND  /items\n")
    }
}
