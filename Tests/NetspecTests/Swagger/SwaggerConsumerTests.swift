import Foundation
import Testing

@testable import Netspec
@testable import NetspecMCP
@testable import NetspecMock

/// The consumers work on a Swagger 2.0 document unchanged: shell completion, MCP tool schemas and
/// the mock server's routes, over the Jupyter excerpt.
@Suite struct SwaggerConsumerTests {
    static let document = SwaggerReaderTests.jupyter

    @Test(arguments: [
        (["netspec", "call", "SPEC", "getApiCon"], "getApiCon", ["getApiConfigBySectionName", "getApiContentsByPath"]),
        (["netspec", "call", "SPEC", "getApiContentsByPath", "ty"], "ty", ["type="]),
        (["netspec", "call", "SPEC", "getApiContentsByPath", "type="], "type=", ["type=file", "type=directory"]),
    ])
    func completions(words: [String], prefix: String, expected: [String]) {
        let words = words.map { $0 == "SPEC" ? Self.document : $0 }
        let result = Completions.candidates(words: words, index: words.count - 1, prefix: prefix, wantsItems: true, cacheDirectory: nil)
        #expect(result.sorted() == expected.sorted())
    }

    @Test func mcpToolSchemas() throws {
        let spec = try Spec.load(path: Self.document)
        let schema = ToolSchema.inputSchema(of: try #require(spec.endpoint(named: "postApiKernels")))
        #expect(schema["required"] == ["name"])
        #expect(schema["properties"]?["name"]?["type"] == "string")
        #expect(schema["properties"]?["path"]?["type"] == "string")
    }

    @Test func theMockRoutesAndAnswers() throws {
        let spec = try Spec.load(path: Self.document)
        guard case let .endpoint(endpoint, values) = MockRouter(spec: spec).match(method: .get, path: "/api/contents/notes.txt") else {
            Issue.record("not routed")
            return
        }
        #expect(endpoint.name == "getApiContentsByPath")
        #expect(values == ["path": "notes.txt"])
    }
}
