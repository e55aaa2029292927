extension CallError {
    /// A call's arguments do not fit its endpoint; found before anything is sent.
    ///
    /// The message names the endpoint and the parameter:
    /// `endpoint 'getUser': parameter 'id': expected Int, got the string "abc"`.
    public struct ArgumentError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What kind of problem it is.
        public struct Reason: Sendable, Hashable, CustomStringConvertible {
            /// The name, as in the case (`missing`, `timeout`, …).
            public let name: String
            /// A value with this name (a reason Netspec does not name yet).
            public init(_ name: String) { self.name = name }
            /// The name.
            public var description: String { name }

            /// A required parameter was not given.
            public static let missing = Reason("missing")
            /// An argument names no parameter of the endpoint.
            public static let unknown = Reason("unknown")
            /// The value does not fit the parameter's type.
            public static let wrongType = Reason("wrongType")
            /// `nil` was given for a parameter that is not optional.
            public static let nilForNonOptional = Reason("nilForNonOptional")
            /// The value cannot be written where the parameter goes (a `..` path segment, a line break in a header, …).
            public static let invalidValue = Reason("invalidValue")
            /// A `${NAME}` variable is set neither on the provider nor in the environment (a
            /// ``CallError/ConfigurationError`` once it leaves the package).
            package static let unresolvedVariable = Reason("unresolvedVariable")
            /// The endpoint does not exist.
            public static let unknownEndpoint = Reason("unknownEndpoint")
            /// The endpoint is called in a form it does not have (`api.chat(…)` for a stream,
            /// `.events(…)` for an endpoint that answers one value); the message names the form to use.
            public static let wrongForm = Reason("wrongForm")
            /// A file given as an argument cannot be read.
            public static let unreadableFile = Reason("unreadableFile")
            /// The request cannot be built for another reason (no base URL, an unregistered coder; a
            /// ``CallError/ConfigurationError`` once it leaves the package).
            package static let configuration = Reason("configuration")
        }

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
        /// every problem found before sending is written.
        package static func describe(endpoint: String, parameter: String?, message: String) -> String {
            "endpoint '\(endpoint)': " + (parameter.map { "parameter '\($0)': " } ?? "") + message
        }
    }
}

