// The generator: example values from a compiled schema. Deterministic by default (the schema's
// own examples first, then the simplest value its keywords allow), or drawn from a seed.
// Every value is validated against the schema before it is returned.

/// Makes values that a schema accepts.
///
/// The rules, in order, for each schema (docs/schema.md lists them too):
/// 1. the schema's `example`, then each of `examples`, then `default`, `const`, the first `enum`
///    value (in seeded mode, any of them) — the first that the schema accepts;
/// 2. a value from the schema's own keywords, by `type` (or the type its keywords imply):
///    objects get their required properties, then every optional one (seeded too) while fewer
///    than ``optionalDepth`` objects enclose them and fewer than ``optionalBudget`` optional
///    members are made, and one `additionalProp1` member from an `additionalProperties` schema;
///    arrays `max(minItems, 1)` items; strings fit `format`, `pattern` and the lengths; numbers
///    the bounds and `multipleOf`;
/// 3. merged with the values of `$ref`, `$dynamicRef` and every `allOf` branch (objects member
///    by member, otherwise the first value);
/// 4. for `anyOf`/`oneOf`, merged with each branch's value in turn, the first that the whole schema accepts.
///
/// Recursion is cut at ``maximumDepth``: optional properties go first (``optionalDepth`` objects
/// deep), then `anyOf`/`oneOf` branches that cannot end (the next branch is tried).
struct SchemaGenerator {
    let graph: SchemaGraph
    /// The random source in seeded mode; `nil` for the deterministic value.
    var random: SplitMix64?
    /// How many nodes are being generated, one inside another (`$ref` hops count).
    var depth = 0
    /// How many objects enclose the value being generated.
    var objectDepth = 0
    /// How many optional members (and `additionalProp1` members) have been made.
    var optionalMembers = 0
    /// Which way the value travels, when OpenAPI's `readOnly`/`writeOnly` count: a property only
    /// the other way is left out, and values are checked in this direction.
    var direction: SchemaDirection?

    /// Inside fewer objects than this optional properties are made; deeper, only required ones.
    static let optionalDepth = 4
    /// How many optional members one value gets at most, so that a document whose objects have
    /// a hundred optional members each (GitHub's, Stripe's) still answers with kilobytes.
    static let optionalBudget = 400
    /// Deeper than this, nothing is made (a required recursion has no finite value).
    static let maximumDepth = 24

    init(graph: SchemaGraph, seed: UInt64?) {
        self.graph = graph
        self.random = seed.map(SplitMix64.init)
    }

    /// A value that node `root` accepts, or `nil`.
    mutating func example(_ root: Int32) -> JSONValue? {
        // A seeded draw that fails validation is drawn again, a few times.
        for _ in 0..<(random == nil ? 1 : 8) {
            depth = 0
            objectDepth = 0
            optionalMembers = 0
            if let value = generate(root).map(Self.withoutPlaceholders), accepts(root, value) { return value }
        }
        // Schemas that say what a value must not be (`not`, `contains: false`, a lone `if`)
        // often accept one of the plainest values.
        return Self.plainValues.first { accepts(root, $0) }
    }

    /// The values tried when generation fails.
    static let plainValues: [JSONValue] = [.object(JSONObject()), .array([]), "", 0, .null, true, "string", 1, 0.5, ["value"]]

    /// Whether node `index` accepts `value`.
    func accepts(_ index: Int32, _ value: JSONValue) -> Bool {
        JSONSchema(graph: graph, root: index).isValid(value, direction: direction)
    }

    /// Whether a property whose schema is node `index` travels only the other way (`writeOnly`
    /// in a response, `readOnly` in a request), and is left out.
    func isOtherWayOnly(_ index: Int32) -> Bool {
        guard let direction, case let .object(schema) = graph.nodes[Int(index)].source else { return false }
        return schema[direction == .response ? "writeOnly" : "readOnly"] == .bool(true)
    }

    /// A value for node `index` (not yet validated against it as a whole).
    mutating func generate(_ index: Int32) -> JSONValue? {
        let node = graph.nodes[Int(index)]
        if node.isFalse { return nil }
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        if let example = annotatedExample(index, node) { return example }
        guard case let .object(schema) = node.source else { return anything() }

        var value = ownValue(schema, node, index)
        for keyword in node.keywords {
            switch keyword {
            case let .ref(target), let .dynamicRef(target, _):
                value = merge(value, generate(target))
            case let .allOf(branches):
                for branch in branches { value = merge(value, generate(branch)) }
            default:
                break
            }
        }
        value = fillPlaceholders(value, from: index)
        for keyword in node.keywords {
            switch keyword {
            case let .anyOf(branches, _), let .oneOf(branches, _):
                return chooseBranch(branches, base: value, index)
            case let .conditional(_, then, otherwise):
                for branch in [then, otherwise].compactMap({ $0 }) {
                    let candidate = fillPlaceholders(merge(value, generate(branch)), from: branch)
                    if let candidate, accepts(index, candidate) { return candidate }
                }
            default:
                break
            }
        }
        if value == nil, node.keywords.isEmpty || !schema.keys.contains(where: { Self.typeKeywords.contains($0) }) {
            // An empty schema (or one of annotations only) accepts anything.
            return anything()
        }
        return value
    }

