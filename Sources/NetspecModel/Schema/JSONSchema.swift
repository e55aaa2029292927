// Netspec's JSON Schema engine: one compiled, immutable schema type for every consumer (request
// checks, response validation, mock bodies, MCP tool schemas).
//
// Why our own: the local package set has no Swift JSON Schema validator, and the ones that exist
// elsewhere read Foundation's `Any` or their own JSON type, not Netspec's `JSONValue` and
// positioned YAML trees. The engine compiles a schema once into a graph of nodes (Schema/*Node*,
// *Compiler*) and validates values against the graph (*Evaluator*); the generator makes example
// values from the same graph (*Generator*). See docs/schema.md for what is supported.

/// A compiled JSON Schema (2020-12, or OpenAPI 3.0's or Swagger 2.0's dialect): validates
/// ``JSONValue``s and makes example values.
///
/// A `JSONSchema` is immutable and `Sendable`; it shares one compiled graph with every schema
/// compiled from the same documents, so copies are cheap. Compile one from a JSON value with
/// ``init(_:assertingFormats:)``; the OpenAPI front end compiles them from its documents.
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "required": ["name"], "properties": ["name": ["type": "string", "minLength": 1]]])
/// schema.isValid(["name": "Ada"])              // true
/// schema.validate(["name": ""]).map(\.message) // ["must be at least 1 character long"]
/// ```
public struct JSONSchema: Sendable {
    /// The compiled graph the schema is a node of.
    let graph: SchemaGraph
    /// The schema's node.
    let root: Int32

    init(graph: SchemaGraph, root: Int32) {
        self.graph = graph
        self.root = root
    }

    /// Compiles a JSON Schema 2020-12 schema given as JSON.
    ///
    /// - Parameters:
    ///   - schema: The schema: an object or a Boolean. Its `$ref`s may point inside it (`#/$defs/…`).
    ///   - assertingFormats: Whether `format` is checked (for `date-time`, `date`, `time`, `email`,
    ///     `uuid`, `uri`, `ipv4`, `ipv6`, `duration`) rather than only an annotation.
    /// - Throws: An error with the keyword's JSON pointer when the schema cannot be compiled
    ///   (an unresolvable `$ref`, a keyword of the wrong type, a pattern that is not a regular expression).
    public init(_ schema: JSONValue, assertingFormats: Bool = false) throws {
        let compiler = SchemaCompiler(options: SchemaOptions(assertsFormat: assertingFormats))
        self = try compiler.compile(schema)
    }

    /// Whether `value` is valid; stops at the first failure.
    ///
    /// - Parameter value: Any JSON value.
    /// - Returns: `true` when every keyword of the schema accepts the value.
    public func isValid(_ value: JSONValue) -> Bool {
        isValid(value, direction: nil)
    }

    /// Every problem with `value`, in the order of the schema's keywords; empty when it is valid.
    ///
    /// - Parameter value: Any JSON value.
    /// - Returns: The violations, each with the JSON pointer of the offending part of `value`.
    public func validate(_ value: JSONValue) -> [Violation] {
        validate(value, direction: nil)
    }

    /// Whether `value` sent in `direction` is valid (see ``validate(_:direction:)``); stops at the
    /// first failure.
    package func isValid(_ value: JSONValue, direction: SchemaDirection?) -> Bool {
        graph.evaluate(FirstFailure(), direction: direction) { evaluator in
            var evaluated: Evaluated?
            return evaluator.check(root, value, &evaluated)
        }
    }

    /// Every problem with `value` sent in `direction`: OpenAPI's `readOnly` properties are not
    /// required of a request, `writeOnly` ones not of a response.
    package func validate(_ value: JSONValue, direction: SchemaDirection?) -> [Violation] {
        graph.evaluate(AllViolations(), direction: direction) { evaluator in
            var evaluated: Evaluated?
            _ = evaluator.check(root, value, &evaluated)
            return evaluator.sink.violations
        }
    }

    /// A value the schema accepts, the same every time: the schema's own `example`, `examples`,
    /// `default`, `const` or first `enum` value when it has one, else one made from its keywords.
    ///
    /// - Returns: A valid value, or `nil` when none could be made (the schema accepts nothing,
    ///   or needs what the generator cannot make, such as a string for an unusual pattern).
    public func example() -> JSONValue? {
        var generator = SchemaGenerator(graph: graph, seed: nil)
        return generator.example(root)
    }

    /// A valid value drawn at random from `seed`: the same seed gives the same value.
    ///
    /// - Parameter seed: Any number; different seeds give varied values.
    /// - Returns: A valid value, or `nil` when none could be made.
    public func example(seed: UInt64) -> JSONValue? {
        var generator = SchemaGenerator(graph: graph, seed: seed)
        return generator.example(root)
    }

    /// A value the schema accepts for a value sent in `direction`: as ``example()`` (`seed`
    /// `nil`) or ``example(seed:)``, but OpenAPI's `writeOnly` properties are left out of a
    /// response and `readOnly` ones out of a request (as Prism's mock leaves them out), and the
    /// value is checked as ``validate(_:direction:)`` checks it.
    package func example(direction: SchemaDirection?, seed: UInt64?) -> JSONValue? {
        var generator = SchemaGenerator(graph: graph, seed: seed)
        generator.direction = direction
        return generator.example(root)
    }

    /// The schema as written in its source, with its `$ref`s as written.
    public var json: JSONValue { graph.nodes[Int(root)].source }

    /// What the schema, and every schema it reaches, writes that compiles but is not standard
    /// (a map of properties written as a `$ref`), each where it is written, in the order they are
    /// reached; empty for most schemas.
    package var warnings: [SchemaWarning] {
        guard !graph.warnings.isEmpty else { return [] }
        var seen: Set<Int32> = [root]
        var stack = [root]
        var found: [SchemaWarning] = []
        while let index = stack.popLast() {
            for warning in graph.warnings[index] ?? [] where !found.contains(warning) { found.append(warning) }
            for keyword in graph.nodes[Int(index)].keywords {
                for child in keyword.subschemas.reversed() where seen.insert(child).inserted { stack.append(child) }
            }
        }
        return found
    }

    /// Where the schema is: `file:line:column` when it was compiled from a file, otherwise its
    /// document's URI and JSON pointer (`urn:netspec:schema:1#/properties/name`).
    public var location: String { graph.nodes[Int(root)].location.description }
}

