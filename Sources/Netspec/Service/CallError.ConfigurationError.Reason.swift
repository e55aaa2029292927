extension CallError.ConfigurationError {
    /// What is missing.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// The name (`unsetVariable`, `setup`, `authorization`, `loginRequired`, `spec`).
        public let name: String
        /// A value with this name (a reason Netspec does not name yet).
        public init(_ name: String) { self.name = name }
        /// The name.
        public var description: String { name }

        /// A `${NAME}` variable is set neither on the provider nor in the environment.
        public static let unsetVariable = Reason("unsetVariable")
        /// Something the call needs is not set up: a base URL, a registered coder, a mock.
        public static let setup = Reason("setup")
        /// An OAuth 2 authorization server did not give a token (a wrong client secret, a scope
        /// it refuses): the message names the scheme and the token URL.
        public static let authorization = Reason("authorization")
        /// An OAuth 2 scheme's token comes from a user's login (authorization code or device
        /// flow), and none is stored, or its refresh token was refused: the message says how to
        /// log in (`netspec auth login`, ``Service/logIn(scheme:device:scopes:options:timeout:prompt:)``).
        public static let loginRequired = Reason("loginRequired")
        /// The spec did not load (``Service/init(loading:provider:)``): the error's
        /// ``CallError/ConfigurationError/specError`` says what and where. Also a schema of the
        /// document a call is checked against (its arguments, or its response when it validates
        /// them) that cannot be compiled: the message names it and the compile error's
        /// `file:line:column` (the command line exits 65 for either).
        public static let spec = Reason("spec")
    }
}
