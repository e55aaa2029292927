import Foundation
import NetspecTestServer
import Testing
@testable import Netspec
@testable import NetspecModel
import NetspecTestSupport

/// The cache of parsed big documents: a hit is the same tree, a changed document is never
/// served from the cache, and a damaged or foreign cache file is ignored, never trusted.
@Suite struct YAMLTreeCacheTests {
    /// An OpenAPI document over the size the cache starts at, JSON (one line, as FastAPI serves
    /// it) or YAML (indented, with a tag).
    static func bigDocument(json: Bool, operations: Int = 400) -> [UInt8] {
        var text: String
        if json {
            text = #"{"openapi":"3.1.0","info":{"title":"Big","version":"1"},"servers":[{"url":"http://127.0.0.1:9"}],"paths":{"#
            text += (0..<operations).map { index in
                #""/items\#(index)/{id}":{"get":{"operationId":"getItem\#(index)","description":"\#(String(repeating: "déjà vu ", count: 60))","parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}}"#
            }.joined(separator: ",")
            text += "}}"
        } else {
            text = "openapi: 3.1.0\ninfo: {title: Big, version: !!str 1}\nservers: [{url: 'http://127.0.0.1:9'}]\npaths:\n"
            for index in 0..<operations {
                text += "  /items\(index)/{id}:\n    get:\n      operationId: getItem\(index)\n"
                text += "      description: \(String(repeating: "déjà vu ", count: 60))\n"
                text += "      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]\n"
                text += "      responses: {'200': {description: ok}}\n"
            }
        }
        return Array(text.utf8)
    }

    /// Every node as `mark kind style text`, to compare trees.
    static func details(_ root: YAMLNode?) -> [String] {
        root.map(JSONDocumentTreeTests.details) ?? []
    }

