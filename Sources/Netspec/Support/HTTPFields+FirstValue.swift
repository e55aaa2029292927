import HTTPTypes

extension HTTPFields {
    /// The value of the first field with this name, without joining repeated fields (which the
    /// subscript does, at a cost, on every read).
    func firstValue(for name: HTTPField.Name) -> String? {
        for field in self where field.name == name { return field.value }
        return nil
    }
}
