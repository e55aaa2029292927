import Foundation
import Testing

@testable import NetspecModel

/// An overlay's targets are evaluated on the document's tree, not on its JSON
/// (`OverlayTree+Query.swift`): every valid case of the JSONPath Compliance Test Suite selects,
/// on the tree of its document, the normalized paths the suite gives — the same answer the JSON
/// engine gives (`JSONPathComplianceTests`).
@Suite struct OverlayTreeQueryTests {
    /// The suite's cases with a document, and the paths each selects on the tree.
    static func locatedOnTree(_ test: JSONPathComplianceTests.Case) throws -> [String] {
        let text = test.document!.serialized()
        let root = try text.withUnsafeBufferPointer { try JSONParser.parseTree($0, limits: .default) }
        var tree = OverlayTree(root!)
        return tree.locate(try JSONPath(test.selector)).map(\.description)
    }

    @Test(arguments: JSONPathComplianceTests.cases.filter { !$0.isInvalid })
    func theTreeSelectsWhatTheSuiteSays(_ test: JSONPathComplianceTests.Case) throws {
        let paths = try Self.locatedOnTree(test)
        #expect(test.results.contains { $0.paths == paths }, "\(test.name): \(test.selector) selected \(paths)")
    }

    /// Descendants, wildcards and filters reach the same nodes on the tree, with the filter's
    /// candidates the only nodes made JSON.
    @Test func aWholeDocumentQueryMakesJSONOnlyOfWhatItsFilterTests() throws {
        let text = Array("""
            {"paths": {"/a": {"get": {"parameters": [{"in": "header", "name": "x"}, {"in": "query", "name": "q"}]}},
                       "/b": {"parameters": [{"in": "header", "name": "y"}], "post": {"responses": {"200": {}}}}}}
            """.utf8)
        let root = try text.withUnsafeBufferPointer { try JSONParser.parseTree($0, limits: .default) }
        var tree = OverlayTree(root!)
        let paths = tree.locate(try JSONPath("$.paths..parameters[?@.in == 'header'].name")).map(\.description)
        #expect(paths == ["$['paths']['/a']['get']['parameters'][0]['name']", "$['paths']['/b']['parameters'][0]['name']"])
        #expect(tree.json.count == 3)
    }
}
