import Foundation
import Testing

import Netspec

/// Issue 50's "no escape hatch is missing where a document is wrong", on the real documents, from
/// Swift: `requestValidation: .off` sends what a document's declared type refuses (Jupyter's
/// `content: string`, which a notebook's object is); `.reserved` sends a path or query value with
/// its `/` (GitHub's `repos/get-content`, `git/get-ref`); an empty path value the call gives is
/// sent (Jupyter's root); a base URL with a path replaces the document's server path, one with
/// only an origin keeps it (Docker's `/v1.56`, Airflow 2's relative `/api/v1`).
@Suite struct EscapeHatchTests {
    static func service(_ name: String, only: String? = nil, baseURL: String? = nil) async throws -> Service {
        let spec = try await RealDocuments.load(name, only: only)
        return Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    static let notebook: Argument = ["cells": [], "metadata": [:], "nbformat": 4, "nbformat_minor": 5]
    static let notebookJSON = #"{"cells":[],"metadata":{},"nbformat":4,"nbformat_minor":5}"#

    // MARK: - Not checking the document

    /// Given by name or in the whole body `_`, an object for Jupyter's `content: string` is
    /// refused when checking, and sent as JSON when not.
    @Test(arguments: [
        ["path": Argument("nb.ipynb"), "type": "notebook", "format": "json", "content": notebook],
        ["path": Argument("nb.ipynb"), "_": ["type": "notebook", "format": "json", "content": notebook]],
    ])
    func aDeclaredTypeIsNotCheckedWhenTheDocumentIsNot(arguments: [String: Argument]) async throws {
        let api = try await Self.service("jupyter/api.yaml", baseURL: "http://localhost:8888")
        #expect(Binding.failure(of: api, "putApiContentsByPath", arguments)
            == "wrongType: endpoint 'putApiContentsByPath': parameter 'content': expected string, got an object")
        let request = try api.prepare("putApiContentsByPath", arguments, options: CallOptions(requestValidation: .off))
        #expect(request.url == "http://localhost:8888/api/contents/nb.ipynb")
        #expect(request.body == .bytes(Array((#"{"type":"notebook","format":"json","content":"# + Self.notebookJSON + "}").utf8)))
    }

    /// A Netspec spec's type is the client's own: it holds without checking the document too.
    @Test func aNetspecSpecsTypeStillHolds() throws {
        let api = try Binding.service(Binding.yaml("    PUT: /notes\n    params:\n      content: String\n"))
        let failure = Binding.failure(of: api, "e", ["content": ["a": 1]], options: CallOptions(requestValidation: .off))
        #expect(failure == "wrongType: endpoint 'e': parameter 'content': expected String, got an object")
    }

    // MARK: - Reserved characters kept

    @Test(arguments: [
        ("repos/get-content", ["path": Argument.reserved("docs/README.md")], "https://api.github.com/repos/apple/swift/contents/docs/README.md"),
        ("repos/get-content", ["path": Argument("docs/README.md")], "https://api.github.com/repos/apple/swift/contents/docs%2FREADME.md"),
        ("repos/get-content", ["path": .reserved("my notes/a+b.md"), "ref": .reserved("feature/x")],
         "https://api.github.com/repos/apple/swift/contents/my%20notes/a+b.md?ref=feature/x"),
        ("repos/get-content", ["path": "a", "ref": "feature/x"], "https://api.github.com/repos/apple/swift/contents/a?ref=feature%2Fx"),
        ("git/get-ref", ["ref": .reserved("heads/main")], "https://api.github.com/repos/apple/swift/git/ref/heads/main"),
        ("git/get-ref", ["ref": .reserved("tags/v1.0")], "https://api.github.com/repos/apple/swift/git/ref/tags/v1.0"),
    ])
    func githubsPathsKeepTheirSlashesWhereAsked(operation: String, arguments: [String: Argument], url: String) async throws {
        let api = try await Self.service("github/api.yaml", only: operation)
        #expect(try api.prepare(operation, arguments.merging(["owner": "apple", "repo": "swift"]) { $1 }).url == url)
    }

    static let refused: [(String, [String: Argument], String)] = [
        ("git/get-ref", ["ref": Argument.reserved("heads/../../admin")],
         "invalidValue: endpoint 'git/get-ref': parameter 'ref': '.' and '..' are not allowed as path segments (in 'heads/../../admin')"),
        ("git/get-ref", ["ref": .reserved("./x")],
         "invalidValue: endpoint 'git/get-ref': parameter 'ref': '.' and '..' are not allowed as path segments (in './x')"),
    ]

    @Test(arguments: refused)
    func reservedValuesAreStillChecked(operation: String, arguments: [String: Argument], failure: String) async throws {
        let api = try await Self.service("github/api.yaml", only: operation)
        #expect(Binding.failure(of: api, operation, arguments.merging(["owner": "apple", "repo": "swift"]) { $1 }) == failure)
    }

