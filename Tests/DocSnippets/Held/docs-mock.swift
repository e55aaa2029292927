// docs/mock.md's Swift blocks, verbatim between `// snippet docs/mock.md N` and
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

    static func dynamicMocks() async throws {
        // snippet docs/mock.md 2
        let shelter = try Spec.load(path: "specs/shelter.openapi.yaml")
        let drawing = MockServer(spec: shelter, options: .init(port: 4010, dynamic: true, seed: 5))
        let api = Service(spec: shelter, provider: Provider(options: .init(mocks: .dynamic(seed: 5))))
        let animal = try await api.call("getAnimal", ["id": "ab-1"])    // {"id":"ffqlhardaxnl",…}, as the server's first answer
        // end snippet docs/mock.md 2
        _ = (drawing, animal)
    }
}
