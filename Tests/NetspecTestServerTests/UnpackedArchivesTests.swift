import Foundation
import NetspecTestSupport
import Testing

/// ``UnpackedArchives``: a folder in place is used as it is (the real documents' scripts removed
/// and replaced it on every run, under another test process reading it), calls at once get one
/// folder, and another fingerprint's folder is removed only when no process holds it.
@Suite struct UnpackedArchivesTests {
    static let script = #"mkdir -p "$2"; cp "$1/a.txt" "$2/a.txt""#

    /// A scratch folder with a source folder holding `a.txt`.
    static func source() throws -> (ScratchDirectory, String) {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path + "/source", withIntermediateDirectories: false)
        try scratch.write(Array("A".utf8), to: "source/a.txt")
        return (scratch, scratch.path + "/source")
    }

    static func names(in scratch: ScratchDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
    }

    @Test func aFolderInPlaceIsUsedAsItIs() async throws {
        let (scratch, source) = try Self.source()
        let folder = try await UnpackedArchives.folder(from: source, into: scratch.path + "/docs", script: Self.script)
        let name = (folder as NSString).lastPathComponent
        #expect(name.count == "docs-".count + 16 && name.hasPrefix("docs-"))
        #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "A")
        try scratch.write(Array("kept".utf8), to: name + "/marker")
        #expect(try await UnpackedArchives.folder(from: source, into: scratch.path + "/docs", script: Self.script) == folder)
        #expect(try String(contentsOfFile: folder + "/marker", encoding: .utf8) == "kept")
        #expect(try Self.names(in: scratch) == [name, "source"])
    }

    @Test func callsAtOnceGetOneFolder() async throws {
        let (scratch, source) = try Self.source()
        let folders = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 {
                group.addTask { try await UnpackedArchives.folder(from: source, into: scratch.path + "/docs", script: Self.script) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(folders.count == 1)
        #expect(try Self.names(in: scratch) == [(folders.first! as NSString).lastPathComponent, "source"])
    }

    /// A changed archive or script makes another folder; the one this process holds stays, one
    /// nobody holds and an ended process's part go.
    @Test func anotherFingerprintsFolderGoesOnlyWhenNobodyHoldsIt() async throws {
        let (scratch, source) = try Self.source()
        let first = try await UnpackedArchives.folder(from: source, into: scratch.path + "/docs", script: Self.script)
        let manager = FileManager.default
        try manager.createDirectory(atPath: scratch.path + "/docs-0123456789abcdef/x", withIntermediateDirectories: true)
        // A process ID no process has (above Linux's pid_max).
        try manager.createDirectory(atPath: scratch.path + "/docs-0123456789abcdef.part-99999999-1", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: scratch.path + "/docs-0123456789abcdef.part-\(getpid())-1", withIntermediateDirectories: true)
        try scratch.write(Array("BB".utf8), to: "source/a.txt")
        let second = try await UnpackedArchives.folder(from: source, into: scratch.path + "/docs", script: Self.script)
        #expect(second != first)
        #expect(try String(contentsOfFile: second + "/a.txt", encoding: .utf8) == "BB")
        #expect(try String(contentsOfFile: first + "/a.txt", encoding: .utf8) == "A")
        let names = [first, second].map { ($0 as NSString).lastPathComponent } + ["docs-0123456789abcdef.part-\(getpid())-1", "source"]
        #expect(try Self.names(in: scratch) == names.sorted())
    }
}