    @Test func aReservedValueIsAWholeValue() throws {
        let api = try Binding.service(Binding.yaml("    GET: /files\n    params:\n      tags: \"[String]?\"\n      q: String?\n"))
        #expect(Binding.failure(of: api, "e", ["tags": [.reserved("a/b"), "c"]]) == """
            wrongType: endpoint 'e': parameter 'tags': text with reserved characters kept (.reserved) is a whole path or query value, \
            not an element of an array or a dictionary
            """)
        #expect(try api.prepare("e", ["q": .reserved("a/b?c")]).url == "https://api.example.com/files?q=a/b?c")
    }

    @Test func aHeaderValueCannotBeSentWithReservedCharactersKept() async throws {
        let api = try await Self.service("docker/swagger.yaml", baseURL: "http://localhost:2375")
        #expect(Binding.failure(of: api, "ImageBuild", ["X-Registry-Config": .reserved("a/b")]) == """
            invalidValue: endpoint 'ImageBuild': parameter 'X-Registry-Config': only a path or query value can be sent with reserved \
            characters as they are (--allow-reserved, .reserved), not a header parameter
            """)
    }

    // MARK: - An empty path value

    /// Jupyter's root is `/api/contents/`: the empty path is sent when the call gives it, and
    /// still missing when it does not.
    @Test func anEmptyPathIsSentWhenGiven() async throws {
        let api = try await Self.service("jupyter/api.yaml", baseURL: "http://localhost:8888")
        #expect(try api.prepare("getApiContentsByPath", ["path": ""]).url == "http://localhost:8888/api/contents/")
        #expect(try api.prepare("getApiContentsByPath", ["path": .reserved("")]).url == "http://localhost:8888/api/contents/")
        #expect(Binding.failure(of: api, "getApiContentsByPath")
            == "missing: endpoint 'getApiContentsByPath': parameter 'path': missing required argument (string)")
    }

    // MARK: - The base URL

    /// Provider(baseURL:) and CallOptions(baseURL:) alike: with a path (`/` alone included) it
    /// replaces the document's server path; with only an origin it takes it.
    @Test(arguments: [
        ("docker/swagger.yaml", "SystemPing", "http://localhost:2375", "http://localhost:2375/v1.56/_ping"),
        ("docker/swagger.yaml", "SystemPing", "http://localhost:2375/v1.47", "http://localhost:2375/v1.47/_ping"),
        ("docker/swagger.yaml", "SystemPing", "http://localhost:2375/v1.47/", "http://localhost:2375/v1.47/_ping"),
        ("docker/swagger.yaml", "SystemPing", "http://localhost:2375/", "http://localhost:2375/_ping"),
        ("docker/swagger.yaml", "SystemPing", "unix-socket.local:2375", "invalid"),
        ("airflow2/v1.yaml", "get_dags", "http://localhost:8080", "http://localhost:8080/api/v1/dags"),
        ("airflow2/v1.yaml", "get_dags", "http://localhost:8080?team=a", "http://localhost:8080/api/v1/dags?team=a"),
        ("airflow2/v1.yaml", "get_dags", "https://airflow.example.com/composer/api/v1", "https://airflow.example.com/composer/api/v1/dags"),
        ("openai/openapi.yaml", "listModels", "http://localhost:11434", "http://localhost:11434/v1/models"),
        ("openai/openapi.yaml", "listModels", "https://gateway.example.com/openai", "https://gateway.example.com/openai/models"),
    ])
    func aBaseURLWithAPathReplacesTheServersPath(document: String, operation: String, baseURL: String, url: String) async throws {
        let path = try await RealDocuments.path(of: document)
        let spec = try Spec.load(path: path, only: operation)
        let byProvider = Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
        let byCall = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        if url == "invalid" {
            let message = "configuration setup: endpoint '\(operation)': invalid base URL '\(baseURL)': it must start with http:// or https://"
            #expect(Binding.failure(of: byProvider, operation) == message)
            #expect(Binding.failure(of: byCall, operation, options: CallOptions(baseURL: baseURL)) == message)
            return
        }
        #expect(try byProvider.prepare(operation).url == url)
        #expect(try byCall.prepare(operation, options: CallOptions(baseURL: baseURL)).url == url)
    }

    /// A server with variables (`https://{region}.petstore.example.com/v1`) gives its path to an
    /// origin as it is; a Netspec spec's `baseURL:` is replaced whole.
    @Test func theRuleWithServerVariablesAndForANetspecSpec() throws {
        let petstore = try Spec.load(path: TestPaths.specs + "/petstore.openapi.yaml")
        let api = Service(spec: petstore, provider: Provider(baseURL: "http://127.0.0.1:4010", options: .init(usesEnvironment: false)))
        #expect(try api.prepare("listPets").url == "http://127.0.0.1:4010/v1/pets")
        #expect(try api.prepare("listPets", options: CallOptions(baseURL: "http://127.0.0.1:4010/")).url == "http://127.0.0.1:4010/pets")
        let netspec = try Binding.service(Binding.yaml("    GET: /users\n", service: "baseURL: https://api.example.com/v1\n"), provider: Binding.provider(baseURL: "http://127.0.0.1:8080"))
        #expect(try netspec.prepare("e").url == "http://127.0.0.1:8080/users")
    }
}
