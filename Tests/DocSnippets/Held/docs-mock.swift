// docs/mock.md's Swift block, verbatim between `// snippet docs/mock.md N` and
// `// end snippet docs/mock.md N` (see DocSnippetTests).

import Netspec
import NetspecMock

extension DocSnippets {
    static func mockServer() async throws {
        // snippet docs/mock.md 1
        let server = MockServer(spec: try .load(path: "specs/users.yaml"), options: .init(port: 4010))
        try await server.run { port in print("mocking on port", port) }     // until the task is cancelled
        // end snippet docs/mock.md 1
    }
}
