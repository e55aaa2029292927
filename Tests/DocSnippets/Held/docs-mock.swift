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

    static func statefulMock() throws {
        // snippet docs/mock.md 2
        let petstore = try Spec.load(path: "specs/petstore.openapi.yaml")
        let remembering = MockServer(spec: petstore, options: .init(port: 4010, stateful: true, seedData: ["/pets": [["id": 7, "name": "Seven"]]]))
        let (resources, warnings) = try remembering.statefulResources()   // ["/pets → /pets/{petId}: id {petId} in member 'id', …"], []
        // end snippet docs/mock.md 2
        _ = (resources, warnings)
    }

    static func dynamicMocks() async throws {
        // snippet docs/mock.md 3
        let shelter = try Spec.load(path: "specs/shelter.openapi.yaml")
        let drawing = MockServer(spec: shelter, options: .init(port: 4010, dynamic: true, seed: 5))
        let api = Service(spec: shelter, provider: Provider(options: .init(mocks: .dynamic(seed: 5))))
        let animal = try await api.call("getAnimal", ["id": "ab-1"])    // {"id":"ffqlhardaxnl",…}, as the server's first answer
        // end snippet docs/mock.md 3
        _ = (drawing, animal)
    }
}
