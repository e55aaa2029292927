@testable import NetspecMCP
import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2's Tag `summary`, `parent` and `kind` are kept on the spec (``Spec/tags``) and used
/// by MCP's search (a tag's summary and the names of the tags it nests under match its
/// operations); a Response's `summary` is kept for `describe`.
@Suite struct OpenAPI32TagTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Shop, version: '1' }
        tags:
          - { name: animals, summary: Living stock, kind: nav }
          - { name: pets, summary: Companions for sale, parent: animals, kind: nav }
          - { name: cats, parent: pets, description: Felines }
          - { name: billing, kind: audience }
        paths:
          /cats:
            get:
              operationId: listCats
              tags: [cats]
              responses:
                '200': { summary: The cats, description: Every cat in the shop }
                '404': { description: None here }
          /invoices:
            get: { operationId: listInvoices, tags: [billing], responses: { '200': { description: ok } } }
          /health:
            get: { operationId: health, responses: { '200': { description: ok } } }

        """

    @Test func tagsAreKeptWithTheirNesting() throws {
        let spec = try Spec(yaml: Self.document, file: "shop.yaml")
        #expect(spec.warnings.map(\.description) == [])
        #expect(spec.tags.map { "\($0.name)|\($0.summary ?? "-")|\($0.parent ?? "-")|\($0.kind ?? "-")|\($0.description ?? "-")" } == [
            "animals|Living stock|-|nav|-", "pets|Companions for sale|animals|nav|-", "cats|-|pets|-|Felines", "billing|-|-|audience|-",
        ])
        #expect(spec.ancestors(ofTag: "cats") == ["pets", "animals"])
        #expect(spec.endpoint(named: "listCats")?.responses.declared.map { $0.summary ?? "-" } == ["The cats", "-"])
    }

    /// In 3.1 the 3.2 keys are not read: warned as unknown keys, and the tags have none of them.
    @Test func threeOneTagsHaveNoneOfThem() throws {
        let spec = try Spec(yaml: Self.document.replacingOccurrences(of: "openapi: 3.2.0", with: "openapi: 3.1.0"), file: "shop.yaml")
        #expect(spec.tags.map { "\($0.name)|\($0.summary ?? "-")|\($0.parent ?? "-")|\($0.kind ?? "-")" } == [
            "animals|-|-|-", "pets|-|-|-", "cats|-|-|-", "billing|-|-|-",
        ])
        #expect(spec.warnings.first?.description == "shop.yaml:4:22: warning: 'summary' is not a key of a Tag, so it is not read")
    }

    @Test(arguments: [
        ("companions", nil as String?, ["listCats"]),
        ("living stock", nil, ["listCats"]),
        ("animals", nil, ["listCats"]),
        ("list", "animals", ["listCats"]),
        ("list", "billing", ["listInvoices"]),
    ])
    func searchMatchesTagSummariesAndParents(query: String, tag: String?, found: [String]) throws {
        let spec = try Spec(yaml: Self.document, file: "shop.yaml")
        let search = OperationSearch(spec.endpoints, tags: spec.tags)
        #expect(search.search(query, tag: tag).map { spec.endpoints[$0.index].name } == found)
        // Without the document's tags the summaries and parents are not known.
        if tag == nil { #expect(OperationSearch(spec.endpoints).search(query).isEmpty) }
    }
}
