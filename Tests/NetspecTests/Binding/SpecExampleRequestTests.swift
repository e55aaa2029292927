import Testing

import Netspec

/// Every example endpoint of SPEC.md §1 (the spec text verbatim), with its exact request, called
/// both ways: by dynamic member and by name.
@Suite struct SpecExampleRequestTests {
    static let api = try! Service(
        spec: Spec(yaml: SpecFixtures.specExample, file: "users.yaml"),
        provider: Provider(variables: ["TOKEN": "t0k", "OPENAI_KEY": "sk-1"], options: .init(usesEnvironment: false))
    )

    @Test func getUser() async throws {
        let request = try await Golden(Self.api.getUser.prepare(id: "johne"))
        #expect(request == Golden("GET", "https://www.example.com/user?identifier=johne", headers: ["token: Bearer t0k"] + Golden.jsonTail))
        let actual = try await Golden(Self.api.prepare("getUser", ["id": "johne"]))
        #expect(actual == request)
    }

    @Test func createUser() async throws {
        let request = try await Golden(Self.api.createUser.prepare(email: "a@b.c", password: "pw"))
        #expect(request == Golden("POST", "https://www.example.com/user", headers: [
            "token: Bearer t0k", "Content-Type: application/json", "Content-Length: 33",
        ] + Golden.jsonTail, body: #"{"email":"a@b.c","password":"pw"}"#))
        let actual = try await Golden(Self.api.prepare("createUser", ["password": "pw", "email": "a@b.c"]))
        #expect(actual == request)
    }

    @Test func getTodos() async throws {
        let request = try await Golden(Self.api.getTodos.prepare(username: "johne"))
        #expect(request == Golden("GET", "https://www.example.com/users/johne/todos", headers: ["token: Bearer t0k"] + Golden.jsonTail))
        let actual = try await Golden(Self.api.prepare("getTodos", ["username": "johne"]))
        #expect(actual == request)
    }

    /// By name, an `Argument` dictionary literal keeps its written order; from a dynamic call, a
    /// Swift `[String: String]` has no order, so its keys are sorted.
    @Test func completions() async throws {
        let body = #"{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}"#
        let byName = try await Golden(Self.api.prepare("completions", ["model": "m", "messages": [["role": "user", "content": "hi"]]]))
        #expect(byName == Golden("POST", "https://www.example.com/chat/completions", headers: [
            "token: Bearer t0k", "Authorization: Bearer sk-1", "Content-Type: application/json", "Content-Length: \(body.utf8.count)",
            "Accept: text/event-stream", "Accept-Encoding: gzip, deflate", "User-Agent: netspec/0.1.0",
        ], body: body))
        var sorted = byName
        sorted.body = #"{"model":"m","messages":[{"content":"hi","role":"user"}],"stream":true}"#
        let dynamic = try await Golden(Self.api.completions.prepare(model: "m", messages: [["role": "user", "content": "hi"]]))
        #expect(dynamic == sorted)
    }

    @Test func completionsWithStreamOff() async throws {
        let request = try await Golden(Self.api.completions.prepare(model: "m", messages: [[String: String]](), stream: false))
        #expect(request.body == #"{"model":"m","messages":[],"stream":false}"#)
    }

    @Test func theExampleCommentsHold() async throws {
        // GET /user?identifier=..., POST /user body {"email":..,"password":..}, GET /users/johne/todos
        let urls = try (["getUser": ["id": "x"], "createUser": ["email": "e", "password": "p"], "getTodos": ["username": "johne"]] as [String: [String: Argument]])
            .sorted { $0.key < $1.key }
            .map { try Self.api.prepare($0.key, $0.value).url }
        #expect(urls == ["https://www.example.com/user", "https://www.example.com/users/johne/todos", "https://www.example.com/user?identifier=x"])
    }
}
