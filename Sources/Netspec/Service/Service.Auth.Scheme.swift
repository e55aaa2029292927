import NetspecModel
extension Service.Auth {
    /// One authentication scheme of a service: its credentials set, read and forgotten by the
    /// scheme, whatever the variables behind them are called (`${TOKEN}` in a Netspec spec,
    /// `${BEARER_AUTH}` for an OpenAPI scheme `bearerAuth`).
    ///
    /// Setting a token sets the provider's variable, so every later call of every service on the
    /// provider sends it; ``logOut(options:)`` removes it and the token a refresh or a login
    /// stored for it.
    public struct Scheme: Sendable {
        /// The scheme's name: the document's security scheme name, or a Netspec spec's kind
        /// (`bearer`, `basic`, `apiKey`) or `oauth2: { scheme: … }`.
        public let name: String
        /// The policy as the endpoints use it.
        var policy: AuthPolicy
        /// The service whose provider holds the variables and the token store.
        let service: Service

        init(name: String, policy: AuthPolicy, service: Service) {
            self.name = name
            self.policy = policy
            self.service = service
        }

        /// How it sends its credentials.
        public var kind: Kind { Kind(policy) }

        /// The `${NAME}` variables its credentials are read from, in order (`["TOKEN"]`; a user's
        /// and a password's for `basic`; none for a client certificate).
        public var variables: [String] { Self.variables(of: policy) }

        /// Whether the token is renewed when a call is answered 401: by the spec's `refresh:`, or
        /// from an OAuth 2 grant.
        public var isRenewed: Bool { policy.refresh != nil || policy.grant != nil }

        /// The token the next call sends: the provider's variable, else the environment's (when
        /// ``Provider/Options/usesEnvironment``), else the one a refresh or login stored for the
        /// provider's base URL; `nil` when there is none yet, and for `basic` and client
        /// certificates, which have no one token.
        public var token: String? {
            guard let variable = tokenVariable else { return nil }
            let provider = service.provider
            if let value = provider.variableLookup().value(variable) { return value }
            guard isRenewed else { return nil }
            return try? service.storedToken(variable: variable, options: CallOptions(), endpoint: "auth")
        }

        /// Sets the token the calls send (`nil` removes it from the provider): a bearer or OAuth 2
        /// token, or an API key.
        ///
        /// - Throws: ``CallError/configuration(_:)`` for `basic` (use ``setCredentials(user:password:)``),
        ///   a client certificate (``TLSSettings/clientCertificate``), and a credential written
        ///   with more than one variable or text around it (`Token ${A}-${B}`): set its variables
        ///   with ``Provider/setVariable(_:to:)``.
        public func setToken(_ token: String?) throws(CallError) {
            guard let variable = tokenVariable else {
                let how = switch kind {
                case .basic: "it sends a user and a password: set them with setCredentials(user:password:)"
                case .clientCertificate: "it presents a client certificate: give it with Provider.Options(tls: TLSSettings(clientCertificate:))"
                default: "its credential is '\(template?.text ?? "")', not one variable: set \(variables.joined(separator: " and ")) with provider.setVariable(_:to:)"
                }
                throw Service.Auth.problem("auth scheme '\(name)' has no one token to set: \(how)")
            }
            service.provider.setVariable(variable, to: token)
        }

        /// Sets the user and password a `basic` scheme sends.
        ///
        /// - Throws: ``CallError/configuration(_:)`` for another kind of scheme, or a user or
        ///   password written with more than one variable.
        public func setCredentials(user: String, password: String) throws(CallError) {
            guard case let .basic(userTemplate, passwordTemplate) = policy.scheme,
                  let userVariable = Self.soleVariable(userTemplate), let passwordVariable = Self.soleVariable(passwordTemplate) else {
                throw Service.Auth.problem("auth scheme '\(name)' is \(kind.rawValue), not basic with one variable for each of user and password: "
                    + (kind == .basic ? "set \(variables.joined(separator: " and ")) with provider.setVariable(_:to:)" : "set its token with setToken(_:)"))
            }
            service.provider.setVariable(userVariable, to: user)
            service.provider.setVariable(passwordVariable, to: password)
        }

        /// Forgets the credentials: removes the scheme's variables from the provider, and the
        /// token (with an OAuth 2 login's refresh token and expiry) that a refresh or login stored
        /// for the base URL the calls go to (`options.baseURL`, else the provider's or the spec's).
        /// The next call sends none: it is answered 401, or renews the token as `refresh:` or the
        /// OAuth 2 grant says. A value in the environment is not the provider's to forget: with
        /// ``Provider/Options/usesEnvironment`` it is still read.
        ///
        /// - Returns: whether there was anything to forget.
        /// - Throws: ``CallError/configuration(_:)`` when the token store cannot be written.
        @discardableResult
        public func logOut(options: CallOptions = CallOptions()) throws(CallError) -> Bool {
            let provider = service.provider
            var had = false
            for variable in variables where provider.variable(variable) != nil {
                provider.setVariable(variable, to: nil)
                had = true
            }
            guard isRenewed, let variable = tokenVariable else { return had }
            do {
                if try service.removeStoredTokens(variable: variable, options: options) { had = true }
            } catch {
                throw Service.Auth.problem("auth scheme '\(name)': cannot forget the stored token: \(error)")
            }
            return had
        }

        /// The key its token is kept under in the provider's ``TokenStore`` for calls to a base
        /// URL (`options.baseURL`, else the provider's or the spec's): `SERVICE BASEURL VARIABLE`
        /// (see ``TokenStore/token(for:)``), for a store of your own; `nil` for a scheme whose
        /// token is never stored (neither `refresh:` nor OAuth 2).
        public func tokenStoreKey(options: CallOptions = CallOptions()) -> String? {
            guard isRenewed, let variable = tokenVariable else { return nil }
            return service.tokenKey(variable: variable, options: options).description
        }

        // MARK: - Variables

        /// The template of a one-value credential (bearer, OAuth 2, API key).
        private var template: Template? {
            switch policy.scheme {
            case let .bearer(token): token
            case let .apiKey(_, _, value): value
            case .basic, .clientCertificate: nil
            }
        }

        /// The variable a one-value credential is, when it is exactly one (`${TOKEN}`).
        private var tokenVariable: String? { template.flatMap(Self.soleVariable) }

        /// The variable a template is, when it is exactly one reference and nothing else.
        static func soleVariable(_ template: Template) -> String? {
            guard template.variableNames.count == 1, let name = template.variableNames.first, template.text == "${\(name)}" else { return nil }
            return name
        }

        /// The variables a policy's credentials are read from, in order, each once.
        static func variables(of policy: AuthPolicy) -> [String] {
            let names: [String] = switch policy.scheme {
            case let .bearer(token): token.variableNames
            case let .apiKey(_, _, value): value.variableNames
            case let .basic(user, password): user.variableNames + password.variableNames
            case .clientCertificate: []
            }
            var unique: [String] = []
            for name in names where !unique.contains(name) { unique.append(name) }
            return unique
        }
    }
}