    /// A value for a schema that accepts anything: `{}`, or in seeded mode a value of any kind.
    private mutating func anything() -> JSONValue {
        guard var random else { return .object(JSONObject()) }
        defer { self.random = random }
        switch random.next(in: 0...4) {
        case 0: return .null
        case 1: return .bool(random.chance(2))
        case 2: return .int(random.next(in: -100...100))
        case 3: return .string("value\(random.next(in: 0...999))")
        default: return .object(JSONObject())
        }
    }

    /// The schema's own `example`, `examples`, `default`, `const` or `enum` value that it accepts.
    private mutating func annotatedExample(_ index: Int32, _ node: SchemaNode) -> JSONValue? {
        guard case let .object(schema) = node.source else { return nil }
        var candidates: [JSONValue] = []
        if let example = schema["example"] { candidates.append(example) }
        if case let .array(examples)? = schema["examples"] { candidates += examples }
        if let value = schema["default"] { candidates.append(value) }
        if let value = schema["const"] { candidates.append(value) }
        if case let .array(values)? = schema["enum"] { candidates += values }
        guard !candidates.isEmpty else { return nil }
        if var random {
            candidates = random.shuffled(candidates)
            self.random = random
        }
        return candidates.first { accepts(index, $0) }
    }

    /// The first branch (in seeded mode, a random order of them) whose value, merged with
    /// `base`, node `index` accepts.
    private mutating func chooseBranch(_ branches: [Int32], base: JSONValue?, _ index: Int32) -> JSONValue? {
        var order = Array(branches.indices)
        if var random {
            order = random.shuffled(order)
            self.random = random
        }
        for position in order {
            guard let branchValue = generate(branches[position]) else { continue }
            if let candidate = fillPlaceholders(merge(base, branchValue), from: branches[position]), accepts(index, candidate) { return candidate }
        }
        return nil
    }

    // MARK: - Required properties defined elsewhere

    /// What a required property whose schema the object's own node does not have is, until a
    /// schema for it turns up: in a sibling `allOf` branch or `$ref` (`{allOf: [{$ref: Base},
    /// {required: [id]}]}`), whose value then wins the merge. One left at the end is `"value"`.
    static let placeholder = JSONValue.string("\u{0}netspec-required-placeholder")

    /// `value` with every placeholder left replaced by `"value"`.
    static func withoutPlaceholders(_ value: JSONValue) -> JSONValue {
        switch value {
        case placeholder: return "value"
        case let .object(object):
            var result = object
            for member in object { result[member.key] = withoutPlaceholders(member.value) }
            return .object(result)
        case let .array(items): return .array(items.map(withoutPlaceholders))
        default: return value
        }
    }

    /// `value`'s placeholder members made from the property's schema found in node `index`:
    /// its `properties` or `patternProperties`, or those of what it refers to (`$ref`, `allOf`).
    mutating func fillPlaceholders(_ value: JSONValue?, from index: Int32) -> JSONValue? {
        guard case var .object(object)? = value else { return value }
        for member in object where member.value == Self.placeholder {
            if let node = propertySchema(member.key, in: index, depth: 0), let made = generate(node) { object[member.key] = made }
        }
        return .object(object)
    }

    /// The schema node `index` (or what it refers to, or its `allOf` branches) gives property `name`.
    private func propertySchema(_ name: String, in index: Int32, depth: Int) -> Int32? {
        guard depth < 16 else { return nil }
        let keywords = graph.nodes[Int(index)].keywords
        for keyword in keywords {
            if case let .properties(shape) = keyword, let node = shape.node(for: name) ?? shape.patterns.first(where: { $0.pattern.matches(name) })?.node {
                return node
            }
        }
        for keyword in keywords {
            switch keyword {
            case let .ref(target), let .dynamicRef(target, _):
                if let node = propertySchema(name, in: target, depth: depth + 1) { return node }
            case let .allOf(branches):
                for branch in branches {
                    if let node = propertySchema(name, in: branch, depth: depth + 1) { return node }
                }
            default:
                break
            }
        }
        return nil
    }

    /// `value` and `other` together: objects member by member and arrays item by item
    /// (recursively), otherwise the first (but never a placeholder when there is another value).
    func merge(_ value: JSONValue?, _ other: JSONValue?) -> JSONValue? {
        guard let value, value != Self.placeholder else { return other ?? value }
        guard let other, other != Self.placeholder else { return value }
        switch (value, other) {
        case (.object(var object), .object(let more)):
            for member in more {
                object[member.key] = merge(object[member.key], member.value)
            }
            return .object(object)
        case (.array(let items), .array(let more)):
            // Spelled as Optional: a bare `nil` typed as `JSONValue` would be `null`.
            return .array((0..<max(items.count, more.count)).compactMap { index in
                merge(index < items.count ? .some(items[index]) : JSONValue?.none, index < more.count ? .some(more[index]) : JSONValue?.none)
            })
        default:
            return value
        }
    }

    /// Keywords that say what kind of value a schema wants.
    static let typeKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "patternProperties", "minProperties", "items", "prefixItems",
        "minItems", "contains", "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "not", "if",
    ]
}

// MARK: - Random numbers

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast generator whose whole state is one
/// word, so a seed replays a sequence on any platform (the standard library's generator is not
/// seedable). The mock's drawn answers and `netspec check`'s cases both use it.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(_ seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    package mutating func next(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int(width == 0 ? next() >> 1 : next() % width)
    }

    /// `true` about once in `odds` draws.
    mutating func chance(_ odds: Int) -> Bool { next(in: 1...odds) == 1 }

    mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var elements = elements
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, next(in: 0...index))
        }
        return elements
    }
}
