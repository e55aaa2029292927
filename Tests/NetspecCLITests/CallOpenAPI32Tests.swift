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

    /// `--validate` checks each record of a JSON text sequence against the media type's
    /// `itemSchema` as it arrives: the good ones are printed, the bad one stops the stream.
    @Test func validateChecksEachItemOfAStream() async throws {
        let spec = try CLI.temporarySpec("""
            openapi: 3.2.0
            info: { title: Feed, version: '1' }
            paths:
              /records:
                get:
                  operationId: records
                  responses:
                    '200':
                      description: records
                      content:
                        application/json-seq:
                          itemSchema: { type: object, required: [n], properties: { n: { type: integer } } }
            """, name: "feed.yaml")
        let body = "\u{1E}{\"n\":1}\n\u{1E}{\"n\":\"two\"}\n"
        let handler: TestHandler = { _, writer in
            try await writer.respond(status: 200, headers: [("Content-Type", "application/json-seq")], body: body)
        }
        try await withTestServer(handler) { server in
            let plain = try await CLINetwork.call(spec, "records", [], server: server)
            #expect(plain.stdout == "{\"n\":1}\n{\"n\":\"two\"}\n")
            #expect(plain.status == 0)
            let checked = try await CLINetwork.call(spec, "records", ["--validate"], server: server)
            #expect(checked.stdout == "{\"n\":1}\n")
            #expect(checked.stderr == """
                error: endpoint 'records': record 2 of the response (200, application/json-seq) breaks the document's schema (1 violation):
                  /n must be an integer (schema at \(spec):12:77)

                """)
            #expect(checked.status == 1)
        }
    }

    @Test func listShowsTheirMethods() async throws {
        let result = try await CLI.run(["list", Self.document])
        #expect(result.status == 0)
        #expect(result.stdout == "searchItems  QUERY     /items\nproperties   PROPFIND  /items\n")
    }
}
