import Foundation
import Testing

@testable import NetspecModel

/// An overlay's targets are evaluated on the document's tree, not on its JSON
/// (`OverlayTree+Query.swift`): every valid case of the JSONPath Compliance Test Suite selects,
/// on the tree of its document, the normalized paths the suite gives — the same answer the JSON
/// engine gives (`JSONPathComplianceTests`), each with the node at that path.
@Suite struct OverlayTreeQueryTests {
    /// The suite's cases with a document, and the places each selects on the tree: the paths,
    /// and whether each node the query kept is the one at its path.
    static func locatedOnTree(_ test: JSONPathComplianceTests.Case) throws -> (paths: [String], nodesAtPaths: Bool) {
        let text = test.document!.serialized()
        let root = try text.withUnsafeBufferPointer { try JSONParser.parseTree($0, limits: .default) }
        var tree = OverlayTree(root!)
        let places = tree.places(try JSONPath(test.selector))
        let walked = places.map { tree.node(at: $0.path.components, from: tree.root) }
        return (places.map(\.path.description), places.map(\.node) == walked)
    }

    @Test(arguments: JSONPathComplianceTests.cases.filter { !$0.isInvalid })
    func theTreeSelectsWhatTheSuiteSays(_ test: JSONPathComplianceTests.Case) throws {
        let (paths, nodesAtPaths) = try Self.locatedOnTree(test)
        #expect(test.results.contains { $0.paths == paths }, "\(test.name): \(test.selector) selected \(paths)")
        // The nodes an update's kind check and merge use (filters under `..` found on the JSON,
        // their nodes from where that run started).
        #expect(nodesAtPaths, "\(test.name): \(test.selector)")
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
        let places = tree.places(try JSONPath("$.paths..parameters[?@.in == 'header'].name"))
        #expect(places.map(\.path.description) == ["$['paths']['/a']['get']['parameters'][0]['name']", "$['paths']['/b']['parameters'][0]['name']"])
        #expect(tree.json.count == 3)
        // Found on the JSON of `$.paths`, the nodes are found from there.
        #expect(places.map(\.node) == places.map { tree.node(at: $0.path.components, from: tree.root) })
        #expect(places.map { tree.storage.text(of: $0.node) } == ["x", "y"])
    }
}
