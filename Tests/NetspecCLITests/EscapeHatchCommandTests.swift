import Foundation
import NetspecTestSupport
import Testing

/// Issue 50's escape hatches and "what is sent is what was asked" from the command line, on the
/// real documents (the repository's, unpacked once for this suite): `--no-validate` sends
/// Jupyter's notebook object for `content: string` as an item, inside `_:=` and on standard input;
/// `--allow-reserved NAME` keeps a path's `/` (GitHub's `repos/get-content`); `path=` sends
/// Jupyter's root; `--base-url` with a path replaces Docker's `/v1.56`, an origin keeps Airflow 2's
/// `/api/v1`; a `Content-Type:` item chooses among Kubernetes' PATCH types; `describe` says the
/// server's defaults and the body's type.
@Suite struct EscapeHatchCommandTests {
    static let jupyter = "Tests/NetspecTests/Fixtures/real/jupyter-api.yaml"
    static let airflow = "Tests/NetspecTests/Fixtures/airflow/v1.yaml"

    /// The compressed documents, unpacked into `.build/cli-real-documents-FINGERPRINT/` (once per
    /// run; shared with the test processes running at the same time, see ``UnpackedArchives``).
    static let unpacked = Task { () throws -> String in
        let script = """
            mkdir -p "$2"
            for name in docker-swagger.yaml github-api.yaml k8s-swagger.json; do gzip -dc "$1/$name.gz" > "$2/$name"; done
            """
        return try await UnpackedArchives.folder(
            from: CLI.root + "/Tests/NetspecTests/Fixtures/real", into: CLI.root + "/.build/cli-real-documents", script: script
        )
    }

    static func document(_ name: String) async throws -> String {
        try await unpacked.value + "/" + name
    }

    /// The request line and the body of a `--dry-run`'s output.
    static func requestLineAndBody(_ output: String) -> [String] {
        let parts = output.components(separatedBy: "\n\n")
        return [String(output.prefix { $0 != "\n" }), parts.count > 1 ? parts[1].trimmingCharacters(in: .newlines) : ""]
    }

    // MARK: - --no-validate

    static let notebook = #"{"cells":[],"metadata":{},"nbformat":4,"nbformat_minor":5}"#

