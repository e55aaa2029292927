import Testing

import Netspec

/// A spec header's value that would split the header or carry a control character is refused
/// where it is written (SPEC.md §1). `"\r\n"` is one Character, equal to neither `"\r"` nor
/// `"\n"`: a value holding it passed the check and was sent with the break made spaces.
@Suite struct SpecHeaderValueTests {
    @Test(arguments: [
        (#""a\r\nInjected: 1""#, "line break (CR or LF)"),
        (#""a\nb""#, "line break (CR or LF)"),
        (#""a\rb""#, "line break (CR or LF)"),
        (#""a\0b""#, "control character 0x00"),
        (#""a\x7Fb""#, "control character 0x7F"),
    ])
    func controlCharactersAreRefused(value: String, what: String) throws {
        let article = what.hasPrefix("line") ? "a" : "the"
        for (yaml, message) in [
            ("netspec: 1\nservice: S\nheaders:\n  X-A: \(value)\nendpoints: {}\n",
             "t.yaml:4:8: error: header 'X-A' must not contain \(article) \(what)"),
            ("netspec: 1\nservice: S\nendpoints:\n  a:\n    GET: /a\n    headers: { X-E: \(value) }\n",
             "t.yaml:6:21: error: endpoint 'a': header 'X-E' must not contain \(article) \(what)"),
        ] {
            let error = #expect(throws: SpecError.self) { try Spec(yaml: yaml, file: "t.yaml") }
            #expect(error?.description == message)
        }
    }

    @Test func aTabIsKept() throws {
        let spec = try Spec(yaml: "netspec: 1\nservice: S\nheaders:\n  X-A: \"a\\tb\"\nendpoints: {}\n", file: "t.yaml")
        #expect(spec.headers.map(\.name) == ["X-A"])
    }
}
