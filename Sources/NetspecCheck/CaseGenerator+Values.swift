import NetspecModel

/// The values a schema's keywords make interesting: at its limits (which the document allows)
/// and just past them, of another type, outside its `enum` (which it forbids). Which of them a
/// case sends is positive or negative is decided afterwards, on the request as sent
/// (``Checker/classify(_:)``), never from what a value was meant to be.
extension CaseGenerator {
    /// Each `enum` value, `minimum`/`maximum` (and their exclusive forms) and one past them,
    /// strings at `minLength`/`maxLength` and one past, a `format`'s example, empty arrays and
    /// arrays at `maxItems` and one past, and `null` in a body.
    static func boundaryValues(_ schema: JSONValue, parameter: Parameter) -> [JSONValue] {
        var values: [JSONValue] = []
        if case let .array(options)? = schema["enum"] { values += options }
        if let constant = schema["const"] { values.append(constant) }
        let isInteger = types(of: schema).contains("integer")
        for key in ["minimum", "exclusiveMinimum"] {
            guard let limit = schema[key]?.double, abs(limit) < 1e15 else { continue }
            values += isInteger ? [.int(Int(limit)), .int(Int(limit) - 1), .int(Int(limit) + 1)] : [.double(limit), .double(limit - 1)]
        }
        for key in ["maximum", "exclusiveMaximum"] {
            guard let limit = schema[key]?.double, abs(limit) < 1e15 else { continue }
            values += isInteger ? [.int(Int(limit)), .int(Int(limit) + 1), .int(Int(limit) - 1)] : [.double(limit), .double(limit + 1)]
        }
        if let minimum = schema["minLength"]?.int {
            values.append(.string(String(repeating: "a", count: minimum)))
            if minimum > 0 { values.append(.string(String(repeating: "a", count: minimum - 1))) }
        }
        if let maximum = schema["maxLength"]?.int, maximum < 10_000 {
            values += [.string(String(repeating: "a", count: maximum)), .string(String(repeating: "a", count: maximum + 1))]
        }
        if case let .string(format)? = schema["format"], let example = formatExamples[format] { values += [.string(example), .string("not-a-\(format)")] }
        if types(of: schema).contains("array") {
            values.append(.array([]))
            if let maximum = schema["maxItems"]?.int, maximum < 1_000, let item = (try? JSONSchema(schema["items"] ?? .object(JSONObject())))?.example() {
                values += [.array(Array(repeating: item, count: maximum)), .array(Array(repeating: item, count: maximum + 1))]
            }
        }
        // A URL or header cannot carry null: leaving the parameter out is how it is not sent.
        if !parameter.isTextOnTheWire { values.append(.null) }
        return values
    }

    /// The boundary values that break the schema (``boundaryValues(_:parameter:)``'s "just past"):
    /// one below `minimum`/`exclusiveMinimum` and one above `maximum`/`exclusiveMaximum`, a string
    /// one shorter than `minLength` or one longer than `maxLength`, text that is not its `format`,
    /// an array one longer than `maxItems`. The fuzz phase's negative cases draw from these and
    /// ``brokenValues(_:parameter:)``.
    static func pastLimitValues(_ schema: JSONValue, parameter: Parameter) -> [JSONValue] {
        var values: [JSONValue] = []
        let isInteger = types(of: schema).contains("integer")
        for (key, step) in [("minimum", -1.0), ("exclusiveMinimum", -1.0), ("maximum", 1.0), ("exclusiveMaximum", 1.0)] {
            guard let limit = schema[key]?.double, abs(limit) < 1e15 else { continue }
            values.append(isInteger ? .int(Int(limit) + Int(step)) : .double(limit + step))
        }
        if let minimum = schema["minLength"]?.int, minimum > 0 { values.append(.string(String(repeating: "a", count: minimum - 1))) }
        if let maximum = schema["maxLength"]?.int, maximum < 10_000 { values.append(.string(String(repeating: "a", count: maximum + 1))) }
        if case let .string(format)? = schema["format"], formatExamples[format] != nil { values.append(.string("not-a-\(format)")) }
        if types(of: schema).contains("array"), let maximum = schema["maxItems"]?.int, maximum < 1_000,
           let item = (try? JSONSchema(schema["items"] ?? .object(JSONObject())))?.example() {
            values.append(.array(Array(repeating: item, count: maximum + 1)))
        }
        return values
    }

    /// Values of a type the schema does not have, and text outside its `enum`: each breaks one
    /// constraint. A path, query, header or cookie parameter's are text (the wire carries text).
    static func brokenValues(_ schema: JSONValue, parameter: Parameter) -> [JSONValue] {
        let types = types(of: schema)
        var values: [JSONValue] = []
        if schema["enum"] != nil { values.append(.string("not-in-the-enum")) }
        if types.contains("integer") || types.contains("number") { values.append(.string("not-a-number")) }
        if types.contains("integer") { values.append(.double(1.5)) }
        if types.contains("boolean") { values.append(.string("not-a-boolean")) }
        if !parameter.isTextOnTheWire {
            if types.contains("string") { values.append(.int(12345)) }
            if types.contains("object") || types.contains("array") { values.append(.string("not-a-structure")) }
            if !types.contains("null"), !types.isEmpty { values.append(.null) }
        }
        return values
    }

    /// The schema's `type`s (one, a list, or OpenAPI 3.0's `nullable` adding `null`).
    static func types(of schema: JSONValue) -> Set<String> {
        var types: Set<String> = switch schema["type"] {
        case let .string(type)?: [type]
        case let .array(list)?: Set(list.compactMap(\.string))
        default: []
        }
        if schema["nullable"] == .bool(true) { types.insert("null") }
        return types
    }

    /// A valid example of each format the schema engine checks.
    static let formatExamples: [String: String] = [
        "date": "2026-01-31", "date-time": "2026-01-31T12:00:00Z", "time": "12:00:00Z", "email": "someone@example.com",
        "uuid": "123e4567-e89b-12d3-a456-426614174000", "uri": "https://example.com/a", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
        "hostname": "example.com",
    ]
}
