import Foundation
import Testing
import NetspecTestServer

/// `netspec overlay` and `--overlay`/`--strict` on the commands that load a document.
@Suite struct OverlayCommandTests {
    static let town = "Tests/NetspecTests/Fixtures/overlay/compliant-sets/update-root/openapi.yaml"

    static let overlay = """
        overlay: 1.1.0
        info: {title: Fewer buildings, version: '1'}
        actions:
          - target: $.paths['/locations']
            remove: true
          - target: $.paths['/buildings'].get
            update: {operationId: allBuildings, tags: [Town]}
          - target: $.paths['/nowhere']
            remove: true

        """

    @Test func overlayWritesTheResultAsYAML() async throws {
        let small = try CLI.temporarySpec("openapi: 3.1.0\ninfo: {title: T, version: '1.0'}\npaths: {}\nx-list: [1, 'two', 'yes', '']\n", name: "small.yaml")
        let overlay = try CLI.temporarySpec("overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.info\n    update: {description: \"Line one\\nline two\", x-empty: {}}\n", name: "o.yaml")
        let result = try await CLI.run(["overlay", small, overlay])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            openapi: 3.1.0
            info:
              title: T
              version: "1.0"
              description: "Line one\\nline two"
              x-empty: {}
            paths: {}
            x-list:
              - 1
              - two
              - "yes"
              - ""

            """)
    }

    @Test func overlayWritesJSONForAJSONDocumentToAFile() async throws {
        let document = try CLI.temporarySpec(#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}}"#, name: "doc.json")
        let overlay = try CLI.temporarySpec("overlay: 1.0.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.info.title\n    update: U\n", name: "o.yaml")
        let output = document + ".out"
        let result = try await CLI.run(["overlay", document, overlay, "-o", output])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == """
            {
              "openapi": "3.1.0",
              "info": {
                "title": "U",
                "version": "1"
              },
              "paths": {}
            }

            """)
    }

    @Test func listAppliesOverlaysInOrderAndWarnsAtAnActionThatSelectsNothing() async throws {
        let overlay = try CLI.temporarySpec(Self.overlay, name: "o.yaml")
        let second = try CLI.temporarySpec("overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths['/buildings'].get.operationId\n    update: everyBuilding\n", name: "second.yaml")
        let result = try await CLI.run(["list", Self.town, "--overlay", overlay, "--overlay", second])
        #expect(result.status == 0)
        #expect(result.stdout == """
            Town:
              everyBuilding  GET  /buildings

            (no tag):
              buildingById  GET  /buildings/{buildingId}

            """)
        #expect(result.stderr == "\(overlay):8:5: warning: the action's target '$.paths['/nowhere']' selects nothing\n")
    }

    @Test func strictRefusesAnActionThatSelectsNothing() async throws {
        let overlay = try CLI.temporarySpec(Self.overlay, name: "o.yaml")
        for command in [["validate", Self.town], ["describe", Self.town, "buildingById"], ["call", Self.town, "buildingById", "buildingId=1", "--dry-run"]] {
            let result = try await CLI.run(command + ["--overlay", overlay, "--strict"])
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == "\(overlay):8:5: error: the action's target '$.paths['/nowhere']' selects nothing (--strict)\n", "\(command)")
        }
    }

    @Test func aBrokenOverlayIsAPositionedErrorOnEveryCommand() async throws {
        let overlay = try CLI.temporarySpec("overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: paths\n", name: "bad.yaml")
        let commands = [["validate", Self.town], ["list", Self.town], ["describe", Self.town, "buildingById"], ["call", Self.town, "buildingById"], ["mcp", Self.town]]
        for command in commands + [["overlay", Self.town, overlay]] {
            let result = try await CLI.run(command + (command[0] == "overlay" ? [] : ["--overlay", overlay]))
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr == "\(overlay):4:13: error: 'target' 'paths' is not a JSONPath query (RFC 9535): a JSONPath query starts with '$'\n", "\(command)")
        }
    }

    /// A document given by URL is overlaid as a file is (`Spec.load(url:provider:overlays:strict:)`):
    /// the same endpoints and the same warning at the action that selects nothing.
    @Test func anOverlayAppliesToADocumentByURL() async throws {
        let overlay = try CLI.temporarySpec(Self.overlay, name: "o.yaml")
        let text = try String(contentsOfFile: Self.town, encoding: .utf8)
        try await withTestServer(TestHandlers.text(body: text)) { server in
            let fromFile = try await CLI.run(["list", Self.town, "--overlay", overlay])
            for command in ["validate", "list"] {
                let result = try await CLI.run([command, server.baseURL + "/openapi.yaml", "--overlay", overlay])
                #expect(result.status == 0, "\(command): \(result.stderr)")
                guard command == "list" else { continue }
                #expect(result.stderr.hasPrefix("\(overlay):8:5: warning: the action's target '$.paths['/nowhere']' selects nothing"), "\(result.stderr)")
                #expect(result.stdout == fromFile.stdout && result.stdout.contains("allBuildings"))
            }
            let strict = try await CLI.run(["list", server.baseURL + "/openapi.yaml", "--overlay", overlay, "--strict"])
            #expect(strict.status == 65)
        }
    }

    @Test func aProfilesOverlaysApplyBeforeTheCommandsOwn() async throws {
        let overlay = try CLI.temporarySpec(Self.overlay, name: "public.yaml")
        let home = URL(fileURLWithPath: overlay).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: home + "/netspec", withIntermediateDirectories: true)
        let config = home + "/netspec/config.yaml"
        try "profiles:\n  public:\n    overlays: [../public.yaml]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": home]
        let call = try await CLI.run(["call", Self.town, "allBuildings", "--dry-run", "--profile", "public"], environment: environment)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout.hasPrefix("GET https://example.com/buildings HTTP/1.1\n"))
        let shown = try await CLI.run(["config", "show", Self.town, "--profile", "public"], environment: environment)
        #expect(shown.stdout.hasSuffix("overlay: \(home)/netspec/../public.yaml (profile public, \(config):3:15)\n"))
        // Without the profile, the document has no allBuildings.
        let plain = try await CLI.run(["call", Self.town, "allBuildings", "--dry-run"], environment: environment)
        #expect(plain.status == 64)
    }
}
