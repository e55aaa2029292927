import Foundation
import NetspecMCP
import NetspecTestServer
import Testing

import Netspec

/// Issue 50's "what is sent is what the user asked for", on the real documents: an optional
/// parameter's `default` is the server's, not sent unless given (Docker's `ImageBuild` sent
/// `platform=` and seven more, GitHub's `issues/list-for-repo` `sort`, `direction`, `per_page`
/// and `page`); a body goes out under a `Content-Type` the operation accepts (Kubernetes' PATCH
/// under `application/merge-patch+json`, an array as `application/json-patch+json`).
@Suite struct WhatIsSentTests {
    static func service(_ name: String, only: String? = nil, baseURL: String? = nil) async throws -> Service {
        let spec = try await RealDocuments.load(name, only: only)
        return Service(spec: spec, provider: Provider(baseURL: baseURL, options: .init(usesEnvironment: false)))
    }

    // MARK: - Defaults are the server's

    @Test(arguments: [
        ([String: Argument](), "http://localhost:2375/v1.56/build"),
        (["t": "web:1", "platform": "linux/arm64", "q": true], "http://localhost:2375/v1.56/build?t=web%3A1&q=true&platform=linux%2Farm64"),
    ])
    func dockersImageBuildSendsOnlyWhatIsGiven(arguments: [String: Argument], url: String) async throws {
        let api = try await Self.service("docker/swagger.yaml", baseURL: "http://localhost:2375")
        #expect(try api.prepare("ImageBuild", arguments).url == url)
        let platform = try #require(api.spec.endpoint(named: "ImageBuild")?.parameter(named: "platform"))
        #expect(platform.defaultValue == nil)
        #expect(platform.serverDefault == "")
        #expect(!platform.isRequired)
    }

    @Test(arguments: [
        ([String: Argument](), "https://api.github.com/repos/apple/swift/issues"),
        (["per_page": 100, "sort": "updated"], "https://api.github.com/repos/apple/swift/issues?sort=updated&per_page=100"),
    ])
    func githubsIssuesListSendsOnlyWhatIsGiven(arguments: [String: Argument], url: String) async throws {
        let api = try await Self.service("github/api.yaml", only: "issues/list-for-repo")
        let given = arguments.merging(["owner": "apple", "repo": "swift"]) { $1 }
        #expect(try api.prepare("issues/list-for-repo", given).url == url)
        let endpoint = try #require(api.spec.endpoint(named: "issues/list-for-repo"))
        #expect(["sort", "direction", "per_page", "page"].map { endpoint.parameter(named: $0)?.serverDefault } == ["created", "desc", 30, 1])
    }

