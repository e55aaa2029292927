import Foundation
@_spi(Fuzzing) import Netspec
import NetspecModel
@_spi(Fuzzing) import NetspecWorkflows
import Testing

/// Every seed of the fuzz targets in `Fuzz/seeds/`, run through its target's entry point, so that
/// CI runs them without libFuzzer: the seeds of the JSONPath, Overlay and Arazzo targets each do
/// the whole of their target's work (checked by what they give back), and those of the older
/// targets return.
@Suite struct FuzzSeedTests {
    /// The files of `Fuzz/seeds/TARGET`, by name.
    static func seeds(_ target: String) throws -> [String: [UInt8]] {
        let folder = TestPaths.root + "/Fuzz/seeds/" + target
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        return try Dictionary(uniqueKeysWithValues: names.map { name in
            (name, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
        })
    }

    /// Each JSONPath seed's query and how many nodes it selects in its document (the compliance
    /// test suite's results, which the seeds are taken from).
    @Test(arguments: [
        ("0.txt", 5), ("1.txt", 1), ("2.txt", 1), ("3.txt", 2), ("4.txt", 1),
        ("5.txt", 2), ("6.txt", 2), ("7.txt", 2), ("8.txt", 2), ("9.txt", 2),
    ])
    func jsonPathSeedsSelect(seed: String, count: Int) throws {
        let bytes = try #require(try Self.seeds("FuzzJSONPath")[seed])
        let values = try #require(FuzzEntryPoints.jsonPath(bytes), "\(seed): the query or document did not parse")
        #expect(values.count == count)
    }

    @Test func everyJSONPathSeedIsInTheTable() throws {
        #expect(try Self.seeds("FuzzJSONPath").keys.sorted() == (0...9).map { "\($0).txt" })
        #expect(FuzzEntryPoints.jsonPath(Array("$.store.book[0]\n{\"store\":{\"book\":[{\"title\":\"Sayings\"}]}}".utf8)) == [["title": "Sayings"]])
        #expect(FuzzEntryPoints.jsonPath(Array("$.store.book[?@.price < 10 && search(@.author, 'Mel')]['title','price']".utf8)) == nil)
        #expect(FuzzEntryPoints.jsonPath(Array("$[\n[1]".utf8)) == nil)
    }

    /// `..*` on arrays 30 deep: 29 nodes, within the bound; three more multiply the bound past it
    /// (the RFC's results are not deduplicated), and the query is then parsed, not evaluated.
    @Test func jsonPathTargetBoundsTheWork() {
        let deep = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(FuzzEntryPoints.jsonPath(Array("$..*\n\(deep)".utf8))?.count == 29)
        #expect(FuzzEntryPoints.jsonPath(Array("$..*..*..*..*\n\(deep)".utf8)) == nil)
        #expect(FuzzEntryPoints.evaluationBound("$..*", nodes: 30) == 27_000)
        #expect(FuzzEntryPoints.evaluationBound("$.a['b'][0]", nodes: 30) == 30)
    }

    /// Each overlay seed is a compliant set of the Overlay Specification's tests: the overlay and
    /// its target document, whose result must be the set's `output.yaml`.
    @Test(arguments: [
        ("add-a-license", 1), ("remove-matching-responses", 2), ("remove-server", 1),
        ("replace-servers-for-sandbox", 2), ("update-root", 1),
    ])
    func overlaySeedsGiveTheCompliantOutput(set: String, actions: Int) throws {
        let bytes = try #require(try Self.seeds("FuzzOverlay")[set + ".yaml"])
        let applied = try #require(FuzzEntryPoints.overlay(bytes), "\(set): the overlay or its document did not read")
        let output = try Data(contentsOf: URL(fileURLWithPath: TestPaths.root + "/Tests/NetspecTests/Fixtures/overlay/compliant-sets/\(set)/output.yaml"))
        let expected = try #require(try YAMLParser.parse(Array(output))).jsonValue
        #expect(applied.actions == actions)
        #expect(applied.document == expected)
    }

    @Test func overlayCopySeedCopiesThePathItem() throws {
        let seeds = try Self.seeds("FuzzOverlay")
        #expect(seeds.keys.sorted() == [
            "add-a-license.yaml", "copy-path-item.yaml", "remove-matching-responses.yaml", "remove-server.yaml",
            "replace-servers-for-sandbox.yaml", "update-root.yaml",
        ])
        let seed = try #require(seeds["copy-path-item.yaml"])
        let applied = try #require(FuzzEntryPoints.overlay(seed))
        #expect(applied.actions == 1)
        let paths: JSONValue = [
            "/foo": ["get": ["responses": ["200": ["description": "OK"]]]],
            "/bar": ["post": ["responses": ["201": ["description": "Created"]]], "get": ["responses": ["200": ["description": "OK"]]]],
        ]
        #expect(applied.document == ["openapi": "3.1.0", "info": ["title": "Copy", "version": "1.0.0"], "paths": paths])
        // Without the line that ends the overlay there is no document.
        #expect(FuzzEntryPoints.overlay(Array("overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions: []\n".utf8)) == nil)
    }

    /// Each Arazzo seed reads, and how many of its criteria and expression values compile
    /// (LoginAndRetrievePets: 2 criteria, 4 parameter values and 4 outputs; ExtendedParametersExample
    /// has no expression).
    @Test(arguments: [
        ("ExtendedParametersExample.yaml", 0), ("LoginAndRetrievePets.yaml", 10), ("inner.json", 4),
        ("oauth.yaml", 36), ("pet-coupons.yaml", 23), ("queries.yaml", 14),
    ])
    func arazzoSeedsRead(seed: String, compiled: Int) throws {
        let bytes = try #require(try Self.seeds("FuzzArazzo")[seed])
        let count = try #require(WorkflowFuzzEntryPoints.arazzo(bytes), "\(seed) did not read")
        #expect(count == compiled)
    }

    @Test func everyArazzoSeedIsInTheTable() throws {
        #expect(try Self.seeds("FuzzArazzo").keys.sorted() == [
            "ExtendedParametersExample.yaml", "LoginAndRetrievePets.yaml", "inner.json", "oauth.yaml", "pet-coupons.yaml", "queries.yaml",
        ])
        #expect(WorkflowFuzzEntryPoints.arazzo(Array("arazzo: 1.0.1\ninfo: {title: t}\n".utf8)) == nil)
    }

    /// The older targets' seeds return (their entry points check their own round trips).
    @Test func olderTargetsSeedsReturn() throws {
        let targets: [(String, ([UInt8]) -> Void)] = [
            ("FuzzSpecLoader", FuzzEntryPoints.specLoader), ("FuzzJSON", FuzzEntryPoints.json),
            ("FuzzServerSentEvents", FuzzEntryPoints.serverSentEvents), ("FuzzCommandLineItems", FuzzEntryPoints.commandLineItems),
        ]
        for (target, run) in targets {
            let seeds = try Self.seeds(target)
            #expect(!seeds.isEmpty, "\(target) has no seeds")
            for bytes in seeds.values { run(bytes) }
        }
    }
}
