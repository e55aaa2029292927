import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The commands take a document's URL: fetched through the CLI's HTTP cache (`--no-cache`
/// fetches again), its relative base resolved against the URL, and a URL that is no document an
/// error naming it (exit 65); a fetch that fails exits as a call that fails so (1, 2 for a
/// timeout, 3/4/5 for an HTTP error status).
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
            #expect(missing.status == 4)
            #expect(missing.stderr == "\(server.baseURL)/other.yaml: error: cannot load \(server.baseURL)/other.yaml: HTTP 404\n")
        }
    }

    /// With a document given by URL, `--no-cache` fetches it again, so it is no option ignored on a
    /// WebSocket endpoint, whose messages no cache ever holds (with a file it is a usage error).
    @Test func noCacheFetchesTheDocumentOfAWebSocketEndpointAgain() async throws {
        let requests = Counter()
        let directory = try ScratchDirectory()
        let spec = "netspec: 1\nservice: WS\nendpoints:\n  echo: { GET: /ws, stream: websocket }\n"
        let handler: TestHandler = { _, writer in
            requests.add(1)
            try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml"), ("Cache-Control", "max-age=600")], body: spec)
        }
        try await withTestServer(handler) { server in
            let environment = ["NETSPEC_CACHE_DIR": directory.path]
            let url = server.baseURL + "/ws.yaml"
            let first = try await CLI.run(["call", url, "echo", "--base-url", "http://127.0.0.1:9", "--dry-run"], environment: environment)
            #expect(first.status == 0, "\(first.stderr)")
            let again = try await CLI.run(["call", url, "echo", "--base-url", "http://127.0.0.1:9", "--dry-run", "--no-cache"], environment: environment)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.hasPrefix("GET http://127.0.0.1:9/ws HTTP/1.1\n"))
            #expect(requests.value == 2)
        }
    }

    /// `list` and `describe` fetch with the options `call` has: a time limit, and TLS settings.
    @Test func theFetchTakesATimeLimit() async throws {
        try await withTestServer(TestHandlers.slow(delay: .seconds(3), then: TestHandlers.text(body: Self.document))) { server in
            let url = server.baseURL + "/spec.yaml"
            let list = try await CLI.run(["list", url, "--timeout", "0.3", "--no-cache"])
            #expect(list.stderr == "\(url): error: cannot load \(url): the request to 127.0.0.1:\(server.port) timed out after 300 ms\n")
            #expect(list.status == 2)
            let describe = try await CLI.run(["describe", url, "getItem", "--timeout", "0", "--no-cache"])
            #expect(describe.stderr.hasPrefix("Error: --timeout must be a positive number of seconds, at most 1000000000 (about 31 years)"))
            #expect(describe.status == 64)
        }
    }

    /// `validate` takes a URL as `list` does (with the same options), and each failure exits as
    /// a call's: 65 for a document that is not one, 4 for a 404, 1 when nothing listens.
    @Test func validateTakesAURL() async throws {
        let directory = try ScratchDirectory()
        let handler: TestHandler = { request, writer in
            switch request.target {
            case "/spec.yaml": try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: Self.document)
            case "/bad.yaml": try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: "swagger: \"3.0\"\npaths: {}\n")
            default: try await writer.respond(status: 404, headers: [("Content-Type", "text/plain")], body: "no")
            }
        }
        let closed = try ReservedPort()
        try await withTestServer(handler) { server in
            let environment = ["NETSPEC_CACHE_DIR": directory.path]
            let ok = try await CLI.run(["validate", server.baseURL + "/spec.yaml", "--timeout", "5"], environment: environment)
            #expect(ok.stdout == "\(server.baseURL)/spec.yaml: ok (1 endpoint)\n")
            #expect(ok.status == 0, "\(ok.stderr)")
            let missing = try await CLI.run(["validate", server.baseURL + "/none.yaml"], environment: environment)
            #expect(missing.stderr == "\(server.baseURL)/none.yaml: error: cannot load \(server.baseURL)/none.yaml: HTTP 404\n")
            #expect(missing.status == 4)
            let refused = "http://127.0.0.1:\(closed.port)/spec.yaml"
            let nothing = try await CLI.run(["validate", refused], environment: environment)
            #expect(nothing.stderr == "\(refused): error: cannot load \(refused): cannot connect to 127.0.0.1:\(closed.port): connection refused\n")
            #expect(nothing.status == 1)
            // An invalid document is the verdict, whatever else could not be fetched.
            let both = try await CLI.run(["validate", refused, server.baseURL + "/bad.yaml"], environment: environment)
            #expect(both.status == 65, "\(both.stderr)")
        }
    }
}
