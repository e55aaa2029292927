import Testing

@testable import NetspecModel
import Netspec

/// Patterns with ECMA-262's semantics, on the linear matcher (lookaround included) and the
/// backtracking one (back-references), and their syntax errors, exactly.
@Suite struct SchemaPatternTests {
    /// (pattern, text, whether it matches somewhere in the text, as ECMA-262 with the u flag says).
    static let cases: [(String, String, Bool)] = [
        // Lookaround runs on the linear matcher: a catastrophic pattern ends at once.
        (#"^(?!b)(a+)+$"#, "aaaa", true),
        (#"^(?!b)(a+)+$"#, "baaa", false),
        (#"^(?!b)(a+)+$"#, String(repeating: "a", count: 40) + "!", false),
        (#"^(?!\s*$).+"#, "hello", true),
        (#"^(?!\s*$).+"#, " \t ", false),
        (#"^(?!\s*$).+"#, "", false),
        (#"a(?=b)"#, "ab", true),
        (#"a(?=b)"#, "ac", false),
        (#"a(?!b)"#, "ab", false),
        (#"a(?!b)"#, "abac", true),
        (#"^(?=.*\d)(?=.*[a-z]).{6,}$"#, "abc123", true),
        (#"^(?=.*\d)(?=.*[a-z]).{6,}$"#, "abcdef", false),
        (#"^(?=a$)"#, "a", true),
        (#"^(?=a$)"#, "ab", false),
        (#"^(?=(?!ab)a)a"#, "ac", true),
        (#"^(?=(?!ab)a)a"#, "ab", false),
        (#"(?<=\$)\d+"#, "$42", true),
        (#"(?<=\$)\d+"#, "42", false),
        (#"(?<!\$)\d+"#, "$42", true),
        (#"(?<!\$)\b\d+"#, "$42", false),
        (#"(?<=^a)b"#, "ab", true),
        (#"(?<=^a)b"#, "cab", false),
        (#"(?<=a(?=b)b)c"#, "abc", true),
        (#"(?<=ab)c"#, "bbc", false),
        (#"(?=a)*b"#, "b", true),
        // ECMA's \s on every path, classes with negated members, [^] and [].
        (#"^\s$"#, "\u{A0}", true),
        (#"^\s$"#, "\u{FEFF}", true),
        (#"^\s$"#, "\u{85}", false),
        (#"^(?=.)\s$"#, "\u{3000}", true),
        (#"^(?=.)\s$"#, "\u{2029}", false),
        (#"\p{L}\s"#, "é ", true),
        (#"\p{Lu}[^\s]"#, "Ab", true),
        (#"\p{Lu}[^\s]"#, "A ", false),
        (#"(?!x)\s"#, " ", true),
        (#"^(?=.)[\s,]$"#, ",", true),
        (#"^(?=.)[\s,]$"#, "a", false),
        (#"^[\D]$"#, "a", true),
        (#"^[\D]$"#, "1", false),
        (#"^[\s\S]$"#, "\n", true),
        (#"^[^\P{L}]$"#, "a", true),
        (#"^[^\P{L}]$"#, "1", false),
        (#"^(?=.)[^]$"#, "é", true),
        (#"^(?=.)[^]$"#, "\n", false),
        (#"^[^]$"#, "\n", true),
        (#"^[^]$"#, "", false),
        (#"[]"#, "abc", false),
        (#"^\p{Letter}cole$"#, "école", true),
        (#"^\p{digit}+$"#, "٣", true),
        (#"^\P{L}$"#, "1", true),
        (#"^\p{Script=Greek}+$"#, "αβ", true),
        (#"^\p{Script=Greek}+$"#, "ab", false),
        // Lookaround over a long text stays linear.
        (#"^(?!\s*$)(?:(?=a)\w|(?<=a)b)+$"#, String(repeating: "ab", count: 20_000), true),
        (#"^(?!\s*$)(?:(?=a)\w|(?<=a)b)+$"#, String(repeating: "ab", count: 20_000) + "b", false),
        // Back-references (the backtracking matcher).
        (#"^(a|b)\1$"#, "aa", true),
        (#"^(a|b)\1$"#, "ab", false),
        (#"^(?<q>['"]).*\k<q>$"#, "'x'", true),
        (#"^(?<q>['"]).*\k<q>$"#, #"'x""#, false),
        (#"^\k<q>(?<q>a)$"#, "a", true),
        // A group that captured nothing matches the empty string; each repetition forgets its captures.
        (#"^\1(a)$"#, "a", true),
        (#"^(?:(a)|b)\1$"#, "b", true),
        (#"^(?:(a)|b)*\1$"#, "ab", true),
        // A lookaround is atomic: its captures are those of its first match.
        (#"(?=(a+))a*b\1"#, "baaabac", true),
        (#"^(?=(a+))a*b\1$"#, "aaaba", false),
        (#"^(?=(a+?))a*b\1$"#, "aaaba", true),
        // A lookbehind matches right to left: its back-reference comes before its group.
        (#"(?<=\1(\w))x"#, "aax", true),
        (#"(?<=\1(\w))x"#, "abx", false),
        (#"(?<=(\w)\1)x"#, "abx", true),
        (#"^(a*)*b\1$"#, "b", true),
        (#"^(?:a?)*$"#, "aaa", true),
        (#"^(a+?)\1$"#, "aaaa", true),
        (#"^(a+?)\1$"#, "aaa", false),
        (#"(\w+)\s\1"#, "say hello hello", true),
        // Escapes and Annex B's literal braces and brackets.
        (#"^\cC$"#, "\u{3}", true),
        (#"^\cc$"#, "\u{3}", true),
        (#"^a{$"#, "a{", true),
        (#"^a{,2}$"#, "a{,2}", true),
        (#"^x{2}$"#, "xx", true),
        (#"^]$"#, "]", true),
        (#"^[\d-z]$"#, "-", true),
        (#"^[\d-z]$"#, "m", false),
        (#"^\u{1F600}$"#, "😀", true),
        (#"^.$"#, "😀", true),
        (#"^abc$"#, "abc\n", false),
        (#"^(a{1000}){1000}$"#, "a", false),
        (#"^(?:a{2}){3}$"#, "aaaaaa", true),
        // Groups nest up to 100 deep (past that, an error: syntaxErrors).
        ("^" + String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100) + "$", "a", true),
    ]

    @Test(arguments: cases.indices) func matches(_ index: Int) throws {
        let (source, text, expected) = Self.cases[index]
        let pattern = try SchemaPattern(source)
        #expect(pattern.search(text) == (expected ? .match : .noMatch), "\(source) on \(text.debugDescription)")
        #expect(pattern.matches(text) == expected, "\(source) on \(text.debugDescription)")
    }

    /// Lookaround without back-references runs on the linear matcher; back-references on the
    /// backtracking one.
    @Test func whichMatcherRunsAPattern() throws {
        #expect(try SchemaPattern(#"^(?!b)(a+)+$"#).program != nil)
        #expect(try SchemaPattern(#"(?<=\$)\d+"#).program != nil)
        #expect(try SchemaPattern(#"^(a|a)*\1$"#).backtracker != nil)
        #expect(try SchemaPattern(#"^(a{1000}){1000}$"#).backtracker != nil)
    }

    /// A search that would backtrack exponentially stops after the budget and says so.
    @Test func anExponentialSearchEndsWithTheBudgetError() throws {
        let pattern = try SchemaPattern(#"^(a|a)*\1$"#)
        let text = String(repeating: "a", count: 40) + "!"
        let clock = ContinuousClock()
        let start = clock.now
        #expect(pattern.search(text) == .exceeded)
        #expect(!pattern.matches(text))
        #expect(pattern.mismatch(text) == #"cannot be checked against ^(a|a)*\1$: the pattern needs more than 1,000,000 steps on this value (it backtracks exponentially)"#)
        #expect(clock.now - start < .seconds(30))
        // A value it can decide is decided.
        #expect(pattern.search("aaaa") == .match)
        #expect(pattern.mismatch("b") == #"must match ^(a|a)*\1$"#)
    }

    @Test func theBudgetErrorIsTheViolation() throws {
        let schema = try JSONSchema(["properties": ["q": ["pattern": #"^(a|a)*\1$"#]]])
        let value: JSONValue = ["q": .string(String(repeating: "a", count: 40) + "!")]
        #expect(schema.validate(value).map { "\($0.instancePath) \($0.keyword): \($0.message)" } == [
            #"/q pattern: cannot be checked against ^(a|a)*\1$: the pattern needs more than 1,000,000 steps on this value (it backtracks exponentially)"#,
        ])
        #expect(!schema.isValid(value))
    }

    /// (pattern, the message).
    static let errors: [(String, String)] = [
        ("(", "expected ')'"),
        ("a)", "unbalanced ')' at character 2"),
        ("*a", "nothing to repeat at character 1"),
        ("a**", "nothing to repeat at character 3"),
        ("^*", "nothing to repeat at character 2"),
        ("(?<=a)*", "nothing to repeat at character 7"),
        (#"\1(a)(b)\3"#, #"\3 refers to group 3, but the pattern has 2 groups"#),
        (#"(a)\2"#, #"\2 refers to group 2, but the pattern has 1 group"#),
        (#"\k<x>(?<y>a)"#, "no group is named 'x' at character 6"),
        ("(?<a>x)(?<a>y)", "duplicate group name 'a' at character 13"),
        (#"\e"#, #"'\e' is not an ECMA-262 escape at character 3"#),
        (#"\p{Nope}"#, "unknown Unicode property 'Nope' at character 3"),
        ("(?i)a", "unsupported group syntax '(?' at character 3"),
        ("[b-a]", "range out of order in character class at character 5"),
        ("a{2,1}", "numbers out of order in {} quantifier at character 2"),
        ("a{100001}", "a quantifier's bound is over 100000 at character 2"),
        ("^5[", "expected custom character class members"),
        (#"\cé"#, #"\c must be followed by a letter at character 3"#),
        // Thousands of nested groups overflowed the stack (a crash in the schema or criterion that
        // has the pattern).
        (String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101), "groups nest deeper than 100 levels at character 101"),
        (String(repeating: "(?:", count: 101) + "a" + String(repeating: ")", count: 101), "groups nest deeper than 100 levels at character 301"),
    ]

    @Test(arguments: errors.indices) func syntaxErrors(_ index: Int) {
        let (source, message) = Self.errors[index]
        let error = #expect(throws: RegexSyntaxError.self) { try SchemaPattern(source) }
        #expect(error?.message == "'\(source)' is not a regular expression this engine can run (\(message))")
    }
}
