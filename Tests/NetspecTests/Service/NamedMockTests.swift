import Netspec
import NetspecTesting
import Testing

/// A named mock chosen in process (issue 52.6): `CallOptions(mock:)` per call and
/// `Provider.Options.Mocks.examples` per provider, the twins of a mock server's
/// `Prefer: example=NAME`, chosen by the same rule (`Endpoint.mockAnswer`); an unknown name is a
/// configuration error listing the names there are.
@Suite struct NamedMockTests {
    /// A provider whose transport has no answers: a call that reached it would fail saying so.
    static func service(_ yaml: String = MockServerTests.yaml, mocks: Provider.Options.Mocks = .disabled) throws -> Service {
        let provider = Provider(options: .init(mocks: mocks, usesEnvironment: false), transport: StubTransport())
        return Service(spec: try Spec(yaml: yaml, file: "client.yaml"), provider: provider)
    }

    @Test func aCallChoosesItsMockByNameAndNothingIsSent() async throws {
        let api = try Self.service()
        let missing = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7], options: CallOptions(mock: "missing")) }
        #expect(missing?.httpStatus == 404)
        #expect(missing?.status?.json == ["error": "not found"])
        let gone = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7], options: CallOptions(mock: "gone")) }
        #expect(gone?.httpStatus == 410)
        // Without a name, mocks on: the first; off: the network (the stub, which has no answer).
        #expect(try await api.call("getUser", ["id": 7], options: CallOptions(usesMock: true)).value == ["id": 1, "name": "Leanne"])
        let sent = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7]) }
        #expect(sent?.description.hasPrefix("StubTransport has no answer for endpoint 'getUser'") == true)
    }

    @Test func aProviderChoosesMocksByEndpointAndACallsNameWins() async throws {
        let api = try Self.service(mocks: .examples(["getUser": "missing"]))
        let missing = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7]) }
        #expect(missing?.httpStatus == 404)
        let gone = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7], options: CallOptions(mock: "gone")) }
        #expect(gone?.httpStatus == 410)
        #expect(try await api.call("me").value == ["id": 0])
        // A provider whose mocks are off answers a call that names one.
        let off = try Self.service(mocks: Provider.Options.Mocks(isEnabled: false, examples: ["getUser": "gone"]))
        let named = await #expect(throws: CallError.self) { try await off.call("getUser", ["id": 7], options: CallOptions(mock: "missing")) }
        #expect(named?.httpStatus == 404)
    }

    /// The in-process answer is the mock server's for `Prefer: example=NAME`, status, headers and body.
    @Test(arguments: ["missing", "gone"])
    func theInProcessMockIsTheMockServersPreferExample(name: String) async throws {
        let api = try Self.service()
        let local = await #expect(throws: CallError.self) { try await api.call("getUser", ["id": 7], options: CallOptions(mock: name)) }
        try await MockServerTests.withMockServer { base, _ in
            let client = try MockServerTests.client(base)
            let served = await #expect(throws: CallError.self) {
                try await client.call("getUser", ["id": 7], options: CallOptions(headers: [("Prefer", "example=\(name)")]))
            }
            #expect(local?.status?.status == served?.status?.status)
            #expect(local?.status?.body == served?.status?.body)
            #expect(local?.status?.headerFields[.contentType] == served?.status?.headerFields[.contentType])
        }
    }

    /// An OpenAPI document's mocks are named by its `examples:` keys.
    @Test func anOpenAPIExampleIsChosenByItsKey() async throws {
        let document = """
            openapi: 3.1.0
            info: { title: Pets, version: "1" }
            servers: [{ url: "https://pets.example.com" }]
            paths:
              /pets/{petId}:
                get:
                  operationId: getPet
                  parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
                  responses:
                    "200":
                      description: a pet
                      content:
                        application/json:
                          examples:
                            rex: { value: { id: 1, name: Rex } }
                            tom: { value: { id: 2, name: Tom } }
            """
        let api = try Self.service(document)
        #expect(try await api.call("getPet", ["petId": 1], options: CallOptions(mock: "tom")).value == ["id": 2, "name": "Tom"])
        #expect(try await api.call("getPet", ["petId": 1], options: CallOptions(mock: "rex")).value == ["id": 1, "name": "Rex"])
    }

    @Test(arguments: [
        (CallOptions(mock: "nope"), Provider.Options.Mocks.disabled, "getUser",
         "endpoint 'getUser': CallOptions(mock:) names mock 'nope', which it does not have; its mocks are named: missing, gone"),
        (CallOptions(), .examples(["getUser": "missin"]), "getUser",
         "endpoint 'getUser': Provider.Options.Mocks.examples names mock 'missin', which it does not have; its mocks are named: missing, gone"),
        (CallOptions(mock: "missing"), .disabled, "me",
         "endpoint 'me': CallOptions(mock:) names mock 'missing', which it does not have; it has no named mock (name a 'mock:' entry with 'name:', or use the keys of an OpenAPI response's 'examples:')"),
        (CallOptions(), .examples(["getUsr": "missing"]), "me",
         "endpoint 'me': Provider.Options.Mocks.examples names endpoint 'getUsr', which is not in client.yaml (did you mean 'getUser'?)"),
        (CallOptions(usesMock: false, mock: "missing"), .disabled, "me",
         #"endpoint 'me': CallOptions(mock: "missing") names a mock, but its usesMock is false"#),
    ])
    func aMockThatCannotAnswerIsAConfigurationErrorBeforeAnythingIsSent(
        options: CallOptions, mocks: Provider.Options.Mocks, endpoint: String, message: String
    ) async throws {
        let api = try Self.service(mocks: mocks)
        let arguments: [String: Argument] = endpoint == "getUser" ? ["id": 7] : [:]
        let called = await #expect(throws: CallError.self) { try await api.call(endpoint, arguments, options: options) }
        #expect(called?.configuration?.reason == .setup)
        #expect(called?.description == message)
        let prepared = #expect(throws: CallError.self) { try api.prepare(endpoint, arguments, options: options) }
        #expect(prepared?.description == message)
    }

    /// A WebSocket endpoint's mocked messages are the named mock's.
    @Test func aWebSocketReplaysTheNamedMocksMessages() async throws {
        let yaml = """
            netspec: 1
            service: Chat
            baseURL: https://chat.example.com
            endpoints:
              chat:
                GET: /chat
                stream: websocket
                mock:
                  - { messages: [{ text: hi }] }
                  - { name: farewell, messages: [{ text: bye }, { text: again }] }
            """
        let api = try Self.service(yaml)
        for (name, expected) in [(nil, [["text": "hi"]]), ("farewell", [["text": "bye"], ["text": "again"]])] as [(String?, [JSONValue])] {
            let socket = try await api.connect("chat", options: CallOptions(usesMock: true, mock: name))
            var values: [JSONValue] = []
            for try await message in try socket.messages { values.append(message.value) }
            #expect(values == expected)
        }
    }

    /// docs/swift.md's Swift Testing example and NetspecTesting's DocC example, run here on
    /// specs/users.yaml (DocSnippets only compiles them).
    @Test func theSwiftDocsTestingExampleRuns() async throws {
        let stub = StubTransport()
        stub.answer("getUser", with: .json(["id": "johne", "name": "John Example"]), .status(404))
        let provider = Provider(options: .init(usesEnvironment: false), transport: stub)
        let api = Service(spec: try .load(path: TestPaths.specs + "/users.yaml"), provider: provider)
        let user = try await api.getUser(id: "johne")
        #expect(user["name"] == "John Example")
        let error = await #expect(throws: CallError.self) { try await api.getUser(id: "nobody") }
        #expect(error?.httpStatus == 404)
        #expect(stub.requests.map(\.url) == [
            "https://www.example.com/user?identifier=johne", "https://www.example.com/user?identifier=nobody",
        ])
        #expect(stub.requests[0].header("token") == "Bearer demo-token")
        // NetspecTesting's DocC example.
        stub.answer("getTodos", with: .json(["data": ["items": [["id": 1, "title": "Write the spec"]]]]))
        let todos = try await api.getTodos(username: "johne", limit: 5)
        #expect(todos.value == [["id": 1, "title": "Write the spec"]])
        #expect(stub.requests(to: "getTodos").map(\.url) == ["https://www.example.com/users/johne/todos?limit=5"])

        let mocked = Service(spec: try .load(path: TestPaths.specs + "/users.yaml"), provider: Provider(options: .init(usesEnvironment: false)))
        let missing = await #expect(throws: CallError.self) {
            try await mocked.call("getUser", ["id": "nobody"], options: CallOptions(mock: "missing"))
        }
        #expect(missing?.httpStatus == 404)
        #expect(missing?.status?.json == ["message": "no such user"])
        #expect(try await mocked.call("getUser", ["id": "johne"], options: CallOptions(usesMock: true))["name"] == "John Example")
    }
}
