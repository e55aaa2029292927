// Validation: a compiled graph run over a value. One evaluator, specialised twice: with
// `FirstFailure` it answers yes or no and stops at the first failure (`isValid`), with
// `AllViolations` it visits every keyword and records each failure with its instance path.

/// Where violations go.
protocol ViolationSink {
    /// Whether failures are recorded (and evaluation goes on after the first).
    static var isCollecting: Bool { get }
    /// How many violations are recorded.
    var count: Int { get }
    mutating func append(_ violation: JSONSchema.Violation)
    /// Removes and returns the violations recorded after the first `count`.
    mutating func removeViolations(after count: Int) -> ArraySlice<JSONSchema.Violation>
}

/// No record: `isValid`.
struct FirstFailure: ViolationSink {
    static var isCollecting: Bool { false }
    var count: Int { 0 }
    func append(_ violation: JSONSchema.Violation) {}
    func removeViolations(after count: Int) -> ArraySlice<JSONSchema.Violation> { [] }
}

/// Every violation: `validate`.
struct AllViolations: ViolationSink {
    static var isCollecting: Bool { true }
    var violations: [JSONSchema.Violation] = []
    var count: Int { violations.count }
    mutating func append(_ violation: JSONSchema.Violation) { violations.append(violation) }
    mutating func removeViolations(after count: Int) -> ArraySlice<JSONSchema.Violation> {
        let removed = violations[count...]
        violations.removeSubrange(count...)
        return removed
    }
}

/// The members and items that keywords have evaluated, for `unevaluatedProperties` and
/// `unevaluatedItems` (annotations, in the specification's terms).
struct Evaluated {
    var names: Set<String> = []
    var allNames = false
    /// Items `0..<prefix` are evaluated.
    var prefix = 0
    var indices: Set<Int> = []

    mutating func merge(_ other: Evaluated) {
        names.formUnion(other.names)
        allNames = allNames || other.allNames
        prefix = max(prefix, other.prefix)
        indices.formUnion(other.indices)
    }
}

/// A node, or one of its keywords by position: where a violation's schema location is read
/// from, only when it is recorded.
struct KeywordSite {
    var node: Int32
    var position: Int?
}

/// One part of an instance path.
enum PathComponent {
    case key(String)
    case index(Int)
}

/// Runs a compiled graph over values.
///
/// The nodes are read through a pointer to the graph's array and each node's keywords as
/// ``SchemaOp``s (see SchemaProgram.swift): reading them costs no reference counting.
struct SchemaEvaluator<Sink: ViolationSink> {
    let graph: SchemaGraph
    /// `graph.nodes`, valid for the evaluator's life (see ``SchemaGraph/evaluate(_:direction:_:)``).
    let nodes: UnsafeBufferPointer<SchemaNode>
    var sink: Sink
    /// Where in the value the evaluation is (kept only while collecting).
    var path: [PathComponent] = []
    /// The schema resources entered, outermost first (kept only for `$dynamicRef`).
    var scope: [Int32] = []
    /// Which way the value travels, when `readOnly`/`writeOnly` properties count (OpenAPI).
    var direction: SchemaDirection?
    /// Arrays whose items were checked already, each against one `items` node, while the
    /// document was parsed (JSONSchema+Concurrent.swift): that `items` keyword passes them.
    var checkedArrays: [CheckedArray] = []

    fileprivate init(graph: SchemaGraph, nodes: UnsafeBufferPointer<SchemaNode>, sink: Sink) {
        self.graph = graph
        self.nodes = nodes
        self.sink = sink
    }

