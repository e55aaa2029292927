import Foundation
import Testing

@testable import Netspec
@testable import NetspecModel

/// OpenAPI 3.2's Server `name` (Server Object): every server is kept on the spec, and
/// ``Spec/selectingServer(_:)`` makes one the base URL by name, index or URL; a name given twice
/// is a positioned error; a profile's `server:` chooses one too.
@Suite struct OpenAPI32ServerTests {
    static let document = """
        openapi: 3.2.0
        info: { title: Items, version: '1' }
        servers:
          - { name: production, url: 'https://api.example.com/v1', description: Live }
          - name: staging
            url: 'https://{region}.staging.example.com'
            variables: { region: { default: eu } }
          - { name: local, url: /local }
        paths:
          /items:
            get: { operationId: listItems, responses: { '200': { description: all } } }

        """

    @Test func everyServerIsKeptWithItsName() throws {
        let spec = try Spec(yaml: Self.document, file: "items.yaml")
        #expect(spec.servers.map { "\($0.name ?? "-") \($0.url) \($0.description ?? "-")" } == [
            "production https://api.example.com/v1 Live", "staging https://eu.staging.example.com -", "local /local -",
        ])
        #expect(spec.baseURL?.text == "https://api.example.com/v1")
        #expect(spec.warnings.map(\.description) == [])
    }

    @Test(arguments: [
        ("staging", "https://${region:-eu}.staging.example.com" as String?, nil as String?),
        ("1", "https://${region:-eu}.staging.example.com", nil),
        ("0", "https://api.example.com/v1", nil),
        ("https://eu.staging.example.com", "https://${region:-eu}.staging.example.com", nil),
        ("http://127.0.0.1:8080/api", "http://127.0.0.1:8080/api", nil),
        ("local", nil, "/local"),
    ])
    func aServerIsChosenByNameIndexOrURL(choice: String, baseURL: String?, basePath: String?) throws {
        let chosen = try Spec(yaml: Self.document, file: "items.yaml").selectingServer(choice)
        #expect(chosen.baseURL?.text == baseURL)
        #expect(chosen.basePath == basePath)
        #expect(chosen.servers.count == 3)
    }

    @Test(arguments: [
        ("stagin", "items.yaml: error: no server named 'stagin' in items.yaml (did you mean 'staging'?); its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com, 2 'local' /local"),
        ("3", "items.yaml: error: items.yaml has no server 3; its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com, 2 'local' /local"),
    ])
    func anUnknownServerIsAnErrorListingThem(choice: String, message: String) throws {
        let spec = try Spec(yaml: Self.document, file: "items.yaml")
        #expect(throws: Never.self) { try spec.selectingServer("local") }
        do {
            _ = try spec.selectingServer(choice)
            Issue.record("\(choice) was chosen")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aNameGivenTwiceIsAPositionedError() throws {
        let text = """
            openapi: 3.2.0
            info: { title: Items, version: '1' }
            servers:
              - { name: main, url: 'https://a.example.com' }
              - { name: main, url: 'https://b.example.com' }
            paths: {}
            """
        do {
            _ = try Spec(yaml: text, file: "twice.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "twice.yaml:5:13: error: server 'main' is named twice (first at line 4); OpenAPI 3.2.0 requires each server's name to be unique (Server Object)")
        }
    }

    /// In 3.0 and 3.1 `name` is not a Server key: a warning, and the server has no name.
    @Test func aThreeOneServerNameIsNotRead() throws {
        let text = Self.document.replacingOccurrences(of: "openapi: 3.2.0", with: "openapi: 3.1.0")
        let spec = try Spec(yaml: text, file: "items.yaml")
        #expect(spec.servers.map(\.name) == [nil, nil, nil])
        #expect(spec.warnings.first?.description == "items.yaml:4:7: warning: 'name' is not a key of a Server object, so it is not read")
        #expect(throws: SpecError.self) { try spec.selectingServer("staging") }
    }

    /// A profile's `server:` chooses the server in Swift as `--profile` does on the command line;
    /// one no server has is an error at its place in the config file, and so is a profile that
    /// gives both `server` and `baseURL`.
    @Test(arguments: [
        ("{ server: staging }", "https://${region:-eu}.staging.example.com"),
        ("{ headers: { X-A: b } }", "https://api.example.com/v1"),
        ("{ server: stage }", ".netspec.yaml:2:21: error: profile chosen: no server named 'stage' in items.yaml; its servers: 0 'production' https://api.example.com/v1, 1 'staging' https://eu.staging.example.com, 2 'local' /local"),
        ("{ baseURL: 'https://x.example.com', server: staging }", ".netspec.yaml:2:47: error: profile chosen: 'baseURL' and 'server' both say where calls go; keep one"),
    ])
    func aProfileChoosesTheServer(profile: String, outcome: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("servers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "profiles:\n  chosen: \(profile)\n".write(toFile: folder + "/.netspec.yaml", atomically: true, encoding: .utf8)
        let spec = try Spec(yaml: Self.document, file: "items.yaml")
        do {
            let chosen = try spec.selectingServer(ofProfile: "chosen", directory: folder, environment: ["HOME": folder])
            #expect(chosen.baseURL?.text == outcome)
        } catch {
            #expect(error.description == folder + "/" + outcome)
        }
    }
}
