import Foundation
import Testing

@testable import NetspecModel

/// The Overlay Specification repository's conformance material (Fixtures/overlay, Apache 2.0, see
/// its NOTICE): each compliant set's overlay applied to its input gives its output, equal as data;
/// every `tests/v1.0` and `tests/v1.1` pass document is read and applied; every fail document is
/// refused at the place that is wrong.
@Suite struct OverlayConformanceTests {
    static let folder = TestPaths.root + "/Tests/NetspecTests/Fixtures/overlay"
    static let sets = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/compliant-sets")) ?? []).sorted()
    static let passing = ["v1.0", "v1.1"].flatMap { version in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/tests/\(version)/pass")) ?? []).sorted().map { "\(version)/pass/\($0)" }
    }
    /// A document for the pass and fail overlays to apply to.
    static let document = folder + "/compliant-sets/update-root/openapi.yaml"

    @Test func theMaterialIsThere() {
        #expect(Self.sets.count == 8)
        #expect(Self.passing.count == 25)
    }

    @Test(arguments: sets)
    func compliantSetGivesItsOutput(name: String) throws {
        let set = Self.folder + "/compliant-sets/" + name
        let result = try Overlay.applying([set + "/overlay.yaml"], toDocumentAt: set + "/openapi.yaml", strict: false)
        let expected = try #require(try FrontEnd.parse(Array(try Data(contentsOf: URL(fileURLWithPath: set + "/output.yaml"))), file: "output.yaml"))
        #expect(result.document == expected.jsonValue)
    }

    @Test(arguments: passing)
    func passDocumentIsReadAndApplied(name: String) throws {
        // Before overlays were read, `overlay` was not a thing netspec knew.
        let result = try Overlay.applying([Self.folder + "/tests/" + name], toDocumentAt: Self.document, strict: false)
        #expect(result.document["openapi"] == "3.1.0")
    }

    /// Every fail document, with the diagnostic it gets (both versions read the same, so the
    /// table is written once with the version left out).
    static let failures: [(file: String, diagnostic: String)] = [
        ("action-remove-invalid-type.yaml", "7:13: error: an action's 'remove' must be true or false, found the string 'maybe'"),
        ("action-target-invalid-type.yaml", "6:13: error: 'target' (a JSONPath query) must be a string, found the number 100"),
        ("actions-invalid-description.yaml", "7:18: error: an action's 'description' must be a string, found the number 10"),
        ("actions-invalid-target.yaml", "6:13: error: 'target' 'info.description' is not a JSONPath query (RFC 9535): a JSONPath query starts with '$'"),
        ("actions-invalid-type.yaml", "5:10: error: 'actions' must be a list, found a mapping"),
        ("actions-item-invalid-type.yaml", "6:5: error: an action must be a mapping with 'target', found the number 123"),
        ("actions-minimal.yaml", "5:10: error: 'actions' must list at least one action"),
        ("actions-missing-target.yaml", "6:5: error: an action needs 'target' (a JSONPath query such as $.info)"),
        ("actions-missing.yaml", "1:1: error: an overlay needs 'actions' (a list of at least one action)"),
        ("actions-not-unique.yaml", "8:5: error: this action repeats the one at 6:5 (actions must be distinct)"),
        ("extends-invalid-type.yaml", "5:10: error: 'extends' must be a string, found a mapping"),
        ("info-invalid-type.yaml", "2:7: error: 'info' must be a mapping, found the string 'invalid'"),
        ("info-missing-title.yaml", "3:3: error: 'info' needs 'title'"),
        ("info-missing-version.yaml", "3:3: error: 'info' needs 'version'"),
        ("info-title-invalid-type.yaml", "3:10: error: 'info.title' must be a string, found the number 100"),
        ("info-version-invalid-type.yaml", "4:12: error: 'info.version' must be a string, found the boolean false"),
        ("invalid-overlay-version.yaml", "1:10: error: 'overlay' must be a string, found the number 2"),
        ("not-an-object.yaml", "1:1: error: an overlay must be a mapping with 'overlay', 'info' and 'actions', found a list"),
        ("root-invalid-property.yaml", "7:1: error: unknown key 'invalidProperty' in the overlay"),
        ("v1.0 overlay-invalid-pattern.yaml", "1:10: error: unsupported overlay version '1.0' (this Netspec reads 1.0.x and 1.1.x)"),
        ("v1.1 overlay-invalid-pattern.yaml", "1:10: error: unsupported overlay version '1.1' (this Netspec reads 1.0.x and 1.1.x)"),
        ("v1.1 action-copy-invalid-type.yaml", "7:11: error: 'copy' (a JSONPath query) must be a string, found the number 100"),
        ("v1.1 info-description-invalid-type.yaml", "5:16: error: 'info.description' must be a string, found the number 100"),
    ]

    @Test func everyFailDocumentIsRefusedAtItsPlace() throws {
        var checked = 0
        for version in ["v1.0", "v1.1"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder + "/tests/\(version)/fail").sorted()
            for name in names {
                let path = Self.folder + "/tests/\(version)/fail/" + name
                let expected = Self.failures.first { $0.file == "\(version) \(name)" } ?? Self.failures.first { $0.file == name }
                let error = #expect(throws: SpecError.self, "\(version)/\(name)") {
                    try Overlay.applying([path], toDocumentAt: Self.document, strict: false)
                }
                #expect(error?.description == "\(path):\(expected?.diagnostic ?? "(no diagnostic listed)")")
                checked += 1
            }
        }
        #expect(checked == 42)
    }

    @Test func aTargetOfOverlay10sExamplesIsReadBracketedWithAWarning() throws {
        let path = Self.folder + "/tests/v1.0/pass/actions-traits-example.yaml"
        let result = try Overlay.applying([path], toDocumentAt: Self.document, strict: false)
        #expect(result.warnings.map(\.description).first == """
            \(path):6:13: warning: 'target' '$.paths.*.get[?@.x-oai-traits.paged]' is not RFC 9535 JSONPath (a name with '-' after '.'); read as '$.paths.*.get[?@['x-oai-traits'].paged]', write it so
            """)
    }
}