    /// An MCP tool call binds through the same service: no default is sent there either.
    @Test func anMCPToolCallSendsNoServerDefault() async throws {
        try await withTestServer(TestHandlers.echo) { http in
            let server = MCPServer(service: try await Self.service("github/api.yaml", only: "issues/list-for-repo", baseURL: http.baseURL))
            let call = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"issues_list-for-repo","arguments":{"owner":"apple","repo":"swift"}}}"#
            let line = try #require(await server.respond(to: call))
            let text = try #require(try JSONValue(parsing: Array(line.utf8)).value(at: "result.content.0.text")?.string)
            #expect(try JSONValue(parsing: Array(text.utf8))["target"] == "/repos/apple/swift/issues")
        }
    }

    // MARK: - Content-Type

    static let pod = ["namespace": Argument("default"), "name": "web"]

    /// The body picks the type among Kubernetes' `consumes`; a call may choose another it lists.
    @Test(arguments: [
        (Argument.value(["metadata": ["labels": ["app": "web"]]]), [(String, String)](), "application/merge-patch+json", #"{"metadata":{"labels":{"app":"web"}}}"#),
        (Argument.value([["op": "add", "path": "/metadata/labels/app", "value": "web"]]), [], "application/json-patch+json",
         #"[{"op":"add","path":"/metadata/labels/app","value":"web"}]"#),
        (Argument.value(["spec": ["containers": [["name": "web", "image": "nginx:1.27"]]]]), [("Content-Type", "application/strategic-merge-patch+json")],
         "application/strategic-merge-patch+json", #"{"spec":{"containers":[{"name":"web","image":"nginx:1.27"}]}}"#),
        (Argument.value(["apiVersion": "v1", "kind": "Pod"]), [("content-type", "application/apply-patch+yaml")], "application/apply-patch+yaml",
         #"{"apiVersion":"v1","kind":"Pod"}"#),
    ])
    func kubernetesPatchesGoAsATypeItAccepts(body: Argument, headers: [(String, String)], contentType: String, bytes: String) async throws {
        let api = try await Self.service("kubernetes/swagger.json", baseURL: "https://k8s.example:6443")
        let request = try api.prepare(
            "patchCoreV1NamespacedPod", Self.pod.merging(["_": body]) { $1 }, options: CallOptions(headers: headers.map { (name: $0.0, value: $0.1) })
        )
        #expect(request.url == "https://k8s.example:6443/api/v1/namespaces/default/pods/web")
        #expect(request.headerFields[values: .contentType] == [contentType])
        #expect(request.body == .bytes(Array(bytes.utf8)))
    }

    @Test func aTypeTheOperationDoesNotAcceptIsRefusedUnlessNotChecking() async throws {
        let api = try await Self.service("kubernetes/swagger.json", baseURL: "https://k8s.example:6443")
        let arguments = Self.pod.merging(["_": ["spec": [:]]]) { $1 }
        let json = CallOptions(headers: [("Content-Type", "application/json")])
        #expect(Binding.failure(of: api, "patchCoreV1NamespacedPod", arguments, options: json) == """
            invalidValue: endpoint 'patchCoreV1NamespacedPod': Content-Type 'application/json' is not one the operation accepts \
            (application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml, \
            application/apply-patch+cbor); send it anyway with --no-validate (CallOptions(requestValidation: .off))
            """)
        let cbor = CallOptions(headers: [("Content-Type", "application/apply-patch+cbor")])
        #expect(Binding.failure(of: api, "patchCoreV1NamespacedPod", arguments, options: cbor) == """
            invalidValue: endpoint 'patchCoreV1NamespacedPod': Content-Type 'application/apply-patch+cbor': the body is written as JSON, \
            so it goes as a JSON or YAML type the operation accepts: application/json-patch+json, application/merge-patch+json, \
            application/strategic-merge-patch+json, application/apply-patch+yaml; send it anyway with --no-validate (CallOptions(requestValidation: .off))
            """)
        let unchecked = CallOptions(headers: [("Content-Type", "application/json")], requestValidation: .off)
        #expect(try api.prepare("patchCoreV1NamespacedPod", arguments, options: unchecked).headerFields[values: .contentType] == ["application/json"])
    }

    /// A JSON Patch is checked as RFC 6902 says, not against the document's body schema
    /// (Kubernetes' `Patch` is `type: object`, the patched object's).
    @Test func aJSONPatchIsCheckedAsOne() async throws {
        let api = try await Self.service("kubernetes/swagger.json", baseURL: "https://k8s.example:6443")
        let arguments = Self.pod.merging(["_": [["op": "move", "path": "/a"], ["op": "copy", "path": 3, "from": "/b"]]]) { $1 }
        #expect(Binding.failure(of: api, "patchCoreV1NamespacedPod", arguments) == """
            several: endpoint 'patchCoreV1NamespacedPod': 2 problems with the arguments:
              the body's /0 must have the property 'from' (a JSON Patch, RFC 6902, as its Content-Type application/json-patch+json says)
              the body's /1/path must be a string, got 3 (a JSON Patch, RFC 6902, as its Content-Type application/json-patch+json says)
            """)
    }

    /// Kubernetes' create and replace operations consume `*/*`: their schema's JSON, as `application/json`.
    @Test func aWildcardConsumesTakesJSON() async throws {
        let api = try await Self.service("kubernetes/swagger.json", baseURL: "https://k8s.example:6443")
        let request = try api.prepare("createCoreV1Namespace", ["_": ["metadata": ["name": "team-a"]]])
        #expect(request.headerFields[values: .contentType] == ["application/json"])
        #expect(request.body == .bytes(Array(#"{"metadata":{"name":"team-a"}}"#.utf8)))
    }

    /// An OpenAPI 3 body whose JSON type is not `application/json` goes under its own.
    @Test(arguments: [
        ("application/merge-patch+json", [(String, String)](), "application/merge-patch+json"),
        ("application/vnd.api+json", [], "application/vnd.api+json"),
        ("application/json, application/merge-patch+json", [], "application/json"),
        ("application/json, application/merge-patch+json", [("Content-Type", "application/merge-patch+json; charset=utf-8")],
         "application/merge-patch+json; charset=utf-8"),
    ])
    func anOpenAPIBodyGoesUnderItsJSONType(types: String, headers: [(String, String)], contentType: String) throws {
        let content = types.split(separator: ", ").map { "          \($0):\n            schema: { type: object, properties: { name: { type: string } } }\n" }.joined()
        let spec = try Spec(yaml: """
            openapi: 3.1.0
            servers: [{ url: "https://api.example.com" }]
            paths:
              /users/{id}:
                patch:
                  operationId: patchUser
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content:
            \(content)
            """)
        let api = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let request = try api.prepare("patchUser", ["id": "u1", "name": "Ada"], options: CallOptions(headers: headers.map { (name: $0.0, value: $0.1) }))
        #expect(request.headerFields[values: .contentType] == [contentType])
        #expect(request.body == .bytes(Array(#"{"name":"Ada"}"#.utf8)))
    }

    /// Docker's `ImageBuild` has a `Content-type` header parameter whose only value `consumes` does not list.
    @Test func aContentTypeParameterThatContradictsConsumesIsAWarning() async throws {
        let path = try await RealDocuments.path(of: "docker/swagger.yaml")
        let spec = try Spec.load(path: path)
        #expect(spec.warnings.map(\.description).filter { $0.contains("Content-type") } == [
            "\(path):9933:11: warning: operation 'ImageBuild': header parameter 'Content-type' says application/x-tar, which 'consumes' "
                + "(application/octet-stream) does not list; given, its value is the Content-Type sent; left out, one 'consumes' lists",
        ])
    }
}
