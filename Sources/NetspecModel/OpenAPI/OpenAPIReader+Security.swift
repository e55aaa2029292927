/// `securitySchemes` and `security` requirements as Netspec's auth policies: the credentials
/// come from variables named after the scheme (`bearerAuth` → `${BEARER_AUTH}`), set with
/// `--var`, `Provider(variables:)` or the environment.
extension OpenAPIReader {
    /// The auth policy of each supported scheme in `components.securitySchemes`, by name.
    mutating func readSecuritySchemes() -> [String: AuthPolicy] {
        guard let schemes = root["components"].flatMap(MappingReader.init)?["securitySchemes"].flatMap(MappingReader.init) else { return [:] }
        var policies: [String: AuthPolicy] = [:]
        for pair in schemes.pairs {
            let name = pair.key.string ?? ""
            guard let scheme = resolve(pair.value).flatMap(MappingReader.init) else { continue }
            checkKeys(scheme, .securityScheme, context: "'\(name)': ")
            checkFlowKeys(scheme, context: "'\(name)': ")
            if isVersion32, scheme["deprecated"]?.scalar?.resolved == .bool(true) {
                warn("security scheme '\(name)' is deprecated (OpenAPI 3.2.0, Security Scheme Object); it is still used where the document requires it", at: pair.key.mark)
            }
            let variable = Self.variableName(name)
            let type = scheme["type"]?.string ?? ""
            func template(_ text: String) -> Template { (try? Template(parsing: text)) ?? Template(literal: text) }
            switch (type, scheme["scheme"]?.string?.lowercased(), scheme["in"]?.string) {
            case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _):
                var policy = AuthPolicy(scheme: .bearer(token: template("${\(variable)}")), refresh: nil, mark: pair.key.mark)
                // The flows a token can come from when the variable is not set.
                if type == "oauth2" { policy.grant = oauth2Grant(scheme, name: name, variable: variable) }
                // OpenID Connect: the flows are in the discovery document, read when first needed.
                if type == "openIdConnect", let url = scheme["openIdConnectUrl"]?.string, !url.isEmpty {
                    var grant = AuthPolicy.Grant(variable: variable, scheme: name)
                    grant.discoveryURL = url
                    policy.grant = grant
                }
                policies[name] = policy
            case ("http", "basic", _):
                policies[name] = AuthPolicy(
                    scheme: .basic(user: template("${\(variable)_USER}"), password: template("${\(variable)_PASSWORD}")), refresh: nil, mark: pair.key.mark
                )
            case ("apiKey", _, "header"?), ("apiKey", _, "query"?), ("apiKey", _, "cookie"?):
                let location: Parameter.Location = switch scheme["in"]?.string {
                case "header": .header
                case "cookie": .cookie
                default: .query
                }
                policies[name] = AuthPolicy(
                    scheme: .apiKey(location: location, name: scheme["name"]?.string ?? name, value: template("${\(variable)}")), refresh: nil, mark: pair.key.mark
                )
            case ("mutualTLS", _, _):
                policies[name] = AuthPolicy(scheme: .clientCertificate, refresh: nil, mark: pair.key.mark)
            default:
                let what = type == "apiKey" ? "an API key in \(scheme["in"]?.string ?? "?")" : "'\(type)'\(scheme["scheme"]?.string.map { " (\($0))" } ?? "")"
                // Each operation left out for want of it says so itself.
                warn("security scheme '\(name)': \(what) is not supported yet", at: pair.key.mark)
            }
        }
        return policies
    }

    /// The policy a `security` list asks for: the first alternative whose schemes are all
    /// supported (an empty one means none); `.unsupported` when no alternative is (warned).
    enum SecurityChoice {
        case policy(AuthPolicy?)
        /// No alternative can be sent: why, for the endpoint (``Endpoint/unsupportedAuth``).
        case unsupported(String)
    }

    /// An operation's auth (OpenAPI and Swagger alike): its own `security`, else the document's.
    /// When no alternative can be sent there is no policy and the reason is kept — a call says
    /// why it cannot be made, a mock answers it — warned at the operation when the reason is the
    /// document's (an operation's own `security` was warned about where it was read).
    mutating func operationAuth(_ operation: MappingReader, context: String, mark: Mark) -> (auth: AuthPolicy?, unsupported: String?) {
        switch operation["security"].map({ readSecurity($0, schemes: securitySchemes, context: context) }) ?? documentAuth {
        case let .policy(policy):
            return (policy, nil)
        case let .unsupported(reason):
            if operation["security"] == nil {
                warn("\(context)the document's security schemes are not supported; it cannot be called (a mock still answers it)", at: mark)
            }
            return (nil, reason)
        }
    }

    mutating func readSecurity(_ node: YAMLNode, schemes: [String: AuthPolicy], context: String) -> SecurityChoice {
        guard let alternatives = node.sequence else { return .policy(nil) }
        if alternatives.isEmpty { return .policy(nil) }
        // An alternative that is only a client certificate (mutualTLS) comes last: it adds
        // nothing to requests, and the certificate, when configured, is presented anyway.
        let ordered = alternatives.filter { !Self.isClientCertificateOnly($0, schemes: schemes) }
            + alternatives.filter { Self.isClientCertificateOnly($0, schemes: schemes) }
        var clashes = false
        // The alternatives that can be sent, in order: the first is the endpoint's auth, the
        // others what a call sends instead when only their credentials are set.
        var sendable: [AuthPolicy] = []
        // `{}` after one that can be sent: a call goes without credentials when none are set.
        var allowsNoCredentials = false
        for alternative in ordered {
            guard let requirement = MappingReader(alternative) else { continue }
            let names = requirement.pairs.compactMap(\.key.string)
            if names.isEmpty {
                guard !sendable.isEmpty else { return .policy(nil) }
                allowsNoCredentials = true
                break
            }
            guard names.allSatisfy({ schemes[$0] != nil }) else { continue }
            // Every scheme of the requirement is sent, together (OpenAPI 3.0.3 §4.7.30); two that
            // write the same place (both in `Authorization`, one API key name twice) cannot be.
            if let clash = Self.clash(names, schemes: schemes) {
                // Said only where it decides what is sent: after one that can be, it is just not kept.
                if sendable.isEmpty {
                    warn("\(context)security needs \(clash.names.map { "'\($0)'" }.joined(separator: " and ")) together, but both go in \(clash.place), which holds one of them: that requirement cannot be sent", at: alternative.mark)
                    clashes = true
                }
                continue
            }
            var policies = requirement.pairs.compactMap { pair -> AuthPolicy? in
                guard var policy = pair.key.string.flatMap({ schemes[$0] }) else { return nil }
                // An OAuth 2 grant asks for the scopes this requirement lists for its scheme.
                if policy.grant != nil, let scopes = pair.value.sequence { policy.grant?.scopes = scopes.compactMap(\.string) }
                return policy
            }
            var policy = policies.removeFirst()
            policy.companions = policies
            sendable.append(policy)
        }
        if var policy = sendable.first {
            policy.alternatives = Array(sendable.dropFirst())
            policy.allowsNoCredentials = allowsNoCredentials
            return .policy(policy)
        }
        // The operations that use the document's own `security` are each warned about.
        let none = clashes ? "none of the security requirements it accepts can be sent" : "none of the security schemes it accepts is supported"
        warn("\(context.isEmpty ? "the document's 'security': " : context)\(none)" + (context.isEmpty ? "" : "; it cannot be called (a mock still answers it)"), at: node.mark)
        var unique: [String] = []
        for alternative in alternatives.compactMap(MappingReader.init) {
            let names = alternative.pairs.compactMap(\.key.string).map { "'\($0)'" }.joined(separator: " and ")
            if !names.isEmpty, !unique.contains(names) { unique.append(names) }
        }
        return .unsupported("its security accepts only " + unique.joined(separator: " or ") + ", which Netspec cannot send")
    }

    /// The first two schemes of a requirement that write the same place of a request, and that
    /// place: `Authorization` for bearer and basic, an API key's header (any case), query item or cookie.
    static func clash(_ names: [String], schemes: [String: AuthPolicy]) -> (names: [String], place: String)? {
        var seen: [String: String] = [:]
        for name in names {
            let place: String? = switch schemes[name]?.scheme {
            case .bearer?, .basic?: "the Authorization header"
            // An API key named `Authorization` is that header too (Gitea's `AuthorizationHeaderToken`).
            case let .apiKey(.header, key, _)?: key.lowercased() == "authorization" ? "the Authorization header" : "the header \(key.lowercased())"
            case let .apiKey(.cookie, key, _)?: "the cookie \(key)"
            case let .apiKey(_, key, _)?: "the query item \(key)"
            default: nil
            }
            guard let place else { continue }
            if let other = seen[place] { return ([other, name], place) }
            seen[place] = name
        }
        return nil
    }

    /// Every alternative of a `security` list, each scheme with its policy (`nil` for one
    /// Netspec does not know); empty when the list is absent, or has an empty alternative
    /// (`{}`: no credentials needed).
    func securityAlternatives(_ node: YAMLNode?) -> [[SecurityRequirement]] {
        guard let alternatives = node?.sequence else { return [] }
        var result: [[SecurityRequirement]] = []
        for alternative in alternatives {
            guard let requirement = MappingReader(alternative) else { continue }
            let names = requirement.pairs.compactMap(\.key.string)
            if names.isEmpty { return [] }
            result.append(names.map { SecurityRequirement(name: $0, policy: securitySchemes[$0]) })
        }
        return result
    }

    private static func isClientCertificateOnly(_ alternative: YAMLNode, schemes: [String: AuthPolicy]) -> Bool {
        guard let names = MappingReader(alternative)?.pairs.compactMap(\.key.string), !names.isEmpty else { return false }
        return names.allSatisfy { schemes[$0]?.scheme == .clientCertificate }
    }

    /// A URL of a flow that cannot be used (``OAuthEndpointURL``): its node, and what is wrong,
    /// naming the flow and the key (a warning at its place).
    struct FlowURLProblem {
        let node: YAMLNode
        let message: String
    }

    /// The flows whose URLs are read (implicit and password are refused, their URLs never used).
    static let flowsRead = ["clientCredentials", "authorizationCode", "deviceAuthorization"]

    /// What each URL of the flows read is to the grant (a `refreshUrl` is its ``AuthPolicy/Grant/refreshURL``
    /// when it is the one chosen).
    private static let roles: [String: AuthPolicy.Grant.UnusableURL.Role] = [
        "clientCredentials tokenUrl": .clientCredentialsToken,
        "authorizationCode authorizationUrl": .authorizationCodeStart, "authorizationCode tokenUrl": .authorizationCodeToken,
        "deviceAuthorization deviceAuthorizationUrl": .deviceStart, "deviceAuthorization tokenUrl": .deviceToken,
    ]

    /// An OAuth Flows object's grant: client credentials, authorization code, device
    /// authorization (3.2), their token and refresh URLs; implicit and password are noted as
    /// refused. `nil` when it declares no flow at all.
    ///
    /// Each URL of the flows read is checked (``OAuthEndpointURL``): one that cannot be used —
    /// with a fragment, not http or https, with credentials, a host that is no host — is said in
    /// `problems`, for the reader to warn about at its place, and kept in the grant as written
    /// with an ``AuthPolicy/Grant/UnusableURL`` (placed in the file `file` gives for its node), so
    /// that only what needs it fails.
    static func grant(
        _ flows: MappingReader, variable: String, scheme: String, problems: inout [FlowURLProblem], file: (YAMLNode) -> String
    ) -> AuthPolicy.Grant? {
        var urls: [String: String] = [:]
        var unusable: [(flowKey: String, node: YAMLNode, name: String, text: String, problem: String)] = []
        for flow in flowsRead {
            guard let object = flows[flow].flatMap(MappingReader.init) else { continue }
            for key in ["authorizationUrl", "deviceAuthorizationUrl", "tokenUrl", "refreshUrl"] {
                guard let node = object[key], let text = node.string, !text.isEmpty else { continue }
                switch OAuthEndpointURL.checked(text) {
                case let .success(checked): urls[flow + " " + key] = checked
                case let .failure(problem):
                    let name = "the \(flow) flow's '\(key)'"
                    problems.append(FlowURLProblem(node: node, message: "\(name) is not a URL netspec can use: \(problem.message)"))
                    urls[flow + " " + key] = text
                    unusable.append((flow + " " + key, node, name, text, problem.message))
                }
            }
        }
        func url(_ flow: String, _ key: String) -> String? { urls[flow + " " + key] }
        var grant = AuthPolicy.Grant(variable: variable, scheme: scheme)
        grant.clientCredentialsURL = url("clientCredentials", "tokenUrl")
        if let start = url("authorizationCode", "authorizationUrl"), let token = url("authorizationCode", "tokenUrl") {
            grant.authorizationCode = .init(start: start, token: token)
        }
        if let start = url("deviceAuthorization", "deviceAuthorizationUrl"), let token = url("deviceAuthorization", "tokenUrl") {
            grant.device = .init(start: start, token: token)
        }
        let refreshFlow = ["authorizationCode", "deviceAuthorization", "clientCredentials"].first { url($0, "refreshUrl") != nil }
        grant.refreshURL = refreshFlow.flatMap { url($0, "refreshUrl") }
        for found in unusable {
            let role = found.flowKey == refreshFlow.map({ $0 + " refreshUrl" }) ? .refresh : roles[found.flowKey]
            guard let role else { continue }  // A key its flow does not have, or a refreshUrl not chosen: never used.
            grant.unusableURLs.append(.init(role: role, written: found.text, name: found.name, position: "\(file(found.node)):\(found.node.mark)", problem: found.problem))
        }
        if flows["implicit"] != nil { grant.refused.append(AuthPolicy.Grant.implicitRefusal) }
        if flows["password"] != nil { grant.refused.append(AuthPolicy.Grant.passwordRefusal) }
        return grant.isUsable || !grant.refused.isEmpty ? grant : nil
    }

    /// An `oauth2` scheme's grant: its flows, and in 3.2 its `oauth2MetadataUrl` (RFC 8414
    /// discovery, done when a token is first needed: the flows written win over the discovered).
    private mutating func oauth2Grant(_ scheme: MappingReader, name: String, variable: String) -> AuthPolicy.Grant? {
        var problems: [FlowURLProblem] = []
        let paths = documentPaths, file = file
        var grant = scheme["flows"].flatMap(MappingReader.init).flatMap {
            Self.grant($0, variable: variable, scheme: name, problems: &problems) { $0.mark.file ?? paths[ObjectIdentifier($0.document)] ?? file }
        }
        // A warning, not an error: the document's operations that need no token stay usable.
        for problem in problems {
            warnIn(path(of: problem.node), "security scheme '\(name)': \(problem.message)", at: problem.node.mark)
        }
        guard isVersion32, let entry = scheme.entry("oauth2MetadataUrl") else { return grant }
        guard let url = entry.value.string, !url.isEmpty, entry.value.scalar?.resolved == .string(url) else {
            reportIn(path(of: entry.value), "security scheme '\(name)': 'oauth2MetadataUrl' must be the URL of the authorization server's metadata, found \(entry.value.foundDescription) (OpenAPI 3.2.0, Security Scheme Object)", at: entry.value.mark)
            return grant
        }
        var discovered = grant ?? AuthPolicy.Grant(variable: variable, scheme: name)
        discovered.metadataURL = url
        discovered.metadataPosition = "\(path(of: entry.value)):\(entry.value.mark)"
        grant = discovered
        return grant
    }

    /// `bearerAuth` → `BEARER_AUTH`, `api_key` → `API_KEY`: the variable a scheme's credential is read from.
    static func variableName(_ scheme: String) -> String {
        var result = ""
        var previousWasLower = false
        for scalar in scheme.unicodeScalars {
            let isLetterOrDigit = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            guard isLetterOrDigit else {
                if !result.isEmpty, !result.hasSuffix("_") { result += "_" }
                previousWasLower = false
                continue
            }
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper, previousWasLower { result += "_" }
            result += String(scalar).uppercased()
            previousWasLower = !isUpper
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result.isEmpty ? "TOKEN" : result
    }
}
