import HTTPTypes

/// Typed readers for scalar values, each reporting "expected …, found …" with the node's position.
extension SpecLoader {
    /// A string scalar (any quoting style).
    mutating func readString(_ node: YAMLNode, key: String, context: ErrorContext) -> String? {
        guard let scalar = node.scalar, !scalar.isPlainNull else {
            report("\(context)'\(key)' must be a string, found \(node.foundDescription)", at: node.mark)
            return nil
        }
        return scalar.value
    }

    /// A non-empty string scalar.
    mutating func readName(_ node: YAMLNode, key: String, context: ErrorContext) -> String? {
        guard let value = readString(node, key: key, context: context) else { return nil }
        guard !value.isEmpty else {
            report("\(context)'\(key)' must not be empty", at: node.mark)
            return nil
        }
        return value
    }

    /// An integer scalar.
    mutating func readInt(_ node: YAMLNode, key: String, context: ErrorContext) -> Int? {
        if let scalar = node.scalar, scalar.style == .plain, case let .int(value) = scalar.resolved { return value }
        report("\(context)'\(key)' must be a whole number, found \(node.foundDescription)", at: node.mark)
        return nil
    }

    /// A number scalar (integer or decimal).
    mutating func readNumber(_ node: YAMLNode, key: String, context: ErrorContext) -> Double? {
        if let scalar = node.scalar, scalar.style == .plain {
            switch scalar.resolved {
            case let .int(value): return Double(value)
            case let .double(value) where value.isFinite: return value
            case .double:
                report("\(context)'\(key)' must be a finite number, found \(node.foundDescription)", at: node.mark)
                return nil
            default: break
            }
        }
        report("\(context)'\(key)' must be a number, found \(node.foundDescription)", at: node.mark)
        return nil
    }

    /// A boolean scalar.
    mutating func readBool(_ node: YAMLNode, key: String, context: ErrorContext) -> Bool? {
        if let scalar = node.scalar, scalar.style == .plain, case let .bool(value) = scalar.resolved { return value }
        report("\(context)'\(key)' must be true or false, found \(node.foundDescription)", at: node.mark)
        return nil
    }

    /// A string that may hold `${NAME}` variables.
    mutating func readTemplate(_ node: YAMLNode, key: String, context: ErrorContext) -> Template? {
        guard let text = readString(node, key: key, context: context) else { return nil }
        return parseTemplate(text, node: node, context: context + "'\(key)': ")
    }

    /// Parses `${NAME}` variables in a scalar's text, reporting syntax errors at their column.
    mutating func parseTemplate(_ text: String, node: YAMLNode, context: ErrorContext) -> Template? {
        do {
            return try Template(parsing: text)
        } catch {
            report("\(context)\(error.message)", at: node.mark(atOffset: error.offset, in: file))
            return nil
        }
    }

    /// One of a closed set of words, with a suggestion when it is misspelt.
    mutating func readChoice<Choice: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, key: String, what: String, context: ErrorContext, as: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = readString(node, key: key, context: context) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        let hint = Suggestions.hint(for: text, in: names)
        let list = hint.isEmpty ? " (one of: \(names.joined(separator: ", ")))" : hint
        report("\(context)unknown \(what) '\(text)'\(list)", at: node.mark)
        return nil
    }

    /// `encoding: json | form | multipart`.
    mutating func readEncoding(_ node: YAMLNode, context: ErrorContext) -> Endpoint.BodyEncoding? {
        readChoice(node, key: "encoding", what: "encoding", context: context, as: Endpoint.BodyEncoding.self)
    }

    /// `cache: useProtocol | reload | returnCacheElseLoad | returnCacheDontLoad`.
    mutating func readCachePolicy(_ node: YAMLNode, context: ErrorContext) -> CachePolicy? {
        readChoice(node, key: "cache", what: "cache policy", context: context, as: CachePolicy.self)
    }

    /// `timeout:` in seconds, positive and at most ``Seconds/longest``.
    mutating func readTimeout(_ node: YAMLNode, context: ErrorContext) -> Double? {
        guard let value = readNumber(node, key: "timeout", context: context) else { return nil }
        guard Seconds.isValid(value) else {
            report("\(context)'timeout' must be a positive number of seconds, \(Seconds.longestText), found \(node.scalar?.value ?? "")", at: node.mark)
            return nil
        }
        return value
    }

    /// A `headers:` mapping of names to values that may hold `${NAME}`.
    mutating func readHeaders(_ node: YAMLNode, context: ErrorContext) -> [SpecHeader] {
        guard let mapping = MappingReader(node) else {
            report("\(context)'headers' must be a mapping of header names to values, found \(node.foundDescription)", at: node.mark)
            return []
        }
        var headers: [SpecHeader] = []
        // Each name as first written, by its lower-cased form: names are case-insensitive.
        var written: [String: String] = [:]
        for pair in mapping.pairs {
            let name = pair.key.scalar?.value ?? ""
            guard let fieldName = HTTPField.Name(name) else {
                report("\(context)invalid header name '\(name)'", at: pair.key.mark)
                continue
            }
            if let first = written[fieldName.canonicalName] {
                report("\(context)headers '\(first)' and '\(name)' are the same header (names are case-insensitive, RFC 9110 §5.1); keep one", at: pair.key.mark)
                continue
            }
            written[fieldName.canonicalName] = name
            if let problem = FramingHeaders.problem(withName: name) {
                report("\(context)\(problem)", at: pair.key.mark)
                continue
            }
            guard let scalar = pair.value.scalar, pair.value.mapping == nil else {
                report("\(context)header '\(name)' must have a text value, found \(pair.value.foundDescription)", at: pair.value.mark)
                continue
            }
            // By byte: "\r\n" is one Character, equal to neither "\r" nor "\n".
            if let byte = scalar.value.utf8.first(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) {
                let what = byte == 0x0D || byte == 0x0A ? "a line break (CR or LF)" : "the control character \(PercentEncoding.hexByte(byte))"
                report("\(context)header '\(name)' must not contain \(what)", at: pair.value.mark)
                continue
            }
            guard let value = parseTemplate(scalar.value, node: pair.value, context: context + "header '\(name)': ") else { continue }
            headers.append(SpecHeader(name: fieldName, value: value, mark: pair.key.mark))
        }
        return headers
    }

    /// A free-text description.
    mutating func readSummary(_ node: YAMLNode?, context: ErrorContext) -> String? {
        node.flatMap { readString($0, key: "description", context: context) }
    }
}
