import Foundation
import NetspecTestServer
import Testing

@testable import Netspec
import NetspecTestSupport

/// The exact wire bytes of `multipart/form-data` bodies (RFC 7578).
@Suite struct MultipartBodyTests {
    /// Parts shared by the wire-format and length tests.
    static let text = PreparedRequest.Multipart.Part(name: "title", content: .bytes(Array("Holiday".utf8)))
    static let data = PreparedRequest.Multipart.Part(
        name: "avatar", filename: "me.png", contentType: "image/png",
        content: .bytes([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
    )

    // MARK: - Wire format

    @Test func oneTextPart() async throws {
        let body = PreparedRequest.Multipart(parts: [Self.text], boundary: "XyZ")
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHoliday\r\n--XyZ--\r\n"
        #expect(try await body.collect(upTo: 1 << 20) == Array(expected.utf8))
    }

    @Test func bytesPartWithFilenameAndContentType() async throws {
        let body = PreparedRequest.Multipart(parts: [Self.data], boundary: "XyZ")
        let expected =
            Array("--XyZ\r\nContent-Disposition: form-data; name=\"avatar\"; filename=\"me.png\"\r\n".utf8)
            + Array("Content-Type: image/png\r\n\r\n".utf8) + [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
            + Array("\r\n--XyZ--\r\n".utf8)
        #expect(try await body.collect(upTo: 1 << 20) == expected)
    }

    @Test func filePartWithGuessedContentType() async throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(#"{"a":1}"#.utf8), to: "data.json")
        let body = PreparedRequest.Multipart(parts: [try .file(name: "doc", path: path)], boundary: "XyZ")
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"data.json\"\r\n"
            + "Content-Type: application/json\r\n\r\n{\"a\":1}\r\n--XyZ--\r\n"
        #expect(MultipartProbe.text(try await body.collect(upTo: 1 << 20)) == expected)
    }

    @Test func escapesQuotesAndLineBreaksInNamesAndFilenames() async throws {
        let part = PreparedRequest.Multipart.Part(
            name: "a\"b\r\nc", filename: "x\ny\r\"z\".txt", content: .bytes(Array("v".utf8))
        )
        let body = PreparedRequest.Multipart(parts: [part], boundary: "XyZ")
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"a%22b%0D%0Ac\"; "
            + "filename=\"x%0Ay%0D%22z%22.txt\"\r\n\r\nv\r\n--XyZ--\r\n"
        #expect(MultipartProbe.text(try await body.collect(upTo: 1 << 20)) == expected)
    }

    @Test func keepsUnicodeFilenamesAsUTF8() async throws {
        let part = PreparedRequest.Multipart.Part(
            name: "pièce", filename: "résumé 📄.pdf", contentType: "application/pdf", content: .bytes([0x25])
        )
        let body = PreparedRequest.Multipart(parts: [part], boundary: "XyZ")
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"pièce\"; filename=\"résumé 📄.pdf\"\r\n"
            + "Content-Type: application/pdf\r\n\r\n%\r\n--XyZ--\r\n"
        #expect(try await body.collect(upTo: 1 << 20) == Array(expected.utf8))
    }

    @Test func emptyBodyIsOnlyTheClosingDelimiter() async throws {
        let body = PreparedRequest.Multipart(parts: [], boundary: "XyZ")
        #expect(try await body.collect(upTo: 1 << 20) == Array("--XyZ--\r\n".utf8))
        #expect(body.contentLength == 9)
    }

    @Test func manyPartsInOrder() async throws {
        let parts = (0..<100).map { PreparedRequest.Multipart.Part(name: "f\($0)", content: .bytes(Array("v\($0)".utf8))) }
        let body = PreparedRequest.Multipart(parts: parts, boundary: "XyZ")
        let expected = (0..<100).map { "--XyZ\r\nContent-Disposition: form-data; name=\"f\($0)\"\r\n\r\nv\($0)\r\n" }
            .joined() + "--XyZ--\r\n"
        #expect(MultipartProbe.text(try await body.collect(upTo: 1 << 20)) == expected)
    }

    @Test func emptyContentStillHasItsLineBreak() async throws {
        let body = PreparedRequest.Multipart(parts: [.init(name: "e", content: .bytes([]))], boundary: "XyZ")
        let expected = "--XyZ\r\nContent-Disposition: form-data; name=\"e\"\r\n\r\n\r\n--XyZ--\r\n"
        #expect(MultipartProbe.text(try await body.collect(upTo: 1 << 20)) == expected)
    }

    // MARK: - Content-Length

    /// Bodies whose `contentLength` must equal the number of bytes sent.
    enum LengthCase: String, CaseIterable, Sendable {
        case empty, text, data, file, emptyFile, escaped, unicode, many, mixed
    }

    @Test(arguments: LengthCase.allCases)
    func contentLengthMatchesTheBytesSent(_ lengthCase: LengthCase) async throws {
        let directory = try ScratchDirectory()
        let filePath = try directory.write(Array(repeating: 7, count: 5000), to: "a.bin")
        let file = try PreparedRequest.Multipart.Part.file(name: "f", path: filePath)
        let empty = try PreparedRequest.Multipart.Part.file(name: "e", path: try directory.write([], to: "empty.txt"))
        let parts: [PreparedRequest.Multipart.Part] =
            switch lengthCase {
            case .empty: []
            case .text: [Self.text]
            case .data: [Self.data]
            case .file: [file]
            case .emptyFile: [empty]
            case .escaped: [.init(name: "\"\r\n", filename: "\n\"", content: .bytes([1]))]
            case .unicode: [.init(name: "名前", filename: "📄.txt", content: .bytes(Array("ü".utf8)))]
            case .many: (0..<500).map { .init(name: "n\($0)", content: .bytes(Array(repeating: 65, count: $0))) }
            case .mixed: [Self.text, file, Self.data, empty, Self.text]
            }
        let body = PreparedRequest.Multipart(parts: parts)
        let bytes = try await body.collect(upTo: 1 << 24)
        #expect(body.contentLength == bytes.count)
    }

    // MARK: - Headers and boundary

    @Test func contentTypeHeader() {
        #expect(PreparedRequest.Multipart(parts: [], boundary: "XyZ").contentType == "multipart/form-data; boundary=XyZ")
        #expect(PreparedRequest.Multipart(parts: [], boundary: "a b:c").contentType == "multipart/form-data; boundary=\"a b:c\"")
    }

    @Test func madeBoundariesAreRandomAndValid() {
        let boundaries = (0..<50).map { _ in PreparedRequest.Multipart.makeBoundary() }
        #expect(Set(boundaries).count == 50)
        for boundary in boundaries {
            #expect(boundary.hasPrefix("netspec-"))
            #expect(boundary.count == 40)
            #expect(boundary.dropFirst(8).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
            #expect(PreparedRequest.Multipart.isValidBoundary(boundary))
            #expect(PreparedRequest.Multipart(parts: []).contentType.hasPrefix("multipart/form-data; boundary=netspec-"))
        }
    }

    @Test func invalidBoundaryFailsBeforeTheFirstByte() async {
        let body = PreparedRequest.Multipart(parts: [Self.text], boundary: "bad\r\nboundary")
        await #expect(throws: MultipartError.invalidBoundary("bad\r\nboundary")) {
            _ = try await body.collect(upTo: 1 << 20)
        }
        #expect(
            MultipartError.invalidBoundary("x ").description
                == "invalid multipart boundary 'x ': it must be 1 to 70 letters, digits or "
                + "'()+_,-./:=? characters and must not end with a space"
        )
        #expect(!PreparedRequest.Multipart.isValidBoundary(""))
        #expect(!PreparedRequest.Multipart.isValidBoundary(String(repeating: "a", count: 71)))
        #expect(PreparedRequest.Multipart.isValidBoundary(String(repeating: "a", count: 70)))
    }

    @Test func contentTypeWithALineBreakFailsBeforeTheFirstByte() async throws {
        let part = PreparedRequest.Multipart.Part(name: "doc", contentType: "text/plain\r\nX-Injected: 1", content: .bytes([]))
        var iterator = PreparedRequest.Multipart(parts: [Self.text, part]).chunks().makeAsyncIterator()
        let error = await #expect(throws: MultipartError.self) { _ = try await iterator.next() }
        #expect(error?.description == "the content type of part 'doc' contains a line break")
        #expect(try await iterator.next() == nil)
    }

    @Test func collectRefusesBodiesOverItsLimit() async {
        let body = PreparedRequest.Multipart(parts: [Self.text], boundary: "XyZ")
        let error = await #expect(throws: MultipartError.self) { _ = try await body.collect(upTo: 10) }
        #expect(error?.message == "the multipart body is 73 bytes, more than the limit of 10 bytes")
    }

    // MARK: - Summary

    @Test func summaryShowsTextAndDescribesBinaryAndFiles() throws {
        let directory = try ScratchDirectory()
        let path = try directory.write(Array(repeating: 0, count: 1024), to: "a.bin")
        let body = PreparedRequest.Multipart(parts: [Self.text, Self.data, try .file(name: "f", path: path)], boundary: "XyZ")
        #expect(
            body.summary() == """
                --XyZ
                Content-Disposition: form-data; name="title"

                Holiday
                --XyZ
                Content-Disposition: form-data; name="avatar"; filename="me.png"
                Content-Type: image/png

                <6 bytes>
                --XyZ
                Content-Disposition: form-data; name="f"; filename="a.bin"
                Content-Type: application/octet-stream

                <file \(path), 1024 bytes>
                --XyZ--

                """
        )
    }
}
