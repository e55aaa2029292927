import Foundation
import Testing

@testable import NetspecModel
import Netspec
import NetspecTestSupport

/// `Spec.load(path:overlays:)`: overlays applied before every front end reads the document, errors
/// in what they added reported in the overlay, the tree cache and operation index of an overlaid
/// document, on OpenAI's document.
@Suite struct SpecOverlayTests {
    static let town = OverlayConformanceTests.folder + "/compliant-sets/update-root/openapi.yaml"

    @Test func anErrorInWhatTheOverlayAddedNamesTheOverlay() throws {
        let folder = try OverlayApplyTests.folder(["o.yaml": """
            overlay: 1.0.0
            info: {title: t, version: '1'}
            actions:
              - target: $.endpoints.getUser.params
                update:
                  limit: { in: qurey, type: Int }

            """])
        let error = #expect(throws: SpecError.self) { try Spec.load(path: TestPaths.specs + "/users.yaml", overlays: [folder + "o.yaml"]) }
        // The spec alone is valid; the mistake is the overlay's, and so is the position.
        #expect(error?.description == "\(folder)o.yaml:6:20: error: endpoint 'getUser': parameter 'limit': unknown location 'qurey' (did you mean 'query'?)")
    }

    @Test func aWarningInTheDocumentStillNamesTheDocument() throws {
        let folder = try OverlayApplyTests.folder([
            "doc.yaml": "openapi: 3.1.0\ninfo: {title: T, version: '1'}\nservers: [{url: 'https://a.example'}]\npaths:\n  /a:\n    get: {operationId: a, x: 1, responses: {'200': {description: ok}}}\n",
            "o.yaml": "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths['/a'].get\n    update: {y: 2}\n",
        ])
        let spec = try Spec.load(path: folder + "doc.yaml", overlays: [folder + "o.yaml"])
        #expect(spec.warnings.map { $0.description.replacingOccurrences(of: folder, with: "") } == [
            "o.yaml:5:14: warning: operation 'a': 'y' is not a key of an Operation, so it is not read",
            "doc.yaml:6:27: warning: operation 'a': 'x' is not a key of an Operation, so it is not read",
        ])
    }

    @Test func aNetspecSpecAndASwaggerDocumentAreOverlaidToo() throws {
        let folder = try OverlayApplyTests.folder([
            "users.yaml": "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.endpoints.deleteUser\n    remove: true\n  - target: $.service\n    update: PeopleAPI\n",
            "petstore.yaml": "swagger: '2.0'\ninfo: {title: P, version: '1'}\nhost: api.example.com\npaths:\n  /pets:\n    get: {operationId: listPets, responses: {'200': {description: ok}}}\n",
            "swagger.yaml": "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.paths.*[?@.operationId]\n    update: {operationId: renamed}\n",
        ])
        let users = try Spec.load(path: TestPaths.specs + "/users.yaml", overlays: [folder + "users.yaml"])
        #expect(users.service == "PeopleAPI")
        #expect(users.endpoints.map(\.name) == ["getUser", "createUser", "getTodos", "completions"])
        let swagger = try Spec.load(path: folder + "petstore.yaml", overlays: [folder + "swagger.yaml"])
        #expect(Set(swagger.endpoints.map(\.name)) == ["renamed"])
    }

    @Test func openAIsDocumentOverlaidAndItsCachedIndex() async throws {
        let document = try await RealDocuments.path(of: "openai/openapi.yaml")
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
        let rename = try scratch.write(Array("""
            overlay: 1.1.0
            info: {title: rename, version: '1'}
            actions:
              - target: $.paths['/models'].get.operationId
                update: listAllModels
              - target: $.paths['/assistants']
                remove: true

            """.utf8), to: "rename.yaml")
        let whole = try Spec.load(path: document, overlays: [rename])
        let plain = try Spec.load(path: document)
        #expect(whole.endpoints.count == plain.endpoints.count - 2)
        #expect(whole.endpoint(named: "listAllModels")?.path.description == "/models")
        #expect(whole.endpoint(named: "listModels") == nil)
        // The cache and the operation index: a run without the overlay, one with it, one without again.
        #expect(try Spec.load(path: document, only: "listModels", cache: cache).endpoint(named: "listModels") != nil)
        let overlaid = try Spec.load(path: document, only: "listAllModels", cache: cache, overlays: [rename])
        #expect(overlaid.endpoint(named: "listAllModels")?.path.description == "/models")
        #expect(try Spec.load(path: document, only: "listModels", cache: cache).endpoint(named: "listModels") != nil)
        // An overlay changed between runs is read again: its new name is found, the old one is not.
        try Data("""
            overlay: 1.1.0
            info: {title: rename, version: '2'}
            actions:
              - target: $.paths['/models'].get.operationId
                update: modelsList

            """.utf8).write(to: URL(fileURLWithPath: rename))
        let changed = try Spec.load(path: document, only: "modelsList", cache: cache, overlays: [rename])
        #expect(changed.endpoint(named: "modelsList")?.path.description == "/models")
        #expect((try? Spec.load(path: document, only: "listAllModels", cache: cache, overlays: [rename]))?.endpoint(named: "listAllModels") == nil)
    }

    @Test func aProfileNamesOverlaysRelativeToItsFileAndNotPerService() throws {
        let folder = try OverlayApplyTests.folder([
            "service.yaml": "profiles:\n  public:\n    services:\n      Town: {overlays: [a.yaml]}\n",
        ])
        // The files must be there: one that cannot be read is an error at its place (ProfileTests).
        try FileManager.default.createDirectory(atPath: folder + "o", withIntermediateDirectories: true)
        for name in ["o/public.yaml", "b.yaml"] { try Data().write(to: URL(fileURLWithPath: folder + name)) }
        try Data("profiles:\n  public:\n    overlays: [o/public.yaml, \(folder)b.yaml]\n".utf8).write(to: URL(fileURLWithPath: folder + "config.yaml"))
        #expect(try ProfileConfig.overlays(ofProfile: "public", files: [folder + "config.yaml"]) == [folder + "o/public.yaml", folder + "b.yaml"])
        #expect(try ProfileConfig.overlays(ofProfile: "other", files: [folder + "config.yaml"]) == [])
        let error = #expect(throws: SpecError.self) { try ProfileConfig.overlays(ofProfile: "public", files: [folder + "service.yaml"]) }
        #expect(error?.description == "\(folder)service.yaml:4:14: error: profile public, services.Town: 'overlays' is a profile's setting, not a service's (the service is known once the overlays are applied)")
    }
}

