import Testing

@testable import NetspecModel

/// What an action does with the places its target selected when they are not a plain list of
/// distinct places in document order: a union that names a later item first, a place selected
/// twice (RFC 9535 node lists may hold duplicates), targets of different kinds, one target inside
/// another that the update takes away.
@Suite struct OverlayTargetSetTests {
    static let servers = "servers: [{url: a}, {url: b}, {url: c}]\ninfo: {title: t, version: '1'}\nr: [{m: 1}, {n: 1}, {k: 1}]"

    @Test(arguments: [
        // A later item first: the old order removed a, then the new second item, c.
        ("  - target: $.servers[1,0]\n    remove: true\n", #"[{"url": "c"}]"#, #"{"title": "t", "version": "1"}"#, #"[{"m": 1}, {"n": 1}, {"k": 1}]"#),
        // One item twice: the old order removed a, then b, which had moved into its place.
        ("  - target: $.servers[0,0]\n    remove: true\n", #"[{"url": "b"}, {"url": "c"}]"#, #"{"title": "t", "version": "1"}"#, #"[{"m": 1}, {"n": 1}, {"k": 1}]"#),
        // Two filters: r[1] by the first, r[0] by the second; the old order then removed {k: 1}.
        ("  - target: $.r[?@.n == 1, ?@.m == 1]\n    remove: true\n", #"[{"url": "a"}, {"url": "b"}, {"url": "c"}]"#, #"{"title": "t", "version": "1"}"#, #"[{"k": 1}]"#),
        // A member twice: the old source crashed looking for it the second time.
        ("  - target: $.info['title','title']\n    remove: true\n", #"[{"url": "a"}, {"url": "b"}, {"url": "c"}]"#, #"{"version": "1"}"#, #"[{"m": 1}, {"n": 1}, {"k": 1}]"#),
    ])
    func eachSelectedPlaceIsRemovedOnce(actions: String, servers: String, info: String, r: String) throws {
        let document = try OverlayApplyTests.apply(Self.servers, actions).document
        #expect(document == (try OverlayApplyTests.json(#"{"servers": \#(servers), "info": \#(info), "r": \#(r)}"#)))
    }

    @Test(arguments: [
        // An object and a primitive inside it: the old source replaced the object by 5 and crashed.
        ("x: {x: 1}", "  - target: $..x\n    update: 5\n",
         "4:5 the action's target '$..x' selects $['x'] (an object) and $['x']['x'] (a primitive): the nodes an update or a copy is applied to must be all objects, all arrays or all primitives"),
        ("s: [{p: 1}]\no: {p: 2}", "  - target: $['s', 'o']\n    update: {q: 1}\n",
         "4:5 the action's target '$['s', 'o']' selects $['s'] (an array) and $['o'] (an object): the nodes an update or a copy is applied to must be all objects, all arrays or all primitives"),
        // Two objects, the update replacing the one that holds the other: the old source crashed.
        ("a: {k: 1, b: {c: {k: 2}}}", "  - target: $..[?@.k]\n    update: {b: 5}\n",
         "4:5 the action's target '$..[?@.k]' selects $['a']['b']['c'] inside $['a'], and merging into $['a'] replaced what held it"),
    ])
    func targetsAnUpdateCannotBeAppliedToAreAnError(document: String, actions: String, expected: String) throws {
        let error = #expect(throws: SpecError.self) { try OverlayApplyTests.apply(document, actions) }
        #expect(error.map { "\($0.line):\($0.column) \($0.message)" } == expected)
    }

    @Test func targetsOfOneKindAreStillUpdated() throws {
        // A place selected twice is updated once; objects inside objects are merged in order.
        let result = try OverlayApplyTests.apply("a: [[1], [2]]\nb: {k: 1, c: {k: 2}}", "  - target: $.a[*,0]\n    update: 9\n  - target: $..[?@.k]\n    update: {x: 1}\n")
        #expect(result.document == (try OverlayApplyTests.json(#"{"a": [[1, 9], [2, 9]], "b": {"k": 1, "c": {"k": 2, "x": 1}, "x": 1}}"#)))
    }
}