    static func cachedTree(_ bytes: [UInt8], cache: YAMLTreeCache) throws -> YAMLNode? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) in try cache.tree(of: buffer) }
    }

    static func treeFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".tree") }.sorted()
    }

    @Test(arguments: [true, false])
    func aHitIsTheSameTree(json: Bool) throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path + "/cache/specs", writer: "test")
        let bytes = Self.bigDocument(json: json)
        #expect(bytes.count >= YAMLTreeCache.minimumSize)
        let parsed = try YAMLParser.parse(bytes)
        let first = try Self.cachedTree(bytes, cache: cache)
        let files = Self.treeFiles(cache.directory)
        #expect(files.count == 1 && files[0].hasPrefix(ContentHash(bytes.withUnsafeBufferPointer { $0 }).description + "-"))
        let second = try Self.cachedTree(bytes, cache: cache)
        #expect(Self.details(first) == Self.details(parsed))
        #expect(Self.details(second) == Self.details(parsed))
        #expect(second?.tag == nil && (json || second?["info"]?["version"]?.tag == "tag:yaml.org,2002:str"))
    }

    /// The cached file is what is read on a hit: a byte changed in it shows in the tree
    /// (which is how the tests know a hit happened); one changed byte of the document is a miss.
    @Test func aChangedDocumentIsNeverServedFromTheCache() throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path, writer: "test")
        var bytes = Self.bigDocument(json: true)
        _ = try Self.cachedTree(bytes, cache: cache)
        let file = scratch.path + "/" + Self.treeFiles(scratch.path)[0]
        var cached = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let title = try #require(Self.find(Array("Big".utf8), in: cached))
        cached[title] = UInt8(ascii: "P")
        try Data(cached).write(to: URL(fileURLWithPath: file))
        #expect(try Self.cachedTree(bytes, cache: cache)?["info"]?["title"]?.string == "Pig")

        let at = try #require(Self.find(Array("\"Big\"".utf8), in: bytes))
        bytes[at + 1] = UInt8(ascii: "D")
        #expect(try Self.cachedTree(bytes, cache: cache)?["info"]?["title"]?.string == "Dig")
        #expect(Self.treeFiles(scratch.path).count == 2)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.indices.first { haystack[$0...].starts(with: needle) }
    }

    /// Damaged files (cut short, a bad header, a child out of range) and files another
    /// executable wrote are ignored, and the document parsed.
    @Test(arguments: ["truncated", "magic", "child", "writer", "empty"])
    func damagedOrForeignFilesAreIgnored(_ damage: String) throws {
        let scratch = try ScratchDirectory()
        let bytes = Self.bigDocument(json: true)
        let parsed = Self.details(try YAMLParser.parse(bytes))
        _ = try Self.cachedTree(bytes, cache: YAMLTreeCache(directory: scratch.path, writer: "test"))
        let file = scratch.path + "/" + Self.treeFiles(scratch.path)[0]
        var cached = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let stride = MemoryLayout<YAMLStorage.Record>.stride
        let recordCount = Int(cached.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 48, as: UInt64.self) })
        switch damage {
        case "truncated": cached.removeLast(100)
        case "magic": cached[0] ^= 0xFF
        case "child": cached.withUnsafeMutableBytes { $0.storeBytes(of: Int32(recordCount), toByteOffset: 88 + stride * recordCount + 8, as: Int32.self) }
        case "empty": cached = []
        default: break
        }
        try Data(cached).write(to: URL(fileURLWithPath: file))
        let writer = damage == "writer" ? "another build" : "test"
        #expect(Self.details(try Self.cachedTree(bytes, cache: YAMLTreeCache(directory: scratch.path, writer: writer))) == parsed)
    }

    /// A record with a kind no node has, or content outside its column, reads as an empty
    /// scalar: odd text, never a read out of bounds. (Node 1 is the value of `openapi`, the
    /// second node the parser completes.)
    @Test(arguments: ["kind", "range"])
    func aDamagedRecordReadsAsAnEmptyScalar(_ damage: String) throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path, writer: "test")
        let bytes = Self.bigDocument(json: true)
        #expect(try Self.cachedTree(bytes, cache: cache)?["openapi"]?.string == "3.1.0")
        let file = scratch.path + "/" + Self.treeFiles(scratch.path)[0]
        var cached = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let record = 88 + MemoryLayout<YAMLStorage.Record>.stride
        let layout = MemoryLayout<YAMLStorage.Record>.self
        if damage == "kind" {
            // The kind byte follows the count and the mark's line and column (two Int32s).
            cached[record + layout.offset(of: \.count)! + MemoryLayout<Int32>.size * 3] = 7
        } else {
            cached.withUnsafeMutableBytes { $0.storeBytes(of: Int32.max - 1, toByteOffset: record + layout.offset(of: \.first)!, as: Int32.self) }
        }
        try Data(cached).write(to: URL(fileURLWithPath: file))
        let root = try Self.cachedTree(bytes, cache: cache)
        #expect(root?["openapi"]?.string == "")
        #expect(root?["info"]?["title"]?.string == "Big")
    }

    /// Two builds of netspec (two writers) keep a tree each rather than replacing each other's.
    @Test func twoWritersKeepATreeEach() throws {
        let scratch = try ScratchDirectory()
        let bytes = Self.bigDocument(json: true)
        for writer in ["release", "static", "release", "static"] {
            _ = try Self.cachedTree(bytes, cache: YAMLTreeCache(directory: scratch.path, writer: writer))
        }
        #expect(Self.treeFiles(scratch.path).count == 2)
    }

    @Test func smallDocumentsAreNotCached() throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path, writer: "test")
        let bytes = Self.bigDocument(json: true, operations: 3)
        #expect(Self.details(try Self.cachedTree(bytes, cache: cache)) == Self.details(try YAMLParser.parse(bytes)))
        #expect(Self.treeFiles(scratch.path).isEmpty)
    }

    @Test func theLeastRecentlyUsedGoBeyondTheLimit() throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path, writer: "test")
        let base = Self.bigDocument(json: true)
        for round in 0..<(YAMLTreeCache.maximumEntries + 2) {
            _ = try Self.cachedTree(base + Array(repeating: UInt8(ascii: " "), count: round), cache: cache)
        }
        #expect(Self.treeFiles(scratch.path).count == YAMLTreeCache.maximumEntries)
    }

    /// A spec loaded through the cache, cold and warm, is the spec loaded without it.
    @Test func specsThroughTheCacheAreTheSame() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Self.bigDocument(json: true), to: "big.json")
        let cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
        let plain = try Spec.load(path: path)
        for _ in 0..<2 {
            let cached = try Spec.load(path: path, only: nil, cache: cache)
            #expect(cached.endpoints == plain.endpoints)
            #expect(try Spec.load(path: path, only: "getItem7", cache: cache).endpoints == [plain.endpoint(named: "getItem7")!])
        }
    }
}
