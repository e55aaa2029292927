import Foundation
import NetspecTestSupport
import Testing

import Netspec

/// `Spec.load(url: URL)` for a file or a bundle's resource; other schemes are refused saying
/// what to use (issue 52.7).
@Suite struct SpecFileURLTests {
    @Test func loadsAFileURL() throws {
        let scratch = try ScratchDirectory()
        // A space and a non-ASCII letter: the URL's path is percent-encoded, the file's is not.
        let path = try scratch.write(Array("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: \"/orders/{id}\", params: { id: Int } }\n".utf8), to: "my shop é.yaml")
        let url = URL(fileURLWithPath: path)
        #expect(url.absoluteString.contains("my%20shop%20"))
        let spec = try Spec.load(url: url)
        #expect(spec.endpoints.map(\.name) == ["getOrder"])
        #expect(spec.file == path)
    }

    @Test func aProblemNamesTheFilesPath() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(Array("netspec: 1\nservice: Shop\nendpoints:\n  getOrder: { GET: \"/orders/{id}\", retruns: Int }\n".utf8), to: "bad spec.yaml")
        let error = #expect(throws: SpecError.self) { try Spec.load(url: URL(fileURLWithPath: path)) }
        #expect(error?.file == path)
        #expect(error?.line == 4)
    }

    @Test(arguments: [
        ("https://api.example.com/openapi.json",
         #"https://api.example.com/openapi.json: error: cannot load https://api.example.com/openapi.json: Spec.load(url: URL) reads file: URLs; an https document is fetched with try await Spec.load(url: "https://api.example.com/openapi.json")"#),
        ("ftp://example.com/a.yaml",
         "ftp://example.com/a.yaml: error: cannot load ftp://example.com/a.yaml: Spec.load(url: URL) reads file: URLs (a file, or a resource of a bundle), not ftp:"),
    ])
    func refusesOtherSchemes(url: String, message: String) throws {
        let error = #expect(throws: SpecError.self) { try Spec.load(url: URL(string: url)!) }
        #expect(error?.description == message)
    }
}
