import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The commands take a document's URL: fetched through the CLI's HTTP cache (`--no-cache`
/// fetches again), its relative base resolved against the URL, and a URL that is no document an
/// error naming it (exit 65).
@Suite struct DocumentURLCommandTests {
    static let document = """
        swagger: "2.0"
        info: { title: Remote, version: "1" }
        basePath: /api
        paths:
          /items/{id}:
            get:
              operationId: getItem
              parameters: [{ name: id, in: path, required: true, type: integer }]
              responses: { 200: { description: ok } }
        """

    @Test func listDescribeAndCallAcceptAURL() async throws {
        let requests = Counter()
        let directory = try ScratchDirectory()
        let handler: TestHandler = { request, writer in
            guard request.target == "/spec.yaml" else {
                try await writer.respond(status: 404, headers: [("Content-Type", "text/html")], body: "<h1>no</h1>")
                return
            }
            requests.add(1)
            try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml"), ("Cache-Control", "max-age=600")], body: Self.document)
        }
        try await withTestServer(handler) { server in
            let environment = ["NETSPEC_CACHE_DIR": directory.path]
            let url = server.baseURL + "/spec.yaml"
            let list = try await CLI.run(["list", url], environment: environment)
            #expect(list.status == 0)
            #expect(list.stdout == "getItem  GET  /items/{id}\n")
            let call = try await CLI.run(["call", url, "getItem", "id=7", "--dry-run"], environment: environment)
            #expect(call.stdout.hasPrefix("GET \(server.baseURL)/api/items/7 HTTP/1.1\n"))
            #expect(requests.value == 1)
            let again = try await CLI.run(["describe", url, "getItem", "--no-cache"], environment: environment)
            #expect(again.status == 0)
            #expect(requests.value == 2)
            let missing = try await CLI.run(["list", server.baseURL + "/other.yaml"], environment: environment)
            #expect(missing.status == 65)
            #expect(missing.stderr == "\(server.baseURL)/other.yaml: error: cannot load \(server.baseURL)/other.yaml: HTTP 404\n")
        }
    }

    /// `list` and `describe` fetch with the options `call` has: a time limit, and TLS settings.
    @Test func theFetchTakesATimeLimit() async throws {
        try await withTestServer(TestHandlers.slow(delay: .seconds(3), then: TestHandlers.text(body: Self.document))) { server in
            let url = server.baseURL + "/spec.yaml"
            let list = try await CLI.run(["list", url, "--timeout", "0.3", "--no-cache"])
            #expect(list.stderr == "\(url): error: cannot load \(url): timed out after 300 ms\n")
            #expect(list.status == 65)
            let describe = try await CLI.run(["describe", url, "getItem", "--timeout", "0", "--no-cache"])
            #expect(describe.stderr.hasPrefix("Error: --timeout must be a number of seconds greater than 0"))
            #expect(describe.status == 64)
        }
    }
}
