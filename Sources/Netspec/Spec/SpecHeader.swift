import HTTPTypes

/// A static header from a spec's `headers:` (service or endpoint); the value may hold `${NAME}`.
public struct SpecHeader: Sendable, Hashable {
    /// The name as a field name (made, and so checked to be a token, when the spec loaded).
    let fieldName: HTTPField.Name

    /// The header name as written.
    public let name: String
    /// The value, resolved at call time.
    public let value: Template
    /// Where the header is declared.
    public let mark: Mark

    init(name: HTTPField.Name, value: Template, mark: Mark) {
        self.name = name.rawName
        self.value = value
        self.mark = mark
        fieldName = name
    }
}
