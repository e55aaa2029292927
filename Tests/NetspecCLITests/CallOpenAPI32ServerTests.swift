import Foundation
import Testing
import NetspecTestSupport

/// `--server NAME|INDEX|URL` and a profile's `server:` choose one of an OpenAPI document's
/// servers (OpenAPI 3.2's Server `name`) on `netspec call`, `mcp` and `auth`.
@Suite struct CallOpenAPI32ServerTests {
    static let document: String = {
        try! CLI.temporarySpec("""
            openapi: 3.2.0
            info: { title: Items, version: '1' }
            servers:
              - { name: production, url: 'https://api.example.com/v1' }
              - name: staging
                url: 'https://{region}.staging.example.com'
                variables: { region: { default: eu } }
            paths:
              /items:
                get: { operationId: listItems, responses: { '200': { description: all } } }
            """, name: "items.yaml")
    }()

    static let tail = "Accept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"

    @Test(arguments: [
        ([] as [String], "https://api.example.com/v1/items"),
        (["--server", "staging"], "https://eu.staging.example.com/items"),
        (["--server", "staging", "--var", "region=us"], "https://us.staging.example.com/items"),
        (["--server", "1"], "https://eu.staging.example.com/items"),
        (["--server", "http://127.0.0.1:9/v2"], "http://127.0.0.1:9/v2/items"),
    ])
    func theChosenServerIsWhereTheCallGoes(arguments: [String], url: String) async throws {
        let result = try await CLI.run(["call", Self.document, "listItems", "--dry-run"] + arguments)
        #expect(result.stderr == "")
        #expect(result.stdout == "GET \(url) HTTP/1.1\n" + Self.tail)
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (["call", CallOpenAPI32ServerTests.document, "listItems", "--dry-run", "--server", "stagin"], 64,
         "error: --server: no server named 'stagin' in \(CallOpenAPI32ServerTests.document) (did you mean 'staging'?); its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com\n"),
        (["call", CallOpenAPI32ServerTests.document, "listItems", "--dry-run", "--server", "staging", "--base-url", ":8080"], 64,
         "error: --server and --base-url both say where calls go; give one\n"),
        (["mcp", CallOpenAPI32ServerTests.document, "--server", "2"], 64,
         "error: --server: \(CallOpenAPI32ServerTests.document) has no server 2; its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com\n"),
        (["auth", "login", CallOpenAPI32ServerTests.document, "--server", "qa"], 64,
         "error: --server: no server named 'qa' in \(CallOpenAPI32ServerTests.document); its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com\n"),
    ])
    func anUnknownServerIsAUsageError(arguments: [String], status: Int, message: String) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.stderr == message)
        #expect(result.status == Int32(status))
    }

    /// A profile's `server:` (in the user's config file) chooses the server; `--server` wins over it.
    @Test func aProfileChoosesTheServer() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("netspec-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "profiles:\n  stage: { server: staging }\n".write(toFile: home + "/netspec/config.yaml", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home]
        let profiled = try await CLI.run(["call", Self.document, "listItems", "--dry-run", "--profile", "stage"], environment: environment)
        #expect(profiled.stdout == "GET https://eu.staging.example.com/items HTTP/1.1\n" + Self.tail)
        let overridden = try await CLI.run(["call", Self.document, "listItems", "--dry-run", "--profile", "stage", "--server", "production"], environment: environment)
        #expect(overridden.stdout == "GET https://api.example.com/v1/items HTTP/1.1\n" + Self.tail)
        let shown = try await CLI.run(["config", "show", Self.document, "--profile", "stage"], environment: environment)
        #expect(shown.stdout.contains("base URL: https://${region:-eu}.staging.example.com (server 'staging', profile stage, \(home)/netspec/config.yaml:2:20)\n"))
    }
}

/// `netspec list` nests a 3.2 document's tags under their parents with their summaries and kinds;
/// `describe` shows its responses' summaries.
@Suite struct ListOpenAPI32TagTests {
    static let document: String = {
        try! CLI.temporarySpec(OpenAPI32TagDocument.text, name: "shop.yaml")
    }()

    @Test func listNestsTags() async throws {
        let result = try await CLI.run(["list", Self.document])
        #expect(result.stderr == "")
        #expect(result.stdout == """
            animals: Living stock (kind: nav)
              pets: Companions for sale (kind: nav)
                cats:
                  listCats  GET  /cats
                  feedCat   GET  /cats/feed

            billing: (kind: audience)
              listInvoices  GET  /invoices

            (no tag):
              health  GET  /health

            """)
    }

    @Test func describeShowsResponseSummaries() async throws {
        let result = try await CLI.run(["describe", Self.document, "listCats"])
        #expect(result.stdout.hasSuffix("responses:\n  200  The cats\n  4XX  Not for you\n"), "\(result.stdout)")
    }
}

enum OpenAPI32TagDocument {
    static let text = """
        openapi: 3.2.0
        info: { title: Shop, version: '1' }
        tags:
          - { name: animals, summary: Living stock, kind: nav }
          - { name: pets, summary: Companions for sale, parent: animals, kind: nav }
          - { name: cats, parent: pets }
          - { name: billing, kind: audience }
        paths:
          /cats:
            get:
              operationId: listCats
              tags: [cats]
              responses:
                '200': { summary: The cats, description: Every cat }
                '4XX': { summary: Not for you, description: No }
                '500': { description: Broken }
          /cats/feed:
            get: { operationId: feedCat, tags: [cats], responses: { '200': { description: ok } } }
          /invoices:
            get: { operationId: listInvoices, tags: [billing], responses: { '200': { description: ok } } }
          /health:
            get: { operationId: health, responses: { '200': { description: ok } } }
        """
}
