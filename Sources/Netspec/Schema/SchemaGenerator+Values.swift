// The generator's values from a schema's own keywords: objects, arrays, strings (formats and
// patterns), numbers (bounds and multipleOf), booleans and null.

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

        init(_ node: SchemaNode) {
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
            if !facts.shape.names.isEmpty || !facts.required.isEmpty || facts.shape.additional != nil || facts.minProperties > 0 {
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
        case .object: return objectValue(facts)
        case .array: return arrayValue(facts)
        case .string: return stringValue(facts, format: schema["format"]?.string)
        case .integer, .number: return numberValue(facts, integer: kind == .integer, index)
        case .boolean:
            guard var random else { return .bool(true) }
            defer { self.random = random }
            return .bool(random.chance(2))
        default: return .null
        }
    }

    // MARK: - Objects and arrays

    private mutating func objectValue(_ facts: Facts) -> JSONValue? {
        var object = JSONObject()
        func schema(for name: String) -> Int32? {
            facts.shape.node(for: name) ?? facts.shape.patterns.first { $0.pattern.matches(name) }?.node ?? facts.shape.additional
        }
        for name in facts.required where object[name] == nil {
            if let node = schema(for: name) {
                guard let value = generate(node) else { return nil }
                object[name] = value
            } else {
                object[name] = .string("value")
            }
        }
        if depth < Self.optionalDepth {
            for (name, node) in zip(facts.shape.names, facts.shape.nodes) where object[name] == nil {
                if var random {
                    let skip = random.chance(2)
                    self.random = random
                    if skip { continue }
                }
                if let value = generate(node) { object[name] = value }
            }
        }
        var extra = 1
        while object.count < facts.minProperties, extra <= facts.minProperties + 8 {
            let name = "property\(extra)"
            extra += 1
            if object[name] == nil, let node = schema(for: name), let value = generate(node) { object[name] = value }
        }
        for (name, required) in facts.dependentRequired where object[name] != nil {
            for other in required where object[other] == nil {
                object[other] = schema(for: other).flatMap { generate($0) } ?? .string("value")
            }
        }
        return .object(object)
    }

    private mutating func arrayValue(_ facts: Facts) -> JSONValue? {
        var count = max(facts.minItems, 1, facts.rest == nil ? facts.prefix.count : 0)
        if var random {
            count = random.next(in: facts.minItems...max(facts.minItems, facts.minItems + 3))
            self.random = random
        }
        if let maxItems = facts.maxItems { count = min(count, maxItems) }
        if facts.rest == nil { count = min(count, max(facts.prefix.count, facts.minItems)) }
        var items: [JSONValue] = []
        for position in 0..<count {
            let schema = position < facts.prefix.count ? facts.prefix[position] : facts.rest
            var item = schema.map { generate($0) } ?? .some(.int(position))
            if let contains = facts.contains, position < max(contains.minimum, 1), position >= facts.prefix.count {
                item = merge(generate(contains.node), item)
            }
            guard var value = item else { return nil }
            if facts.uniqueItems, items.contains(where: { SchemaValues.equal($0, value) }), let schema {
                // Another draw for a duplicate, from a seed of its own.
                var other = SchemaGenerator(graph: graph, seed: UInt64(position) &+ (random?.next() ?? 0))
                other.depth = depth
                guard let different = other.generate(schema) else { return nil }
                value = different
            }
            items.append(value)
        }
        return .array(items)
    }

    // MARK: - Strings

    /// Formats that are about strings (and so imply `type: string`).
    static func isStringFormat(_ name: String) -> Bool {
        ["date-time", "date", "time", "email", "uuid", "uri", "uri-reference", "ipv4", "ipv6", "hostname", "byte", "binary", "password"].contains(name)
    }

    private mutating func stringValue(_ facts: Facts, format: String?) -> JSONValue? {
        let maximum = facts.maxLength ?? Int.max
        func fits(_ text: String) -> Bool {
            let length = text.unicodeScalars.count
            return length >= facts.minLength && length <= maximum && (facts.pattern?.matches(text) ?? true)
        }
        if let format, let text = formatExample(format), fits(text) { return .string(text) }
        if let pattern = facts.pattern {
            guard let tree = pattern.tree else { return nil }
            for extra in 0...max(24, facts.minLength) {
                var text = ""
                appendString(for: tree, extra: extra, to: &text)
                if fits(text) { return .string(text) }
            }
            return nil
        }
        var length = min(max(6, facts.minLength), maximum)
        if var random {
            length = random.next(in: facts.minLength...max(facts.minLength, min(maximum, facts.minLength + 12)))
            let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
            var text = ""
            for _ in 0..<length { text.unicodeScalars.append(letters[random.next(in: 0...25)]) }
            self.random = random
            return .string(text)
        }
        return .string(String("string".prefix(length)) + String(repeating: "x", count: max(0, length - 6)))
    }

    /// A value of a known format (seeded: varied), or `nil` for a format not known here.
    private mutating func formatExample(_ format: String) -> String? {
        var random = self.random
        defer { self.random = random }
        func number(_ range: ClosedRange<Int>, _ fallback: Int) -> Int { random?.next(in: range) ?? fallback }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(number(1970...2037, 2024))-\(two(number(1...12, 1)))-\(two(number(1...28, 15)))"
        let time = "\(two(number(0...23, 9))):\(two(number(0...59, 30))):\(two(number(0...59, 0)))Z"
        switch format {
        case "date-time": return date + "T" + time
        case "date": return date
        case "time": return time
        case "email": return "user\(random == nil ? "" : String(number(0...9999, 0)))@example.com"
        case "uuid":
            guard var source = random else { return "3fa85f64-5717-4562-b3fc-2c963f66afa6" }
            let hex = Array("0123456789abcdef")
            let text = (0..<32).map { _ in String(hex[source.next(in: 0...15)]) }.joined()
            random = source
            let characters = Array(text)
            return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
        case "uri": return "https://example.com/" + (random == nil ? "" : "item\(number(0...9999, 0))")
        case "uri-reference": return "/items/\(number(0...9999, 1))"
        case "ipv4": return "192.0.2.\(number(1...254, 1))"
        case "ipv6": return "2001:db8::\(number(1...9999, 1))"
        case "hostname": return "example.com"
        case "byte": return "U3dhZ2dlcg=="
        default: return nil
        }
    }

    /// Appends a string the pattern `tree` matches: the first alternative, `min + extra`
    /// repetitions (within `max`), the first code point of each class (seeded: random choices).
    private mutating func appendString(for tree: RegexTree, extra: Int, to text: inout String) {
        switch tree {
        case let .scalar(scalar):
            text.unicodeScalars.append(scalar)
        case let .set(set):
            if let scalar = sample(set) { text.unicodeScalars.append(scalar) }
        case .start, .end, .wordBoundary:
            break
        case let .sequence(items):
            for item in items { appendString(for: item, extra: extra, to: &text) }
        case let .alternation(branches):
            var chosen = branches[0]
            if var random {
                chosen = branches[random.next(in: 0...(branches.count - 1))]
                self.random = random
            }
            appendString(for: chosen, extra: extra, to: &text)
        case let .repetition(item, minimum, maximum):
            var count = min(minimum + extra, maximum ?? Int.max)
            if var random, extra == 0 {
                count = random.next(in: minimum...min(maximum ?? minimum + 4, minimum + 4))
                self.random = random
            }
            for _ in 0..<count { appendString(for: item, extra: extra, to: &text) }
        }
    }

    /// A code point of the set: a letter or digit when it has one, else its first.
    private mutating func sample(_ set: RegexSet) -> Unicode.Scalar? {
        let preferred = (0x61...0x7A).map(UInt32.init) + (0x30...0x39).map(UInt32.init) + (0x41...0x5A).map(UInt32.init) + [0x5F, 0x2D, 0x20]
        var candidates = preferred.filter(set.contains)
        if !set.negated { candidates += set.ranges.map(\.lowerBound).filter(set.contains) }
        guard !candidates.isEmpty else { return nil }
        var choice = candidates[0]
        if var random {
            choice = candidates[random.next(in: 0...(candidates.count - 1))]
            self.random = random
        }
        return Unicode.Scalar(choice)
    }

    // MARK: - Numbers

    private mutating func numberValue(_ facts: Facts, integer: Bool, _ index: Int32) -> JSONValue? {
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
