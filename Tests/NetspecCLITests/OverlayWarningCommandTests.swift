import Foundation
import Testing

/// `netspec call` and `netspec describe` say an overlay's warnings, as `list`, `validate` and
/// `mock` do: an action whose target selects nothing is a warning naming it (`--strict` makes it
/// an error), on a load from the spec cache too. `call` prints none of the document's own
/// warnings (`validate` is for those); `describe` reads the whole spec and prints them all, as `list`.
@Suite struct OverlayWarningCommandTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Pets, version: 1.0.0}
        servers: [{url: 'http://127.0.0.1:9'}]
        paths:
          /pets:
            get:
              operationId: listPets
              responses: {'200': {description: ok}}

        """
    static let selectsNothing = "overlay: 1.1.0\ninfo: {title: t, version: 1.0.0}\nactions:\n  - {target: $.nothing, remove: true}\n"
    static let request = "GET http://127.0.0.1:9/pets HTTP/1.1\nAccept: application/json, */*;q=0.5\nAccept-Encoding: gzip, deflate\nUser-Agent: netspec/0.1.0\n\n"

    static func warning(_ overlay: String) -> String { "\(overlay):4:5: warning: the action's target '$.nothing' selects nothing\n" }

    @Test func callSaysAnActionThatSelectsNothing() async throws {
        let document = try CLI.temporarySpec(Self.document, name: "doc.yaml")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let result = try await CLI.run(["call", document, "listPets", "--overlay", overlay, "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout == Self.request)
        #expect(result.stderr == Self.warning(overlay))
    }

    @Test func callStrictRefusesIt() async throws {
        let document = try CLI.temporarySpec(Self.document, name: "doc.yaml")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let result = try await CLI.run(["call", document, "listPets", "--overlay", overlay, "--strict", "--dry-run"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "\(overlay):4:5: error: the action's target '$.nothing' selects nothing (--strict)\n")
    }

    @Test func callHelpOfAnEndpointSaysIt() async throws {
        let document = try CLI.temporarySpec(Self.document, name: "doc.yaml")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let result = try await CLI.run(["call", document, "listPets", "--overlay", overlay, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("listPets: GET /pets\n"))
        #expect(result.stderr == Self.warning(overlay))
    }

    /// The document's own warnings are `validate`'s and `list`'s, not a call's: only the overlay's.
    @Test func callPrintsTheOverlaysWarningsAlone() async throws {
        let spec = try CLI.temporarySpec("netspec: 1\nservice: S\nbaseURL: http://127.0.0.1:9\nendpoints:\n  send:\n    GET: /s\n  good:\n    GET: /good\n")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let result = try await CLI.run(["call", spec, "good", "--overlay", overlay, "--dry-run"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("GET http://127.0.0.1:9/good HTTP/1.1\n"))
        #expect(result.stderr == Self.warning(overlay))
    }

    @Test func describeSaysIt() async throws {
        let document = try CLI.temporarySpec(Self.document, name: "doc.yaml")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let result = try await CLI.run(["describe", document, "listPets", "--overlay", overlay])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("listPets: GET /pets\n"))
        #expect(result.stderr == Self.warning(overlay))
    }

    /// A document of 256 KiB or more is read from the spec cache on the second run: the overlay
    /// is applied to the cached tree, and its warning said again.
    @Test func aCachedDocumentsOverlayWarningIsSaidEveryRun() async throws {
        let padding = String(repeating: "x", count: 300 * 1024)
        let document = try CLI.temporarySpec(Self.document + "x-padding: \(padding)\n", name: "big.yaml")
        let overlay = try CLI.temporarySpec(Self.selectsNothing, name: "on.yaml")
        let cache = URL(fileURLWithPath: document).deletingLastPathComponent().appendingPathComponent("cache").path
        for command in [["call", document, "listPets", "--dry-run"], ["call", document, "listPets", "--dry-run"], ["describe", document, "listPets"]] {
            let result = try await CLI.run(command + ["--overlay", overlay], environment: ["NETSPEC_CACHE_DIR": cache])
            #expect(result.status == 0)
            #expect(result.stderr == Self.warning(overlay))
        }
        let trees = try FileManager.default.contentsOfDirectory(atPath: cache + "/specs").filter { $0.hasSuffix(".tree") }
        #expect(trees.count == 1)
    }
}
