import NetspecTestSupport
import Testing
@testable import Netspec
@testable import NetspecModel

/// The JSON reader builds the tree libyaml builds from the same JSON: same nodes, same text,
/// same scalar styles, same marks.
@Suite struct JSONDocumentTreeTests {
    static let documents: [String] = [
        #"{"openapi":"3.1.0","paths":{"/a":{"get":{"operationId":"a"}}}}"#,
        "{\n  \"a\": [1, -0, 2.5e-3, 1E5, 12345678901234567890],\n  \"b\": {\"c\": true, \"d\": false, \"e\": null}\n}\n",
        "{\r\n\t\"crlf\": \"x\",\r\n\t\"tab\":\t[ ]\r\n}",
        #"{"esc":"a\nb\t\"q\"\\ \/ \u00e9 \u0041","k\u00e9y":1}"#,
        "{\"é\": \"日本語\", \"after\": [\"ü\", {\"x\": \"😀😀\", \"y\": 2}]}",
        "[{}, [], [[]], {\"a\": {}}, \"\", 0]",
        "  \n  {\"spaced\" :   1 ,  \"out\"  : [ 1 , 2 ]  }  \n\n",
        "[\n" + (0..<40).map { "  {\"id\": \($0), \"name\": \"item \($0) — ü\"}" }.joined(separator: ",\n") + "\n]",
    ]

    @Test(arguments: documents)
    func sameTreeAsLibYAML(_ text: String) throws {
        let bytes = Array(text.utf8)
        let ours = try #require(try bytes.withUnsafeBufferPointer { (text) throws(YAMLError) in try JSONParser.parseTree(text, limits: .default) })
        let libyaml = try #require(try YAMLParser.parseWithLibYAML(bytes))
        #expect(Self.details(ours) == Self.details(libyaml))
        // And `YAMLParser.parse` takes the JSON path for it.
        #expect(try Self.details(#require(try YAMLParser.parse(bytes))) == Self.details(libyaml))
    }

    /// Every node as `mark kind style text`.
    static func details(_ root: YAMLNode) -> [String] { root.detailedOutline }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes = YAMLSource.utf8BOM + Array(#"{"a": [1]}"#.utf8)
        let root = try #require(try YAMLParser.parse(bytes))
        #expect(Self.details(root) == ["1:1 mapping", "1:2 scalar doubleQuoted a", "1:7 sequence", "1:8 scalar plain 1"])
    }