    /// Whether `value` is valid against node `index`; records what `index`'s keywords evaluated
    /// in `evaluated` when it is not `nil` and the node passes.
    mutating func check(_ index: Int32, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        // The node's fields are read in place: copying a node would retain every array it holds.
        var index = index
        if !graph.usesDynamicScope {
            // A node that is only a `$ref` (each `items: {$ref: …}` or property `$ref` of a
            // document) passes the value on. The chain ends: a cycle of references is refused
            // when compiled (SchemaCompiler+Cycles.swift).
            while let target = nodes[Int(index)].reference { index = target }
        }
        let position = Int(index)
        if nodes[position].isFalse {
            fail(message: "is not allowed (the schema is false)", keyword: "false", at: KeywordSite(node: index))
            return false
        }
        if nodes[position].isNullable, case .null = value { return true }
        let resource = nodes[position].resource
        let entersResource = graph.usesDynamicScope && scope.last != resource
        if entersResource { scope.append(resource) }
        defer { if entersResource { scope.removeLast() } }
        var local: Evaluated? = nodes[position].tracksEvaluation || evaluated != nil ? Evaluated() : nil
        var valid = true
        let ops = nodes[position].ops
        for keyword in 0..<ops.count {
            if !apply(ops.base.unsafelyUnwrapped[keyword], index, keyword, value, &local) {
                valid = false
                if !Sink.isCollecting { return false }
            }
        }
        if valid, evaluated != nil, let local { evaluated!.merge(local) }
        return valid
    }

    /// `check` with its violations taken back: for `not`, `if`, `contains` and the branches of
    /// `anyOf` and `oneOf`, whose failures are not failures of the whole.
    mutating func quietly(_ index: Int32, _ value: JSONValue, _ evaluated: inout Evaluated?) -> (valid: Bool, violations: ArraySlice<JSONSchema.Violation>) {
        let mark = sink.count
        let valid = check(index, value, &evaluated)
        return (valid, sink.removeViolations(after: mark))
    }

    /// Checks a member or an item (`component` of the current value) against node `index`,
    /// which `keyword` applies; a `false` node is reported as "is not allowed (keyword: false)".
    mutating func checkChild(_ index: Int32, _ value: JSONValue, _ component: PathComponent, keyword: String) -> Bool {
        if Sink.isCollecting { path.append(component) }
        defer { if Sink.isCollecting { path.removeLast() } }
        if nodes[Int(index)].isFalse {
            fail(message: "is not allowed (\(keyword): false)", keyword: keyword, at: KeywordSite(node: index))
            return false
        }
        var evaluated: Evaluated?
        return check(index, value, &evaluated)
    }

    /// Records a violation at the current path (when collecting).
    @inline(__always)
    mutating func fail(message: @autoclosure () -> String, keyword: @autoclosure () -> String, at site: KeywordSite) {
        guard Sink.isCollecting else { return }
        let location = site.position.map { nodes[Int(site.node)].keywordLocations[$0] } ?? nodes[Int(site.node)].location
        sink.append(JSONSchema.Violation(instancePath: pointer, keyword: keyword(), message: message(), schemaLocation: location.description))
    }

    /// The current path as a JSON pointer.
    var pointer: String {
        path.reduce(into: "") { text, component in
            switch component {
            case let .key(key): text += "/" + JSONPointer.escape(key)
            case let .index(index): text += "/\(index)"
            }
        }
    }

    // MARK: - Keywords

