/// The examples a document gives beside a request's schemas — a Parameter object's or a Media
/// Type object's `example` and `examples` — kept on the parameters they are examples of
/// (``Parameter/examples``), for `netspec check`'s examples phase.
extension OpenAPIReader {
    /// An object's `example`, then each of its `examples`' values in order: an Example object's
    /// `value` (OpenAPI 3.2: or its `dataValue`), a `$ref` to one resolved. An `externalValue` is
    /// not fetched, and a `serializedValue` alone is text already written, not a value: neither
    /// is one.
    mutating func exampleValues(of object: MappingReader?) -> [JSONValue] {
        guard let object else { return [] }
        var values: [JSONValue] = []
        if let example = object["example"] { values.append(example.jsonValue) }
        for pair in object["examples"].flatMap(MappingReader.init)?.pairs.map({ $0 }) ?? [] {
            guard let example = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            if let value = example["value"] ?? (isVersion32 ? example["dataValue"] : nil) { values.append(value.jsonValue) }
        }
        return values
    }
}
