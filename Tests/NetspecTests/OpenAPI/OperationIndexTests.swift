import Foundation
import Testing
import Netspec
import NetspecModel
import NetspecTestSupport

/// A document whose operations are files of their own (as DigitalOcean's): `netspec call` finds
/// the one it needs through the operation index kept beside the spec cache, and what it finds
/// is always what a full read gives, however the files change between runs.
@Suite struct OperationIndexTests {
    /// A root document with operations and a path item given as `$ref`s to files.
    final class Fixture {
        let scratch: ScratchDirectory
        let root: String
        let cache: YAMLTreeCache

        init() throws {
            scratch = try ScratchDirectory()
            cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
            for folder in ["ops", "items", "cache"] {
                try FileManager.default.createDirectory(atPath: scratch.path + "/" + folder, withIntermediateDirectories: true)
            }
            root = try scratch.write(Array("""
                openapi: 3.0.3
                info: {title: Things, version: "1"}
                servers: [{url: "https://api.example.com"}]
                paths:
                  /things:
                    get: {$ref: 'ops/things_list.yml'}
                    post: {$ref: 'ops/things_create.yml'}
                  /things/{id}:
                    $ref: 'items/thing.yml'

                """.utf8), to: "root.yaml")
            try write("ops/things_list.yml", operationId: "things_list")
            try write("ops/things_create.yml", operationId: "things_create")
            try scratch.write(Array("""
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}}
                get:
                  operationId: things_get
                  responses: {"200": {description: ok}}

                """.utf8), to: "items/thing.yml")
            settle()
        }

        func write(_ name: String, operationId: String) throws {
            try scratch.write(Array("operationId: \(operationId)\nresponses: {\"200\": {description: ok}}\n".utf8), to: name)
        }

        /// Every file dated an hour ago: older than the index's settling time.
        func settle() {
            let old = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
            for name in ["root.yaml", "ops/things_list.yml", "ops/things_create.yml", "items/thing.yml"] {
                let times = [old, old]
                utimensat(AT_FDCWD, scratch.path + "/" + name, times, 0)
            }
        }

        var index: OperationIndex {
            let bytes = try! FileBytes.contents(ofFile: root, limit: 1 << 20)
            return OperationIndex(cache: cache, root: bytes.withUnsafeBufferPointer { ContentHash($0) }, file: root)
        }

        func alone(_ name: String) throws -> Spec {
            try Spec.load(path: root, only: name, cache: cache)
        }
    }

    @Test func eachOperationAloneIsTheFullReadsEndpointWithTheIndexMadeAndUsed() throws {
        let fixture = try Fixture()
        let full = try Spec.load(path: fixture.root)
        #expect(full.endpoints.map(\.name) == ["things_list", "things_create", "things_get"])
        #expect(fixture.index.load() == nil)
        for round in ["makes the index", "uses it"] {
            for endpoint in full.endpoints {
                #expect(try fixture.alone(endpoint.name).endpoints == [endpoint], "\(round): \(endpoint.name)")
            }
        }
        guard case let .names(places)? = fixture.index.load() else {
            Issue.record("no index was kept")
            return
        }
        #expect(places.keys.sorted() == ["things_create", "things_get", "things_list"])
        #expect(places["things_create"]?.method == "post")
        #expect(places["things_get"]?.method == "get")
    }

    /// A changed file makes the index be made again: a renamed operation is found by its new
    /// name, its old name is unknown (the whole document is read, to list what there is).
    @Test func aRenamedOperationIsFoundByItsNewName() throws {
        let fixture = try Fixture()
        _ = try fixture.alone("things_list")
        #expect(fixture.index.load() != nil)
        try fixture.write("ops/things_list.yml", operationId: "things_all")
        fixture.settle()
        #expect(fixture.index.load() == nil)
        #expect(try fixture.alone("things_all").endpoints.map(\.name) == ["things_all"])
        #expect(try fixture.alone("things_list").endpoints.map(\.name) == ["things_all", "things_create", "things_get"])
        #expect(fixture.index.load()?.place(of: "things_all")?.method == "get")
    }

    /// Another file that now takes the same name makes names ambiguous: the whole document is
    /// read, as without an index, and the second is `things_list2`.
    @Test func aNameTakenTwiceReadsTheWholeDocument() throws {
        let fixture = try Fixture()
        _ = try fixture.alone("things_create")
        try fixture.write("ops/things_create.yml", operationId: "things_list")
        fixture.settle()
        let expected = ["things_list", "things_list2", "things_get"]
        #expect(try Spec.load(path: fixture.root).endpoints.map(\.name) == expected)
        #expect(try fixture.alone("things_list").endpoints.map(\.name) == expected)
        #expect(fixture.index.load() == .ambiguous)
        #expect(try fixture.alone("things_list2").endpoints.map(\.name) == expected)
    }

    /// A file changed moments ago could change again unseen within one tick of the file
    /// system's clock: no index is kept until it has settled.
    @Test func noIndexIsKeptWhileAFileHasJustChanged() throws {
        let fixture = try Fixture()
        try fixture.write("ops/things_create.yml", operationId: "things_make")
        #expect(try fixture.alone("things_make").endpoints.map(\.name) == ["things_make"])
        #expect(fixture.index.load() == nil)
        fixture.settle()
        _ = try fixture.alone("things_make")
        #expect(fixture.index.load()?.place(of: "things_make")?.method == "post")
    }

    /// A file that cannot be read is reported at every run, and no index is kept.
    @Test func aDocumentWithAMissingFileKeepsNoIndex() throws {
        let fixture = try Fixture()
        try FileManager.default.removeItem(atPath: fixture.scratch.path + "/ops/things_create.yml")
        for _ in 0..<2 {
            #expect(throws: SpecError.self) { try fixture.alone("things_list") }
        }
        #expect(fixture.index.load() == nil)
    }

    /// A name with a line break in it (CR LF, one `Character` that is no "\n") cannot be a line
    /// of the index: no index is written, and every call reads the document as without one.
    @Test func aNameWithALineBreakKeepsNoIndex() throws {
        let fixture = try Fixture()
        try fixture.scratch.write(Array("operationId: \"things\\r\\nlist\"\nresponses: {\"200\": {description: ok}}\n".utf8), to: "ops/things_list.yml")
        fixture.settle()
        for _ in 0..<2 {
            #expect(try fixture.alone("things_get").endpoints.map(\.name) == ["things_get"])
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.index.path))
    }

    /// An index whose text is not whole is ignored and made again.
    @Test func aDamagedIndexIsMadeAgain() throws {
        let fixture = try Fixture()
        _ = try fixture.alone("things_list")
        let text = try String(contentsOfFile: fixture.index.path, encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(lines.first == ["netspec", "operation", "index", "1"] && lines.last == ["end"])
        #expect(lines.filter { $0.first == "file" }.map { $0[3].split(separator: "/").suffix(2).joined(separator: "/") }.sorted()
            == ["items/thing.yml", "ops/things_create.yml", "ops/things_list.yml"])
        #expect(lines.filter { $0.first == "operation" }.map { $0[2] + " " + $0[3] }
            == ["post things_create", "get things_get", "get things_list"])
        try String(text.dropLast(4)).write(toFile: fixture.index.path, atomically: true, encoding: .utf8)
        #expect(fixture.index.load() == nil)
        #expect(try fixture.alone("things_get").endpoints.map(\.name) == ["things_get"])
        #expect(fixture.index.load()?.place(of: "things_get") != nil)
    }
}
