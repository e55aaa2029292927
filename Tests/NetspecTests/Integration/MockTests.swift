import Foundation
import NetspecTestServer
import Testing

import Netspec

/// Mocks answer instead of the network, but only after the request is fully built and validated.
@Suite struct MockTests {
    static func service(_ file: String, server: TestServer, usesMock: Bool = true) throws -> Service {
        let spec = try Spec.load(path: TestPaths.specs + "/" + file)
        let variables = ["GITHUB_TOKEN": "gh", "OPENAI_API_KEY": "sk"]
        return Service(spec: spec, provider: Provider(baseURL: server.baseURL, variables: variables, options: testOptions(usesMock: usesMock)))
    }

    struct MockCase: Sendable, CustomStringConvertible {
        var file: String
        var endpoint: String
        var arguments: [String: Argument]
        var status: Int
        var value: JSONValue
        var description: String { "\(file) \(endpoint)" }
    }

    static let cases: [MockCase] = [
        MockCase(
            file: "users.yaml", endpoint: "getUser", arguments: ["id": "johne"], status: 200,
            value: ["id": "johne", "name": "John Example", "email": "john@example.com", "active": true]),
        MockCase(
            file: "users.yaml", endpoint: "createUser", arguments: ["email": "a@b.c", "password": "pw"], status: 201,
            value: ["id": "u-1001", "name": "a"]),
        MockCase(
            file: "users.yaml", endpoint: "getTodos", arguments: ["username": "johne"], status: 200,
            value: [["id": 1, "title": "Write the spec"], ["id": 2, "title": "Call it by name"]]),
        MockCase(file: "users.yaml", endpoint: "deleteUser", arguments: ["id": 3], status: 204, value: nil),
        MockCase(
            file: "chat.yaml", endpoint: "complete", arguments: ["model": "m", "messages": [["role": "user", "content": "hi"]]],
            status: 200, value: ["role": "assistant", "content": "Hello! How can I help?"]),
        MockCase(file: "chat.yaml", endpoint: "embed", arguments: ["input": "text"], status: 200, value: [0.0023, -0.0091, 0.0154]),
        MockCase(
            file: "github.yaml", endpoint: "getRateLimit", arguments: [:], status: 200,
            value: ["limit": 5000, "remaining": 4999, "reset": 1_372_700_873]),
        MockCase(
            file: "todos.yaml", endpoint: "checkPost", arguments: ["id": 1], status: 200,
            value: ["Content-Type": "application/json; charset=utf-8", "ETag": #"W/"124-yiKdLzqO5gfBrJFrcdJ8Yq0LGnU""#]),
    ]

    @Test(arguments: cases)
    func mockAnswersAreShapedLikeRealOnes(_ testCase: MockCase) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try Self.service(testCase.file, server: server)
            let response = try await api.call(testCase.endpoint, testCase.arguments)
            #expect(response.status == testCase.status)
            #expect(response.value == testCase.value)
            #expect(server.requestCount == 0)
        }
    }

    @Test func argumentsAreValidatedBeforeTheMockAnswers() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try Self.service("users.yaml", server: server)
            let missing = await callError { try await api.call("createUser", ["email": "a@b.c"]) }
            #expect(missing?.description == "endpoint 'createUser': parameter 'password': missing required argument (String)")
            let wrong = await callError { try await api.call("deleteUser", ["id": "three"]) }
            #expect(wrong?.description == #"endpoint 'deleteUser': parameter 'id': expected Int, got the string "three""#)
            let unknown = await callError { try await api.call("getUser", ["id": "a", "page": 2]) }
            #expect(unknown?.argument?.reason == .unknown)
            let noEndpoint = await callError { try await api.call("getUsr") }
            #expect(noEndpoint?.description == "endpoint 'getUsr': no such endpoint in \(TestPaths.specs)/users.yaml (did you mean 'getUser'?)")
            #expect(server.requestCount == 0)
        }
    }

    @Test func mockStatusErrorsAreStatusErrors() async throws {
        let yaml = """
            netspec: 1
            service: S
            endpoints:
              gone:
                GET: /gone
                mock: { status: 410, headers: { X-Why: moved }, body: { error: gone } }
            """
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(yaml, server: server, options: testOptions(usesMock: true))
            let error = await callError { try await api.call("gone") }
            #expect(error?.status?.status == 410)
            #expect(error?.status?.reasonPhrase == "Gone")
            #expect(error?.status?.json == ["error": "gone"])
            #expect(error?.status?.headerFields[.init("X-Why")!] == "moved")
            #expect(server.requestCount == 0)
        }
    }

    @Test func endpointWithoutAMockIsAConfigurationError() async throws {
        let yaml = "netspec: 1\nservice: S\nendpoints:\n  get:\n    GET: /x\n"
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(yaml, server: server)
            let error = await callError { try await api.call("get", options: CallOptions(usesMock: true)) }
            #expect(error?.configuration?.reason == .setup)
            #expect(error?.description == "endpoint 'get': mocks are on, but the endpoint has no 'mock:' in test.yaml")
            #expect(server.requestCount == 0)
        }
    }

    @Test func callOptionsTurnMocksOffForOneCall() async throws {
        try await withTestServer(TestHandlers.json(body: #"{"id":"real"}"#)) { server in
            let api = try Self.service("users.yaml", server: server)
            let real = try await api.call("getUser", ["id": "x"], options: CallOptions(usesMock: false))
            #expect(real.value == ["id": "real"])
            #expect(server.requestCount == 1)
        }
    }

    @Test func mockedStreamsYieldTheirEvents() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try Self.service("chat.yaml", server: server)
            let response = try await api.events("completions", ["model": "m", "messages": []])
            var events: [ServerSentEvent] = []
            for try await event in response { events.append(event) }
            #expect(events.map(\.id) == ["1", "2", "3"])
            #expect(try events.map { try $0.json().value(at: "choices.0.delta.content") } == ["", "Hello", " there!"])
            #expect(server.requestCount == 0)
        }
    }
}
