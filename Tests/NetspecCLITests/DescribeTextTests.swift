import Foundation
import Testing

/// What `describe` prints as a user reads it: an array format only where there is an array (a
/// scalar query parameter of a Swagger document is one item, whatever its `collectionFormat`),
/// HTML descriptions as text; and an unknown endpoint of a big document in one short line.
@Suite struct DescribeTextTests {
    static let document = """
        swagger: "2.0"
        info: { title: Shop, version: "1" }
        host: shop.example
        paths:
          /items:
            get:
              operationId: listItems
              description: "<p>Lists the <code>Item</code>s, newest first.</p>\\n<ul>\\n<li>paged by <code>limit</code>;</li>\\n<li>filtered &amp; sorted.</li>\\n</ul>"
              parameters:
                - { name: limit, in: query, type: integer, description: "<p>At most this many.</p>" }
                - { name: ids, in: query, type: array, items: { type: string } }
                - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: pipes }
              responses: { 200: { description: ok } }
        """

    @Test func formatsOnlyForArraysAndDescriptionsAsText() async throws {
        let spec = try CLI.temporarySpec(Self.document, name: "shop.yaml")
        let result = try await CLI.run(["describe", spec, "listItems"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            listItems: GET /items
              Lists the Items, newest first.

              - paged by limit;
              - filtered & sorted.

            base URL:   http://shop.example
            variables:  none

            parameters:
              limit  Int?       optional  query 'limit'                (explicit: in: query)
                  At most this many.
              ids    [String]?  optional  query 'ids' [format csv]     (explicit: in: query)
              tags   [String]?  optional  query 'tags' [format pipes]  (explicit: in: query)

            body: none
            result: JSON
            mock: status 200

            """)
    }

    /// A document of many operations: how many, those that begin alike, and `netspec list`,
    /// instead of every name (Kubernetes' made 47 KB).
    @Test func anUnknownEndpointOfABigDocumentIsOneShortLine() async throws {
        let endpoints = (1...40).map { "  listThing\($0): { GET: /things/\($0) }" }.joined(separator: "\n")
        let spec = try CLI.temporarySpec("netspec: 1\nservice: Big\nendpoints:\n\(endpoints)\n", name: "big.yaml")
        let far = try await CLI.run(["call", spec, "nosuch"])
        #expect(far.status == 64)
        #expect(far.stderr == "error: no endpoint 'nosuch' in \(spec); it has 40 endpoints; netspec list \(spec) lists them all\n")
        let alike = try await CLI.run(["describe", spec, "listThingsEverywhere"])
        #expect(alike.status == 64)
        #expect(alike.stderr == "error: no endpoint 'listThingsEverywhere' in \(spec); it has 40 endpoints, 40 of them starting with 'listThing': "
            + "listThing1, listThing2, listThing3, listThing4, listThing5, …; netspec list \(spec) lists them all\n")
    }
}
