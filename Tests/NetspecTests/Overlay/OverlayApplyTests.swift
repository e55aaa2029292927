import Foundation
import NetspecTestSupport
import Testing

@testable import NetspecModel

/// Applying overlays: the merge rules, 1.1's copy and primitive targets, what is a warning and
/// what an error (and where each points), on every front end.
@Suite struct OverlayApplyTests {
    /// Writes `files` (name → text) to a new folder and returns its path, with a trailing `/`.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = try ProcessTemporaryFolder.folder("overlay") + "/"
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + name)) }
        return folder
    }

    static func overlay(_ actions: String, version: String = "1.1.0") -> String {
        "overlay: \(version)\ninfo: {title: t, version: '1'}\nactions:\n" + actions
    }

    static func apply(_ document: String, _ actions: String, strict: Bool = false) throws -> (document: JSONValue, warnings: [String]) {
        let folder = try folder(["doc.yaml": document, "o.yaml": overlay(actions)])
        let result = try Overlay.applying([folder + "o.yaml"], toDocumentAt: folder + "doc.yaml", strict: strict)
        return (result.document, result.warnings.map { $0.description.replacingOccurrences(of: folder, with: "") })
    }

    static func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test(arguments: [
        // Properties inserted after the others, primitives replaced, objects merged recursively.
        ("a: {b: 1, c: {d: 2}}", "  - target: $.a\n    update: {b: 9, c: {e: 3}, f: 4}\n", #"{"a": {"b": 9, "c": {"d": 2, "e": 3}, "f": 4}}"#),
        // Arrays concatenated, inside an object and as the target.
        ("a: {tags: [x]}", "  - target: $.a\n    update: {tags: [y, z]}\n", #"{"a": {"tags": ["x", "y", "z"]}}"#),
        ("tags: [x]", "  - target: $.tags\n    update: [y]\n", #"{"tags": ["x", "y"]}"#),
        // An object given for an array target is appended to it (Overlay 1.0's rule).
        ("servers: [{url: a}]", "  - target: $.servers\n    update: {url: b}\n", #"{"servers": [{"url": "a"}, {"url": "b"}]}"#),
        // 1.1: a primitive target is replaced, in an object and in an array.
        ("info: {version: '1'}\nlist: [1, 2]", "  - target: $.info.version\n    update: '2'\n  - target: $.list[1]\n    update: 5\n", #"{"info": {"version": "2"}, "list": [1, 5]}"#),
        // Remove: matching items of several arrays, last first so that none is missed.
        ("r: [{n: 1}, {n: 2}, {n: 1}]\ns: [{n: 1}]", "  - target: $..[?@.n == 1]\n    remove: true\n", #"{"r": [{"n": 2}], "s": []}"#),
        // Remove beside update: remove wins.
        ("a: {b: 1}", "  - target: $.a.b\n    update: 2\n    remove: true\n", #"{"a": {}}"#),
        // 1.1's copy: the one node selected merged into each target, as update would.
        ("paths: {/foo: {get: {summary: f}}, /bar: {put: {summary: b}}}", "  - target: $.paths['/bar']\n    copy: $.paths['/foo']\n",
         #"{"paths": {"/foo": {"get": {"summary": "f"}}, "/bar": {"put": {"summary": "b"}, "get": {"summary": "f"}}}}"#),
        // Many targets of one action, side by side: each merged (the tree's ancestors copied once).
        ("s: {a: {p: {id: {}}}, b: {p: {}}, c: {p: {id: {type: string}}}}", "  - target: $.s.*.p.id\n    update: {description: d}\n",
         #"{"s": {"a": {"p": {"id": {"description": "d"}}}, "b": {"p": {}}, "c": {"p": {"id": {"type": "string", "description": "d"}}}}}"#),
        // A target inside another: merged in order, the inner one into the outer one's result.
        ("a: {b: {}}", "  - target: $..[?@ != 0]\n    update: {x: 1}\n", #"{"a": {"b": {"x": 1}, "x": 1}}"#),
        // Actions in order: the second sees the first's result.
        ("a: {}", "  - target: $.a\n    update: {b: {}}\n  - target: $.a.b\n    update: {c: 1}\n", #"{"a": {"b": {"c": 1}}}"#),
    ])
    func mergeRule(document: String, actions: String, expected: String) throws {
        #expect(try Self.apply(document, actions).document == Self.json(expected))
    }

    @Test func anActionThatSelectsNothingIsAWarningAtTheAction() throws {
        let result = try Self.apply("a: 1", "  - target: $.a\n    update: 2\n  - target: $.nothing\n    remove: true\n")
        #expect(result.warnings == ["o.yaml:6:5: warning: the action's target '$.nothing' selects nothing"])
        #expect(result.document == (try Self.json(#"{"a": 2}"#)))
    }

    @Test func anActionThatSelectsNothingIsAnErrorWhenStrict() throws {
        let error = #expect(throws: SpecError.self) { try Self.apply("a: 1", "  - target: $.nothing\n    remove: true\n", strict: true) }
        #expect(error.map { "\($0.line):\($0.column) \($0.message)" } == "4:5 the action's target '$.nothing' selects nothing (--strict)")
    }

    @Test(arguments: [
        ("  - target: $\n    remove: true\n", "4:5 the action removes the document's root ('$' selects $)"),
        ("  - target: $.a\n    copy: $.*\n", "5:11 the action's copy '$.*' must select one node, and selects 2"),
        ("  - target: $.a\n    copy: $.c\n    update: 1\n", "5:11 an action's 'copy' cannot be given with 'update' or 'remove: true'"),
    ])
    func anActionThatCannotBeAppliedIsAnErrorAtIt(actions: String, expected: String) throws {
        let error = #expect(throws: SpecError.self) { try Self.apply("a: 1\nb: 2", actions) }
        #expect(error.map { "\($0.line):\($0.column) \($0.message)" } == expected)
    }

    @Test func copyIsOverlay11s() throws {
        let folder = try Self.folder(["doc.yaml": "a: 1", "o.yaml": Self.overlay("  - target: $.a\n    copy: $.a\n", version: "1.0.0")])
        let error = #expect(throws: SpecError.self) { try Overlay.applying([folder + "o.yaml"], toDocumentAt: folder + "doc.yaml", strict: false) }
        #expect(error?.description == "\(folder)o.yaml:5:5: error: unknown key 'copy' in an action")
    }

    @Test func extendsNamingAnotherDocumentIsAWarning() throws {
        let folder = try Self.folder([
            "doc.yaml": "a: 1", "other.yaml": "a: 1",
            "o.yaml": "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nextends: other.yaml\nactions:\n  - target: $.a\n    update: 2\n",
            "same.yaml": "overlay: 1.0.0\ninfo: {title: t, version: '1'}\nextends: ./doc.yaml\nactions:\n  - target: $.a\n    update: 2\n",
        ])
        let mismatch = try Overlay.applying([folder + "o.yaml"], toDocumentAt: folder + "doc.yaml", strict: false)
        #expect(mismatch.warnings.map(\.description) == [
            "\(folder)o.yaml:3:10: warning: the overlay extends 'other.yaml', not \(folder)doc.yaml; its actions are applied to \(folder)doc.yaml all the same",
        ])
        #expect(try Overlay.applying([folder + "same.yaml"], toDocumentAt: folder + "doc.yaml", strict: false).warnings.isEmpty)
    }
}
