import NetspecModel
import Netspec

/// The cases of one operation for each phase: built from its parameters' schemas with the
/// schema engine's generator (`JSONSchema.example`), boundary and broken values
/// (`CaseGenerator+Values.swift`), and a seeded generator, so the same seed makes the same cases.
struct CaseGenerator {
    let endpoint: Endpoint
    let maxExamples: Int
    /// Each parameter with its compiled schema, in the endpoint's order.
    let parameters: [(parameter: Parameter, schema: JSONSchema)]
    /// The arguments every case starts from: each required parameter's example.
    let base: [String: JSONValue]

    init(endpoint: Endpoint, maxExamples: Int) {
        self.endpoint = endpoint
        self.maxExamples = maxExamples
        // A parameter whose schema does not compile is left out (`netspec validate` reports it).
        parameters = endpoint.parameters.compactMap { parameter in (try? parameter.schema).map { (parameter, Self.generating($0)) } }
        var base: [String: JSONValue] = [:]
        for (parameter, schema) in parameters where parameter.isRequired {
            base[parameter.name] = Self.usable(schema.example() ?? .string("a"), for: parameter)
        }
        self.base = base
    }

    /// The cases of a phase.
    func cases(_ phase: CheckPhase, seed: UInt64) -> [CheckCase] {
        let cases: [CheckCase] = switch phase {
        case .examples: exampleCases()
        case .coverage: coverageCases()
        case .fuzz: fuzzCases(seed: seed)
        case .stateful: []
        }
        return Array(cases.prefix(maxExamples))
    }

    /// The required parameters' examples; then every parameter's, when some are optional; then
    /// each further value of a schema's `examples`; then the document's examples beside the schemas.
    private func exampleCases() -> [CheckCase] {
        var cases = [CheckCase(endpoint: endpoint, phase: .examples, arguments: base)]
        var all = base
        for (parameter, schema) in parameters where all[parameter.name] == nil {
            if let example = schema.example() { all[parameter.name] = Self.usable(example, for: parameter) }
        }
        if all.count > base.count { cases.append(CheckCase(endpoint: endpoint, phase: .examples, arguments: all)) }
        for (parameter, schema) in parameters {
            guard case let .array(examples)? = schema.json["examples"] else { continue }
            for example in examples.dropFirst() where example != base[parameter.name] {
                cases.append(with(parameter, Self.usable(example, for: parameter), phase: .examples))
            }
        }
        return cases + documentExampleCases()
    }

    /// The document's examples beside the schemas (``Parameter/examples``: a parameter's own, a
    /// media type's split into its body's fields): every parameter that has one at its first,
    /// together (a body's first example whole); then each further one, one at a time.
    private func documentExampleCases() -> [CheckCase] {
        var cases: [CheckCase] = []
        var first = base
        for (parameter, _) in parameters {
            if let example = parameter.examples.first { first[parameter.name] = Self.usable(example, for: parameter) }
        }
        if first != base { cases.append(CheckCase(endpoint: endpoint, phase: .examples, arguments: first)) }
        for (parameter, _) in parameters {
            for example in parameter.examples.dropFirst() {
                cases.append(with(parameter, Self.usable(example, for: parameter), phase: .examples))
            }
        }
        return cases
    }

    /// For each parameter in turn, its boundary and broken values, the others at their examples;
    /// each required parameter left out.
    private func coverageCases() -> [CheckCase] {
        var cases: [CheckCase] = []
        for (parameter, schema) in parameters {
            var seen: [JSONValue] = []
            for value in Self.boundaryValues(schema.json, parameter: parameter) + Self.brokenValues(schema.json, parameter: parameter) where !seen.contains(value) {
                seen.append(value)
                cases.append(with(parameter, value, phase: .coverage))
            }
            if parameter.isRequired, parameter.location == .header {
                cases.append(CheckCase(endpoint: endpoint, phase: .coverage, kind: .missingHeader(parameter.name), arguments: base))
            } else if parameter.isRequired {
                var arguments = base
                arguments[parameter.name] = nil
                cases.append(CheckCase(endpoint: endpoint, phase: .coverage, arguments: arguments))
            }
        }
        return cases
    }

    /// Seeded cases, alternately positive (each required parameter, and each optional one at
    /// even odds, drawn from its schema) and negative (a positive case with one parameter's value
    /// broken in one way: another type, outside its `enum`, just past a limit or not its
    /// `format`); `maxExamples` draws, a draw identical to an earlier one not sent again
    /// (as Hypothesis does for Schemathesis), so an operation with nothing to vary gets one case.
    private func fuzzCases(seed: UInt64) -> [CheckCase] {
        var random = SeededRandom(seed: seed)
        var cases: [CheckCase] = []
        var drawn: Set<[String: JSONValue]> = []
        for index in 0..<maxExamples {
            var arguments = drawnArguments(&random)
            if index % 2 == 1, !parameters.isEmpty {
                let (parameter, schema) = parameters[Int(random.next() % UInt64(parameters.count))]
                let broken = Self.brokenValues(schema.json, parameter: parameter) + Self.pastLimitValues(schema.json, parameter: parameter)
                if !broken.isEmpty { arguments[parameter.name] = broken[Int(random.next() % UInt64(broken.count))] }
            }
            guard drawn.insert(arguments).inserted else { continue }
            cases.append(CheckCase(endpoint: endpoint, phase: .fuzz, arguments: arguments))
        }
        return cases
    }

    /// A positive case's arguments: each required parameter, and each optional one at even
    /// odds, drawn from its schema.
    func drawnArguments(_ random: inout SeededRandom) -> [String: JSONValue] {
        var arguments: [String: JSONValue] = [:]
        for (parameter, schema) in parameters where parameter.isRequired || random.next() & 1 == 0 {
            let drawn = schema.example(seed: random.next()) ?? base[parameter.name] ?? .string("a")
            arguments[parameter.name] = Self.usable(drawn, for: parameter)
        }
        return arguments
    }

    /// The base arguments with one parameter's value replaced.
    private func with(_ parameter: Parameter, _ value: JSONValue, phase: CheckPhase) -> CheckCase {
        var arguments = base
        arguments[parameter.name] = value
        return CheckCase(endpoint: endpoint, phase: phase, arguments: arguments)
    }

    /// The schema values are drawn from and broken by: Swagger 2.0's `type: file` (a schema that
    /// constrains nothing, whose example would be an object sent as a JSON part) is a binary
    /// string, as OpenAPI 3's `type: string, format: binary` part is.
    static func generating(_ schema: JSONSchema) -> JSONSchema {
        guard schema.json["type"] == "file" else { return schema }
        return binaryString
    }

    /// `type: string, format: binary` (``generating(_:)``).
    private static let binaryString: JSONSchema = {
        do {
            return try JSONSchema(["type": "string", "format": "binary"])
        } catch {
            preconditionFailure("a binary string's schema does not compile: \(error)")
        }
    }()

    /// A value that can be sent where the parameter goes: a path segment or a header is never
    /// empty text, and a header's text is printable ASCII (anything else cannot be written).
    static func usable(_ value: JSONValue, for parameter: Parameter) -> JSONValue {
        guard case let .string(text) = value else { return value }
        if parameter.location == .header {
            let printable = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.map(Character.init))
            return .string(printable.isEmpty ? "a" : printable)
        }
        if parameter.location == .path, text.isEmpty { return .string("a") }
        return value
    }
}
