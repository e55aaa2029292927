import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

import Netspec

/// The Swift surface takes ordinary values: variables inside argument dictionaries, and whole
/// `[String: String]` or `[String: Int]` dictionaries (issue: a new user's first call did not compile).
@Suite struct OrdinaryValuesTests {
    static let api = try! Service(
        spec: Spec(yaml: """
            netspec: 1
            service: S
            baseURL: https://api.example.com
            endpoints:
              getFile: { GET: "/files/{+path}", params: { path: String, raw: Bool? } }
              search: { GET: /search, params: { q: String?, lang: String?, page: Int?, size: Int? } }
            """, file: "t.yaml"),
        provider: Provider()
    )

    @Test func aStringVariableInALiteralDictionary() throws {
        let path: String = "notes/a b.txt"
        #expect(try Self.api.prepare("getFile", ["path": path]).url == "https://api.example.com/files/notes/a%20b.txt")
        let raw = true
        #expect(try Self.api.prepare("getFile", ["path": path, "raw": raw]).url == "https://api.example.com/files/notes/a%20b.txt?raw=true")
    }

    @Test func wholeDictionariesOfOneType() throws {
        let strings: [String: String] = ["q": "swift", "lang": "en"]
        #expect(try Self.api.prepare("search", strings).url == "https://api.example.com/search?q=swift&lang=en")
        let numbers: [String: Int] = ["page": 2, "size": 50]
        #expect(try Self.api.prepare("search", numbers).url == "https://api.example.com/search?page=2&size=50")
    }

    @Test func literalsStillMeanArguments() throws {
        #expect(try Self.api.prepare("search", ["q": "a", "page": 1]).url == "https://api.example.com/search?q=a&page=1")
        #expect(try Self.api.prepare("getFile", ["path": .value("x")]).url == "https://api.example.com/files/x")
    }

    @Test func callsTakeThemToo() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let path = "a b/c"
            let response = try await Self.api.call("getFile", ["path": path], options: CallOptions(baseURL: server.baseURL))
            #expect(try EchoReport(json: response.body).target == "/files/a%20b/c")
            let query: [String: String] = ["q": "x y"]
            let search = try await Self.api.call("search", query, options: CallOptions(baseURL: server.baseURL))
            #expect(try EchoReport(json: search.body).target == "/search?q=x%20y")
        }
    }
}
