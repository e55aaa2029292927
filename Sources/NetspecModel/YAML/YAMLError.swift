// MARK: - YAMLError

/// A problem found while reading a YAML document, with the position it refers to.
///
/// Every failure of ``YAMLParser/parse(_:limits:)`` is a `YAMLError`: oversized or
/// non-UTF-8 input, libyaml's scanner and parser errors (`YAML_SCANNER_ERROR`,
/// `YAML_PARSER_ERROR`, `YAML_READER_ERROR`), and the structural checks this layer adds
/// (duplicate keys, aliases, merge keys, limits). The spec loader adds the file name:
/// `file:12:7: message`.
package struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence fragment in lower case that says what is wrong, e.g.
    /// `duplicate key 'id' (first defined at 3:5)`.
    package var message: String
    /// Where the problem is: the offending byte, token or node.
    package var mark: Mark

    /// Creates an error with a message and the mark it points at.
    package init(message: String, mark: Mark) {
        self.message = message
        self.mark = mark
    }

    /// The error as `line:column: message`.
    package var description: String { "\(mark): \(message)" }
}

// MARK: - Messages

extension YAMLError {
    /// The input is bigger than ``YAMLLimits/maxBytes``.
    static func tooLarge(byteCount: Int, limit: Int) -> YAMLError {
        YAMLError(
            message: "spec is larger than the \(describeSize(limit)) limit (\(byteCount) bytes)",
            mark: .start)
    }

    /// A mapping defines `key` twice; `first` is where it was first defined.
    static func duplicateKey(_ key: String, first: Mark, at mark: Mark) -> YAMLError {
        YAMLError(message: "duplicate key '\(key)' (first defined at \(first))", mark: mark)
    }

    /// A mapping key is a mapping or a sequence.
    static func nonScalarKey(at mark: Mark) -> YAMLError {
        YAMLError(message: "mapping keys must be scalars", mark: mark)
    }

    /// The stream holds a second document.
    static func secondDocument(at mark: Mark) -> YAMLError {
        YAMLError(message: "expected a single YAML document, found another", mark: mark)
    }

    /// An alias names an anchor that is not defined before it.
    static func undefinedAlias(_ name: String, at mark: Mark) -> YAMLError {
        YAMLError(message: "undefined alias '\(name)'", mark: mark)
    }

    /// More alias nodes than ``YAMLLimits/maxAliases``.
    static func tooManyAliases(limit: Int, at mark: Mark) -> YAMLError {
        YAMLError(message: "too many aliases (limit \(limit))", mark: mark)
    }

    /// The document, with aliases expanded, has more than ``YAMLLimits/maxNodes`` nodes.
    static func tooManyNodes(limit: Int, at mark: Mark) -> YAMLError {
        YAMLError(message: "document expands to more than \(limit) nodes (alias bomb?)", mark: mark)
    }

    /// Collections nest deeper than ``YAMLLimits/maxDepth``.
    static func tooDeep(limit: Int, at mark: Mark) -> YAMLError {
        YAMLError(message: "nesting deeper than \(limit) levels", mark: mark)
    }

    /// The value of a `<<` merge key is not a mapping or a sequence of mappings.
    static func invalidMerge(at mark: Mark) -> YAMLError {
        YAMLError(message: "merge key '<<' needs a mapping or a sequence of mappings", mark: mark)
    }

    /// Formats a byte count as `16 MiB`, `512 KiB` or `1000 bytes`, whichever is exact.
    private static func describeSize(_ bytes: Int) -> String {
        if bytes > 0, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes > 0, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes)-byte"
    }
}
