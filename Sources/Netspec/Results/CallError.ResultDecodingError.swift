extension CallError {
    /// A response that does not have the declared shape, named by the key path where it failed:
    /// `endpoint 'listUsers': data.list.3.id: expected String, found null`.
    public struct ResultDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The endpoint called.
        public let endpoint: String
        /// Where in the response it failed (empty for the whole response).
        public let keyPath: String
        /// What is wrong there.
        public let message: String
        /// Every way the response breaks the document's schema, when the call validated it with
        /// ``CallOptions/Validation/strict``; empty for other decoding errors.
        public package(set) var violations: [JSONSchema.Violation] = []

        /// Creates a decoding error.
        public init(endpoint: String, keyPath: String, message: String) {
            self.endpoint = endpoint
            self.keyPath = keyPath
            self.message = message
        }

        /// `endpoint 'E': key.path: message`.
        public var description: String {
            "endpoint '\(endpoint)': " + (keyPath.isEmpty ? "" : "\(keyPath): ") + message
        }
    }
}

