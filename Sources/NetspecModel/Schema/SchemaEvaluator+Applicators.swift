// The applicators that walk into arrays and objects (items, contains, properties, property
// names, unevaluated*), and anyOf/oneOf with the choice of which branch's problems to report.

extension SchemaEvaluator {
    // MARK: - Arrays

    /// `prefixItems` and `items`.
    mutating func checkItems(_ array: [JSONValue], prefix: [Int32], rest: Int32?, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        for index in array.indices {
            let schema: Int32
            let keyword: String
            if index < prefix.count {
                schema = prefix[index]
                keyword = "prefixItems"
            } else if let rest {
                schema = rest
                keyword = "items"
            } else {
                break
            }
            if !checkChild(schema, array[index], .index(index), keyword: keyword) {
                valid = false
                if !Sink.isCollecting { return false }
            }
        }
        if let done = evaluated?.prefix { evaluated?.prefix = max(done, rest == nil ? min(prefix.count, array.count) : array.count) }
        return valid
    }

    /// `contains`, `minContains`, `maxContains`.
    mutating func checkContains(
        _ array: [JSONValue], _ schema: Int32, minimum: Int, maximum: Int?, _ site: KeywordSite, _ evaluated: inout Evaluated?
    ) -> Bool {
        var matches = 0
        for index in array.indices {
            var ignored: Evaluated?
            if quietly(schema, array[index], &ignored).valid {
                matches += 1
                evaluated?.indices.insert(index)
                // Without maxContains or annotations to collect, enough matches settle it.
                if maximum == nil, evaluated == nil, matches >= minimum { return true }
            }
        }
        if matches < minimum {
            fail(message: "must contain at least \(pluralized(minimum, "item")) matching the contains schema (found \(matches))", keyword: minimum == 1 ? "contains" : "minContains", at: site)
            return false
        }
        if let maximum, matches > maximum {
            fail(message: "must contain at most \(pluralized(maximum, "item")) matching the contains schema (found \(matches))", keyword: "maxContains", at: site)
            return false
        }
        return true
    }

    /// `unevaluatedItems`: the items no other keyword evaluated.
    mutating func checkUnevaluatedItems(_ array: [JSONValue], _ schema: Int32, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let done = evaluated ?? Evaluated()
        for index in array.indices where index >= done.prefix && !done.indices.contains(index) {
            if !checkChild(schema, array[index], .index(index), keyword: "unevaluatedItems") {
                valid = false
                if !Sink.isCollecting { return false }
            }
        }
        evaluated?.prefix = array.count
        return valid
    }

    // MARK: - Objects

    /// `properties`, `patternProperties` and `additionalProperties`, member by member.
    mutating func checkProperties(_ object: JSONObject, _ shape: SchemaObjectShape, _ evaluated: inout Evaluated?) -> Bool {
        // Members are read in place: iterating the object would copy each key and value.
        object.members.withUnsafeBufferPointer { members in
            var valid = true
            var hint = 0
            for index in members.indices {
                var matched = false
                if let property = shape.position(of: members[index].key, hint: hint) {
                    hint = property + 1
                    let schema = shape.nodes[property]
                    matched = true
                    if !checkChild(schema, members[index].value, .key(members[index].key), keyword: "properties") {
                        valid = false
                        if !Sink.isCollecting { return false }
                    }
                }
                if !shape.patterns.isEmpty {
                    let (any, patternsValid) = checkPatternProperties(members[index].key, members[index].value, shape)
                    matched = matched || any
                    if !patternsValid {
                        valid = false
                        if !Sink.isCollecting { return false }
                    }
                }
                if !matched, let additional = shape.additional {
                    matched = true
                    if !checkChild(additional, members[index].value, .key(members[index].key), keyword: "additionalProperties") {
                        valid = false
                        if !Sink.isCollecting { return false }
                    }
                }
                if matched, evaluated != nil { evaluated!.names.insert(members[index].key) }
            }
            return valid
        }
    }

    /// `patternProperties` for one member: whether a pattern matched its name, and whether the
    /// value is valid against the schemas of those that did.
    private mutating func checkPatternProperties(_ key: String, _ value: JSONValue, _ shape: SchemaObjectShape) -> (matched: Bool, valid: Bool) {
        var matched = false
        var valid = true
        for (pattern, schema) in shape.patterns where pattern.matches(key) {
            matched = true
            if !checkChild(schema, value, .key(key), keyword: "patternProperties") {
                valid = false
                if !Sink.isCollecting { break }
            }
        }
        return (matched, valid)
    }

    /// `propertyNames`: each name checked as a string; a violation is reported at the member,
    /// its message saying it is about the name.
    mutating func checkPropertyNames(_ object: JSONObject, _ schema: Int32) -> Bool {
        var valid = true
        for member in object {
            var ignored: Evaluated?
            let (nameValid, violations) = quietly(schema, .string(member.key), &ignored)
            guard !nameValid else { continue }
            valid = false
            guard Sink.isCollecting else { return false }
            path.append(.key(member.key))
            for violation in violations {
                fail(message: "property name " + violation.message, keyword: "propertyNames", at: KeywordSite(node: schema))
            }
            path.removeLast()
        }
        return valid
    }

    /// `unevaluatedProperties`: the members no other keyword evaluated.
    mutating func checkUnevaluatedProperties(_ object: JSONObject, _ schema: Int32, _ evaluated: inout Evaluated?) -> Bool {
        var valid = true
        let done = evaluated ?? Evaluated()
        guard !done.allNames else { return true }
        for member in object where !done.names.contains(member.key) {
            if !checkChild(schema, member.value, .key(member.key), keyword: "unevaluatedProperties") {
                valid = false
                if !Sink.isCollecting { return false }
            }
        }
        evaluated?.allNames = true
        return valid
    }

