extension CallError {
    /// A call's arguments do not fit its endpoint; found before anything is sent.
    ///
    /// The message names the endpoint and the parameter:
    /// `endpoint 'getUser': parameter 'id': expected Int, got the string "abc"`.
    public struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {

        /// The endpoint called.
        public let endpoint: String
        /// The parameter concerned, if any.
        public let parameter: String?
        /// The kind of problem.
        public let reason: Reason
        /// What is wrong, without the endpoint and parameter prefix.
        public let message: String
        /// The `${NAME}` variable that is not set, for the reason `unresolvedVariable`.
        package var variable: String?
        /// For the reason `schemaViolation`: how the value breaks the document's schema (the
        /// JSON pointer inside the parameter's value, what the schema requires, and where it is).
        public package(set) var violation: JSONSchema.Violation?
        /// Every problem, when there is more than one (this error then names them all); empty
        /// for one problem.
        public package(set) var problems: [CallError.ArgumentError] = []

        /// Creates an argument error.
        public init(endpoint: String, parameter: String?, reason: Reason, message: String) {
            self.endpoint = endpoint
            self.parameter = parameter
            self.reason = reason
            self.message = message
        }

        /// `endpoint 'E': parameter 'P': message`.
        public var description: String {
            Self.describe(endpoint: endpoint, parameter: parameter, message: message)
        }

        /// `endpoint 'E': parameter 'P': message` (without the parameter when there is none): how
        /// every problem found before sending is written. An empty endpoint is no call's (a login,
        /// ``Service/Auth``): its message names the scheme or the document, with no prefix.
        package static func describe(endpoint: String, parameter: String?, message: String) -> String {
            (endpoint.isEmpty ? "" : "endpoint '\(endpoint)': ") + (parameter.map { "parameter '\($0)': " } ?? "") + message
        }
    }
}

