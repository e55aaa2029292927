import Testing

import Netspec
import NetspecModel

/// Hostile inputs under the default limits: each must fail fast with an exact error.
@Suite struct YAMLLimitsTests {
    /// The classic "billion laughs": 9 levels of 10 aliases each, 10^9 leaves if expanded.
    static let billionLaughs: String = {
        var lines = ["lol0: &lol0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]"]
        for level in 1...9 {
            lines.append("lol\(level): &lol\(level) [" + Array(repeating: "*lol\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return lines.joined(separator: "\n")
    }()

    @Test(.timeLimit(.minutes(1)))
    func billionLaughsFailsFast() {
        // Expanded weights: lol0 = 11, lol1 = 111, … lol6 = 11,111,111. The running total
        // passes 2,000,000 at the first alias in lol6 (line 7): 1,234,573 before it, plus 1,111,111.
        let line7 = Self.billionLaughs.split(separator: "\n")[6]
        let column = line7.distance(from: line7.startIndex, to: line7.firstIndex(of: "*")!) + 1
        let clock = ContinuousClock()
        var error: YAMLError?
        let elapsed = clock.measure { error = parseError(Self.billionLaughs) }
        #expect(error == YAMLError(message: "document expands to more than 2000000 nodes (alias bomb?)", mark: at(7, column)))
        print("billion laughs rejected in \(elapsed)")
    }

    @Test func billionLaughsWithinAliasLimitStillFailsOnNodes() {
        // 90 aliases is under the alias limit of 100, so only the node count can stop it.
        #expect(Self.billionLaughs.split(separator: "*").count - 1 == 90)
    }

    @Test func wideAliasFanOutHitsAliasLimit() {
        let text = "a: &a x\nb: [" + Array(repeating: "*a", count: 101).joined(separator: ", ") + "]"
        // The 101st alias starts at column 5 + 100 * 4 on line 2.
        #expect(parseError(text) == YAMLError(message: "too many aliases (limit 100)", mark: at(2, 405)))
    }

    @Test func hundredAliasesAreFine() throws {
        let text = "a: &a {k: v}\nb: [" + Array(repeating: "*a", count: 100).joined(separator: ", ") + "]"
        #expect(try parseYAML(text)?["b"]?.sequence?.count == 100)
    }

    // MARK: - Depth

    @Test func millionOpenBracketsFailWithoutRecursion() {
        let text = String(repeating: "[", count: 1_000_000)
        #expect(parseError(text) == YAMLError(message: "nesting deeper than 100 levels", mark: at(1, 101)))
    }

    @Test func millionOpenFlowMappingsFail() {
        let text = String(repeating: "{a: ", count: 1_000_000)
        #expect(parseError(text) == YAMLError(message: "nesting deeper than 100 levels", mark: at(1, 401)))
    }

    @Test func millionBlockSequenceLevelsFail() {
        let text = String(repeating: "- ", count: 1_000_000)
        #expect(parseError(text) == YAMLError(message: "nesting deeper than 100 levels", mark: at(1, 201)))
    }

    @Test func hundredLevelsAreFine() throws {
        let text = String(repeating: "[", count: 100) + "x" + String(repeating: "]", count: 100)
        var node = try #require(try parseYAML(text))
        var depth = 0
        while let inner = node.sequence?.first {
            node = inner
            depth += 1
        }
        #expect(depth == 100)
        #expect(node.string == "x")
    }

    // MARK: - Size

    @Test func seventeenMebibytesIsRejectedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 17 << 20)
        #expect(
            parseError(bytes)
                == YAMLError(message: "spec is larger than the 16 MiB limit (17825792 bytes)", mark: at(1, 1)))
    }

    @Test func largeValidDocumentParses() throws {
        // About 1 MB: one big mapping (past the duplicate-check index threshold) of small mappings.
        let text = (0..<20_000).map { "op\($0): {GET: /items/\($0), n: \($0)}\n" }.joined()
        let root = try #require(try parseYAML(text))
        #expect(root.mapping?.count == 20_000)
        #expect(root["op19999"]?["n"]?.scalar?.resolved == .int(19_999))
    }
}
