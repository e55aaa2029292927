/// A parameter's value read from text: query items, form fields, headers, cookies, path segments,
/// and the command line's `name=text`.
extension Parameter {
    /// `value`, read from text, typed by the schema the document declares for the parameter
    /// (``JSONSchema/typingText(_:)``: `trial_end=41317483` is the integer where Stripe's
    /// `anyOf: [{enum: [now]}, {type: integer}]` takes one, `trial_end=now` stays text;
    /// `created[gte]=5` is `{"gte": 5}`); `value` itself for a parameter without such a schema
    /// (its type gave the value its types already) or whose schema does not compile (the
    /// argument check reports that). The client's command line and the mock server's reading
    /// both type text here, so what one sends the other reads as the same value.
    package func typingText(_ value: JSONValue) -> JSONValue {
        guard let schema = try? documentSchema?.compiled() else { return value }
        return schema.typingText(value)
    }
}
