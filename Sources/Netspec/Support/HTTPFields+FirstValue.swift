import HTTPTypes

extension HTTPFields {
    /// The value of the first field with this name, without joining repeated fields (which the
    /// subscript does, at a cost, on every read).
    func firstValue(for name: HTTPField.Name) -> String? {
        for field in self where field.name == name { return field.value }
        return nil
    }
}

extension HTTPFields {
    /// The value of a field by a name in any case, as HTTP reads it (repeated fields joined with
    /// `, `, `; ` for `Cookie`); `nil` when there is none or the name is not a valid field name.
    /// What `Response.header(_:)` and NetspecTesting's `PreparedRequest.header(_:)` answer.
    package func value(named name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }
}
