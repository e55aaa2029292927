// The Swift blocks of docs/swift.md's "Testing" section and of NetspecTesting's DocC catalog,
// verbatim between `// snippet FILE N` and `// end snippet FILE N` (see DocSnippetTests). The
// Testing section's block is declarations (`@Test` functions cannot be local), held at file scope.

// snippet docs/swift.md 15
import Netspec
import NetspecTesting
import Testing

@Test func showsTheUserThenSaysThereIsNone() async throws {
    let stub = StubTransport()
    stub.answer("getUser", with: .json(["id": "johne", "name": "John Example"]), .status(404))
    let api = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(transport: stub))

    let user = try await api.getUser(id: "johne")
    #expect(user["name"] == "John Example")
    let error = await #expect(throws: CallError.self) { try await api.getUser(id: "nobody") }
    #expect(error?.httpStatus == 404)
    #expect(stub.requests.map(\.url) == [
        "https://www.example.com/user?identifier=johne", "https://www.example.com/user?identifier=nobody",
    ])
    #expect(stub.requests[0].header("token") == "Bearer demo-token")
}

@Test func theSpecsOwnMockOfAMissingUser() async throws {
    let api = Service(spec: try .load(path: "specs/users.yaml"))
    let error = await #expect(throws: CallError.self) {
        try await api.call("getUser", ["id": "nobody"], options: CallOptions(mock: "missing"))
    }
    #expect(error?.httpStatus == 404)
}
// end snippet docs/swift.md 15

extension DocSnippets {
    static func stubTransport() async throws {
        // snippet Sources/NetspecTesting/NetspecTesting.docc/NetspecTesting.md 1
        let stub = StubTransport()
        stub.answer("getTodos", with: .json(["data": ["items": [["id": 1, "title": "Write the spec"]]]]))
        let api = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(transport: stub))
        let todos = try await api.getTodos(username: "johne", limit: 5)    // [{"id":1,"title":"Write the spec"}]
        let sent = stub.requests(to: "getTodos").map(\.url)                // ["https://www.example.com/users/johne/todos?limit=5"]
        // end snippet Sources/NetspecTesting/NetspecTesting.docc/NetspecTesting.md 1
        _ = (todos, sent)
    }
}
