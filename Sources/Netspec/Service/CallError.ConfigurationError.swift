extension CallError {
    /// A call cannot be made as the provider and the spec are set up — nothing is wrong with its
    /// arguments, and nothing was sent: a `${NAME}` variable set neither on the provider nor in the
    /// environment, no base URL, a coder the spec names but the provider does not register, mocks
    /// on for an endpoint without one. The CLI exits 78 (`EX_CONFIG`) for it.
    ///
    /// `endpoint 'getUser': variable 'TOKEN' is not set (used in header 'token'); set it with Provider(variables:) or in the environment`
    public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {

        /// The endpoint called; empty for what is no call (a login or logout, ``Service/logIn(scheme:device:scopes:options:timeout:prompt:)``,
        /// ``Service/auth``), whose message names the scheme or the document instead.
        public let endpoint: String
        /// The parameter or header that needs the missing piece, if any.
        public let parameter: String?
        /// What is missing.
        public let reason: Reason
        /// What is missing and how to set it, without the endpoint prefix.
        public let message: String
        /// The `${NAME}` variable to set: the one that is not set, for the reason
        /// `unsetVariable`, or the one that must hold a token got elsewhere (an OAuth 2 scheme
        /// that declares only flows Netspec does not use); a front end that sets variables its
        /// own way (the command line's `--var`) words the advice at the end of ``message``,
        /// ``unsetVariableAdvice``, as its users set them.
        package var variable: String?
        /// For the reason ``Reason/spec``: the spec's own error, `file:line:column: error: message`.
        public package(set) var specError: SpecError?

        /// How an unset variable's message ends: how a Swift program sets it.
        package static let unsetVariableAdvice = "set it with Provider(variables:) or in the environment"

        /// Creates a configuration error.
        public init(endpoint: String, parameter: String?, reason: Reason, message: String) {
            self.endpoint = endpoint
            self.parameter = parameter
            self.reason = reason
            self.message = message
        }

        /// An error whose remedy is to set `variable`: `message`, then how a Swift program sets it
        /// (``unsetVariableAdvice``, which the command line words as `--var`).
        package static func setting(_ variable: String, endpoint: String, reason: Reason, message: String) -> ConfigurationError {
            var error = ConfigurationError(endpoint: endpoint, parameter: nil, reason: reason, message: message + ": " + unsetVariableAdvice)
            error.variable = variable
            return error
        }

        /// A spec that did not load, in the domain of its calls: `.configuration` with the reason
        /// ``Reason/spec``, reading as the spec's error.
        public static func spec(_ error: SpecError) -> ConfigurationError {
            var configuration = ConfigurationError(endpoint: error.file, parameter: nil, reason: .spec, message: error.message)
            configuration.specError = error
            return configuration
        }

        /// `endpoint 'E': parameter 'P': message` (without the parameter when there is none; the
        /// message alone for what is no call); for a spec that did not load, the spec's error,
        /// `file:line:column: error: message`.
        public var description: String {
            specError?.description ?? CallError.ArgumentError.describe(endpoint: endpoint, parameter: parameter, message: message)
        }
    }

    /// The error as a call of `endpoint` reports it: a configuration error raised where no
    /// endpoint is known — the transport's, for a proxy setting that cannot be used
    /// (``Provider/Options/Proxy``) or that `URLSessionTransport` cannot follow — names the call's,
    /// as its other configuration errors do (`endpoint 'getUser': https_proxy '…' cannot be used: …`).
    func naming(endpoint: String) -> CallError {
        guard case let .configuration(error) = self, error.endpoint.isEmpty, error.specError == nil else { return self }
        var named = ConfigurationError(endpoint: endpoint, parameter: error.parameter, reason: error.reason, message: error.message)
        named.variable = error.variable
        return .configuration(named)
    }

    /// A problem found while binding a call: ``configuration(_:)`` for an unset variable or a
    /// missing setup (binding reports both as ``CallError.ArgumentError``s internally), ``argument(_:)``
    /// for everything else.
    package static func binding(_ error: CallError.ArgumentError) -> CallError {
        switch error.reason {
        case .unresolvedVariable:
            var configuration = ConfigurationError(endpoint: error.endpoint, parameter: error.parameter, reason: .unsetVariable, message: error.message)
            configuration.variable = error.variable
            return .configuration(configuration)
        case .configuration:
            return .configuration(ConfigurationError(endpoint: error.endpoint, parameter: error.parameter, reason: .setup, message: error.message))
        case .invalidSchema:
            // A schema the call is checked against cannot be compiled: the document is invalid.
            return .configuration(ConfigurationError(endpoint: error.endpoint, parameter: error.parameter, reason: .spec, message: error.message))
        default:
            return .argument(error)
        }
    }
}
