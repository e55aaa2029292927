import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// A document given by URL is fetched through the proxy the command's calls go through
/// (`--proxy`, `--noproxy`), by every command that takes them, as `netspec call` fetches its
/// own: `run` (the Arazzo document and its sources by URL), `check`, `mcp`, `auth logout` and
/// `auth status`. They fetched it through the environment's proxy only (`auth status` took
/// neither option), so a user whose only way out is the proxy given could not use them. The
/// hosts (`*.example.invalid`) resolve nowhere: the proxy relays every tunnel to the test server,
/// so only a request through it reaches the server.
@Suite struct DocumentProxyTests {
    static let items = """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        servers: [{ url: "http://api.example.invalid" }]
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: integer } }, example: [1] } } }
        components:
          securitySchemes:
            login:
              type: oauth2
              flows:
                authorizationCode: { authorizationUrl: "http://auth.example.invalid/authorize", tokenUrl: "http://auth.example.invalid/token", scopes: {} }
        """

    static let flows = """
        arazzo: 1.0.1
        info: { title: Items, version: "1" }
        sourceDescriptions: [{ name: items, url: "http://specs.example.invalid/items.yaml" }]
        workflows:
          - workflowId: first
            steps:
              - stepId: list
                operationId: listItems
                successCriteria: [{ condition: $statusCode == 200 }]
                outputs: { first: $response.body#/0 }
            outputs: { first: $steps.list.outputs.first }
        """

