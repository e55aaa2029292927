import Foundation
import HTTPTypes
import NetspecTestSupport
import Testing

@testable import Netspec

/// ``HTTPCache/DiskStore``'s files read back: a file edited into an impossible response is a miss
/// (and removed), never served; a directory that is a file is named.
@Suite struct CacheDiskStoreTests {
    static let key = HTTPCache.Key(url: "http://a.test/data")

    static func entry(status: Int) -> HTTPCache.Entry {
        HTTPCache.Entry(
            key: key, status: status, reasonPhrase: "OK", headerFields: [.contentType: "application/json"], body: Array("{}".utf8),
            requestDate: Date(timeIntervalSince1970: 1_000), responseDate: Date(timeIntervalSince1970: 1_001), varyValues: [:]
        )
    }

    @Test(arguments: [(-1, false), (0, false), (99, false), (100, true), (200, true), (599, true), (600, false), (1000, false)])
    func aStoredStatusOutsideHTTPsRangeIsAMiss(status: Int, isServed: Bool) async throws {
        let directory = try ScratchDirectory()
        let store = HTTPCache.DiskStore(directory: directory.path)
        try await store.store(Self.entry(status: 200), for: Self.key)
        // Edited on disk, as a person or a broken tool might.
        let path = store.path(for: Self.key)
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: #""status":200"#, with: #""status":\#(status)"#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try await store.response(for: Self.key)
        #expect(read?.status == (isServed ? status : nil))
        #expect(FileManager.default.fileExists(atPath: path) == isServed)
    }

    /// The URL a redirected response was served by is kept in its file (`"redirected"`) and read
    /// back; a file written before it was kept (without it) is still served, as answered by its
    /// own URL.
    @Test func theURLARedirectLedToIsKeptAndOldFilesAreRead() async throws {
        let directory = try ScratchDirectory()
        let store = HTTPCache.DiskStore(directory: directory.path)
        var entry = Self.entry(status: 200)
        entry.redirectedURL = "http://a.test/moved/data?page=1"
        try await store.store(entry, for: Self.key)
        let path = store.path(for: Self.key)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#","redirected":"http://a.test/moved/data?page=1"}"#))
        #expect(try await store.response(for: Self.key) == entry)
        // As the format was written before: no "redirected".
        let old = """
            netspec-cache 1
            {"url":"http://a.test/data","partition":"","status":200,"reason":"OK","headers":[["Content-Type","application/json"]],"requested":1000.0,"received":1001.0,"vary":{},"bodyLength":2}
            {}
            """
        try old.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await store.response(for: Self.key) == Self.entry(status: 200))
        // A "redirected" that is not a string is a damaged file: a miss, removed.
        try old.replacingOccurrences(of: #""bodyLength":2}"#, with: #""bodyLength":2,"redirected":1}"#).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await store.response(for: Self.key) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aDirectoryBelowAFileIsNamed() async throws {
        let directory = try ScratchDirectory()
        let file = try directory.write(Array("x".utf8), to: "afile")
        #expect(HTTPCache.DiskStore(directory: file + "/http").directoryProblem == "'\(file)' is not a directory")
        #expect(HTTPCache.DiskStore(directory: file).directoryProblem == "'\(file)' is not a directory")
        #expect(HTTPCache.DiskStore(directory: directory.path + "/new/http").directoryProblem == nil)
        #expect(HTTPCache.DiskStore(directory: directory.path).directoryProblem == nil)
        let error = await #expect(throws: HTTPCache.DiskStore.DirectoryError.self) {
            try await HTTPCache.DiskStore(directory: file + "/http").removeAll()
        }
        #expect(error?.description == "'\(file)' is not a directory")
    }
}
