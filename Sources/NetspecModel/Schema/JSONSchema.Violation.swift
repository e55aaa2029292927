extension JSONSchema {
    /// One way a value fails a schema.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// The JSON pointer of the offending part of the value: `""` for the value itself,
        /// `/items/3/name` for a member of an element of a member.
        public let instancePath: String
        /// The keyword that failed, such as `minimum`, `required` or `additionalProperties`.
        public let keyword: String
        /// What the schema requires, in plain words: `must be at least 1`,
        /// `must have the property 'name'`, `is not allowed (additionalProperties: false)`.
        public let message: String
        /// Where the failing keyword is: `file:line:column` when the schema was read from a file,
        /// otherwise its document's URI and JSON pointer.
        public let schemaLocation: String

        /// Creates a violation.
        public init(instancePath: String, keyword: String, message: String, schemaLocation: String) {
            self.instancePath = instancePath
            self.keyword = keyword
            self.message = message
            self.schemaLocation = schemaLocation
        }

        /// `/items/3/name must be at least 1 (schema at openai.yaml:1234:9)`; the value itself is `the value`.
        public var description: String {
            "\(instancePath.isEmpty ? "the value" : instancePath) \(message) (schema at \(schemaLocation))"
        }
    }
}
