import Testing

@testable import NetspecModel

/// An update whose targets nest (one inside another) or repeat: each place is merged once, in
/// the order first selected, into what the ones before made, as applying them one by one did
/// (`OverlayTree.update(_:with:)`), but each node is copied once per run of changes to it, not
/// once per target below it (`$..*..*..*` over arrays nested 40 deep took 13 s and four `..*`
/// more than a minute). A place selected twice was updated twice until 2026-11-30 when some
/// targets nested, once when none did.
@Suite struct OverlayNestedTargetsTests {
    /// The document at `document` with `actions` applied: its compact JSON, the errors (line,
    /// column and message each), and how many nodes the overlay added to the tree's storage.
    static func apply(_ document: String, _ actions: String, strict: Bool = false) throws -> (json: String, errors: [String], added: Int) {
        let overlay = try Overlay.read(bytes: Array(OverlayApplyTests.overlay(actions).utf8), file: "o.yaml")
        let root = try #require(try FrontEnd.parse(Array(document.utf8), file: "doc.json"))
        do throws(SpecError) {
            let applied = try Overlay.apply([overlay], to: root, document: "doc.json", strict: strict)
            let added = applied.root.document.storage.recordCount - root.document.storage.recordCount
            return (applied.root.jsonValue.formatted(pretty: false), [], added)
        } catch {
            return ("", error.allErrors.map { "\($0.line):\($0.column) \($0.message)" }, 0)
        }
    }

    static func update(_ target: String, _ value: String) -> String {
        "  - target: \"\(target)\"\n    update: \(value)\n"
    }

