import NetspecModel

/// The reader's small tools: errors, mappings and their keys, strings, lists, names.
extension ArazzoReader {
    /// Records a problem at a mark.
    mutating func fail(_ mark: Mark, _ message: String) {
        errors.append(SpecError(file: file, mark: mark, message: message))
    }

    /// The node as a mapping, or `nil` with an error when it is not one; its keys are checked by the caller.
    mutating func mapping(_ node: YAMLNode, _ what: String) -> MappingReader? {
        guard let reader = MappingReader(node) else {
            fail(node.mark, "\(what) is \(node.foundDescription), expected a mapping")
            return nil
        }
        return reader
    }

    /// The node as a mapping whose keys are checked (``checkKeys(_:_:v10:v11:)``), or `nil` with an
    /// error when it is not a mapping.
    mutating func object(_ node: YAMLNode, _ what: String, v10: [String], v11: [String] = []) -> MappingReader? {
        guard let reader = mapping(node, what) else { return nil }
        checkKeys(reader, what, v10: v10, v11: v11)
        return reader
    }

    /// Every key that is not one of the version's (1.1's include 1.0's) and not an `x-` extension
    /// is an error, with the closest known key; a 1.1 key in a 1.0 document says so.
    mutating func checkKeys(_ reader: MappingReader, _ what: String, v10: [String], v11: [String] = []) {
        let allowed = minor == 1 ? v10 + v11 : v10
        for pair in reader.pairs {
            let key = pair.key.string ?? ""
            if allowed.contains(key) || key.hasPrefix("x-") { continue }
            if v11.contains(key) {
                fail(pair.key.mark, "\(what): '\(key)' is Arazzo 1.1 (this document is 1.0; write 'arazzo: 1.1.0' to use it)")
            } else {
                fail(pair.key.mark, "\(what): unknown key '\(key)'" + Suggestions.hint(for: key, in: allowed))
            }
        }
    }

    /// The string under `key`, with its place; an error when it is required and absent, or not a
    /// string (a number or boolean scalar is taken as written, as YAML authors expect for names).
    mutating func text(_ reader: MappingReader, _ key: String, _ what: String, required: Bool = false) -> Located<String>? {
        guard let node = reader[key] else {
            if required { fail(reader.node.mark, "\(what): no '\(key)'") }
            return nil
        }
        guard let scalar = node.scalar, scalar.resolved != .null, let string = node.string else {
            fail(node.mark, "\(what): '\(key)' is \(node.foundDescription), expected a string")
            return nil
        }
        return Located(string, at: node.mark)
    }

    /// The items of the list under `key`; an error when it is required and absent, not a list,
    /// or (required lists, and the lists Arazzo says must have items) empty.
    mutating func items(_ reader: MappingReader, _ key: String, _ what: String, required: Bool = false, nonEmpty: Bool = false) -> [YAMLNode] {
        guard let node = reader[key] else {
            if required { fail(reader.node.mark, "\(what): no '\(key)' (expected a list with at least one item)") }
            return []
        }
        guard let items = node.sequence else {
            fail(node.mark, "\(what): '\(key)' is \(node.foundDescription), expected a list")
            return []
        }
        if items.isEmpty, required || nonEmpty {
            fail(node.mark, "\(what): '\(key)' is empty; it needs at least one item" + (required ? "" : " (or leave it out)"))
        }
        return Array(items)
    }

    /// A number under `key`, or `nil` with an error when it is not one, below `minimum`, or (when
    /// `maximum` is given) not finite or above it.
    mutating func number(_ reader: MappingReader, _ key: String, _ what: String, minimum: Double = 0, maximum: Double? = nil, integer: Bool = false) -> Double? {
        guard let node = reader[key] else { return nil }
        let value: Double? = switch node.scalar?.resolved {
        case let .int(int)?: Double(int)
        case let .double(double)? where !integer: double
        default: nil
        }
        guard let value, value >= minimum, maximum.map({ value.isFinite && value <= $0 }) ?? true else {
            let range = maximum.map { "from \(Int(minimum)) to \(Int($0))" } ?? "of at least \(Int(minimum))"
            fail(node.mark, "\(what): '\(key)' is \(node.foundDescription), expected \(integer ? "an integer" : "a number") \(range)")
            return nil
        }
        return value
    }

    /// An integer under `key` of at least 0, as written (the largest a YAML integer can be
    /// included: through a `Double` one near `Int.max` rounds past it), or `nil` with
    /// ``number(_:_:_:minimum:maximum:integer:)``'s error when it is not one.
    mutating func integer(_ reader: MappingReader, _ key: String, _ what: String) -> Int? {
        guard number(reader, key, what, integer: true) != nil, case let .int(value)? = reader[key]?.scalar?.resolved else { return nil }
        return value
    }

    /// An error for each name given more than once (after the first), naming where the first is.
    mutating func checkUnique(_ names: [Located<String>], _ noun: String, _ key: String, scope: String = "") {
        var first: [String: Located<String>] = [:]
        for name in names {
            if let earlier = first[name.value] {
                fail(name.mark, "\(scope)duplicate \(noun) '\(name.value)' (its '\(key)' is also at line \(earlier.line))")
            } else {
                first[name.value] = name
            }
        }
    }

    /// The characters a name may have.
    enum NamePattern {
        /// `[A-Za-z0-9_-]+`: source names, workflow and step ids.
        case identifier
        /// `[A-Za-z0-9.\-_]+`: component keys and output names.
        case componentKey

        func allows(_ name: String) -> Bool {
            !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "-" || (self == .componentKey && scalar == ".")
            }
        }

        var characters: String { self == .identifier ? "letters, digits, '_' and '-'" : "letters, digits, '.', '_' and '-'" }
    }

    /// Whether a name has only the pattern's characters; an error when not.
    @discardableResult
    mutating func checkName(_ name: Located<String>, _ what: String, pattern: NamePattern) -> Bool {
        if pattern.allows(name.value) { return true }
        fail(name.mark, "\(what): the name '\(name.value)' may have only \(pattern.characters)")
        return false
    }
}

/// `'a', 'b' or 'c'` (or `and`).
func quotedList(_ names: [String], conjunction: String = "or") -> String {
    let quoted = names.map { "'\($0)'" }
    guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
