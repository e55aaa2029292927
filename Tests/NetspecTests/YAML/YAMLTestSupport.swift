@testable import Netspec
@testable import NetspecModel

// MARK: - Parsing helpers

/// Parses `text` (as UTF-8) with `limits`.
func parseYAML(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode? {
    try YAMLParser.parse(Array(text.utf8), limits: limits)
}

/// The error parsing `bytes` throws, or `nil` if it parses.
func parseError(_ bytes: [UInt8], limits: YAMLLimits = .default) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// The error parsing `text` throws, or `nil` if it parses.
func parseError(_ text: String, limits: YAMLLimits = .default) -> YAMLError? {
    parseError(Array(text.utf8), limits: limits)
}

/// Shorthand for a mark.
func at(_ line: Int, _ column: Int) -> Mark { Mark(line: line, column: column) }

// MARK: - Rendering

extension YAMLNode {
    /// The tree in compact flow style, scalars unquoted: `{a: [1, 2], b: x}`.
    var flow: String {
        switch kind {
        case .scalar(let scalar): scalar.value
        case .sequence(let items): "[" + items.map(\.flow).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{" + pairs.map { "\($0.key.flow): \($0.value.flow)" }.joined(separator: ", ") + "}"
        }
    }

    /// Every node in document order as `mark kind[ value]`, e.g. `1:1 mapping`, `1:4 scalar x`.
    var outline: [String] { lines { "scalar \($0.value)" } }

    /// Every node as `mark kind[ style value]`, e.g. `1:4 scalar doubleQuoted x`, to compare trees.
    var detailedOutline: [String] { lines { "scalar \($0.style) \($0.value)" } }

    /// Every node in document order as `mark kind`, a scalar described by `scalarText`.
    private func lines(_ scalarText: (YAMLScalar) -> String) -> [String] {
        var lines: [String] = []
        var pending: [YAMLNode] = [self]
        while let node = pending.popLast() {
            switch node.kind {
            case .scalar(let scalar):
                lines.append("\(node.mark) " + scalarText(scalar))
            case .sequence(let items):
                lines.append("\(node.mark) sequence")
                pending.append(contentsOf: items.reversed())
            case .mapping(let pairs):
                lines.append("\(node.mark) mapping")
                for pair in pairs.reversed() { pending.append(contentsOf: [pair.value, pair.key]) }
            }
        }
        return lines
    }
}
