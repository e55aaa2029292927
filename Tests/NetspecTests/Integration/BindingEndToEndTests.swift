import Foundation
import NetspecTestServer
import Testing

import Netspec

/// Every binding kind, from the arguments of a call to the bytes the server receives.
@Suite struct BindingEndToEndTests {
    static let yaml = """
        netspec: 1
        service: Bindings
        headers:
          X-Service: service
          Authorization: Bearer ${TOKEN}
        endpoints:
          path:
            GET: /files/{name}/v/{version=3}
            params:
              name: String
              version: Int
          pathEncoded:
            GET: /raw/{path}
            params:
              path: { in: path, encoded: true }
          query:
            GET: /search
            params:
              q: String
              tags: "[String]"
              ids: { type: "[Int]", format: brackets }
              sizes: { type: "[Int]", format: csv }
              exact: { type: Bool, flag: true }
              limit: { type: Int, default: 20 }
              sort: { type: String?, name: order }
              filter: { type: "[String: String]", in: query }
              raw: { in: query, encoded: true, type: String? }
          headers:
            GET: /h
            headers: { X-Service: endpoint, Accept: text/plain }
            params:
              trace: { in: header, name: X-Trace }
              many: { in: header, type: "[String: String]" }
              list: { in: header, name: X-List, type: "[String]" }
          jsonFields:
            POST: /users/{id}
            params:
              id: Int
              name: String
              age: Int?
              tags: "[String]"
              meta: JSON
              renamed: { name: full_name, type: String? }
              page: { in: query, type: Int }
          jsonBody:
            PUT: /users
            params:
              _: User
          snake:
            PATCH: /users
            encoder: snake
            params:
              _: User
          form:
            POST: /login
            encoding: form
            params:
              user: String
              pass: String
              scopes: "[String]"
              extra: { in: field, type: "[String: Int]" }
          rawData:
            POST: /blob
            params:
              _: { type: Data, mimeType: image/png }
          rawText:
            POST: /text
            params:
              _: { type: String, mimeType: text/plain }
        """

    struct BindingCase: Sendable, CustomStringConvertible {
        var endpoint: String
        var arguments: [String: Argument]
        var target: String
        var body: String = ""
        var headers: [String: [String]] = [:]
        var description: String { "\(endpoint) → \(target)" }
    }

    static let cases: [BindingCase] = [
        BindingCase(endpoint: "path", arguments: ["name": "a/b c"], target: "/files/a%2Fb%20c/v/3"),
        BindingCase(endpoint: "path", arguments: ["name": "x:y@z", "version": 9], target: "/files/x:y@z/v/9"),
        BindingCase(endpoint: "pathEncoded", arguments: ["path": "docs/a%20b.md"], target: "/raw/docs/a%20b.md"),
        BindingCase(
            endpoint: "query",
            arguments: [
                "q": "a b&c=d+e", "tags": ["x", "y"], "ids": [1, 2], "sizes": [3, 4], "exact": true,
                "sort": "name", "filter": ["state": "open", "kind": "bug fix"], "raw": "%41b",
            ],
            target: "/search?q=a%20b%26c%3Dd%2Be&tags=x&tags=y&ids%5B%5D=1&ids%5B%5D=2&sizes=3,4&exact&limit=20"
                + "&order=name&state=open&kind=bug%20fix&raw=%41b"),
        BindingCase(
            endpoint: "query", arguments: ["q": "é", "tags": [], "ids": [], "sizes": [], "exact": false, "sort": nil, "filter": [:]],
            target: "/search?q=%C3%A9&limit=20"),
        BindingCase(
            endpoint: "headers",
            arguments: ["trace": "t-1", "many": ["X-A": "1", "X-B": "two words"], "list": ["p", "q"]],
            target: "/h",
            headers: [
                "X-Service": ["endpoint"], "Accept": ["text/plain"], "X-Trace": ["t-1"], "X-A": ["1"],
                "X-B": ["two words"], "X-List": ["p", "q"], "Authorization": ["Bearer s3cret"],
            ]),
        BindingCase(
            endpoint: "jsonFields",
            arguments: ["id": 7, "name": "Ada", "age": nil, "tags": ["a"], "meta": ["k": [1, true]], "renamed": "Ada L", "page": 2],
            target: "/users/7?page=2",
            body: #"{"name":"Ada","tags":["a"],"meta":{"k":[1,true]},"full_name":"Ada L"}"#,
            headers: ["Content-Type": ["application/json"], "Content-Length": ["69"]]),
        BindingCase(
            endpoint: "jsonBody", arguments: ["_": ["id": 1, "name": "Ada", "emails": ["a@b.c"]]],
            target: "/users", body: #"{"id":1,"name":"Ada","emails":["a@b.c"]}"#,
            headers: ["Content-Type": ["application/json"]]),
        BindingCase(
            endpoint: "form",
            arguments: ["user": "ada lovelace", "pass": "p&ss=1*~", "scopes": ["read", "write"], "extra": ["n": 1]],
            target: "/login", body: "user=ada+lovelace&pass=p%26ss%3D1*%7E&scopes=read&scopes=write&n=1",
            headers: ["Content-Type": ["application/x-www-form-urlencoded"]]),
        BindingCase(
            endpoint: "rawData", arguments: ["_": .data(Data([0x89, 0x50, 0x4E, 0x47]))], target: "/blob",
            body: "\u{FFFD}PNG", headers: ["Content-Type": ["image/png"], "Content-Length": ["4"]]),
        BindingCase(
            endpoint: "rawText", arguments: ["_": "line 1\nline 2"], target: "/text", body: "line 1\nline 2",
            headers: ["Content-Type": ["text/plain"]]),
    ]

