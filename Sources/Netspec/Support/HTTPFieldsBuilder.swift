import HTTPTypes

/// Builds `HTTPFields` from names and values as text, skipping names that are not tokens.
struct HTTPFieldsBuilder {
    private(set) var fields = HTTPFields()

    /// A builder with no fields.
    init() {}

    /// A builder with room for `capacity` fields.
    init(capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    mutating func append(name: String, value: String) {
        guard let fieldName = HTTPField.Name(name) else { return }
        fields.append(HTTPField(name: fieldName, value: value))
    }
}
