import Testing

import Netspec
import NetspecModel

@Suite struct YAMLMergeKeyTests {
    /// Anchored mappings shared by the cases below (lines 1–3).
    static let bases = """
        x: &x {a: 1, b: 2}
        y: &y {b: 20, c: 30}
        z: &z {d: 4}

        """

    /// A mapping under `t:` (after ``bases``) and the flow rendering of the result.
    static let cases: [(String, String)] = [
        // Merged pairs take the place of the `<<` entry.
        ("t:\n  <<: *x\n  e: 5", "{a: 1, b: 2, e: 5}"),
        ("t:\n  e: 5\n  <<: *x", "{e: 5, a: 1, b: 2}"),
        // Keys written in the mapping win, wherever they are written.
        ("t:\n  <<: *x\n  b: 9", "{a: 1, b: 9}"),
        ("t:\n  b: 9\n  <<: *x", "{b: 9, a: 1}"),
        // Earlier sources win over later ones; merged keys are never duplicates of each other.
        ("t:\n  <<: [*x, *y]", "{a: 1, b: 2, c: 30}"),
        ("t:\n  <<: [*y, *x]", "{b: 20, c: 30, a: 1}"),
        ("t:\n  <<: [*x, *y, *z]\n  c: 0", "{a: 1, b: 2, d: 4, c: 0}"),
        // Inline mappings, flow style and the explicit !!merge tag.
        ("t: {<<: {k: v}, e: 5}", "{k: v, e: 5}"),
        ("t:\n  !!merge <<: *z", "{d: 4}"),
        ("t:\n  <<: []\n  e: 5", "{e: 5}"),
        // A quoted `<<` is an ordinary key.
        ("t:\n  \"<<\": *z", "{<<: {d: 4}}"),
        ("t:\n  '<<': 1\n  <<: *z", "{<<: 1, d: 4}"),
    ]

    @Test(arguments: cases)
    func merges(mapping: String, expected: String) throws {
        let root = try #require(try parseYAML(Self.bases + mapping))
        #expect(root["t"]?.flow == expected)
    }

    @Test func mergedPairsKeepTheirSourceMarks() throws {
        let root = try #require(try parseYAML(Self.bases + "t:\n  <<: *x\n  e: 5"))
        let pairs = try #require(root["t"]?.mapping)
        #expect(pairs.map(\.key.mark) == [at(1, 8), at(1, 14), at(6, 3)])
    }

    @Test func nestedMergesAreAlreadyApplied() throws {
        let text = """
            base: &base {a: 1}
            mid: &mid
              <<: *base
              b: 2
            top:
              <<: *mid
              c: 3
            """
        let root = try #require(try parseYAML(text))
        #expect(root["mid"]?.flow == "{a: 1, b: 2}")
        #expect(root["top"]?.flow == "{a: 1, b: 2, c: 3}")
    }

    @Test func mergingDoesNotHideExplicitDuplicates() {
        let error = parseError(Self.bases + "t:\n  <<: *x\n  e: 1\n  e: 2")
        #expect(error == YAMLError(message: "duplicate key 'e' (first defined at 6:3)", mark: at(7, 3)))
    }

    /// A mapping after ``bases``, the message and the mark.
    static let errors: [(String, String, Mark)] = [
        ("t:\n  <<: 1", "merge key '<<' needs a mapping or a sequence of mappings", at(5, 7)),
        ("t:\n  <<: [*x, 1]", "merge key '<<' needs a mapping or a sequence of mappings", at(5, 12)),
        ("t:\n  <<: [*x, [1]]", "merge key '<<' needs a mapping or a sequence of mappings", at(5, 12)),
        ("t:\n  <<:\n  a: 1", "merge key '<<' needs a mapping or a sequence of mappings", at(5, 6)),
        ("t:\n  <<: *x\n  <<: *y", "duplicate key '<<' (first defined at 5:3)", at(6, 3)),
    ]

    @Test(arguments: errors)
    func rejectsInvalidMerges(mapping: String, message: String, mark: Mark) {
        #expect(parseError(Self.bases + mapping) == YAMLError(message: message, mark: mark))
    }
}
