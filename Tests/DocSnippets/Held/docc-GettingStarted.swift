// The Swift blocks of the DocC article GettingStarted.md, verbatim between
// `// snippet Sources/Netspec/Netspec.docc/GettingStarted.md N` and its `// end snippet …` (see DocSnippetTests).

import Netspec

extension DocSnippets {
    static func gettingStartedCall() async throws {
        // snippet Sources/Netspec/Netspec.docc/GettingStarted.md 1
        let api = Service(spec: try .load(path: "specs/users.yaml"))
        let user = try await api.getUser(id: "johne")          // GET https://www.example.com/user?identifier=johne
        print(user.status, user["name"]?.string ?? "")
        // end snippet Sources/Netspec/Netspec.docc/GettingStarted.md 1
    }

    static func gettingStartedDecode(api: Service) async throws {
        // snippet Sources/Netspec/Netspec.docc/GettingStarted.md 2
        struct User: Decodable { var id: String; var name: String }
        let user: User = try await api.getUser(id: "johne")
        // end snippet Sources/Netspec/Netspec.docc/GettingStarted.md 2
        _ = user
    }

    static func gettingStartedProvider() throws {
        // snippet Sources/Netspec/Netspec.docc/GettingStarted.md 3
        var options = Provider.Options()
        options.timeouts.request = .seconds(10)
        let provider = Provider(baseURL: "http://127.0.0.1:8080", variables: ["TOKEN": "t-1"], options: options)
        let api = Service(spec: try .load(path: "specs/users.yaml"), provider: provider)
        // end snippet Sources/Netspec/Netspec.docc/GettingStarted.md 3
        _ = api
    }

    static func gettingStartedMocks() async throws {
        // snippet Sources/Netspec/Netspec.docc/GettingStarted.md 4
        let mocked = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(options: .init(mocks: .enabled)))
        let user = try await mocked.getUser(id: "johne")
        // end snippet Sources/Netspec/Netspec.docc/GettingStarted.md 4
        _ = user
    }
}
