// RFC 9535 JSONPath, written here: no package on this toolchain's list implements RFC 9535 (the
// Swift JSONPath packages that exist follow Goessner's 2007 article, whose filters are script
// expressions and whose results differ from the RFC's), and the engine has to run over our own
// `JSONValue` for overlays, workflows and `--jsonpath` without converting documents. Conformance:
// the JSONPath Compliance Test Suite (`JSONPathComplianceTests`) and a differential test against
// the `jsonpath-rfc9535` package (`JSONPathDifferentialTests`).

/// A JSONPath query (RFC 9535), parsed once and applied to any number of values.
///
/// ```swift
/// let query = try JSONPath("$.store.book[?@.price < 10].title")
/// let titles = query.select(in: document)            // the values, in the RFC's order
/// let located = query.locate(in: document)           // each with its normalized path, `$['store']['book'][0]['title']`
/// ```
///
/// Every part of the RFC is read: name, wildcard, index, slice and filter selectors, child and
/// descendant segments, filters with comparisons, `&&`, `||`, `!`, existence tests, and the five
/// function extensions of §2.4 (`length`, `count`, `match`, `search`, `value`) checked for being
/// well-typed when the query is parsed. A query that is not valid JSONPath throws a
/// ``ParseError`` that gives the column.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The query as written.
    public let text: String
    /// Its segments, applied in order from the root.
    let segments: [Segment]

    /// Parses `text` as a JSONPath query.
    ///
    /// - Throws: ``ParseError``, naming the column (1-based, in Unicode scalars) where the query
    ///   stops being valid.
    public init(_ text: String) throws(ParseError) {
        var parser = JSONPathParser(text)
        self.text = text
        self.segments = try parser.parseQuery()
    }

    public var description: String { text }

    /// Whether the query selects at most one node, whatever the value (RFC 9535 §2.3.5.1: only
    /// name and index selectors, in child segments).
    public var isSingular: Bool { Query(isAbsolute: true, segments: segments).isSingular }

    /// The values the query selects in `root`, in the order the RFC gives them.
    public func select(in root: JSONValue) -> [JSONValue] {
        var evaluator = JSONPathEvaluator(root: root, tracksPaths: false)
        return evaluator.evaluate(segments, from: JSONPathEvaluator.Node(value: root, path: nil)).map(\.value)
    }

    /// Whether the query selects any value in `root`: `!select(in: root).isEmpty`, stopping at the
    /// first node its last segment finds (a workflow's `jsonpath` criterion asks only this).
    package func selectsAny(in root: JSONValue) -> Bool {
        var evaluator = JSONPathEvaluator(root: root, tracksPaths: false)
        return evaluator.selectsAny(segments, from: JSONPathEvaluator.Node(value: root, path: nil))
    }

    /// The values the query selects in `root`, each with its location as a normalized path.
    public func locate(in root: JSONValue) -> [(path: NormalizedPath, value: JSONValue)] {
        var evaluator = JSONPathEvaluator(root: root, tracksPaths: true)
        return evaluator.evaluate(segments, from: JSONPathEvaluator.Node(value: root, path: .root)).map {
            (NormalizedPath(link: $0.path), $0.value)
        }
    }
}
