package import HTTPTypes

/// A static header from a spec's `headers:` (service or endpoint); the value may hold `${NAME}`.
package struct SpecHeader: Sendable, Hashable {
    /// The name as a field name (made, and so checked to be a token, when the spec loaded).
    package let fieldName: HTTPField.Name

    /// The header name as written.
    package let name: String
    /// The value, resolved at call time.
    package let value: Template
    /// Where the header is declared.
    package let mark: Mark

    init(name: HTTPField.Name, value: Template, mark: Mark) {
        self.name = name.rawName
        self.value = value
        self.mark = mark
        fieldName = name
    }
}
