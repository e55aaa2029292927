internal import CNetspecYAML

// MARK: - YAMLParser

/// Parses one YAML document into a ``YAMLNode`` tree with libyaml's event API — or, when the
/// document is JSON, with Netspec's JSON parser into the same tree (``JSONParser/parseTree(_:limits:)``).
///
/// This file is the only place that touches libyaml. Each call to ``parse(_:limits:)``
/// runs inside one `withUnsafeBufferPointer` scope, so the input stays alive for as long
/// as libyaml points into it, and returns an immutable document that no longer refers to C
/// memory. The `yaml_parser_t` lives on the heap (libyaml keeps a pointer to it), is
/// deleted by a `defer` on every path, and so is every event.
///
/// Checks made, each reported as a ``YAMLError`` with a 1-based mark:
/// - in Swift, before libyaml: size (``YAMLLimits/maxBytes``) and UTF-8 validity;
/// - by libyaml: syntax (scanner, parser and reader errors);
/// - while building (``YAMLTreeBuilder``): a single document, scalar and unique mapping
///   keys, defined aliases, valid `<<` merges, depth, alias count and expanded node count.
package enum YAMLParser {
    /// Parses `bytes` as a single YAML document.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text; a leading UTF-8 byte order mark is skipped.
    ///   - limits: Bounds on size, depth, aliases and expanded nodes.
    /// - Returns: The root node, or `nil` when the stream holds no document (it is empty,
    ///   or only comments and whitespace). An explicit empty document (`---`) is a null scalar.
    /// - Throws: ``YAMLError`` for the first problem found.
    ///   - asJSON: Whether the document is JSON (a `.json` file, ``isJSONFile(_:)``): then it is
    ///     read by JSON's grammar only, and what JSON does not allow (a trailing comma, a comment,
    ///     a single-quoted string) is an error at its place rather than YAML that libyaml reads.
    package static func parse(_ bytes: [UInt8], limits: YAMLLimits = .default, asJSON: Bool = false) throws(YAMLError) -> YAMLNode? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in try parse(buffer, limits: limits, asJSON: asJSON) }
    }

    /// Parses `buffer` as a single YAML document (see ``parse(_:limits:asJSON:)-([UInt8],_,_)``).
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, limits: YAMLLimits = .default, asJSON: Bool = false) throws(YAMLError) -> YAMLNode? {
        try YAMLSource.validate(buffer, limits: limits)
        let text = YAMLSource.body(of: buffer)
        // libyaml asserts on a NULL input pointer, which an empty buffer may have.
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        if asJSON {
            guard text.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { return nil }
            return try JSONParser.parseTree(text, limits: limits)
        }
        // JSON (an OpenAPI document, usually) is read by Netspec's JSON parser into the same
        // tree, about six times faster; anything it refuses is YAML's to read (or to reject).
        if looksLikeJSON(text), let root = try? JSONParser.parseTree(text, limits: limits) {
            return root
        }
        return try parseEvents(base, count: text.count, limits: limits)
    }

    /// Whether a document's file (or URL path) names a JSON document: it ends in `.json`, in any
    /// case. Such a document is parsed as JSON only (``parse(_:limits:asJSON:)-([UInt8],_,_)``).
    package static func isJSONFile(_ path: String) -> Bool {
        path.utf8.count >= 5 && path.suffix(5).lowercased() == ".json"
    }

    /// Parses `bytes` with libyaml whatever they hold (the tests compare it with the JSON reader).
    static func parseWithLibYAML(_ bytes: [UInt8], limits: YAMLLimits = .default) throws(YAMLError) -> YAMLNode? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            try YAMLSource.validate(buffer, limits: limits)
            let text = YAMLSource.body(of: buffer)
            guard let base = text.baseAddress, !text.isEmpty else { return nil }
            return try parseEvents(base, count: text.count, limits: limits)
        }
    }

    /// Whether the text's first character after whitespace opens a JSON object or array.
    private static func looksLikeJSON(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = text.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    // MARK: - Event loop

    /// Runs libyaml over validated UTF-8 text and builds the tree from its events.
    private static func parseEvents(
        _ input: UnsafePointer<UInt8>, count: Int, limits: YAMLLimits
    ) throws(YAMLError) -> YAMLNode? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(message: "out of memory", mark: .start)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input, count)

        var builder = YAMLTreeBuilder(limits: limits, byteCount: count)
        var sawDocument = false
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw error(from: parser, input: UnsafeBufferPointer(start: input, count: count))
            }
            defer { yaml_event_delete(&event) }
            let mark = Mark(event.start_mark)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                guard !sawDocument else { throw .secondDocument(at: mark) }
                sawDocument = true
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                try builder.scalar(
                    UnsafeBufferPointer(start: data.value, count: data.length), style: YAMLScalar.Style(data.style),
                    tag: string(data.tag), anchor: string(data.anchor), mark: mark)
            case YAML_ALIAS_EVENT:
                try builder.alias(string(event.data.alias.anchor) ?? "", mark: mark)
            case YAML_SEQUENCE_START_EVENT:
                let data = event.data.sequence_start
                try builder.startCollection(
                    isMapping: false, tag: string(data.tag), anchor: string(data.anchor), mark: mark)
            case YAML_MAPPING_START_EVENT:
                let data = event.data.mapping_start
                try builder.startCollection(
                    isMapping: true, tag: string(data.tag), anchor: string(data.anchor), mark: mark)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try builder.endCollection()
            case YAML_STREAM_END_EVENT:
                return builder.finish()
            default:
                break  // Stream start and document end carry nothing we keep.
            }
        }
    }

    // MARK: - Converting C values

    /// A Swift string from an optional NUL-terminated libyaml string (anchors and tags).
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The error libyaml reported, as a ``YAMLError``.
    ///
    /// The message is `problem`, followed by `(context at mark)` when libyaml gives a
    /// context, for example `could not find expected ':' (while scanning a simple key at 3:1)`.
    /// Reader errors carry a byte offset rather than a mark, so their mark is computed here.
    private static func error(
        from parser: UnsafePointer<yaml_parser_t>, input: UnsafeBufferPointer<UInt8>
    ) -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return YAMLError(message: "out of memory", mark: .start)
        case YAML_READER_ERROR:
            let value = String(UInt32(bitPattern: state.problem_value), radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - value.count)) + value
            return YAMLError(
                message: "\(problem) (U+\(padded))",
                mark: YAMLSource.mark(ofOffset: state.problem_offset, in: input))
        default:
            var message = problem
            if let context = state.context {
                message += " (\(String(cString: context)) at \(Mark(state.context_mark)))"
            }
            return YAMLError(message: message, mark: Mark(state.problem_mark))
        }
    }
}

// MARK: - C conversions

extension Mark {
    /// Converts libyaml's 0-based mark; the only place the `+ 1` happens.
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: mark.line + 1, column: mark.column + 1)
    }
}

extension YAMLScalar.Style {
    /// Converts libyaml's scalar style; `YAML_ANY_SCALAR_STYLE` never comes from the parser.
    fileprivate init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}