    /// What JSON refuses and YAML accepts is read by libyaml; what both refuse gets libyaml's
    /// message (as before the JSON reader), and limits and duplicate keys the builder's.
    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "1:10", "duplicate key 'a'"),
        (#"{"a": [1, 2"#, "2:1", "did not find expected ',' or ']'"),
    ])
    func errors(_ text: String, mark: String, start: String) throws {
        let error = try #require(parseError(text))
        #expect(error.mark.description == mark)
        #expect(error.message.hasPrefix(start), "\(error.message)")
    }

    /// JSON's surrogate-pair escapes, which libyaml refuses ("found invalid Unicode character
    /// escape code"), are read.
    @Test func surrogatePairEscapes() throws {
        let root = try #require(try YAMLParser.parse(Array(#"{"smile": "\ud83d\ude00"}"#.utf8)))
        #expect(root["smile"]?.string == "😀")
    }

    @Test func yamlFlowThatIsNotJSONStillParses() throws {
        let root = try #require(try YAMLParser.parse(Array("{a: 1, b: [x, y,], }".utf8)))
        #expect(root.flow == "{a: 1, b: [x, y]}")
    }

    @Test func depthLimitAppliesToJSONToo() throws {
        let text = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        let error = try #require(parseError(text, limits: YAMLLimits(maxDepth: 10)))
        #expect(error.message.contains("10"), "\(error.message)")
    }

    /// Marks counted on from the last one agree with counting each from the start, through every
    /// kind of line break and multi-byte character, and across word-sized ASCII runs.
    @Test func markCounterAgreesWithANaiveCount() {
        let text = Array("ab\ncdefghijklmnop\r\nq\rr\u{85}s\u{2028}t\u{2029}ü日😀 long ascii run here!\n\nend".utf8)
        text.withUnsafeBufferPointer { buffer in
            var counter = MarkCounter(buffer)
            for offset in 0...buffer.count {
                let expected = Self.naiveMark(buffer, offset)
                // Only offsets at a character start are asked for.
                guard offset == buffer.count || buffer[offset] & 0xC0 != 0x80 else { continue }
                if offset > 0, buffer[offset - 1] == 0x0D, offset < buffer.count, buffer[offset] == 0x0A { continue }
                #expect(counter.mark(at: offset) == expected, "offset \(offset)")
            }
        }
    }

    static func naiveMark(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Mark {
        let scalars = String(decoding: bytes[..<offset], as: UTF8.self).unicodeScalars
        var line = 1
        var column = 1
        var previous: Unicode.Scalar?
        for scalar in scalars {
            switch scalar {
            case "\n" where previous == "\r": break
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
            previous = scalar
        }
        return Mark(line: line, column: column)
    }
}

/// A `.json` document is JSON: what JSON does not allow is an error at its place, not YAML that
/// libyaml would read (the same bytes named `.yaml` still load as YAML flow).
@Suite struct JSONDocumentFileTests {
    static let trailingComma = "{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"T\", \"version\": \"1\"},\n  \"paths\": {},\n}\n"

    @Test(arguments: [
        (trailingComma, "4:14: trailing comma is not allowed", true),
        ("{\"openapi\": \"3.1.0\", \"paths\": {\"/a\": {\"get\": {\"tags\": [\"x\",]}}}}", "1:59: trailing comma is not allowed", true),
        ("{'openapi': '3.1.0'}", "1:2: single-quoted strings are not allowed", true),
        ("{\"openapi\": \"3.1.0\", // a comment\n\"paths\": {}}", "1:22: expected string key in object, found '/'", false),
    ])
    func aJSONFileIsParsedAsJSON(_ text: String, error: String, isYAML: Bool) throws {
        let scratch = try ScratchDirectory()
        let json = try scratch.write(Array(text.utf8), to: "api.json")
        #expect(Self.message(try Spec.load(path: json)) == "\(json):\(error)")
        // Named in capitals too.
        let upper = try scratch.write(Array(text.utf8), to: "API.JSON")
        #expect(Self.message(try Spec.load(path: upper)) == "\(upper):\(error)")
        // The same bytes named .yaml are YAML (flow), as before, when they are YAML.
        let yaml = try scratch.write(Array(text.utf8), to: "api.yaml")
        #expect((Self.message(try Spec.load(path: yaml)) == nil) == isYAML)
    }

    @Test func aBigJSONFileIsParsedAsJSONThroughTheTreeCacheToo() throws {
        let scratch = try ScratchDirectory()
        let cache = YAMLTreeCache(directory: scratch.path + "/cache", writer: "test")
        var bytes = YAMLTreeCacheTests.bigDocument(json: true)
        let comma = bytes.count - 2
        bytes.insert(UInt8(ascii: ","), at: comma)
        let column = String(decoding: bytes[..<comma], as: UTF8.self).unicodeScalars.count + 1
        #expect(bytes.count >= YAMLTreeCache.minimumSize)
        // As YAML, the bytes are read (and their tree kept); as a .json file, they are refused.
        let yaml = try scratch.write(bytes, to: "big.yaml")
        #expect(try Spec.load(path: yaml, only: nil, cache: cache).endpoints.count == 400)
        let json = try scratch.write(bytes, to: "big.json")
        #expect(Self.message(try Spec.load(path: json, only: nil, cache: cache)) == "\(json):1:\(column): trailing comma is not allowed")
    }

    /// The error's description without "error: " (the file, the place and the message), or `nil` when it loads.
    static func message(_ load: @autoclosure () throws(SpecError) -> Spec) -> String? {
        do {
            _ = try load()
            return nil
        } catch {
            return "\(error.file):\(error.line):\(error.column): \(error.message)"
        }
    }
}
