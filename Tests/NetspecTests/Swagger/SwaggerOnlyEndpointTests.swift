import Foundation
import Testing

import Netspec
import NetspecModel
import NetspecTestSupport

/// `netspec call` reads only the operation it calls from a Swagger 2.0 document, as from an
/// OpenAPI one: for every operation of Kubernetes', Docker's and Gitea's documents, the endpoint
/// read alone is the one the whole read gives, and its errors and warnings are the whole read's,
/// at the same positions.
@Suite struct SwaggerOnlyEndpointTests {
    static let documents = ["kubernetes/swagger.json", "docker/swagger.yaml", "gitea/swagger.v1.json"]

    /// The document's tree, parsed once for all its reads.
    static func tree(_ path: String) throws -> YAMLNode {
        try #require(try YAMLParser.parse(FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)))
    }

    @Test(arguments: documents)
    func eachOperationAloneIsTheWholeReadsEndpoint(_ name: String) async throws {
        let path = try await RealDocuments.path(of: name)
        // Seconds of CPU: on a thread of its own as the task's executor (OwnThread.swift), so its expectations stay the test's.
        try await onOwnThread { () async throws in try Self.checkEachOperationAlone(name, path: path) }
    }

    static func checkEachOperationAlone(_ name: String, path: String) throws {
        let root = try Self.tree(path)
        let whole = try FrontEnd.load(root: root, file: path)
        #expect(whole.endpoints.count == ["kubernetes/swagger.json": 1123, "docker/swagger.yaml": 108, "gitea/swagger.v1.json": 485][name])
        var seen: Set<Spec.Warning> = []
        for endpoint in whole.endpoints {
            let alone = try FrontEnd.load(root: root, file: path, only: endpoint.name)
            #expect(alone.endpoints == [endpoint], "\(endpoint.name)")
            #expect(alone.service == whole.service && alone.baseURL == whole.baseURL && alone.basePath == whole.basePath)
            // Its warnings are the whole read's, in the same order, at the same places.
            let warnings = Set(alone.warnings)
            #expect(alone.warnings == whole.warnings.filter(warnings.contains), "\(endpoint.name)")
            seen.formUnion(warnings)
        }
        // And no operation's warning is lost: each is given when that operation is read alone.
        #expect(seen == Set(whole.warnings))
    }

    /// As the CLI reads it (the tree cache, the operation index): Kubernetes' 1,123 operations are
    /// found by name in the index kept beside the tree, not by looking at each.
    @Test func aBigDocumentsOperationsAreFoundThroughTheIndexKeptWithItsTree() async throws {
        let path = try await RealDocuments.path(of: "kubernetes/swagger.json")
        // Seconds of CPU: on the run's one thread for heavy work (OwnThread.swift).
        try await onOwnThread { () async throws in
            let scratch = try ScratchDirectory()
            let cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
            let expected = try #require(try Spec.load(path: path).endpoint(named: "readCoreV1NamespacedPod"))
            for round in ["parses the document, makes the index", "maps the tree, reads the index"] {
                #expect(try Spec.load(path: path, only: "readCoreV1NamespacedPod", cache: cache).endpoints == [expected], "\(round)")
            }
            let bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
            let index = OperationIndex(cache: cache, root: bytes.withUnsafeBufferPointer { ContentHash($0) }, file: path, size: bytes.count)
            guard case let .names(places)? = index.load() else {
                Issue.record("no index was kept")
                return
            }
            #expect(places.count == 1123)
            let place = try #require(places["readCoreV1NamespacedPod"])
            #expect(place.method == "get")
            #expect(index.load(only: "readCoreV1NamespacedPod") == .names(["readCoreV1NamespacedPod": place]))
            #expect(index.load(only: "nope") == .names([:]))
        }
    }

