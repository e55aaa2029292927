// The generator's values from a schema's own keywords: objects, arrays, numbers (bounds and
// multipleOf), booleans and null (strings: SchemaGenerator+Strings.swift).

extension SchemaGenerator {
    /// What a node's own keywords say about the value, gathered in one pass.
    struct Facts {
        var types: SchemaTypes?
        var bounds: [(SchemaBound, JSONValue)] = []
        var multipleOf: JSONValue?
        var minLength = 0
        var maxLength: Int?
        var pattern: SchemaPattern?
        var minItems = 0
        var maxItems: Int?
        var uniqueItems = false
        var prefix: [Int32] = []
        var rest: Int32?
        var contains: (node: Int32, minimum: Int)?
        var shape = SchemaObjectShape()
        var required: [String] = []
        var dependentRequired: [(name: String, required: [String])] = []
        var minProperties = 0
        /// The `required` names that are required one way only (`readOnly`/`writeOnly`).
        var directional: [String: SchemaDirection] = [:]

        init(_ node: SchemaNode) {
            directional = node.directionalNames
            for keyword in node.keywords {
                switch keyword {
                case let .type(types): self.types = types
                case let .bound(bound, limit): bounds.append((bound, limit))
                case let .multipleOf(divisor): multipleOf = divisor
                case let .minLength(length): minLength = length
                case let .maxLength(length): maxLength = length
                case let .pattern(pattern): self.pattern = pattern
                case let .minItems(count): minItems = count
                case let .maxItems(count): maxItems = count
                case .uniqueItems: uniqueItems = true
                case let .items(prefix, rest): (self.prefix, self.rest) = (prefix, rest)
                case let .contains(node, minimum, _): contains = (node, minimum)
                case let .properties(shape): self.shape = shape
                case let .required(names): required += names
                case let .dependentRequired(list): dependentRequired = list
                case let .minProperties(count): minProperties = count
                default: break
                }
            }
        }
    }

    /// A value from node `index`'s own keywords, or `nil` when they do not say what kind of value.
    mutating func ownValue(_ schema: JSONObject, _ node: SchemaNode, _ index: Int32) -> JSONValue? {
        let facts = Facts(node)
        var kinds = SchemaTypes.named.map(\.type).filter { facts.types?.contains($0) ?? false }
        if facts.types == nil {
            // No `type`: the kind the other keywords are about.
            if !facts.shape.names.isEmpty || !facts.shape.patterns.isEmpty || !facts.required.isEmpty || facts.shape.additional != nil
                || facts.minProperties > 0
            {
                kinds = [.object]
            } else if !facts.prefix.isEmpty || facts.rest != nil || facts.contains != nil || facts.minItems > 0 {
                kinds = [.array]
            } else if facts.pattern != nil || facts.minLength > 0 || facts.maxLength != nil || schema["format"]?.string.map(Self.isStringFormat) == true {
                kinds = [.string]
            } else if !facts.bounds.isEmpty || facts.multipleOf != nil {
                kinds = [.number]
            }
        }
        // `null` only when nothing else is allowed (or, seeded, now and then).
        if kinds.count > 1, let last = kinds.last, last == .null, !(random?.chance(4) ?? false) { kinds.removeLast() }
        guard !kinds.isEmpty else { return nil }
        var kind = kinds[0]
        if var random {
            kind = kinds[random.next(in: 0...(kinds.count - 1))]
            self.random = random
        }
        switch kind {
        case .object: return objectValue(facts, index)
        case .array: return arrayValue(facts)
        case .string: return stringValue(facts, format: schema["format"]?.string)
        case .integer, .number: return numberValue(facts, integer: kind == .integer, format: schema["format"]?.string, index)
        case .boolean:
            guard var random else { return .bool(true) }
            defer { self.random = random }
            return .bool(random.chance(2))
        default: return .null
        }
    }

    // MARK: - Objects and arrays

    private mutating func objectValue(_ facts: Facts, _ index: Int32) -> JSONValue? {
        var object = JSONObject()
        func schema(for name: String) -> Int32? {
            facts.shape.node(for: name) ?? facts.shape.patterns.first { $0.pattern.matches(name) }?.node ?? facts.shape.additional
        }
        objectDepth += 1
        defer { objectDepth -= 1 }
        for name in facts.required where object[name] == nil {
            if let direction, let only = facts.directional[name], only != direction { continue }
            if let node = schema(for: name) {
                guard let value = generate(node) else { return nil }
                object[name] = value
            } else {
                // Its schema may be in a sibling `allOf` branch (see `fillPlaceholders`).
                object[name] = Self.placeholder
            }
        }
        // Every optional property, as a realistic answer has them (Prism's dynamic answers too).
        for (name, node) in zip(facts.shape.names, facts.shape.nodes) where object[name] == nil && !isOtherWayOnly(node) && makesOptional {
            if let value = generate(node) {
                object[name] = value
                optionalMembers += 1
            }
        }
        if let additional = additionalMember(facts, object, index) { object["additionalProp1"] = additional }
        var extra = 1
        while object.count < facts.minProperties, extra <= facts.minProperties + 8 {
            let name = "property\(extra)"
            extra += 1
            guard object[name] == nil else { continue }
            if let node = schema(for: name) {
                if let value = generate(node) { object[name] = value }
            } else {
                object[name] = .string("value")
            }
        }
        for (name, required) in facts.dependentRequired where object[name] != nil {
            for other in required where object[other] == nil {
                object[other] = schema(for: other).flatMap { generate($0) } ?? .string("value")
            }
        }
        return .object(object)
    }

    /// Whether optional members are still made here: fewer than ``optionalDepth`` objects deep,
    /// fewer than ``optionalBudget`` made.
    private var makesOptional: Bool { objectDepth <= Self.optionalDepth && optionalMembers < Self.optionalBudget }

