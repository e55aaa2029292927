// The compiled form of a schema: a graph of nodes that refer to each other by index, so that
// recursive schemas are compiled once and validated without unbounded recursion of the compiler.

/// One compiled schema object (or boolean schema): its keywords, ready to run.
struct SchemaNode: Sendable {
    /// The assertions and applicators, in the order they run.
    var keywords: [SchemaKeyword] = []
    /// The keywords as the evaluator runs them (see ``SchemaProgram``), made by ``finish()``.
    var program: SchemaProgram?
    /// ``program``'s ops, read without reference counting.
    var ops = SchemaOps(base: nil, count: 0)
    /// The target of a node that is only a `$ref` (no other keyword, not nullable), which the
    /// evaluator goes to directly.
    var reference: Int32?
    /// Where each keyword is written, parallel to ``keywords``.
    var keywordLocations: [SchemaLocation] = []
    /// `false` as a schema, or a schema that can match nothing for another reason.
    var isFalse = false
    /// The schema resource (by `$id`) the node belongs to, for `$dynamicRef`'s dynamic scope.
    var resource: Int32 = 0
    /// Whether the node has `unevaluatedProperties` or `unevaluatedItems`, and so collects
    /// which members and items its other keywords evaluated.
    var tracksEvaluation = false
    /// OpenAPI's `nullable: true` (Swagger's `x-nullable`): `null` passes the whole schema.
    var isNullable = false
    /// The `required` names whose `properties` schema is `readOnly` (not required of a request)
    /// or `writeOnly` (not required of a response), as OpenAPI says; empty for most nodes.
    var directionalNames: [String: SchemaDirection] = [:]
    /// Where the schema is.
    var location: SchemaLocation
    /// The schema as written (for ``JSONSchema/json`` and the generator).
    var source: JSONValue
}

extension SchemaNode {
    /// Makes ``program`` from the keywords, once they are all compiled.
    mutating func finish() {
        let program = SchemaProgram(keywords)
        self.program = program
        ops = program.view
        if keywords.count == 1, case let .ref(target) = keywords[0], !isFalse, !isNullable, !tracksEvaluation, directionalNames.isEmpty {
            reference = target
        }
    }
}

/// Which way a value travels, for OpenAPI's `readOnly` and `writeOnly`: a `required` property
/// that is `readOnly` is required of responses only, one that is `writeOnly` of requests only.
package enum SchemaDirection: Sendable, Hashable {
    /// A value sent to the server: `readOnly` properties are not required.
    case request
    /// A value the server answers: `writeOnly` properties are not required.
    case response
}

/// A set of JSON Schema types, as a bit set.
struct SchemaTypes: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let null = SchemaTypes(rawValue: 1)
    static let boolean = SchemaTypes(rawValue: 2)
    static let integer = SchemaTypes(rawValue: 4)
    static let number = SchemaTypes(rawValue: 8)
    static let string = SchemaTypes(rawValue: 16)
    static let array = SchemaTypes(rawValue: 32)
    static let object = SchemaTypes(rawValue: 64)

    /// The type names in the order messages list them.
    static let named: [(name: String, type: SchemaTypes)] = [
        ("object", .object), ("array", .array), ("string", .string), ("number", .number),
        ("integer", .integer), ("boolean", .boolean), ("null", .null),
    ]

    /// Names that are not JSON Schema types but obviously mean one, as Swagger 2.0 and OpenAPI 3.0
    /// documents write them (httpbin's `type: int`), and the type each is read as (with a warning).
    static let obviousMeanings: [String: String] = [
        "int": "integer", "int32": "integer", "int64": "integer", "long": "integer", "short": "integer",
        "float": "number", "double": "number", "decimal": "number", "bool": "boolean", "str": "string",
        "dict": "object", "map": "object", "list": "array",
    ]

    /// The message for a `type` that is not a type of `dialect` but obviously means `meant`.
    static func nonTypeWarning(_ name: String, meant: String, dialect: SchemaDialect) -> String {
        let standard = dialect == .swagger2 ? "Swagger 2.0" : "OpenAPI 3.0"
        return "'type: \(name)' is not a \(standard) type (integer, number, string, boolean, array, object); read as '\(meant)'"
    }

    /// Whether `value` has one of the types; an integral number is an `integer`.
    @inline(__always)
    func admits(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .int: !isDisjoint(with: [.integer, .number])
        case let .double(double): contains(.number) || (contains(.integer) && double.rounded(.towardZero) == double && double.isFinite)
        case .string: contains(.string)
        case .array: contains(.array)
        case .object: contains(.object)
        }
    }
}

