/// A static header from a spec's `headers:` (service or endpoint); the value may hold `${NAME}`.
public struct SpecHeader: Sendable, Hashable {
    /// The header name as written.
    public let name: String
    /// The value, resolved at call time.
    public let value: Template
    /// Where the header is declared.
    public let mark: Mark
}
