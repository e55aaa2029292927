import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Rule 4 under `encoding: multipart`: one part per parameter, exact bytes (with the random
/// boundary replaced by `BOUNDARY`), files with guessed types, JSON parts, arrays of parts, part
/// maps, and `Content-Type`/`Content-Length`.
@Suite struct MultipartBindingTests {
    static let service = "encoding: multipart\n"

    /// One part as it is sent.
    static func part(_ disposition: String, type: String? = nil, _ content: String) -> String {
        "--BOUNDARY\r\nContent-Disposition: form-data; \(disposition)\r\n" + (type.map { "Content-Type: \($0)\r\n" } ?? "") + "\r\n" + content + "\r\n"
    }

    static let end = "--BOUNDARY--\r\n"

    /// The request for endpoint `e`, after checking that `Content-Length` is the exact length of
    /// the collected body and `Content-Type` names its boundary.
    static func request(_ endpoint: String, _ arguments: [String: Argument], service: String = Self.service) async throws -> Golden {
        let prepared = try Binding.service(Binding.yaml(endpoint, service: service)).prepare("e", arguments)
        guard case let .multipart(body) = prepared.body else {
            Issue.record("not a multipart body: \(prepared.body)")
            return try await Golden(prepared)
        }
        let bytes = try await body.collect(upTo: 1 << 20)
        #expect(prepared.headerFields.first { $0.name.rawName == "Content-Length" }?.value == String(bytes.count))
        #expect(body.contentLength == bytes.count)
        #expect(body.boundary.hasPrefix("netspec-") && body.boundary.count == 40)
        let golden = try await Golden(prepared)
        #expect(golden.headers.prefix(2) == ["Content-Type: multipart/form-data; boundary=BOUNDARY", "Content-Length: \(bytes.count)"])
        #expect(golden.headers.dropFirst(2) == ArraySlice(Golden.jsonTail))
        return golden
    }

    @Test func textNumbersBooleansFilesAndJSONParts() async throws {
        let scratch = try ScratchDirectory()
        let photo = try scratch.write(Array("PNGDATA".utf8), to: "beach.png")
        let endpoint = """
                POST: /upload
                params:
                  title: String
                  count: Int
                  ratio: Double
                  public: Bool
                  photo: URL
                  meta: JSON
                  note: String?
            """ + "\n"
        let request = try await Self.request(endpoint, [
            "meta": ["album": "Summer", "ids": [1, 2]], "photo": .file(URL(fileURLWithPath: photo)), "public": true,
            "ratio": 0.5, "count": 3, "title": "Holiday 🏖", "note": nil,
        ])
        #expect(request.method == "POST")
        #expect(request.url == "https://api.example.com/upload")
        #expect(request.body == Self.part(#"name="title""#, "Holiday 🏖")
            + Self.part(#"name="count""#, "3")
            + Self.part(#"name="ratio""#, "0.5")
            + Self.part(#"name="public""#, "true")
            + Self.part(#"name="photo"; filename="beach.png""#, type: "image/png", "PNGDATA")
            + Self.part(#"name="meta""#, type: "application/json", #"{"album":"Summer","ids":[1,2]}"#)
            + Self.end)
    }

    /// SPEC §1 rule 4: under multipart, `Data` goes as a file. Without a `filename` parameter,
    /// servers (multer, Flask, Rails) read a part as a plain text field, so a `Data` part needs
    /// one even when the spec gives none; the part's name is used, as Python `requests` does.
    @Test func dataIsSentAsAFile() async throws {
        let request = try await Self.request("    POST: /u\n    params:\n      blob: Data\n", ["blob": .data(Data("raw".utf8))])
        #expect(request.body == Self.part(#"name="blob"; filename="blob""#, type: "application/octet-stream", "raw") + Self.end)
    }

    @Test func filenameAndMimeTypeOptions() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array("%PDF".utf8), to: "tmp123")
        let endpoint = """
                POST: /u
                params:
                  doc: { type: URL, filename: report.pdf, mimeType: application/x-report }
                  raw: { type: Data, in: part, filename: "raw.bin", mimeType: application/x-raw }
            """ + "\n"
        let request = try await Self.request(endpoint, ["doc": .file(URL(fileURLWithPath: path)), "raw": .data(Data([0x41]))], service: "")
        #expect(request.body == Self.part(#"name="doc"; filename="report.pdf""#, type: "application/x-report", "%PDF")
            + Self.part(#"name="raw"; filename="raw.bin""#, type: "application/x-raw", "A")
            + Self.end)
    }

    @Test(arguments: [
        ("data.json", "application/json"), ("PHOTO.PNG", "image/png"), ("notes.txt", "text/plain"), ("a.tar.gz", "application/gzip"),
        ("clip.mp4", "video/mp4"), ("README", "application/octet-stream"), ("x.unknownext", "application/octet-stream"),
        (".env", "application/octet-stream"), ("résumé.pdf", "application/pdf"),
    ])
    func fileTypesAreGuessedFromTheExtension(name: String, type: String) async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write([0x2E], to: name)
        let request = try await Self.request("    POST: /u\n    params:\n      f: URL\n", ["f": .file(URL(fileURLWithPath: path))])
        #expect(request.body == Self.part("name=\"f\"; filename=\"\(name)\"", type: type, ".") + Self.end)
    }

    @Test func arraysRepeatThePart() async throws {
        let scratch = try ScratchDirectory()
        let a = try scratch.write(Array("A".utf8), to: "a.txt")
        let b = try scratch.write(Array("B".utf8), to: "b.csv")
        let endpoint = "    POST: /u\n    params:\n      tags: \"[String?]\"\n      files: \"[URL]\"\n"
        let request = try await Self.request(endpoint, [
            "tags": ["x", nil, "y z"], "files": [.file(URL(fileURLWithPath: a)), .file(URL(fileURLWithPath: b))],
        ])
        #expect(request.body == Self.part(#"name="tags""#, "x") + Self.part(#"name="tags""#, "y z")
            + Self.part(#"name="files"; filename="a.txt""#, type: "text/plain", "A")
            + Self.part(#"name="files"; filename="b.csv""#, type: "text/csv", "B")
            + Self.end)
    }

    @Test func partMapsExpandIntoOnePartPerEntry() async throws {
        let scratch = try ScratchDirectory()
        let a = try scratch.write(Array("1".utf8), to: "one.json")
        let endpoint = """
                POST: /u
                params:
                  fields: { in: part, type: "[String: String]" }
                  files: { in: part, type: "[String: URL]" }
            """ + "\n"
        let request = try await Self.request(endpoint, ["fields": ["k1": "v1", "k2": "v2"], "files": ["upload": .file(URL(fileURLWithPath: a))]], service: "")
        #expect(request.body == Self.part(#"name="k1""#, "v1") + Self.part(#"name="k2""#, "v2")
            + Self.part(#"name="upload"; filename="one.json""#, type: "application/json", "1")
            + Self.end)
    }

    @Test func namesAreEscapedAndUnicodeIsKept() async throws {
        let endpoint = "    POST: /u\n    params:\n      q: { name: \"say \\\"hi\\\"\" }\n      u: { name: \"名前\" }\n"
        let request = try await Self.request(endpoint, ["q": "1", "u": "2"])
        #expect(request.body == Self.part(#"name="say %22hi%22""#, "1") + Self.part(#"name="名前""#, "2") + Self.end)
    }

    @Test func aWholeBodyObjectBecomesOnePartPerMember() async throws {
        let request = try await Self.request("    POST: /u\n    params:\n      _: \"[String: JSON]\"\n", ["_": ["a": "x", "b": [1, 2], "c": ["k": true]]])
        #expect(request.body == Self.part(#"name="a""#, "x") + Self.part(#"name="b""#, "1") + Self.part(#"name="b""#, "2")
            + Self.part(#"name="c""#, type: "application/json", #"{"k":true}"#) + Self.end)
    }

    @Test func noPartsIsJustTheClosingDelimiter() async throws {
        let request = try await Self.request("    POST: /u\n    params:\n      note: String?\n", [:])
        #expect(request.body == Self.end)
    }

    @Test func theMultipartContentTypeReplacesTheSpecs() async throws {
        let request = try await Self.request("    POST: /u\n    headers: { Content-Type: text/plain }\n    params:\n      a: String\n", ["a": "1"])
        #expect(request.body == Self.part(#"name="a""#, "1") + Self.end)
    }

    // MARK: - Refused

    @Test func fileProblemsAreUnreadableFileErrors() throws {
        let scratch = try ScratchDirectory()
        let endpoint = "    POST: /u\n    params:\n      f: URL\n"
        let missing = try Binding.failure(endpoint, service: Self.service, ["f": .file(URL(fileURLWithPath: scratch.path + "/nope.png"))])
        #expect(missing == "unreadableFile: endpoint 'e': parameter 'f': cannot read '\(scratch.path)/nope.png': No such file or directory")
        let directory = try Binding.failure(endpoint, service: Self.service, ["f": .file(URL(fileURLWithPath: scratch.path))])
        #expect(directory == "unreadableFile: endpoint 'e': parameter 'f': cannot read '\(scratch.path)': it is a directory")
    }

    @Test(arguments: [Argument.value("https://example.com/a.png"), URL(string: "https://example.com/a.png")!.makeArgument()])
    func aURLStringIsNotAFileToUpload(argument: Argument) throws {
        let actual = try Binding.failure("    POST: /u\n    params:\n      f: URL\n", service: Self.service, ["f": argument])
        #expect(actual == #"wrongType: endpoint 'e': parameter 'f': expected a file URL to upload, got the string "https://example.com/a.png" (pass .file(URL(fileURLWithPath: …)))"#)
    }
}