    @Test(arguments: cases)
    func argumentsArriveWhereTheSpecSays(_ testCase: BindingCase) async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server, variables: ["TOKEN": "s3cret"])
            let echo = try Echo(try await api.call(testCase.endpoint, testCase.arguments))
            #expect(echo.target == testCase.target)
            if testCase.endpoint == "rawData" {
                #expect(echo.bodyBase64 == "iVBORw==")
            } else {
                #expect(echo.bodyText == testCase.body)
            }
            for (name, values) in testCase.headers {
                #expect(echo.headers(named: name) == values, "header \(name)")
            }
            if testCase.headers["X-Service"] == nil { #expect(echo.headers(named: "X-Service") == ["service"]) }
            #expect(echo.headers(named: "Authorization") == ["Bearer s3cret"])
        }
    }

    struct User: Encodable, Sendable, ArgumentConvertible {
        var userID: Int
        var displayName: String
    }

    @Test func encodableArgumentsUseTheRegisteredEncoder() async throws {
        let snake = JSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.outputFormatting = .sortedKeys
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server, variables: ["TOKEN": "t"], encoders: ["snake": snake])
            let user = User(userID: 5, displayName: "Ada")
            let snakeEcho = try Echo(try await api.call("snake", ["_": .encoding(user)]))
            #expect(snakeEcho.method == "PATCH")
            #expect(snakeEcho.bodyText == #"{"display_name":"Ada","user_id":5}"#)
            let plainEcho = try Echo(try await api.jsonBody(user))
            #expect(plainEcho.bodyText == #"{"userID":5,"displayName":"Ada"}"#)
        }
    }

    @Test func callOptionsOverrideBaseURLAndHeaders() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, baseURL: "http://127.0.0.1:1/unused", variables: ["TOKEN": "t"])
            let options = CallOptions(baseURL: server.url("/api/v2/"), headers: [("X-Service", "call"), ("X-Extra", "1")])
            let echo = try Echo(try await api.call("path", ["name": "n"], options: options))
            #expect(echo.target == "/api/v2/files/n/v/3")
            #expect(echo.headers(named: "X-Service") == ["call"])
            #expect(echo.headers(named: "X-Extra") == ["1"])
        }
    }

    @Test func argumentProblemsAreFoundBeforeAnythingIsSent() async throws {
        try await withTestServer(TestHandlers.echo) { server in
            let api = try makeService(Self.yaml, server: server, variables: ["TOKEN": "t"])
            let cases: [(String, [String: Argument], String)] = [
                ("path", [:], "endpoint 'path': parameter 'name': missing required argument (String)"),
                ("path", ["name": "n", "versoin": 1], "endpoint 'path': parameter 'versoin': unknown argument (did you mean 'version'?)"),
                ("path", ["name": "n", "version": "x"], #"endpoint 'path': parameter 'version': expected Int, got the string "x""#),
                ("headers", ["trace": "a\r\nX-Evil: 1", "many": [:], "list": []],
                 "endpoint 'headers': parameter 'trace': the value of header 'X-Trace' contains a line break (CR or LF)"),
            ]
            for (endpoint, arguments, message) in cases {
                let error = await callError { try await api.call(endpoint, arguments) }
                #expect(error?.argument?.description == message)
            }
            let unresolved = try makeService(Self.yaml, server: server)
            let error = await callError { try await unresolved.call("path", ["name": "n"]) }
            #expect(error?.configuration?.reason == .unsetVariable)
            #expect(server.requestCount == 0)
        }
    }
}
