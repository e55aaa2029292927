import Foundation
import NetspecTestServer
import Testing

@testable import Netspec
import NetspecTestSupport

/// File parts: what `Part.file` records, and the failures of missing, odd or changing files.
@Suite struct MultipartFilePartTests {
    // MARK: - Making a file part

    @Test func filePartRecordsSizeNameAndGuessedType() throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(repeating: 9, count: 1234), to: "Photo.JPG")
        let part = try PreparedRequest.Multipart.Part.file(name: "photo", path: path)
        #expect(part == PreparedRequest.Multipart.Part(
            name: "photo", filename: "Photo.JPG", contentType: "image/jpeg", content: .file(path: path, size: 1234)
        ))
        let custom = try PreparedRequest.Multipart.Part.file(name: "p", path: path, filename: "x.bin", contentType: "image/x-raw")
        #expect(custom.filename == "x.bin")
        #expect(custom.contentType == "image/x-raw")
    }

    @Test(arguments: [
        ("a.json", "application/json"), ("a.txt", "text/plain"), ("a.csv", "text/csv"), ("a.html", "text/html"),
        ("a.xml", "application/xml"), ("a.png", "image/png"), ("a.jpg", "image/jpeg"), ("a.jpeg", "image/jpeg"),
        ("a.gif", "image/gif"), ("a.webp", "image/webp"), ("a.pdf", "application/pdf"), ("a.zip", "application/zip"),
        ("a.gz", "application/gzip"), ("a.mp3", "audio/mpeg"), ("a.mp4", "video/mp4"), ("a.wav", "audio/wav"),
        ("data.JSONL", "application/jsonl"), ("/x/y.tar.gz", "application/gzip"),
        ("a.unknown", "application/octet-stream"), ("Makefile", "application/octet-stream"),
        (".env", "application/octet-stream"), ("dir.d/file", "application/octet-stream"),
    ])
    func guessesContentTypeFromTheExtension(path: String, expected: String) {
        #expect(PreparedRequest.Multipart.Part.guessedContentType(forPath: path) == expected)
    }

    @Test(arguments: [("/x/a.bin", "a.bin"), ("a.bin", "a.bin"), ("/x/y/", "y"), ("/", "/")])
    func defaultFilenameIsTheLastPathComponent(path: String, expected: String) {
        #expect(PreparedRequest.Multipart.Part.lastComponent(of: path) == expected)
    }

    // MARK: - Failures when the part is made

    @Test func missingFile() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/a.bin"
        let error = #expect(throws: MultipartError.self) { try PreparedRequest.Multipart.Part.file(name: "f", path: path) }
        #expect(error?.description == "cannot read '\(path)': No such file or directory")
    }

    @Test func directoryIsNotAFile() throws {
        let directory = try ScratchDirectory()
        let error = #expect(throws: MultipartError.self) {
            try PreparedRequest.Multipart.Part.file(name: "f", path: directory.path)
        }
        #expect(error?.description == "'\(directory.path)' is a directory, not a file")
    }

    @Test func deviceIsNotARegularFile() {
        let error = #expect(throws: MultipartError.self) { try PreparedRequest.Multipart.Part.file(name: "f", path: "/dev/null") }
        #expect(error?.description == "'/dev/null' is not a regular file")
    }

    // MARK: - Failures while sending

    @Test func fileThatShrankAfterItsPartWasMade() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(repeating: 1, count: 1024), to: "a.bin")
        let body = PreparedRequest.Multipart(parts: [try .file(name: "f", path: path)])
        try directory.resize(path, to: 512)
        for chunkSize in [100, 64 * 1024] {
            let error = await #expect(throws: MultipartError.self) {
                _ = try await MultipartProbe.chunks(of: body.chunks(chunkSize: chunkSize))
            }
            #expect(
                error?.description
                    == "file '\(path)' changed size while it was being sent (expected 1024 bytes, read 512)"
            )
        }
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func fileThatGrewAfterItsPartWasMade() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(repeating: 1, count: 1024), to: "a.bin")
        let body = PreparedRequest.Multipart(parts: [try .file(name: "f", path: path)])
        try directory.resize(path, to: 2048)
        let error = await #expect(throws: MultipartError.self) { _ = try await body.collect(upTo: 1 << 20) }
        #expect(
            error?.description == "file '\(path)' changed size while it was being sent (expected 1024 bytes, now 2048)"
        )
        #expect(MultipartProbe.openCount(of: path) == 0)
    }

    @Test func fileRemovedAfterItsPartWasMade() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write([1, 2, 3], to: "gone.txt")
        let body = PreparedRequest.Multipart(parts: [.init(name: "t", content: .bytes([65])), try .file(name: "f", path: path)])
        try FileManager.default.removeItem(atPath: path)
        var iterator = body.chunks(chunkSize: 16).makeAsyncIterator()
        #expect(try await iterator.next()?.count == 16)  // the first part's header
        let error = await #expect(throws: MultipartError.self) {
            while try await iterator.next() != nil {}
        }
        #expect(error?.description == "cannot read '\(path)': No such file or directory")
        #expect(try await iterator.next() == nil)
    }
}
