import Foundation
import NetspecTestServer
import Testing

import Netspec
import NetspecTestSupport

/// Shell completion's answers, from the words a shell passes: endpoint names, items, enum values,
/// bash's split at `=`, and the index cache (a changed spec is indexed again).
@Suite struct CompletionsTests {
    static let document = """
        openapi: 3.1.0
        servers: [{ url: "https://example.com" }]
        paths:
          /issues:
            get:
              operationId: listIssues
              parameters:
                - { name: state, in: query, schema: { type: string, enum: [open, closed, all] } }
                - { name: labels, in: query, schema: { type: array, items: { type: string } } }
                - { name: X-Trace, in: header, schema: { type: boolean } }
            post:
              operationId: createIssue
              requestBody:
                content:
                  application/json:
                    schema: { type: object, properties: { title: { type: string }, meta: { type: object } } }
          /files:
            put:
              operationId: putFile
              requestBody: { content: { application/octet-stream: { schema: { type: string, format: binary } } } }
              parameters: [{ name: path, in: query, schema: { type: string } }]
              responses: {}
        """

    static func withDocument(_ body: (String, String) throws -> Void) throws {
        let directory = try ScratchDirectory()
        let file = directory.path + "/issues.yaml"
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        try body(file, directory.path + "/cache")
    }

    @Test(arguments: [
        // Endpoints after the spec, by prefix; options before the spec do not matter.
        (["netspec", "call", "SPEC", "list"], "list", ["listIssues"]),
        (["netspec", "call", "--mock", "SPEC", ""], "", ["listIssues", "createIssue", "putFile"]),
        // Items: each parameter once, `:=` for JSON values, `@` for files; an array may repeat.
        (["netspec", "call", "SPEC", "listIssues", ""], "", ["state=", "labels=", "X-Trace=", "labels:="]),
        (["netspec", "call", "SPEC", "listIssues", "state=open", "labels=a", ""], "", ["labels=", "X-Trace=", "labels:="]),
        (["netspec", "call", "SPEC", "createIssue", "m"], "m", ["meta=", "meta:="]),
        (["netspec", "call", "SPEC", "putFile", ""], "", ["path=", "_=", "_@"]),
        // Enum values after `name=`, and a Bool's.
        (["netspec", "call", "SPEC", "listIssues", "state="], "state=", ["state=open", "state=closed", "state=all"]),
        (["netspec", "call", "SPEC", "listIssues", "state=c"], "state=c", ["state=closed"]),
        (["netspec", "call", "SPEC", "listIssues", "X-Trace="], "X-Trace=", ["X-Trace=true", "X-Trace=false"]),
        // bash splits at `=`: the answer is what replaces the last word.
        (["netspec", "call", "SPEC", "listIssues", "state", "="], "=", ["=open", "=closed", "=all"]),
        (["netspec", "call", "SPEC", "listIssues", "state", "=", "o"], "o", ["open"]),
        // Nothing for an unknown endpoint or before a spec.
        (["netspec", "call", "SPEC", "nope", ""], "", []),
        (["netspec", "call", ""], "", []),
    ])
    func candidates(words: [String], prefix: String, expected: [String]) throws {
        try Self.withDocument { file, cache in
            let words = words.map { $0 == "SPEC" ? file : $0 }
            let result = Completions.candidates(words: words, index: words.count - 1, prefix: prefix, wantsItems: true, cacheDirectory: cache)
            #expect(result.sorted() == expected.sorted())
        }
    }

    @Test func describeCompletesEndpointsOnly() throws {
        try Self.withDocument { file, cache in
            let words = ["netspec", "describe", file, "listIssues", ""]
            #expect(Completions.candidates(words: words, index: 4, prefix: "", wantsItems: false, cacheDirectory: cache) == [])
        }
    }

    /// The index is written once per content and read back after; a changed spec gets its own.
    @Test func theIndexIsCachedByContent() throws {
        try Self.withDocument { file, cache in
            let first = try #require(CompletionIndex.load(specPath: file, cacheDirectory: cache))
            let written = try FileManager.default.contentsOfDirectory(atPath: cache)
            #expect(written.count == 1)
            // A hit reads the file: an index edited in place is what comes back.
            let path = cache + "/" + written[0]
            let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "listIssues", with: "listTickets")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(CompletionIndex.load(specPath: file, cacheDirectory: cache)?.endpoints.first?.name == "listTickets")
            // A changed spec is indexed again.
            try Self.document.replacingOccurrences(of: "listIssues", with: "listAll").write(toFile: file, atomically: true, encoding: .utf8)
            #expect(CompletionIndex.load(specPath: file, cacheDirectory: cache)?.endpoints.first?.name == "listAll")
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 2)
            // Without a cache the same index is made.
            #expect(CompletionIndex.load(specPath: file, cacheDirectory: nil)?.endpoints.map(\.name) == ["listAll", "createIssue", "putFile"])
            #expect(first.endpoints.count == 3)
        }
    }
}