    /// The documents and the API, each request logged as `HOST METHOD TARGET`.
    static func server(_ log: Recorder<String>) -> TestHandler {
        { request, writer in
            log.record("\(request.header("Host") ?? "") \(request.method) \(request.target)")
            switch request.path {
            case "/items.yaml": try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: Self.items)
            case "/secured.yaml": try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: Self.items + "\nsecurity: [{ login: [] }]\n")
            case "/first.arazzo.yaml": try await writer.respond(status: 200, headers: [("Content-Type", "application/yaml")], body: Self.flows)
            case "/items": try await writer.respond(status: 200, headers: [("Content-Type", "application/json")], body: "[1]")
            default: try await writer.respond(status: 404, headers: [("Content-Type", "application/json")], body: "{}")
            }
        }
    }

    static let document = "specs.example.invalid GET /items.yaml"
    static let call = "api.example.invalid GET /items"

    /// `netspec run`: the Arazzo document by URL, and its source by URL (from the document by
    /// URL and from a file), come through `--proxy` as the step does.
    @Test func runFetchesTheWorkflowAndItsSourcesThroughTheProxy() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let given = ["--proxy", "127.0.0.1:\(proxy.server.port)"]
            let byURL = try await CLI.run(["run", "http://flows.example.invalid/first.arazzo.yaml"] + given, unsetting: CallProxyOptionTests.variables)
            #expect(byURL.status == 0, "\(byURL.stderr)")
            #expect(byURL.stdout == #"{"first":1}"# + "\n")
            #expect(byURL.stderr == "")
            #expect(log.all == ["flows.example.invalid GET /first.arazzo.yaml", Self.document, Self.call])
            #expect(proxy.connects() == ["flows.example.invalid:80", "specs.example.invalid:80", "api.example.invalid:80"])
            let file = try CLI.temporarySpec(Self.flows, name: "first.arazzo.yaml")
            let fromFile = try await CLI.run(["run", file] + given, unsetting: CallProxyOptionTests.variables)
            try await proxy.server.shutdown()
            #expect(fromFile.status == 0, "\(fromFile.stderr)")
            #expect(fromFile.stdout == #"{"first":1}"# + "\n")
            #expect(fromFile.stderr == "")
            #expect(log.all.dropFirst(3) == [Self.document, Self.call])
            #expect(proxy.connects().dropFirst(3) == ["specs.example.invalid:80", "api.example.invalid:80"])
        }
    }

    /// `netspec check URL`: the document comes through `--proxy` as the requests do; with the
    /// environment's proxy, `--noproxy` sends a document on a host it lists directly.
    @Test func checkFetchesTheDocumentThroughTheProxy() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let address = "127.0.0.1:\(proxy.server.port)"
            let checks = ["--phases", "examples", "--checks", "not_a_server_error", "--workers", "1"]
            let given = try await CLI.run(["check", "http://specs.example.invalid/items.yaml", "--proxy", address] + checks, unsetting: CallProxyOptionTests.variables)
            #expect(given.status == 0, "\(given.stderr)")
            #expect(given.stderr == "")
            #expect(Self.withoutTime(given.stdout) == Self.checked)
            #expect(log.all == [Self.document, Self.call])
            #expect(proxy.connects() == ["specs.example.invalid:80", "api.example.invalid:80"])
            let listed = try await CLI.run(
                ["check", "\(server.baseURL)/items.yaml", "--noproxy", "127.0.0.1"] + checks, environment: ["http_proxy": address],
                unsetting: CallProxyOptionTests.variables.filter { $0 != "http_proxy" }
            )
            try await proxy.server.shutdown()
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(Self.withoutTime(listed.stdout) == Self.checked)
            #expect(log.all.dropFirst(2) == ["127.0.0.1:\(server.port) GET /items.yaml", Self.call])
            // The document went direct: the proxy was asked for the API's host only.
            #expect(proxy.connects().dropFirst(2) == ["api.example.invalid:80"])
        }
    }

    /// `netspec mcp URL` and `netspec auth logout URL` read the document through `--proxy`.
    @Test func mcpAndAuthFetchTheDocumentThroughTheProxy() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let given = ["--proxy", "127.0.0.1:\(proxy.server.port)"]
            let input = [MCPCommandTests.initialize, MCPCommandTests.initialized].joined(separator: "\n") + "\n"
            let mcp = try await CLI.run(["mcp", "http://specs.example.invalid/items.yaml"] + given, stdin: Array(input.utf8), unsetting: CallProxyOptionTests.variables)
            let logout = try await CLI.run(["auth", "logout", "http://specs.example.invalid/secured.yaml"] + given, unsetting: CallProxyOptionTests.variables)
            try await proxy.server.shutdown()
            #expect(mcp.status == 0, "\(mcp.stderr)")
            #expect(mcp.stderr == "netspec mcp: 1 tool of Items on stdio\n")
            #expect(logout.status == 0, "\(logout.stderr)")
            #expect(logout.stdout == "no stored tokens to remove\n")
            #expect(logout.stderr == "")
            #expect(log.all == [Self.document, "specs.example.invalid GET /secured.yaml"])
            #expect(proxy.connects() == ["specs.example.invalid:80", "specs.example.invalid:80"])
        }
    }

    /// `netspec auth status URL` sends nothing but reads its document through `--proxy`, as
    /// `auth login` and `logout` do; with the environment's proxy, `--noproxy` sends a document on
    /// a host it lists directly. (It took neither option: exit 64, 'Unknown option '--proxy''.)
    @Test func authStatusFetchesTheDocumentThroughTheProxy() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let address = "127.0.0.1:\(proxy.server.port)"
            let given = try await CLI.run(["auth", "status", "http://specs.example.invalid/items.yaml", "--proxy", address], unsetting: CallProxyOptionTests.variables)
            #expect(given.status == 0, "\(given.stderr)")
            #expect(given.stdout == "no stored tokens for Items\n")
            #expect(given.stderr == "")
            #expect(log.all == [Self.document])
            #expect(proxy.connects() == ["specs.example.invalid:80"])
            let listed = try await CLI.run(
                ["auth", "status", "\(server.baseURL)/items.yaml", "--noproxy", "127.0.0.1"], environment: ["http_proxy": address],
                unsetting: CallProxyOptionTests.variables.filter { $0 != "http_proxy" }
            )
            try await proxy.server.shutdown()
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout == "no stored tokens for Items\n")
            #expect(listed.stderr == "")
            #expect(log.all.dropFirst() == ["127.0.0.1:\(server.port) GET /items.yaml"])
            // The document went direct: the proxy was asked for nothing more.
            #expect(proxy.connects() == ["specs.example.invalid:80"])
        }
    }

    /// A fresh `XDG_CONFIG_HOME` whose config file is `profiles` (the `profiles:` mapping's text).
    static func configHome(_ profiles: String) throws -> [String: String] {
        let home = try ProcessTemporaryFolder.folder("document-proxy")
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        try "profiles:\n\(profiles)".write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": home]
    }

    /// A profile's `proxy:` carries the fetch of a document given by URL, as it carries the calls,
    /// with every command that takes `--profile`: `call`, `check`, `mcp`, `auth logout`, `run` (the
    /// Arazzo document and its source) and `config show`. They fetched it through the environment's
    /// proxy only, so under a profile whose proxy is the only way out, the document was not read.
    @Test func aProfilesProxyCarriesTheDocumentFetch() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let environment = try Self.configHome("  p:\n    proxy: http://127.0.0.1:\(proxy.server.port)\n")
            let url = "http://specs.example.invalid/items.yaml"
            func run(_ arguments: [String], stdin: String? = nil) async throws -> CLI.Result {
                try await CLI.run(arguments + ["--profile", "p"], stdin: stdin.map { Array($0.utf8) }, environment: environment, unsetting: CallProxyOptionTests.variables)
            }
            let call = try await run(["call", url, "listItems"])
            let check = try await run(["check", url, "--phases", "examples", "--checks", "not_a_server_error", "--workers", "1"])
            let mcp = try await run(["mcp", url], stdin: [MCPCommandTests.initialize, MCPCommandTests.initialized].joined(separator: "\n") + "\n")
            let logout = try await run(["auth", "logout", "http://specs.example.invalid/secured.yaml"])
            let workflow = try await run(["run", "http://flows.example.invalid/first.arazzo.yaml"])
            let show = try await run(["config", "show", url])
            try await proxy.server.shutdown()
            for result in [call, check, mcp, logout, workflow, show] { #expect(result.status == 0, "\(result.stderr)") }
            #expect(call.stdout == "[1]\n")
            #expect(call.stderr == "")
            #expect(Self.withoutTime(check.stdout) == Self.checked)
            #expect(mcp.stderr == "netspec mcp: 1 tool of Items on stdio\n")
            #expect(logout.stdout == "no stored tokens to remove\n")
            #expect(workflow.stdout == #"{"first":1}"# + "\n")
            #expect(show.stdout.hasPrefix("profile: p (--profile)\n"), "\(show.stdout)")
            #expect(log.all == [
                Self.document, Self.call, Self.document, Self.call, Self.document, "specs.example.invalid GET /secured.yaml",
                "flows.example.invalid GET /first.arazzo.yaml", Self.document, Self.call, Self.document,
            ])
            #expect(proxy.connects() == [
                "specs.example.invalid:80", "api.example.invalid:80", "specs.example.invalid:80", "api.example.invalid:80", "specs.example.invalid:80",
                "specs.example.invalid:80", "flows.example.invalid:80", "specs.example.invalid:80", "api.example.invalid:80", "specs.example.invalid:80",
            ])
        }
    }

    /// For the document fetch as for the calls, `--proxy` wins over the profile's proxy (one at
    /// 127.0.0.1:9, where nothing listens), the profile's `noProxy:` sends a host it lists direct,
    /// and the proxy is the profile's own: a `services.NAME` one (the document's service, known
    /// once it is read) carries the calls only.
    @Test func theDocumentFetchTakesTheProfilesProxyAsTheCallsDo() async throws {
        let log = Recorder<String>()
        try await withTestServer(Self.server(log)) { server in
            let proxy = try await RawServer.connectProxy(relayingTo: server.port)
            let other = try await RawServer.connectProxy(relayingTo: server.port)
            let environment = try Self.configHome("""
                  dead:
                    proxy: http://127.0.0.1:9
                  listed:
                    proxy: http://127.0.0.1:\(proxy.server.port)
                    noProxy: 127.0.0.1
                  split:
                    proxy: http://127.0.0.1:\(proxy.server.port)
                    services: { Items: { proxy: "http://127.0.0.1:\(other.server.port)" } }

                """)
            func call(_ document: String, _ options: [String]) async throws -> CLI.Result {
                try await CLI.run(["call", document, "listItems"] + options, environment: environment, unsetting: CallProxyOptionTests.variables)
            }
            let given = try await call("http://specs.example.invalid/items.yaml", ["--profile", "dead", "--proxy", "127.0.0.1:\(proxy.server.port)"])
            let listed = try await call("\(server.baseURL)/items.yaml", ["--profile", "listed"])
            let split = try await call("http://specs.example.invalid/items.yaml", ["--profile", "split"])
            try await proxy.server.shutdown()
            try await other.server.shutdown()
            for result in [given, listed, split] {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout == "[1]\n")
                #expect(result.stderr == "")
            }
            #expect(log.all == [Self.document, Self.call, "127.0.0.1:\(server.port) GET /items.yaml", Self.call, Self.document, Self.call])
            #expect(proxy.connects() == ["specs.example.invalid:80", "api.example.invalid:80", "api.example.invalid:80", "specs.example.invalid:80"])
            #expect(other.connects() == ["api.example.invalid:80"])
        }
    }

    /// What `check` prints for the document, its time and rate left out.
    static let checked = """
        operation  method  path    requests  failed
        listItems  GET     /items  1         -

        1 request in T, seed 0; no failures

        """

    /// `text` with check's run time and rate (`in 0.05 s (20/s)`) written `in T`.
    static func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #"in [0-9.]+ m?s \([0-9.]+/s\)"#, with: "in T", options: .regularExpression)
    }
}
