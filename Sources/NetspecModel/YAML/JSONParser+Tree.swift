// MARK: - JSON documents as positioned trees

/// A JSON document read into the same positioned tree (``YAMLNode``) that libyaml's events build,
/// for the spec front ends: an OpenAPI document is usually JSON, and GitHub's is 13 MB.
///
/// Why not libyaml, which reads JSON too: it scans at about 75 MB/s here, and this parser's
/// scanner at about 440 MB/s (docs/performance-notes.md). The tree is built by the same ``YAMLTreeBuilder``,
/// so it is the same tree, with the same checks (unique keys, depth, node count) and the same
/// marks (libyaml's counting, by ``MarkCounter``, in one pass): strings are double-quoted
/// scalars, numbers, `true`, `false` and `null` plain ones, exactly as libyaml reports them.
extension JSONParser {
    /// Parses `text` (UTF-8, validated, without a byte order mark) as one JSON document into a tree.
    ///
    /// - Returns: The root node, or `nil` for empty text.
    /// - Throws: ``YAMLError`` at the first violation of JSON's grammar or of `limits`, at its mark.
    static func parseTree(_ text: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) throws(YAMLError) -> YAMLNode? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var parser = JSONParser(input: text, bytes: base, end: text.count)
        var builder = YAMLTreeBuilder(limits: limits, byteCount: text.count)
        var marks = MarkCounter(text)
        do {
            try parser.buildTree(into: &builder, marks: &marks)
        } catch {
            switch error {
            case .json(let error): throw YAMLError(message: error.message, mark: YAMLSource.mark(ofOffset: error.offset, in: text))
            case .tree(let error): throw error
            }
        }
        return builder.finish()
    }

    /// Reads the document, handing each node to `builder` as libyaml's events would.
    private mutating func buildTree(into builder: inout YAMLTreeBuilder, marks: inout MarkCounter) throws(JSONTreeFailure) {
        /// Whether each open container is an object.
        var objects: [Bool] = []
        skipWhitespace()
        parsing: while true {
            guard position < end else { throw .json(endOfInput()) }
            let mark = marks.mark(at: position)
            switch bytes[position] {
            case UInt8(ascii: "\""):
                let span = try json { (parser) throws(JSONValue.ParseError) in try parser.scanString() }
                try Self.step(&builder) { (builder) throws(YAMLError) in
                    try builder.scalar(UnsafeBufferPointer(start: span.start, count: span.count), style: .doubleQuoted, tag: nil, anchor: nil, mark: mark)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = position
                _ = try json { (parser) throws(JSONValue.ParseError) in try parser.parseNumber() }
                try plainScalar(from: start, mark: mark, into: &builder)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let start = position
                let literal: StaticString = bytes[position] == UInt8(ascii: "t") ? "true" : bytes[position] == UInt8(ascii: "f") ? "false" : "null"
                try json { (parser) throws(JSONValue.ParseError) in try parser.expectLiteral(literal) }
                try plainScalar(from: start, mark: mark, into: &builder)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[position] == UInt8(ascii: "{")
                try Self.step(&builder) { (builder) throws(YAMLError) in
                    try builder.startCollection(isMapping: isObject, tag: nil, anchor: nil, mark: mark)
                }
                objects.append(isObject)
                position += 1
                skipWhitespace()
                if position < end, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    objects.removeLast()
                    try Self.step(&builder) { (builder) throws(YAMLError) in try builder.endCollection() }
                } else {
                    if isObject { try memberKey(into: &builder, marks: &marks) }
                    continue parsing
                }
            default:
                throw .json(invalidValueStart())
            }

            // A value is complete: close every container it completes, or move on to the next one.
            while let isObject = objects.last {
                skipWhitespace()
                guard position < end else { throw .json(endOfInput()) }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    // A trailing comma is reported where it is written, not at the bracket after it.
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if position < end, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        throw .json(error("trailing comma is not allowed", at: comma))
                    }
                    if isObject { try memberKey(into: &builder, marks: &marks) }
                    continue parsing
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw .json(error(isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element", at: position))
                }
                position += 1
                objects.removeLast()
                try Self.step(&builder) { (builder) throws(YAMLError) in try builder.endCollection() }
            }
            break
        }
        skipWhitespace()
        if position < end { throw .json(unexpectedCharacter(at: position, suffix: " after top-level value")) }
    }

    /// Reads `"key"`, whitespace, `:` and whitespace, handing the key to `builder`.
    private mutating func memberKey(into builder: inout YAMLTreeBuilder, marks: inout MarkCounter) throws(JSONTreeFailure) {
        try json { (parser) throws(JSONValue.ParseError) in try parser.expectKeyStart() }
        let mark = marks.mark(at: position)
        let span = try json { (parser) throws(JSONValue.ParseError) in try parser.scanString() }
        try Self.step(&builder) { (builder) throws(YAMLError) in
            try builder.scalar(UnsafeBufferPointer(start: span.start, count: span.count), style: .doubleQuoted, tag: nil, anchor: nil, mark: mark)
        }
        try json { (parser) throws(JSONValue.ParseError) in try parser.expectColonAfterKey() }
    }

    /// Hands the text from `start` to the current position to `builder` as a plain scalar.
    private func plainScalar(from start: Int, mark: Mark, into builder: inout YAMLTreeBuilder) throws(JSONTreeFailure) {
        try Self.step(&builder) { (builder) throws(YAMLError) in
            try builder.scalar(UnsafeBufferPointer(start: bytes + start, count: position - start), style: .plain, tag: nil, anchor: nil, mark: mark)
        }
    }

    /// Runs one step of the scanner, its error kept for conversion to a mark.
    @inline(__always)
    private mutating func json<Result>(_ body: (inout JSONParser) throws(JSONValue.ParseError) -> Result) throws(JSONTreeFailure) -> Result {
        do { return try body(&self) } catch { throw .json(error) }
    }

    /// Runs one step of the tree builder, its error kept as it is.
    @inline(__always)
    private static func step(
        _ builder: inout YAMLTreeBuilder, _ body: (inout YAMLTreeBuilder) throws(YAMLError) -> Void
    ) throws(JSONTreeFailure) {
        do { try body(&builder) } catch { throw .tree(error) }
    }
}

/// Why a JSON document could not become a tree: its grammar (a byte offset, marked later) or a
/// limit the tree builder enforces (already marked).
enum JSONTreeFailure: Error {
    case json(JSONValue.ParseError)
    case tree(YAMLError)
}