    // Each output is what applying the targets one by one (before 2026-11-29) gave, byte for byte,
    // each place once (a place selected twice was then updated twice: the rows marked "once").
    @Test(arguments: [
        // Arrays in arrays: each appended to, an inner one inside the outer's result.
        (#"{"a":[[[]]]}"#, update("$..*", "{}"), #"{"a":[[[{}],{}],{}]}"#),
        // Once: `..*..*` selects a[0] once and a[0][0] twice, each appended to once (twice before).
        (#"{"a":[[[]]]}"#, update("$..*..*", "{}"), #"{"a":[[[{}],{}]]}"#),
        // Once: a[0][0][0] selected three times, a[0][0] twice, a[0] once; one `{}` each (3, 2, 1 before).
        (#"{"a":[[[[]]]]}"#, update("$..*..*", "{}"), #"{"a":[[[[{}],{}],{}]]}"#),
        // Once: an array update is concatenated once per place.
        (#"{"a":[[[]],[]]}"#, update("$..*..*", "[7]"), #"{"a":[[[7],7],[7]]}"#),
        // Arrays inside arrays through objects.
        (#"{"b":[{"b":[{"b":[]}]}]}"#, update("$..b", "{x: 1}"), #"{"b":[{"b":[{"b":[{"x":1}]},{"x":1}]},{"x":1}]}"#),
        // Once: the innermost `b` is selected twice.
        (#"{"b":[{"b":[{"b":[]}]}]}"#, update("$..b..b", "[0]"), #"{"b":[{"b":[{"b":[0]},0]}]}"#),
        // Objects in objects: merged, the inner one's property before the outer's.
        (#"{"a":{"b":{"c":{}}}}"#, update("$..*", "{x: 1}"), #"{"a":{"b":{"c":{"x":1},"x":1},"x":1}}"#),
        // The outer update reaches the inner target, which is then merged into that result.
        (#"{"a":{"a":{"a":{}}}}"#, update("$..*", "{a: {y: 1}}"), #"{"a":{"a":{"a":{"y":1,"a":{"y":1}},"y":1}}}"#),
        (#"{"a":{"a":{"a":{}}}}"#, update("$..*", "{a: 5}"), #"{"a":{"a":{"a":{"a":5}}}}"#),
        // Once: `..*..*` selects an outer target before its inner one, and places twice (the arrays
        // inside were concatenated again).
        (#"{"a":{"b":{"c":{}}}}"#, update("$..*..*", "{t: [1]}"), #"{"a":{"b":{"c":{"t":[1]},"t":[1]}}}"#),
        (#"{"a":{"a":{"a":{"a":{}}}}}"#, update("$..*..*", "{a: 5}"), #"{"a":{"a":{"a":{"a":{"a":5}}}}}"#),
        (#"{"a":{"a":{"a":{"a":{}}}}}"#, update("$..*..*", "{a: {z: [1]}}"),
         #"{"a":{"a":{"a":{"a":{"z":[1],"a":{"z":[1]}},"z":[1]}}}}"#),
        (#"{"a":{"b":{"c":{"d":{}}}}}"#, update("$..*..*..*", "{}"), #"{"a":{"b":{"c":{"d":{}}}}}"#),
        (#"{"a":{"b":{"c":{"d":{}}}}}"#, update("$..*..*..*", "{b: {c: {w: [1]}}}"),
         #"{"a":{"b":{"c":{"d":{"b":{"c":{"w":[1]}}},"b":{"c":{"w":[1]}}}}}}"#),
        // 1.1's copy, merged into nested objects.
        (#"{"a":{"b":{"c":{}}},"s":{"n":[1],"m":{"q":1}}}"#, "  - target: $.a..*\n    copy: $.s\n",
         #"{"a":{"b":{"c":{"n":[1],"m":{"q":1}},"n":[1],"m":{"q":1}}},"s":{"n":[1],"m":{"q":1}}}"#),
        // Once: a copy too; `$.a..*..*` selects d twice.
        (#"{"a":{"b":{"c":{"d":{}}}},"s":{"t":[1]}}"#, "  - target: $.a..*..*\n    copy: $.s\n",
         #"{"a":{"b":{"c":{"d":{"t":[1]},"t":[1]}}},"s":{"t":[1]}}"#),
        // One place twice and none inside another: updated once, as before.
        (#"{"a":[1]}"#, update("$['a','a']", "2"), #"{"a":[1,2]}"#),
        // Two places that hold one node (the first update put its `x` in both) are two places.
        (#"{"a":{},"b":{}}"#, update("$.*", "{x: {}}") + update("$..x", "{y: 1}"), #"{"a":{"x":{"y":1}},"b":{"x":{"y":1}}}"#),
        (#"{"a":{},"b":{}}"#, update("$.*", "{x: {}}") + update("$..*", "{y: 1}"), #"{"a":{"x":{"y":1},"y":1},"b":{"x":{"y":1},"y":1}}"#),
    ])
    func nestedTargetsAreUpdatedInOrder(document: String, actions: String, expected: String) throws {
        let result = try Self.apply(document, actions)
        #expect(result.errors == [])
        #expect(result.json == expected)
    }

    @Test(arguments: [
        // An outer object replaced by an array: the inner target is gone.
        (#"{"a":{"b":{}}}"#, update("$..*", "[1]"),
         ["4:5 the action's target '$..*' selects $['a']['b'] inside $['a'], and merging into $['a'] replaced what held it"]),
        (#"{"a":{"b":{"c":{}}}}"#, update("$..*..*", "[1]"),
         ["4:5 the action's target '$..*..*' selects $['a']['b']['c'] inside $['a']['b'], and merging into $['a']['b'] replaced what held it"]),
        // The first target gone in the order selected, not in the document's.
        (#"{"r":[{"a":{"b":{}}},{"c":{"d":{}}}]}"#, update("$.r[1,0]..*", "[1]"),
         ["4:5 the action's target '$.r[1,0]..*' selects $['r'][1]['c']['d'] inside $['r'][1]['c'], and merging into $['r'][1]['c'] replaced what held it"]),
        // The targets before the one gone are applied: `$.a.m` exists for the next action, `$.a.z` not.
        (#"{"a":{"k":1,"b":{"c":{"k":2}}}}"#,
         update("$..[?@.k]", "{b: 5, m: 1}") + update("$.a.m", "2") + update("$.a.z", "2"),
         ["4:5 the action's target '$..[?@.k]' selects $['a']['b']['c'] inside $['a'], and merging into $['a'] replaced what held it",
          "8:5 the action's target '$.a.z' selects nothing (--strict)"]),
    ])
    func aTargetAnEarlierOneTookAwayIsAnError(document: String, actions: String, expected: [String]) throws {
        #expect(try Self.apply(document, actions, strict: true).errors == expected)
    }

    /// Arrays nested 40 deep: `$..*..*..*` selects 38 places 9,880 times (each array below two
    /// others as often as there are ways to pick them), each place appended one `{}`. Each array
    /// on the way is copied once: one by one, every target copied the 40 arrays above it again.
    @Test func deeplyNestedRepeatedTargetsCopyEachNodeOnce() throws {
        let document = #"{"a":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"
        let result = try Self.apply(document, Self.update("$..*..*..*", "{}"))
        #expect(result.errors == [])
        let value = try JSONValue(parsing: Array(result.json.utf8))
        var (arrays, objects) = (0, 0)
        var appended: [Int] = []  // By depth: the `{}`s each array was given.
        var level = value.object?["a"]
        while case let .array(items)? = level {
            arrays += 1
            let added = items.filter { $0.object != nil }.count
            objects += added
            appended.append(added)
            level = items.first { $0.array != nil }
        }
        #expect(arrays == 40)
        #expect(objects == 38)
        // The array at depth d is selected once per pair of the d - 1 above it, and updated once
        // (it was given (d - 1)(d - 2) / 2 `{}`s).
        #expect(appended == (1...40).map { $0 >= 3 ? 1 : 0 })
        #expect(result.added < 100, "the update added \(result.added) nodes")
    }
}
