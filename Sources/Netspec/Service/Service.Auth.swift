import NetspecModel
extension Service {
    /// The spec's authentication schemes: set, read and forget their credentials by scheme,
    /// without knowing the variables they are read from (see ``Service/Auth``).
    public var auth: Auth { Auth(service: self) }

    /// A service's authentication schemes, each a ``Scheme`` whose token can be set, read and
    /// forgotten without knowing its variable's name:
    ///
    /// ```swift
    /// try api.auth.setToken(token)                            // the spec's only scheme
    /// try api.auth.scheme("bearerAuth").setToken(token)       // an OpenAPI document's scheme, by name
    /// let current = try api.auth.scheme().token               // as the next call sends it
    /// try api.auth.logOut()                                   // the variable and the stored token
    /// ```
    /// The schemes are the OpenAPI or Swagger document's security schemes by their names, and a
    /// Netspec spec's `auth:` by its kind (`bearer`, `basic`, `apiKey`; an `oauth2:` by its
    /// `scheme:`), whichever of its endpoints use them; a second `auth:` of the same kind with
    /// other variables is named `bearer TOKEN2` (the kind and its first variable).
    public struct Auth: Sendable {
        /// The service.
        let service: Service

        /// Every scheme the spec's endpoints use, in the order they are first used (the service's
        /// `auth:` first).
        public var schemes: [Scheme] {
            var found: [Scheme] = []
            func add(_ name: String?, _ policy: AuthPolicy) {
                if let index = found.firstIndex(where: { $0.policy.scheme == policy.scheme }) {
                    // The same credentials by another endpoint: one more way to renew them.
                    if found[index].policy.refresh == nil, policy.refresh != nil { found[index].policy = policy }
                    return
                }
                var name = name ?? policy.grant?.scheme ?? Scheme.Kind(policy).rawValue
                if found.contains(where: { $0.name == name }) { name += " " + (Scheme.variables(of: policy).first ?? String(found.count)) }
                found.append(Scheme(name: name, policy: policy, service: service))
            }
            if let auth = service.spec.auth { add(nil, auth) }
            for endpoint in service.spec.endpoints {
                for requirement in endpoint.securityAlternatives.joined() {
                    if let policy = requirement.policy { add(requirement.name, policy) }
                }
                for policy in endpoint.auth?.everyPolicy ?? [] { add(nil, policy) }
            }
            return found
        }

        /// The scheme with a name, or with none the spec's only scheme (or its only one whose
        /// token is renewed, by `refresh:` or OAuth 2, when there are several).
        ///
        /// - Throws: ``CallError/configuration(_:)`` with reason `setup` when the spec has no such
        ///   scheme (naming the ones it has, the closest first), or several and none was named.
        public func scheme(_ name: String? = nil) throws(CallError) -> Scheme {
            let all = schemes
            let names = all.map { "'\($0.name)'" }.joined(separator: ", ")
            if let name {
                if let scheme = all.first(where: { $0.name == name }) { return scheme }
                let hint = Suggestions.hint(for: name, in: all.map(\.name))
                throw Self.problem(all.isEmpty ? "\(service.spec.file) declares no authentication, so it has no scheme '\(name)'"
                    : "\(service.spec.file) has no auth scheme '\(name)'" + (hint.isEmpty ? " (its schemes: \(names))" : hint))
            }
            if all.count == 1 { return all[0] }
            let renewed = all.filter(\.isRenewed)
            if renewed.count == 1 { return renewed[0] }
            throw Self.problem(all.isEmpty ? "\(service.spec.file) declares no authentication"
                : "\(service.spec.file) has several auth schemes (\(names)): name one, as in api.auth.scheme(\"\(all[0].name)\")")
        }

        /// Sets the token of a scheme (the spec's only one when `scheme` is `nil`); `nil`
        /// removes it from the provider. See ``Scheme/setToken(_:)``.
        public func setToken(_ token: String?, scheme: String? = nil) throws(CallError) {
            try self.scheme(scheme).setToken(token)
        }

        /// Forgets a scheme's token (the spec's only one, or its only renewed one, when `scheme`
        /// is `nil`); see ``Scheme/logOut(options:)``.
        @discardableResult
        public func logOut(scheme: String? = nil, options: CallOptions = CallOptions()) throws(CallError) -> Bool {
            try self.scheme(scheme).logOut(options: options)
        }

        static func problem(_ message: String) -> CallError {
            .configuration(CallError.ConfigurationError(endpoint: Service.noEndpoint, parameter: nil, reason: .setup, message: message))
        }
    }
}