    /// A small document's few operations cost less to look at than an index to read: none is kept.
    @Test func aSmallDocumentKeepsNoIndex() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array(Self.clashingNames.replacing("/things/:", with: "/others:").utf8), to: "small.yaml")
        let cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
        #expect(try Spec.load(path: path, only: "getOthers", cache: cache).endpoints.map(\.name) == ["getOthers"])
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path + "/cache")) ?? []
        #expect(kept.filter { $0.hasSuffix(".operations") } == [])
    }

    /// An operation with a problem of its own, one with warnings, and one without either.
    static let document = """
        swagger: "2.0"
        info: {title: Shop, version: "1"}
        host: shop.example.com
        colour: blue
        paths:
          /pets:
            get:
              operationId: listPets
              summery: a typo
              parameters:
                - {name: limit, in: query}
              responses: {"200": {description: ok}}
            post:
              operationId: addPet
              parameters:
                - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: commas}
              responses: {"200": {description: ok}}
          /pets/{id}:
            get:
              operationId: getPet
              parameters:
                - {name: id, in: path, required: true, type: string}
              responses: {"200": {description: ok}}

        """

    @Test func anOperationsErrorsAndWarningsAloneAreTheWholeReads() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array(Self.document.utf8), to: "shop.yaml")
        let wholeError = try #require(throws: SpecError.self) { try Spec.load(path: path) }
        let error = try #require(throws: SpecError.self) { try Spec.load(path: path, only: "addPet") }
        #expect(error.description == "\(path):16:89: error: operation 'addPet': parameter 'tags': collectionFormat 'commas' is not one of csv, ssv, tsv, pipes and multi")
        #expect(error.description == wholeError.description)
        let documentWarning = "\(path):4:1: warning: 'colour' is not a Swagger 2.0 key; it is not read"
        #expect(try Spec.load(path: path, only: "listPets").warnings.map(\.description) == [
            documentWarning,
            "\(path):9:7: warning: operation 'listPets': 'summery' is not a Swagger 2.0 key; it is not read",
            "\(path):11:11: warning: operation 'listPets': parameter 'limit' has no 'type' (Swagger 2.0 requires one); it is taken as a string",
        ])
        let getPet = try Spec.load(path: path, only: "getPet")
        #expect(getPet.endpoints.map(\.name) == ["getPet"])
        #expect(getPet.warnings.map(\.description) == [documentWarning])
    }

    /// `/things` and `/things/` both make `getThings`; the second becomes `getThings2`.
    static let clashingNames = """
        swagger: "2.0"
        info: {title: T, version: "1"}
        paths:
          /things:
            get: {responses: {"200": {description: ok}}}
            post: {responses: {"200": {description: ok}}}
          /things/:
            get: {responses: {"200": {description: ok}}}

        """

    /// Generated names that could depend on which operations can be read, and names no
    /// operation has, read the whole document.
    @Test(arguments: ["getThings", "getThings2", "postThings", "nope"])
    func ambiguousOrUnknownNamesReadEverything(_ name: String) throws {
        let root = try #require(try YAMLParser.parse(Array(Self.clashingNames.utf8)))
        #expect(try FrontEnd.load(root: root, file: "t.yaml", only: name).endpoints.map(\.name) == ["getThings", "postThings", "getThings2"])
    }

    /// An `x-` key of `paths` is an extension, not a path: what it holds names no endpoint.
    @Test func anExtensionOfPathsHoldsNoOperation() throws {
        let root = try #require(try YAMLParser.parse(Array("""
            swagger: "2.0"
            info: {title: T, version: "1"}
            paths:
              /things:
                get: {operationId: listThings, responses: {"200": {description: ok}}}
              x-later:
                get: {operationId: later, responses: {"200": {description: ok}}}

            """.utf8)))
        #expect(try FrontEnd.load(root: root, file: "t.yaml", only: "later").endpoints.map(\.name) == ["listThings"])
        #expect(try FrontEnd.load(root: root, file: "t.yaml", only: "listThings").endpoints.map(\.name) == ["listThings"])
    }
}
