import NetspecModel

extension CallError.ArgumentError {
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
        /// The value breaks the document's schema for the parameter (or the body): see
        /// ``CallError/ArgumentError/violation``.
        public static let schemaViolation = Reason("schemaViolation")
        /// More than one problem: see ``CallError/ArgumentError/problems``.
        public static let several = Reason("several")
        /// A file given as an argument cannot be read.
        public static let unreadableFile = Reason("unreadableFile")
        /// The request cannot be built for another reason (no base URL, an unregistered coder; a
        /// ``CallError/ConfigurationError`` once it leaves the package).
        package static let configuration = Reason("configuration")
    }
}

extension CallError.ArgumentError.Reason {
    /// The reason of a codec's problem (`invalidValue` or `wrongType`), for the error that names
    /// the endpoint and the parameter.
    package init(_ reason: ParameterCodec.Problem.Reason) {
        switch reason {
        case .invalidValue: self = .invalidValue
        case .wrongType: self = .wrongType
        }
    }
}