    /// (A whole body's members keep their order; a named item's is the document's.)
    @Test(arguments: [
        (["content:=\(notebook)"], nil as String?, #"{"type":"notebook","content":\#(notebook)}"#),
        ([#"_:={"content":\#(notebook)}"#], nil, #"{"content":\#(notebook),"type":"notebook"}"#),
        ([], #"{"content":\#(notebook)}"#, #"{"content":\#(notebook),"type":"notebook"}"#),
    ])
    func noValidateSendsAnObjectForAStringOfTheDocument(items: [String], stdin: String?, body: String) async throws {
        let call = ["call", Self.jupyter, "putApiContentsByPath", "path=nb.ipynb", "type=notebook"] + items + ["--base-url", ":8888", "--dry-run"]
        let checked = try await CLI.run(call, stdin: stdin.map { Array($0.utf8) })
        #expect(checked.status == 64)
        #expect(checked.stderr == "error: endpoint 'putApiContentsByPath': parameter 'content': expected string, got an object\n")
        let sent = try await CLI.run(call + ["--no-validate"], stdin: stdin.map { Array($0.utf8) })
        #expect(sent.status == 0)
        #expect(Self.requestLineAndBody(sent.stdout) == ["PUT http://localhost:8888/api/contents/nb.ipynb HTTP/1.1", body])
    }

    // MARK: - Paths

    @Test(arguments: [
        (["path=docs/README.md", "--allow-reserved", "path"], "GET https://api.github.com/repos/apple/swift/contents/docs/README.md HTTP/1.1"),
        (["path=docs/README.md"], "GET https://api.github.com/repos/apple/swift/contents/docs%2FREADME.md HTTP/1.1"),
        (["path=a b/c", "ref=feature/x", "--allow-reserved", "path", "--allow-reserved=ref"],
         "GET https://api.github.com/repos/apple/swift/contents/a%20b/c?ref=feature/x HTTP/1.1"),
    ])
    func allowReservedKeepsAPathsSlashes(arguments: [String], line: String) async throws {
        let result = try await CLI.run(["call", try await Self.document("github-api.yaml"), "repos/get-content", "owner=apple", "repo=swift"] + arguments + ["--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(line + "\n"))
    }

    @Test(arguments: [
        (["path=a", "--allow-reserved", "pth"], "error: endpoint 'getApiContentsByPath': --allow-reserved pth: the endpoint has no such parameter (did you mean 'path'?)"),
        (["path=a", "--allow-reserved", "type"], "error: endpoint 'getApiContentsByPath': --allow-reserved type: no item gives it (write type=VALUE too)"),
        (["path:=[\"a\"]", "--allow-reserved", "path"], "error: endpoint 'getApiContentsByPath': --allow-reserved path: its value must be text, got [\"a\"]"),
        (["path=a/../b", "--allow-reserved", "path"],
         "error: endpoint 'getApiContentsByPath': parameter 'path': '.' and '..' are not allowed as path segments (in 'a/../b')"),
        ([], "error: endpoint 'getApiContentsByPath': parameter 'path': missing required argument (string)"),
        (["path=a", "type=folder", "--allow-reserved", "type"], #"error: endpoint 'getApiContentsByPath': parameter 'type': "folder" is not one of "file", "directory""#),
    ])
    func pathMistakesAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await CLI.run(["call", Self.jupyter, "getApiContentsByPath"] + arguments + ["--base-url", ":8888", "--dry-run"])
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
    }

    @Test func anEmptyPathGivenIsJupytersRoot() async throws {
        let result = try await CLI.run(["call", Self.jupyter, "getApiContentsByPath", "path=", "--base-url", ":8888", "--dry-run"])
        #expect(result.stdout.hasPrefix("GET http://localhost:8888/api/contents/ HTTP/1.1\n"))
    }

    // MARK: - --base-url

    @Test(arguments: [
        ("docker-swagger.yaml", "SystemPing", "http://localhost:2375", "GET http://localhost:2375/v1.56/_ping HTTP/1.1"),
        ("docker-swagger.yaml", "SystemPing", "localhost:2375/v1.47", "GET http://localhost:2375/v1.47/_ping HTTP/1.1"),
        ("docker-swagger.yaml", "SystemPing", ":2375/", "GET http://localhost:2375/_ping HTTP/1.1"),
        ("airflow", "get_dags", ":8080", "GET http://localhost:8080/api/v1/dags HTTP/1.1"),
        ("airflow", "get_dags", "https://airflow.example.com/composer/api/v1", "GET https://airflow.example.com/composer/api/v1/dags HTTP/1.1"),
    ])
    func aBaseURLWithAPathReplacesTheDocumentsPath(document: String, operation: String, baseURL: String, line: String) async throws {
        let path = document == "airflow" ? Self.airflow : try await Self.document(document)
        let result = try await CLI.run(["call", path, operation, "--base-url", baseURL, "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(line + "\n"))
    }

    // MARK: - Content-Type

    static let pod = ["namespace=default", "name=web", "--base-url", "https://k8s.example:6443", "--var", "BEARER_TOKEN=t", "--dry-run"]

    @Test(arguments: [
        ([#"_:={"metadata":{"labels":{"app":"web"}}}"#], "application/merge-patch+json"),
        ([#"_:=[{"op":"remove","path":"/metadata/labels/app"}]"#], "application/json-patch+json"),
        ([#"_:={"metadata":{"labels":{"app":"web"}}}"#, "Content-Type:application/strategic-merge-patch+json"], "application/strategic-merge-patch+json"),
    ])
    func aPatchGoesAsATypeKubernetesAccepts(items: [String], contentType: String) async throws {
        let result = try await CLI.run(["call", try await Self.document("k8s-swagger.json"), "patchCoreV1NamespacedPod"] + items + Self.pod)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("PATCH https://k8s.example:6443/api/v1/namespaces/default/pods/web HTTP/1.1\nContent-Type: \(contentType)\n"))
    }

    @Test func aTypeKubernetesDoesNotAcceptIsRefused() async throws {
        let call = ["call", try await Self.document("k8s-swagger.json"), "patchCoreV1NamespacedPod", "_:={}", "Content-Type:application/json"] + Self.pod
        let refused = try await CLI.run(call)
        #expect(refused.status == 64)
        #expect(refused.stderr == """
            error: endpoint 'patchCoreV1NamespacedPod': Content-Type 'application/json' is not one the operation accepts \
            (application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml, \
            application/apply-patch+cbor); send it anyway with --no-validate (CallOptions(requestValidation: .off))

            """)
        #expect(try await CLI.run(call + ["--no-validate"]).stdout.contains("\nContent-Type: application/json\n"))
    }

    // MARK: - describe

    @Test func describeSaysTheServersDefaultsAndTheBodysType() async throws {
        let docker = try await CLI.run(["describe", try await Self.document("docker-swagger.yaml"), "ImageBuild"])
        let platform = docker.stdout.split(separator: "\n").first { $0.hasPrefix("  platform ") }.map(String.init) ?? ""
        #expect(platform.contains(#" String?  optional, default on the server: ""  "#))
        let kubernetes = try await CLI.run(["describe", try await Self.document("k8s-swagger.json"), "patchCoreV1NamespacedPod"])
        #expect(kubernetes.stdout.contains("""

            body: the whole body from one parameter (json), sent as application/merge-patch+json, an array as application/json-patch+json; \
            or as application/strategic-merge-patch+json, application/apply-patch+yaml with a Content-Type:TYPE item

            """))
    }
}
