import Testing

@testable import Netspec
@testable import NetspecModel

@Suite struct YAMLParserTests {
    // MARK: - Structure and marks

    @Test func nestedMappingsAndSequencesKeepMarks() throws {
        let text = """
            netspec: 1
            endpoints:
              getUser:
                GET: /user
                params:
                  - id
                  - name: x
            """
        let root = try #require(try parseYAML(text))
        #expect(root.kindName == "mapping")
        #expect(root.flow == "{netspec: 1, endpoints: {getUser: {GET: /user, params: [id, {name: x}]}}}")
        #expect(
            root.outline == [
                "1:1 mapping",
                "1:1 scalar netspec", "1:10 scalar 1",
                "2:1 scalar endpoints", "3:3 mapping",
                "3:3 scalar getUser", "4:5 mapping",
                "4:5 scalar GET", "4:10 scalar /user",
                "5:5 scalar params", "6:7 sequence",
                "6:9 scalar id",
                "7:9 mapping", "7:9 scalar name", "7:15 scalar x",
            ])
        #expect(root["netspec"]?.scalar?.resolved == .int(1))
    }

    @Test func flowMappingWithQuotedType() throws {
        let root = try #require(try parseYAML("id: { in: query, type: \"String?\" }"))
        let param = try #require(root["id"])
        #expect(param.mark == at(1, 5))
        #expect(param.mapping?.count == 2)
        #expect(param["in"]?.scalar == YAMLScalar(value: "query", style: .plain))
        #expect(param["type"]?.scalar?.style == .doubleQuoted)
        #expect(param["type"]?.string == "String?")
        #expect(param["type"]?.mark == at(1, 24))
        #expect(param.outline == ["1:5 mapping", "1:7 scalar in", "1:11 scalar query", "1:18 scalar type", "1:24 scalar String?"])
    }

    @Test func flowSequencesAndEmptyCollections() throws {
        let root = try #require(try parseYAML("a: [1, [2, 3], {}]\nb: []\nc: {}"))
        #expect(root.flow == "{a: [1, [2, 3], {}], b: [], c: {}}")
        #expect(root["b"]?.sequence?.isEmpty == true)
        #expect(root["c"]?.mapping?.isEmpty == true)
    }

    @Test func mappingKeepsSourceOrder() throws {
        let keys = (0..<40).map { "k\(39 - $0)" }
        let root = try #require(try parseYAML(keys.map { "\($0): v" }.joined(separator: "\n")))
        #expect(root.mapping?.map { $0.key.string } == keys)
    }

    @Test func scalarRoot() throws {
        let root = try #require(try parseYAML("just text"))
        #expect(root.scalar?.value == "just text")
        #expect(root.mark == at(1, 1))
    }

    @Test func accessorsReturnNilForOtherKinds() throws {
        let root = try #require(try parseYAML("[a]"))
        #expect(root.mapping == nil && root.scalar == nil && root["a"] == nil)
        #expect(root.sequence?.first?.sequence == nil)
        #expect(root.kindName == "sequence")
        #expect(root.sequence?.first?.kindName == "scalar")
    }

    // MARK: - Empty input

    @Test(arguments: ["", "   \n\n", "# only a comment\n# and another\n", "\u{FEFF}", "\u{FEFF}# c\n"])
    func noDocumentIsNil(text: String) throws {
        #expect(try parseYAML(text) == nil)
    }

    @Test func explicitEmptyDocumentIsNull() throws {
        let root = try #require(try parseYAML("---\n"))
        #expect(root.scalar?.resolved == .null)
        #expect(try parseYAML("--- # c\n...\n")?.scalar?.resolved == .null)
    }

    // MARK: - Encoding details

    @Test func leadingUTF8BOMIsSkipped() throws {
        let root = try #require(try parseYAML("\u{FEFF}a: 1\nb: [x]"))
        #expect(root.outline == ["1:1 mapping", "1:1 scalar a", "1:4 scalar 1", "2:1 scalar b", "2:4 sequence", "2:5 scalar x"])
    }

    @Test func crlfLineEndings() throws {
        let root = try #require(try parseYAML("a: 1\r\nb:\r\n  - x\r\n  - y\r\nc: |\r\n  one\r\n  two\r\n"))
        #expect(root.flow == "{a: 1, b: [x, y], c: one\ntwo\n}")
        #expect(root["b"]?.sequence?.map(\.mark) == [at(3, 5), at(4, 5)])
        #expect(root["c"]?.mark == at(5, 4))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try #require(try parseYAML("é😀: [ü, x]"))
        #expect(root.outline == ["1:1 mapping", "1:1 scalar é😀", "1:5 sequence", "1:6 scalar ü", "1:9 scalar x"])
    }

    // MARK: - Anchors and aliases

    @Test func aliasesToScalarsMappingsAndSequences() throws {
        let text = """
            s: &s hello
            m: &m {a: 1}
            q: &q [1, 2]
            uses: [*s, *m, *q]
            """
        let root = try #require(try parseYAML(text))
        let uses = try #require(root["uses"]?.sequence)
        // Aliases are the anchored nodes themselves, shared, not copies.
        #expect(uses.map(\.index) == [root["s"], root["m"], root["q"]].compactMap { $0?.index })
        #expect(uses.map(\.flow) == ["hello", "{a: 1}", "[1, 2]"])
        // An alias-resolved node is the anchored node: its mark is where the anchor is.
        #expect(uses.map(\.mark) == [at(1, 4), at(2, 4), at(3, 4)])
    }

    @Test func anchorCanBeRedefined() throws {
        let root = try #require(try parseYAML("a: &x 1\nb: &x 2\nc: *x"))
        #expect(root["c"]?.string == "2")
    }

    @Test func anchoredKeyAndAliasKey() throws {
        let root = try #require(try parseYAML("&k name: 1\nother: *k\nthird: {*k : 2}"))
        #expect(root.flow == "{name: 1, other: name, third: {name: 2}}")
        // A key written as an alias carries the alias's mark.
        #expect(root["third"]?.mapping?.first?.key.mark == at(3, 9))
        #expect(parseError("&k name: 1\n*k : 2") == YAMLError(message: "duplicate key 'name' (first defined at 1:1)", mark: at(2, 1)))
    }

    @Test func taggedAnchoredNodeMarkIsAtProperties() throws {
        let root = try #require(try parseYAML("a: &x !!str 1\nb: !!str &y 2"))
        #expect(root["a"]?.mark == at(1, 4))
        #expect(root["b"]?.mark == at(2, 4))
    }
}
