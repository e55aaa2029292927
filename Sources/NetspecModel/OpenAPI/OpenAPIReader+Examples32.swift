/// OpenAPI 3.2's Example object: `value`, `dataValue`, `serializedValue` and `externalValue`, of
/// which some exclude others (an error), and `serializedValue` checked against what `dataValue`
/// is written as where both are given and the place says how (a warning naming both).
extension OpenAPIReader {
    /// The pairs of an Example's fields that exclude each other (OpenAPI 3.2.0, Example Object).
    static let exclusiveExampleFields = [
        ("value", "externalValue"), ("value", "dataValue"), ("value", "serializedValue"), ("serializedValue", "externalValue"),
    ]

    /// An Example object: its exclusive fields, and its `serializedValue` against its `dataValue`.
    mutating func checkExample32(_ node: YAMLNode, context: String, serializer: ExampleSerializer?) {
        guard let example = MappingReader(node), example["$ref"] == nil else { return }
        for (first, second) in Self.exclusiveExampleFields where example[first] != nil {
            guard let entry = example.entry(second) else { continue }
            reportIn(path(of: node), "\(context)'\(first)' and '\(second)' exclude each other in an Example object (OpenAPI 3.2.0, Example Object)", at: entry.key.mark)
        }
        guard let data = example["dataValue"], let serialized = example.entry("serializedValue"), let serializer else { return }
        guard let written = serialized.value.string, serialized.value.scalar?.resolved != .null else {
            reportIn(path(of: node), "\(context)'serializedValue' must be a string, found \(serialized.value.foundDescription) (OpenAPI 3.2.0, Example Object)", at: serialized.value.mark)
            return
        }
        guard let expected = Self.serialization(of: data.jsonValue, by: serializer), !Self.sameSerialization(written, expected, serializer) else { return }
        warnIn(
            path(of: node),
            "\(context)'serializedValue' is '\(written)', but its 'dataValue' \(data.jsonValue) is written as '\(expected)' (OpenAPI 3.2.0, Serialization and Examples); one of them is wrong",
            at: serialized.value.mark
        )
    }

    /// What `value` is written as at the place, `nil` when the place does not say (a media type
    /// this reader does not write, a combination the text calls n/a) or it cannot be written.
    private static func serialization(of value: JSONValue, by serializer: ExampleSerializer) -> String? {
        switch serializer {
        case let .parameter(serialization): return try? serialization.serialized(value)
        case let .queryString(codec):
            guard case let .queryString(form) = codec else { return nil }
            return try? form.written(value)
        case let .mediaType(mediaType):
            if MediaType.isJSON(mediaType) { return String(decoding: value.serialized(), as: UTF8.self) }
            if MediaType.base(of: mediaType) == "application/x-www-form-urlencoded" { return try? ParameterCodec.QueryString.form().written(value) }
            if mediaType.lowercased().hasPrefix("text/"), case let .string(text) = value { return text }
            return nil
        }
    }

    /// Whether a written `serializedValue` is what was expected: JSON compared as data (its
    /// whitespace and number forms are free), anything else byte for byte.
    private static func sameSerialization(_ written: String, _ expected: String, _ serializer: ExampleSerializer) -> Bool {
        if case let .mediaType(mediaType) = serializer, MediaType.isJSON(mediaType) {
            return (try? JSONValue(parsing: Array(written.utf8))) == (try? JSONValue(parsing: Array(expected.utf8)))
        }
        return written == expected
    }
}