    /// Applies keyword `position` of node `node` to `value`.
    private mutating func apply(_ op: SchemaOp, _ node: Int32, _ position: Int, _ value: JSONValue, _ evaluated: inout Evaluated?) -> Bool {
        let site = KeywordSite(node: node, position: position)
        func failing(_ message: @autoclosure () -> String) -> Bool {
            let nodes = nodes
            fail(message: message(), keyword: nodes[Int(node)].keywords[position].name, at: site)
            return false
        }
        switch op {
        case let .type(types):
            return types.admits(value) || failing("must be " + SchemaMessages.types(types))
        case let .enumeration(values):
            return values._withUnsafeGuaranteedRef { values in
                values.value.contains { SchemaValues.equal($0, value) } || failing("must be one of " + values.value.map(\.description).joined(separator: ", "))
            }
        case let .constant(constant):
            return constant._withUnsafeGuaranteedRef { constant in SchemaValues.equal(constant.value, value) || failing("must be \(constant.value)") }
        case let .multipleOf(divisor):
            guard value.isNumber else { return true }
            return SchemaValues.isMultiple(value, of: divisor.json) || failing("must be a multiple of \(divisor.json)")
        case let .bound(bound, number):
            let limit = number.json
            guard let order = SchemaValues.compare(value, limit) else { return true }
            switch bound {
            case .minimum: return order >= 0 || failing("must be at least \(limit)")
            case .exclusiveMinimum: return order > 0 || failing("must be greater than \(limit)")
            case .maximum: return order <= 0 || failing("must be at most \(limit)")
            case .exclusiveMaximum: return order < 0 || failing("must be less than \(limit)")
            }
        case let .minLength(minimum):
            guard case let .string(string) = value, string.utf8.count < 4 * minimum else { return true }
            return string.unicodeScalars.count >= minimum || failing("must be at least " + pluralized(minimum, "character") + " long")
        case let .maxLength(maximum):
            guard case let .string(string) = value, string.utf8.count > maximum else { return true }
            return string.unicodeScalars.count <= maximum || failing("must be at most " + pluralized(maximum, "character") + " long")
        case let .pattern(pattern):
            guard case let .string(string) = value else { return true }
            return pattern._withUnsafeGuaranteedRef { pattern in pattern.value.matches(string) || failing(pattern.value.mismatch(string)) }
        case let .format(format):
            // Compiled only where `format` may assert; a document's assert only in requests.
            guard graph.formatAssertion == .always || direction == .request else { return true }
            return format._withUnsafeGuaranteedRef { format in format.value.accepts(value) || failing(format.value.requirement) }
        case let .minItems(minimum):
            guard case let .array(array) = value else { return true }
            return array.count >= minimum || failing("must have at least " + pluralized(minimum, "item"))
        case let .maxItems(maximum):
            guard case let .array(array) = value else { return true }
            return array.count <= maximum || failing("must have at most " + pluralized(maximum, "item"))
        case .uniqueItems:
            guard case let .array(array) = value, let (first, second) = SchemaValues.firstDuplicate(array) else { return true }
            return failing("must not contain duplicates (items \(first) and \(second) are equal)")
        case let .items(rest):
            guard case let .array(array) = value else { return true }
            if !checkedArrays.isEmpty, checkedArrays.contains(CheckedArray(items: rest, array)) {
                if let done = evaluated?.prefix { evaluated?.prefix = max(done, array.count) }
                return true
            }
            return checkItems(array, prefix: [], rest: rest, &evaluated)
        case let .prefixItems(prefix, rest):
            guard case let .array(array) = value else { return true }
            return prefix._withUnsafeGuaranteedRef { checkItems(array, prefix: $0.value, rest: rest, &evaluated) }
        case let .contains(schema, minimum, maximum):
            guard case let .array(array) = value else { return true }
            return checkContains(array, schema, minimum: minimum, maximum: maximum, site, &evaluated)
        case let .properties(shape):
            guard case let .object(object) = value else { return true }
            return shape._withUnsafeGuaranteedRef { checkProperties(object, $0, &evaluated) }
        case let .propertyNames(schema):
            guard case let .object(object) = value else { return true }
            return checkPropertyNames(object, schema)
        case let .required(names):
            guard case let .object(object) = value else { return true }
            return names._withUnsafeGuaranteedRef { names in
                var valid = true
                var hint = 0
                for name in names.value where !object.hasMember(named: name, hint: &hint) {
                    if let direction, let only = nodes[Int(node)].directionalNames[name], only != direction { continue }
                    valid = failing("must have the property '\(name)'")
                    if !Sink.isCollecting { break }
                }
                return valid
            }
        case let .dependentRequired(dependencies):
            guard case let .object(object) = value else { return true }
            var valid = true
            for (name, required) in dependencies.takeUnretainedValue().value where object.hasMember(named: name) {
                for other in required where !object.hasMember(named: other) {
                    valid = failing("must have the property '\(other)' when '\(name)' is present")
                    if !Sink.isCollecting { return false }
                }
            }
            return valid
        case let .dependentSchemas(dependencies):
            guard case let .object(object) = value else { return true }
            var valid = true
            for (name, schema) in dependencies.takeUnretainedValue().value where object.hasMember(named: name) {
                if !check(schema, value, &evaluated) {
                    valid = false
                    if !Sink.isCollecting { return false }
                }
            }
            return valid
        case let .minProperties(minimum):
            guard case let .object(object) = value else { return true }
            return object.count >= minimum || failing("must have at least " + pluralized(minimum, "property"))
        case let .maxProperties(maximum):
            guard case let .object(object) = value else { return true }
            return object.count <= maximum || failing("must have at most " + pluralized(maximum, "property"))
        case let .allOf(branches):
            return branches._withUnsafeGuaranteedRef { branches in
                var valid = true
                for branch in branches.value where !check(branch, value, &evaluated) {
                    valid = false
                    if !Sink.isCollecting { return false }
                }
                return valid
            }
        case let .anyOf(alternatives):
            return alternatives._withUnsafeGuaranteedRef { checkAlternatives($0.value.0, $0.value.1, exactlyOne: false, value, site, &evaluated) }
        case let .oneOf(alternatives):
            return alternatives._withUnsafeGuaranteedRef { checkAlternatives($0.value.0, $0.value.1, exactlyOne: true, value, site, &evaluated) }
        case let .not(schema):
            var ignored: Evaluated?
            return !quietly(schema, value, &ignored).valid || failing("must not match the schema in not")
        case let .conditional(condition, then, otherwise):
            var conditionEvaluated: Evaluated? = evaluated == nil ? nil : Evaluated()
            if quietly(condition, value, &conditionEvaluated).valid {
                if let conditionEvaluated { evaluated?.merge(conditionEvaluated) }
                return then.map { check($0, value, &evaluated) } ?? true
            }
            return otherwise.map { check($0, value, &evaluated) } ?? true
        case let .ref(target):
            return check(target, value, &evaluated)
        case let .dynamicRef(target, anchor):
            return check(dynamicTarget(target, anchor?.takeUnretainedValue().value), value, &evaluated)
        case let .unevaluatedItems(schema):
            guard case let .array(array) = value else { return true }
            return checkUnevaluatedItems(array, schema, &evaluated)
        case let .unevaluatedProperties(schema):
            guard case let .object(object) = value else { return true }
            return checkUnevaluatedProperties(object, schema, &evaluated)
        }
    }

    /// The node a `$dynamicRef` reaches: the outermost resource in the dynamic scope with a
    /// `$dynamicAnchor` of the name, else the static target.
    private func dynamicTarget(_ target: Int32, _ anchor: String?) -> Int32 {
        guard let anchor else { return target }
        for resource in scope {
            if let node = graph.dynamicAnchors[resource]?[anchor] { return node }
        }
        return target
    }
}

extension SchemaGraph {
    /// Runs `body` with an evaluator of the graph that records violations in `sink`.
    func evaluate<Sink: ViolationSink, Result>(
        _ sink: Sink, direction: SchemaDirection? = nil, _ body: (inout SchemaEvaluator<Sink>) -> Result
    ) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            var evaluator = SchemaEvaluator(graph: self, nodes: nodes, sink: sink)
            evaluator.direction = direction
            return body(&evaluator)
        }
    }
}

extension JSONValue {
    /// Whether this is ``int(_:)`` or ``double(_:)``.
    var isNumber: Bool {
        switch self {
        case .int, .double: true
        default: false
        }
    }
}