/// The comparison a numeric bound makes.
enum SchemaBound: Sendable {
    case minimum, exclusiveMinimum, maximum, exclusiveMaximum
}

/// How `properties`, `patternProperties` and `additionalProperties` apply to an object's
/// members; one shape for the three, since `additionalProperties` depends on the other two.
/// A class, so the keyword that holds it is copied with one reference.
final class SchemaObjectShape: Sendable {
    /// `properties`: names and their schemas.
    let names: [String]
    let nodes: [Int32]
    /// A name's position in ``names``, for objects with many properties.
    let lookup: [String: Int]?
    /// `patternProperties`.
    let patterns: [(pattern: SchemaPattern, node: Int32)]
    /// `additionalProperties`.
    let additional: Int32?

    init(properties: [(String, Int32)] = [], patterns: [(pattern: SchemaPattern, node: Int32)] = [], additional: Int32? = nil) {
        names = properties.map { $0.0 }
        nodes = properties.map { $0.1 }
        // Up to 16 names, a scan of short strings beats hashing the member's name.
        lookup = names.count > 16 ? Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        self.patterns = patterns
        self.additional = additional
    }

    /// The node for the property `name` under `properties`.
    func node(for name: String) -> Int32? {
        position(of: name, hint: 0).map { nodes[$0] }
    }

    /// The position in ``names`` of the property `name` (compared by code points), trying
    /// `hint` first: members usually come in the order the schema lists them.
    @inline(__always)
    func position(of name: String, hint: Int) -> Int? {
        // The index compares with `==` (canonical equivalence); names are unique under it, so the
        // one it finds is the only candidate, kept when its bytes are the same.
        if let lookup { return lookup[name].flatMap { names[$0].hasSameUTF8(as: name) ? $0 : nil } }
        if hint < names.count, names[hint].hasSameUTF8(as: name) { return hint }
        for index in names.indices where names[index].hasSameUTF8(as: name) { return index }
        return nil
    }
}

/// OpenAPI's `discriminator` on a `oneOf` or `anyOf`: the property whose value names the branch.
struct SchemaDiscriminator: Sendable {
    /// The property, such as `petType`.
    var propertyName: String
    /// Property value to the index of the branch it selects (from `mapping`, the `const` or `enum`
    /// each branch gives the property, or the names of the branches' `$ref`s).
    var branches: [String: Int]
    /// The values messages list: the `mapping`'s and the branches' own (`const`, `enum`) when the
    /// document gives any, else the branches' names.
    var expected: [String]
    /// The branch `defaultMapping` (OpenAPI 3.2) names: the one whose problems are told for a value
    /// without the property, or with a value no branch is mapped to.
    var defaultBranch: Int?
    /// The schema `defaultMapping` names when it is none of the branches, checked in their place.
    var defaultNode: Int32?

    /// Whether `defaultMapping` names a schema.
    var hasDefault: Bool { defaultBranch != nil || defaultNode != nil }
}