    /// The value of an `additionalProp1` member (Swagger UI's name) made from the object's
    /// `additionalProperties` schema (its `example` first), when it is a schema that says
    /// something, the object has no member of its own yet beyond the declared ones, and the
    /// object with it is still one node `index` accepts (`propertyNames`, `maxProperties`).
    private mutating func additionalMember(_ facts: Facts, _ object: JSONObject, _ index: Int32) -> JSONValue? {
        guard makesOptional, let node = facts.shape.additional, object["additionalProp1"] == nil,
              case let .object(source) = graph.nodes[Int(node)].source, !source.isEmpty, !isOtherWayOnly(node),
              let value = generate(node) else { return nil }
        var candidate = object
        candidate["additionalProp1"] = value
        guard !candidate.contains(where: { $0.value == Self.placeholder }), accepts(index, .object(candidate)) else { return nil }
        optionalMembers += 1
        return value
    }

    private mutating func arrayValue(_ facts: Facts) -> JSONValue? {
        let least = max(facts.minItems, facts.contains?.minimum ?? 0)
        var count = max(least, 1, facts.prefix.count)
        if var random {
            count = random.next(in: least...(least + 3))
            self.random = random
        }
        if let maxItems = facts.maxItems { count = min(count, maxItems) }
        var items: [JSONValue] = []
        for position in 0..<count {
            let schema = position < facts.prefix.count ? facts.prefix[position] : facts.rest
            var item = schema.map { generate($0) } ?? .some(.int(position))
            if let contains = facts.contains, position < max(contains.minimum, 1), position >= facts.prefix.count {
                item = merge(generate(contains.node), item)
            }
            guard var value = item else { return nil }
            if facts.uniqueItems, items.contains(where: { SchemaValues.equal($0, value) }) {
                guard let different = distinct(from: items, like: value, schema: schema, position: position) else { return nil }
                value = different
            }
            items.append(value)
        }
        return .array(items)
    }

    /// A value for `schema` that is not among `items`: the next integer, the string with a
    /// number after it, or else a seeded draw.
    private mutating func distinct(from items: [JSONValue], like value: JSONValue, schema: Int32?, position: Int) -> JSONValue? {
        let isNew = { (candidate: JSONValue) in !items.contains { SchemaValues.equal($0, candidate) } }
        for step in 1...16 {
            let candidate: JSONValue
            switch value {
            case let .int(number): candidate = .int(number + step)
            case let .string(text): candidate = .string(text + "\(step + 1)")
            default: continue
            }
            if isNew(candidate), schema.map({ accepts($0, candidate) }) ?? true { return candidate }
        }
        guard let schema else { return .int(position) }
        for seed in 1...16 as ClosedRange<UInt64> {
            var other = SchemaGenerator(graph: graph, seed: seed &+ UInt64(position) &* 31 &+ (random?.next() ?? 0))
            other.depth = depth
            if let candidate = other.generate(schema), isNew(candidate) { return candidate }
        }
        return nil
    }

    // MARK: - Numbers

    private mutating func numberValue(_ facts: Facts, integer: Bool, format: String?, _ index: Int32) -> JSONValue? {
        var low = -Double.infinity
        var high = Double.infinity
        for (bound, limit) in facts.bounds {
            let value = limit.double ?? 0
            switch bound {
            case .minimum, .exclusiveMinimum: low = max(low, value)
            case .maximum, .exclusiveMaximum: high = min(high, value)
            }
        }
        var target = 0.0
        if var random {
            let from = low.isFinite ? low : (high.isFinite ? high - 1000 : -1000)
            let to = high.isFinite ? high : from + 2000
            target = from + Double(random.next(in: 0...1000)) / 1000 * (to - from)
            self.random = random
        }
        // An integer format's range (`uint8`: 0…255) bounds the value as `minimum` and `maximum` do.
        if let range = format.flatMap({ SchemaFormat($0).integerRange }) {
            target = min(max(target, range.lowerBound), range.upperBound)
            (low, high) = (max(low, range.lowerBound), min(high, range.upperBound))
        }
        var candidates: [Double] = []
        if let step = facts.multipleOf?.double, step > 0 {
            for base in [target, low, high] where base.isFinite {
                let k = (base / step).rounded()
                candidates += [k - 1, k, k + 1].map { Self.multiple($0, of: facts.multipleOf!) }
            }
        } else {
            candidates = [target.rounded(), target, low, high, low.rounded(.up), high.rounded(.down), low + 1, high - 1, (low + high) / 2, low.nextUp, high.nextDown]
        }
        let values = candidates.filter(\.isFinite).map { Self.number($0, integer: integer) }
        let facts = JSONSchema(graph: graph, root: index)
        return values.first { facts.isValid($0) } ?? values.first
    }

    /// `k × step`, computed in decimal when the step is a short decimal (0.1 × 3 is 0.3, not 0.30000000000000004).
    private static func multiple(_ k: Double, of step: JSONValue) -> Double {
        if case let .int(step) = step { return k * Double(step) }
        let text = (step.double ?? 1).description
        if !text.contains("e"), let dot = text.firstIndex(of: "."), let digits = Double(text.replacing(".", with: "")) {
            let places = text.distance(from: dot, to: text.endIndex) - 1
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            return (k * digits) / scale
        }
        return k * (step.double ?? 1)
    }

    /// A double as JSON: an integer when it is one (or must be).
    private static func number(_ value: Double, integer: Bool) -> JSONValue {
        let whole = integer ? value.rounded(.up) : value
        if whole == whole.rounded(), abs(whole) < 9e15 { return .int(Int(whole)) }
        return .double(whole)
    }
}
