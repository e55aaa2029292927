import Testing

@testable import Netspec
@testable import NetspecModel

@Suite struct YAMLScalarTests {
    // MARK: - Core schema

    /// Plain, untagged text and its YAML 1.2 core-schema value.
    static let coreSchema: [(String, YAMLScalarValue)] = [
        // null
        ("", .null), ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null),
        ("nULL", .string("nULL")), ("nil", .string("nil")), ("~~", .string("~~")),
        // bool
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        ("yes", .string("yes")), ("no", .string("no")), ("on", .string("on")), ("tRUE", .string("tRUE")),
        // int
        ("0", .int(0)), ("42", .int(42)), ("-17", .int(-17)), ("+5", .int(5)), ("007", .int(7)),
        ("0o17", .int(15)), ("0x1F", .int(31)), ("0xff", .int(255)), ("0o8", .string("0o8")),
        ("0x", .string("0x")), ("0xG", .string("0xG")), ("-0x1", .string("-0x1")), ("1_000", .string("1_000")),
        ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
        // int overflow becomes the nearest double
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("0x10000000000000000", .double(18_446_744_073_709_551_616)),
        // float
        ("1.5", .double(1.5)), ("-0.25", .double(-0.25)), ("+.5", .double(0.5)), (".5", .double(0.5)),
        ("1.", .double(1)), ("1e3", .double(1000)), ("1E-2", .double(0.01)), ("2.5e+2", .double(250)),
        ("1e400", .double(.infinity)),
        (".inf", .double(.infinity)), (".Inf", .double(.infinity)), ("+.INF", .double(.infinity)),
        ("-.inf", .double(-.infinity)), ("-.Inf", .double(-.infinity)),
        (".", .string(".")), ("1e", .string("1e")), ("e3", .string("e3")), (".e3", .string(".e3")),
        ("1.2.3", .string("1.2.3")), ("+", .string("+")), ("-", .string("-")), (".infinity", .string(".infinity")),
        // text
        ("GET", .string("GET")), ("String?", .string("String?")), ("/users/{id}", .string("/users/{id}")),
        ("12:30", .string("12:30")), ("1 2", .string("1 2")), ("é", .string("é")),
    ]

    @Test(arguments: coreSchema)
    func resolvesPlainText(text: String, expected: YAMLScalarValue) {
        #expect(YAMLScalarValue(plain: text) == expected)
        #expect(YAMLScalar(value: text, style: .plain).resolved == expected)
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func resolvesNaN(text: String) {
        guard case .double(let value) = YAMLScalarValue(plain: text) else {
            Issue.record("\(text) is not a double")
            return
        }
        #expect(value.isNaN)
    }

    @Test func nanSpelledOtherwiseIsText() {
        #expect(YAMLScalarValue(plain: ".nAn") == .string(".nAn"))
        #expect(YAMLScalarValue(plain: "-.nan") == .string("-.nan"))
    }

    // MARK: - Styles

    /// A document with one scalar in each style, the style libyaml reports, its text and value.
    static let styles: [(String, YAMLScalar.Style, String, YAMLScalarValue)] = [
        ("v: 42", .plain, "42", .int(42)),
        ("v: '42'", .singleQuoted, "42", .string("42")),
        ("v: \"42\"", .doubleQuoted, "42", .string("42")),
        ("v: 'it''s'", .singleQuoted, "it's", .string("it's")),
        ("v: \"a\\tb\\u00e9\\n\"", .doubleQuoted, "a\tb\u{e9}\n", .string("a\tb\u{e9}\n")),
        ("v: 'null'", .singleQuoted, "null", .string("null")),
        ("v: \"true\"", .doubleQuoted, "true", .string("true")),
        ("v: |\n  line 1\n  line 2\n", .literal, "line 1\nline 2\n", .string("line 1\nline 2\n")),
        ("v: |-\n  12\n", .literal, "12", .string("12")),
        ("v: >\n  folded\n  text\n\n  para\n", .folded, "folded text\npara\n", .string("folded text\npara\n")),
        ("v: plain\n  continued", .plain, "plain continued", .string("plain continued")),
        ("v:", .plain, "", .null),
        ("v: ~", .plain, "~", .null),
    ]

    @Test(arguments: styles)
    func parsesEachStyle(document: String, style: YAMLScalar.Style, text: String, value: YAMLScalarValue) throws {
        let scalar = try #require(try parseYAML(document)?["v"]?.scalar)
        #expect(scalar.style == style)
        #expect(scalar.value == text)
        #expect(scalar.resolved == value)
    }

    // MARK: - Tags

    /// A tagged scalar, the tag libyaml resolves, and the value.
    static let tags: [(String, String, YAMLScalarValue)] = [
        ("!!str 12", "tag:yaml.org,2002:str", .string("12")),
        ("!!str true", "tag:yaml.org,2002:str", .string("true")),
        ("! 12", "!", .string("12")),
        ("!!int \"12\"", "tag:yaml.org,2002:int", .int(12)),
        ("!!int abc", "tag:yaml.org,2002:int", .string("abc")),
        ("!!float 1", "tag:yaml.org,2002:float", .double(1)),
        ("!!float '2.5'", "tag:yaml.org,2002:float", .double(2.5)),
        ("!!bool 'true'", "tag:yaml.org,2002:bool", .bool(true)),
        ("!!bool yes", "tag:yaml.org,2002:bool", .string("yes")),
        ("!!null ''", "tag:yaml.org,2002:null", .null),
        ("!custom 12", "!custom", .int(12)),
        ("!custom '12'", "!custom", .string("12")),
        ("!<tag:example.com,2024:x> true", "tag:example.com,2024:x", .bool(true)),
    ]

    @Test(arguments: tags)
    func resolvesTaggedScalars(value: String, tag: String, expected: YAMLScalarValue) throws {
        let node = try #require(try parseYAML("v: \(value)")?["v"])
        #expect(node.tag == tag)
        #expect(node.scalar?.resolved == expected)
    }

    @Test func untaggedNodesHaveNoTag() throws {
        let root = try #require(try parseYAML("a: 1\nb: [x]\nc: {d: e}"))
        #expect(root.tag == nil)
        #expect(root["a"]?.tag == nil)
        #expect(root["b"]?.tag == nil)
        #expect(root["c"]?.tag == nil)
    }

    @Test func collectionsKeepTags() throws {
        let root = try #require(try parseYAML("a: !!seq [x]\nb: !thing {c: d}"))
        #expect(root["a"]?.tag == "tag:yaml.org,2002:seq")
        #expect(root["b"]?.tag == "!thing")
    }
}
