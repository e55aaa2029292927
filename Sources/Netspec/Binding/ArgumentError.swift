extension CallError {
    /// A call's arguments do not fit its endpoint; found before anything is sent.
    ///
    /// The message names the endpoint and the parameter:
    /// `endpoint 'getUser': parameter 'id': expected Int, got the string "abc"`.
    public struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What kind of problem it is.
        public enum Reason: Sendable, Hashable {
            /// A required parameter was not given.
            case missing
            /// An argument names no parameter of the endpoint.
            case unknown
            /// The value does not fit the parameter's type.
            case wrongType
            /// `nil` was given for a parameter that is not optional.
            case nilForNonOptional
            /// The value cannot be written where the parameter goes (a `..` path segment, a line break in a header, …).
            case invalidValue
            /// A `${NAME}` variable is set neither on the provider nor in the environment.
            case unresolvedVariable
            /// The endpoint does not exist.
            case unknownEndpoint
            /// A file given as an argument cannot be read.
            case unreadableFile
            /// The request cannot be built for another reason (no base URL, an unregistered coder).
            case configuration
        }

        /// The endpoint called.
        public let endpoint: String
        /// The parameter concerned, if any.
        public let parameter: String?
        /// The kind of problem.
        public let reason: Reason
        /// What is wrong, without the endpoint and parameter prefix.
        public let message: String

        /// Creates an argument error.
        public init(endpoint: String, parameter: String?, reason: Reason, message: String) {
            self.endpoint = endpoint
            self.parameter = parameter
            self.reason = reason
            self.message = message
        }

        /// `endpoint 'E': parameter 'P': message`.
        public var description: String {
            "endpoint '\(endpoint)': " + (parameter.map { "parameter '\($0)': " } ?? "") + message
        }
    }
}

/// The name inside the package.
package typealias ArgumentError = CallError.ArgumentError