    // MARK: - anyOf, oneOf

    /// `anyOf` (at least one branch) or `oneOf` (exactly one). When no branch matches, the
    /// problems reported are those of the branch the discriminator names, or of the only branch
    /// whose `type` fits the value, or else one violation saying no branch matches.
    mutating func checkAlternatives(
        _ branches: [Int32], _ discriminator: SchemaDiscriminator?, exactlyOne: Bool, _ value: JSONValue, _ site: KeywordSite,
        _ evaluated: inout Evaluated?
    ) -> Bool {
        let keyword = exactlyOne ? "oneOf" : "anyOf"
        // A count, not a list: this runs for every value an anyOf checks, and must not allocate.
        var matches = 0
        var failures: [Int: ArraySlice<JSONSchema.Violation>] = [:]
        for (position, branch) in branches.enumerated() {
            var branchEvaluated: Evaluated? = evaluated == nil ? nil : Evaluated()
            let (valid, violations) = quietly(branch, value, &branchEvaluated)
            if valid {
                matches += 1
                if let branchEvaluated { evaluated?.merge(branchEvaluated) }
                // Enough is known unless annotations are collected or a second match would matter.
                if !exactlyOne, evaluated == nil { return true }
                if exactlyOne, matches > 1, !Sink.isCollecting { return false }
            } else if Sink.isCollecting {
                failures[position] = violations
            }
        }
        if exactlyOne ? matches == 1 : matches > 0 { return true }
        guard Sink.isCollecting else { return false }
        let count = pluralized(branches.count, "schema")
        if matches > 1 {
            fail(message: "must match exactly one of the \(count) in oneOf, not \(matches)", keyword: keyword, at: site)
            return false
        }
        if let discriminator, discriminator.hasDefault, case let .object(object) = value,
           object[discriminator.propertyName]?.string.flatMap({ discriminator.branches[$0] }) == nil {
            if tellDefault(discriminator, failures, value) { return false }
        } else if let discriminator, case let .object(object) = value {
            guard let property = object[discriminator.propertyName] else {
                fail(message: "must have the property '\(discriminator.propertyName)'", keyword: "discriminator", at: site)
                return false
            }
            guard case let .string(name) = property else {
                // There, but not a name: said of the property, with the names it may take.
                let names = discriminator.expected.map { JSONValue.string($0).description }.joined(separator: ", ")
                path.append(.key(discriminator.propertyName))
                fail(message: "must be a string, one of \(names); got \(property.description)", keyword: "discriminator", at: site)
                path.removeLast()
                return false
            }
            guard let chosen = discriminator.branches[name] else {
                let names = discriminator.expected.map { JSONValue.string($0).description }.joined(separator: ", ")
                path.append(.key(discriminator.propertyName))
                fail(message: "must be one of " + names, keyword: "discriminator", at: site)
                path.removeLast()
                return false
            }
            for violation in failures[chosen] ?? [] { sink.append(violation) }
            return false
        }
        // The branches whose failures do not include the value's own type.
        let here = pointer
        let fitting = failures.filter { _, violations in !violations.contains { $0.instancePath == here && $0.keyword == "type" } }
        if fitting.count == 1, let only = fitting.first {
            for violation in only.value { sink.append(violation) }
            return false
        }
        fail(message: exactlyOne ? "must match exactly one of the \(count) in oneOf" : "must match at least one of the \(count) in anyOf", keyword: keyword, at: site)
        return false
    }
}

extension SchemaEvaluator {
    /// No branch matches a value without the discriminating property, or with a value no branch
    /// is mapped to: the problems told are those of the schema `defaultMapping` names; `false`
    /// when it has none (a schema outside the branches that the value meets).
    mutating func tellDefault(_ discriminator: SchemaDiscriminator, _ failures: [Int: ArraySlice<JSONSchema.Violation>], _ value: JSONValue) -> Bool {
        var violations: ArraySlice<JSONSchema.Violation> = []
        if let branch = discriminator.defaultBranch {
            violations = failures[branch] ?? []
        } else if let node = discriminator.defaultNode {
            var evaluated: Evaluated?
            violations = quietly(node, value, &evaluated).violations
        }
        for violation in violations { sink.append(violation) }
        return !violations.isEmpty
    }
}

// MARK: - Messages

/// The wording shared by violation messages.
enum SchemaMessages {
    /// `a string`, `an integer or null`, `an object, an array or null`.
    static func types(_ types: SchemaTypes) -> String {
        let names = SchemaTypes.named.filter { types.contains($0.type) }.map { entry in
            switch entry.type {
            case .null: "null"
            case .integer, .object, .array: "an " + entry.name
            default: "a " + entry.name
            }
        }
        guard names.count > 1 else { return names.first ?? "nothing" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

extension SchemaValues {
    /// The positions of the first two equal elements, if any.
    static func firstDuplicate(_ array: [JSONValue]) -> (Int, Int)? {
        guard array.count > 1 else { return nil }
        if array.count <= 16 {
            for later in 1..<array.count {
                for earlier in 0..<later where equal(array[earlier], array[later]) { return (earlier, later) }
            }
            return nil
        }
        var seen: [Int: [Int]] = [:]
        for (position, element) in array.enumerated() {
            var hasher = Hasher()
            hash(element, into: &hasher)
            let key = hasher.finalize()
            if let earlier = seen[key]?.first(where: { equal(array[$0], element) }) { return (earlier, position) }
            seen[key, default: []].append(position)
        }
        return nil
    }
}