extension SpecOverlayTests {
    /// `netspec overlay`'s YAML reads back as the same data: scalars a YAML reader would take for
    /// something else or refuse (DEL and U+2028 were written raw), and a schema of OpenAI's
    /// document with an integer too big for Int64.
    @Test func theYAMLWrittenReadsBackAsTheSameData() async throws {
        let tricky: [JSONValue] = [
            "yes", "on", "No", "", "1.0", "null", "~", "true", "- a", "a: b", "#x", "x #y", "a\nb", " lead", "trail ", "@at", "`t",
            "0x1F", "1e3", ".5", "+1", "12:30", "é", "tab\there", "[x]", "{y}", "!t", "&a", "*b", "%p", "'q'", "\"d\"", "x:",
            // Not printable in YAML, or line breaks and a byte order mark a reader would not give back.
            "a\u{7F}b", "c\u{9B}d", "a\u{85}b", "line1\u{2028}line2", "p\u{2029}", "\u{FEFF}bom", "x\u{FFFE}", "back\\slash", "emoji 🐕",
            1, -7, 2.5, 1e300, -9.223372036854776e18, true, [], [:], [[1, "on"], ["a": nil]], ["k: v": ["- x": [1]]],
        ]
        let document = try await RealDocuments.path(of: "openai/openapi.yaml")
        let folder = try OverlayApplyTests.folder(["o.yaml": "overlay: 1.1.0\ninfo: {title: t, version: '1'}\nactions:\n  - target: $.info.version\n    update: '2'\n"])
        let schema = try #require(try Overlay.applying([folder + "o.yaml"], toDocumentAt: document, strict: false)
            .document["components"]?["schemas"]?["CreateChatCompletionRequest"])
        for value in tricky + [["list": .array(tricky)], schema] {
            let text = YAMLEmitter.document(value)
            #expect(try FrontEnd.parse(Array(text.utf8), file: "written.yaml")?.jsonValue == value, "\(text)")
        }
    }
}