/// One compiled keyword (or group of keywords that run together).
///
/// Indirect: each payload is boxed, so copying a keyword out of its node is one retain; with the
/// payloads inline, copies went through the runtime's generic enum value witnesses, a third of
/// the validation time in the `schema` benchmark's profile.
indirect enum SchemaKeyword: Sendable {
    case type(SchemaTypes)
    case enumeration([JSONValue])
    case constant(JSONValue)
    case multipleOf(JSONValue)
    case bound(SchemaBound, JSONValue)
    case minLength(Int)
    case maxLength(Int)
    case pattern(SchemaPattern)
    case format(SchemaFormat)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    /// `prefixItems` and `items`: the first schemas by position, then one for the rest.
    case items(prefix: [Int32], rest: Int32?)
    /// `contains` with `minContains` (default 1) and `maxContains`.
    case contains(Int32, minimum: Int, maximum: Int?)
    case properties(SchemaObjectShape)
    case propertyNames(Int32)
    case required([String])
    case dependentRequired([(name: String, required: [String])])
    case dependentSchemas([(name: String, node: Int32)])
    case minProperties(Int)
    case maxProperties(Int)
    case allOf([Int32])
    case anyOf([Int32], SchemaDiscriminator?)
    case oneOf([Int32], SchemaDiscriminator?)
    case not(Int32)
    case conditional(if: Int32, then: Int32?, else: Int32?)
    case ref(Int32)
    /// `$dynamicRef`: the node it resolves to statically, and the `$dynamicAnchor` name to look
    /// for in the dynamic scope (`nil` when the static target has no such anchor).
    case dynamicRef(Int32, anchor: String?)
    case unevaluatedProperties(Int32)
    case unevaluatedItems(Int32)

    /// The keyword as written in a schema, for violations.
    var name: String {
        switch self {
        case .type: "type"
        case .enumeration: "enum"
        case .constant: "const"
        case .multipleOf: "multipleOf"
        case let .bound(bound, _):
            switch bound {
            case .minimum: "minimum"
            case .exclusiveMinimum: "exclusiveMinimum"
            case .maximum: "maximum"
            case .exclusiveMaximum: "exclusiveMaximum"
            }
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .format: "format"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .uniqueItems: "uniqueItems"
        case .items: "items"
        case .contains: "contains"
        case .properties: "properties"
        case .propertyNames: "propertyNames"
        case .required: "required"
        case .dependentRequired: "dependentRequired"
        case .dependentSchemas: "dependentSchemas"
        case .minProperties: "minProperties"
        case .maxProperties: "maxProperties"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .conditional: "if"
        case .ref: "$ref"
        case .dynamicRef: "$dynamicRef"
        case .unevaluatedProperties: "unevaluatedProperties"
        case .unevaluatedItems: "unevaluatedItems"
        }
    }
}

extension SchemaKeyword {
    /// The nodes the keyword applies (to the value or to its parts).
    var subschemas: [Int32] {
        switch self {
        case let .items(prefix, rest): prefix + (rest.map { [$0] } ?? [])
        case let .contains(node, _, _), let .propertyNames(node), let .not(node), let .ref(node), let .dynamicRef(node, _),
             let .unevaluatedProperties(node), let .unevaluatedItems(node):
            [node]
        case let .properties(shape): shape.nodes + shape.patterns.map(\.node) + (shape.additional.map { [$0] } ?? [])
        case let .dependentSchemas(list): list.map(\.node)
        case let .allOf(branches), let .anyOf(branches, _), let .oneOf(branches, _): branches
        case let .conditional(condition, then, otherwise): [condition] + [then, otherwise].compactMap { $0 }
        case .type, .enumeration, .constant, .multipleOf, .bound, .minLength, .maxLength, .pattern, .format, .minItems, .maxItems,
             .uniqueItems, .required, .dependentRequired, .minProperties, .maxProperties:
            []
        }
    }
}

/// A compiled schema graph: every node reachable from the schemas compiled so far.
final class SchemaGraph: Sendable {
    /// The nodes; a keyword refers to another node by its index here.
    let nodes: SchemaNodes
    /// For each schema resource, its `$dynamicAnchor`s by name.
    let dynamicAnchors: [Int32: [String: Int32]]
    /// Whether any node uses `$dynamicRef` with an anchor (so validation tracks the dynamic scope).
    let usesDynamicScope: Bool
    /// When `format` asserts (its keywords are compiled only when it may).
    let formatAssertion: SchemaOptions.FormatAssertion
    /// What compiled but is not standard, by node (see ``JSONSchema/warnings``).
    let warnings: [Int32: [SchemaWarning]]

    init(
        nodes: SchemaNodes, dynamicAnchors: [Int32: [String: Int32]], usesDynamicScope: Bool, formatAssertion: SchemaOptions.FormatAssertion,
        warnings: [Int32: [SchemaWarning]] = [:]
    ) {
        self.nodes = nodes
        self.dynamicAnchors = dynamicAnchors
        self.usesDynamicScope = usesDynamicScope
        self.formatAssertion = formatAssertion
        self.warnings = warnings
    }
}
