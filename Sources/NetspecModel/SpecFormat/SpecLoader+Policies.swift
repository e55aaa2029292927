import HTTPTypes

/// Reading `auth:` and `retry:` on the service or an endpoint.
extension SpecLoader {
    static let authKeys = ["bearer", "basic", "apiKey", "oauth2", "refresh"]
    static let oauth2Keys = ["scheme", "flows", "scopes"]
    static let oauthFlowNames = ["clientCredentials", "authorizationCode", "deviceAuthorization", "implicit", "password"]
    static let oauthFlowKeys = ["authorizationUrl", "deviceAuthorizationUrl", "tokenUrl", "refreshUrl", "scopes"]
    static let basicKeys = ["user", "password"]
    static let apiKeyKeys = ["in", "name", "value"]
    static let refreshKeys = ["endpoint", "token", "variable"]
    static let retryKeys = ["max", "on", "backoff", "methods"]

    // MARK: - Auth

    /// `auth: none`, or a mapping with one scheme and an optional refresh; `nil` when invalid.
    mutating func readAuth(_ node: YAMLNode, context: ErrorContext) -> PolicySetting<AuthPolicy>? {
        let context = context + "auth: "
        if let scalar = node.scalar, scalar.value == "none" { return .off }
        guard let mapping = MappingReader(node) else {
            report("\(context)expected 'none' or a mapping with 'bearer', 'basic', 'apiKey' or 'oauth2', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.authKeys, context: context)
        let schemes = mapping.entries(withKeyIn: ["bearer", "basic", "apiKey", "oauth2"])
        guard schemes.count == 1, let entry = schemes.first else {
            report("\(context)give exactly one of 'bearer', 'basic', 'apiKey' or 'oauth2'", at: schemes.dropFirst().first?.key.mark ?? node.mark)
            return nil
        }
        let scheme: AuthPolicy.Scheme
        var grant: AuthPolicy.Grant?
        switch entry.key.scalar?.value {
        case "oauth2":
            guard let read = readOAuth2(entry.value, context: context + "oauth2: ") else { return nil }
            grant = read
            scheme = .bearer(token: (try? Template(parsing: "${\(read.variable)}")) ?? Template(literal: ""))
        case "bearer":
            guard let token = readTemplate(entry.value, key: "bearer", context: context) else { return nil }
            scheme = .bearer(token: token)
        case "basic":
            guard let basic = MappingReader(entry.value) else {
                report("\(context)'basic' must be a mapping with 'user' and 'password', found \(entry.value.foundDescription)", at: entry.value.mark)
                return nil
            }
            reportUnknownKeys(in: basic, allowed: Self.basicKeys, context: context + "basic: ")
            guard let userNode = basic["user"], let passwordNode = basic["password"] else {
                report("\(context)'basic' needs both 'user' and 'password'", at: entry.value.mark)
                return nil
            }
            guard let user = readTemplate(userNode, key: "user", context: context),
                  let password = readTemplate(passwordNode, key: "password", context: context),
                  checkBasic(user, node: userNode, key: "user", context: context),
                  checkBasic(password, node: passwordNode, key: "password", context: context) else { return nil }
            scheme = .basic(user: user, password: password)
        default:
            guard let apiKey = readAPIKey(entry.value, context: context) else { return nil }
            scheme = apiKey
        }
        var refresh: AuthPolicy.Refresh?
        if let refreshNode = mapping["refresh"] {
            guard let value = readRefresh(refreshNode, scheme: scheme, context: context) else { return nil }
            refresh = value
        }
        var policy = AuthPolicy(scheme: scheme, refresh: refresh, mark: node.mark)
        policy.grant = grant
        return .on(policy)
    }

    /// A basic user-id or password as written: RFC 7617 §2 forbids control characters in both
    /// (a line break would be base64-encoded and sent as part of the name), and a user-id cannot
    /// hold ':', where the server splits it from the password. Reported at the character; a
    /// variable's value is checked when the call resolves it.
    private mutating func checkBasic(_ template: Template, node: YAMLNode, key: String, context: ErrorContext) -> Bool {
        let text = template.text
        let problem: (offset: Int, message: String)?
        if let offset = text.firstIndex(where: { $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }).map({ text.distance(from: text.startIndex, to: $0) }) {
            let scalar = text[text.index(text.startIndex, offsetBy: offset)].unicodeScalars.first { $0.value < 0x20 || $0.value == 0x7F }!
            let what = scalar == "\r" || scalar == "\n" ? "a line break (CR or LF)" : "the control character " + PercentEncoding.hexByte(UInt8(scalar.value))
            problem = (offset, "holds \(what), which RFC 7617 §2 forbids in a user-id and password")
        } else if key == "user", let constant = template.constantValue, let colon = constant.firstIndex(of: ":") {
            problem = (constant.distance(from: constant.startIndex, to: colon), "holds ':', which ends a user-id (RFC 7617 §2): the server would read the rest as the password")
        } else {
            problem = nil
        }
        guard let problem else { return true }
        report("\(context)basic: '\(key)' \(problem.message)", at: node.mark(atOffset: problem.offset, in: file))
        return false
    }

    /// `oauth2: {scheme, flows, scopes}`: the flows as an OpenAPI OAuth Flows object has them;
    /// the token is `${SCHEME}` (the scheme's name in capitals, `oauth2` by default), obtained from
    /// them when it is not set.
    private mutating func readOAuth2(_ node: YAMLNode, context: ErrorContext) -> AuthPolicy.Grant? {
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with 'flows' (and 'scheme', 'scopes'), found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.oauth2Keys, context: context)
        let name = mapping["scheme"].flatMap { readName($0, key: "scheme", context: context) } ?? "oauth2"
        guard let flowsNode = mapping["flows"], let flows = MappingReader(flowsNode) else {
            report("\(context)needs 'flows', a mapping of clientCredentials, authorizationCode or deviceAuthorization (as in OpenAPI)", at: mapping["flows"]?.mark ?? node.mark)
            return nil
        }
        reportUnknownKeys(in: flows, allowed: Self.oauthFlowNames, context: context + "flows: ")
        for pair in flows.pairs {
            guard let flow = MappingReader(pair.value) else {
                report("\(context)flows: '\(pair.key.string ?? "")' must be a mapping with its URLs, found \(pair.value.foundDescription)", at: pair.value.mark)
                return nil
            }
            reportUnknownKeys(in: flow, allowed: Self.oauthFlowKeys, context: context + "flows: \(pair.key.string ?? ""): ")
        }
        var problems: [OpenAPIReader.FlowURLProblem] = []
        let file = file
        let read = OpenAPIReader.grant(flows, variable: OpenAPIReader.variableName(name), scheme: name, problems: &problems) { $0.mark.file ?? file }
        // A URL netspec cannot use is a warning: only what needs it fails (AuthPolicy.Grant.UnusableURL).
        for problem in problems { warn("\(context)flows: \(problem.message)", at: problem.node.mark) }
        guard var grant = read, grant.isUsable else {
            report("\(context)no flow gives a token: give clientCredentials (tokenUrl), authorizationCode (authorizationUrl and tokenUrl) or deviceAuthorization (deviceAuthorizationUrl and tokenUrl); implicit and password are not used (RFC 9700)", at: flowsNode.mark)
            return nil
        }
        if let scopesNode = mapping["scopes"] {
            guard let scopes = scopesNode.sequence?.compactMap(\.string), scopes.count == scopesNode.sequence?.count else {
                report("\(context)'scopes' must be a list of scope names, found \(scopesNode.foundDescription)", at: scopesNode.mark)
                return nil
            }
            grant.scopes = scopes
        }
        return grant
    }

    private mutating func readAPIKey(_ node: YAMLNode, context: ErrorContext) -> AuthPolicy.Scheme? {
        guard let mapping = MappingReader(node) else {
            report("\(context)'apiKey' must be a mapping with 'in', 'name' and 'value', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        let context = context + "apiKey: "
        reportUnknownKeys(in: mapping, allowed: Self.apiKeyKeys, context: context)
        guard let nameNode = mapping["name"], let valueNode = mapping["value"] else {
            report("\(context)needs 'name' and 'value'", at: node.mark)
            return nil
        }
        var location = Parameter.Location.header
        if let inNode = mapping["in"] {
            switch inNode.string {
            case "header"?: location = .header
            case "query"?: location = .query
            case "cookie"?: location = .cookie
            default:
                report("\(context)an API key goes in a header, the query or a cookie (in: header, query or cookie), not \(inNode.string.map { "'\($0)'" } ?? inNode.foundDescription)", at: inNode.mark)
                return nil
            }
        }
        guard let name = readName(nameNode, key: "name", context: context),
              let value = readTemplate(valueNode, key: "value", context: context) else { return nil }
        if location == .header, HTTPField.Name(name) == nil {
            report("\(context)invalid header name '\(name)'", at: nameNode.mark)
            return nil
        }
        return .apiKey(location: location, name: name, value: value)
    }

    private mutating func readRefresh(_ node: YAMLNode, scheme: AuthPolicy.Scheme, context: ErrorContext) -> AuthPolicy.Refresh? {
        let context = context + "refresh: "
        guard let mapping = MappingReader(node) else {
            report("\(context)expected a mapping with 'endpoint' and 'token', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.refreshKeys, context: context)
        guard let endpointNode = mapping["endpoint"], let tokenNode = mapping["token"] else {
            report("\(context)needs 'endpoint' (the endpoint to call) and 'token' (the key path of the new token in its result)", at: node.mark)
            return nil
        }
        guard let endpoint = readName(endpointNode, key: "endpoint", context: context),
              let tokenText = readString(tokenNode, key: "token", context: context) else { return nil }
        guard let token = JSONValue.KeyPath(tokenText) else {
            report("\(context)invalid key path '\(tokenText)'", at: tokenNode.mark)
            return nil
        }
        let variable: String
        if let variableNode = mapping["variable"] {
            guard let name = readName(variableNode, key: "variable", context: context) else { return nil }
            guard Template.isValidName(name) else {
                report("\(context)invalid variable name '\(name)'", at: variableNode.mark)
                return nil
            }
            variable = name
        } else {
            let names: [String]
            switch scheme {
            case let .bearer(token): names = token.variableNames
            case let .apiKey(_, _, value): names = value.variableNames
            case .basic, .clientCertificate: names = []
            }
            guard names.count == 1, let name = names.first else {
                report("\(context)cannot tell which variable receives the new token; add 'variable: NAME'", at: node.mark)
                return nil
            }
            variable = name
        }
        return AuthPolicy.Refresh(endpoint: endpoint, token: token, variable: variable)
    }

    // MARK: - Retry

    /// `retry: none`, or `{ max, on, backoff, methods }`; `nil` when invalid.
    mutating func readRetry(_ node: YAMLNode, context: ErrorContext) -> PolicySetting<RetryPolicy>? {
        let context = context + "retry: "
        if let scalar = node.scalar, scalar.value == "none" { return .off }
        guard let mapping = MappingReader(node) else {
            report("\(context)expected 'none' or a mapping with 'max', 'on', 'backoff' and 'methods', found \(node.foundDescription)", at: node.mark)
            return nil
        }
        reportUnknownKeys(in: mapping, allowed: Self.retryKeys, context: context)
        var policy = RetryPolicy()
        let before = errors.count
        if let maxNode = mapping["max"], let value = readInt(maxNode, key: "max", context: context) {
            if (0...100).contains(value) { policy.maxRetries = value } else {
                report("\(context)'max' must be between 0 and 100, found \(value)", at: maxNode.mark)
            }
        }
        if let onNode = mapping["on"] {
            if let items = onNode.sequence {
                var statuses: Set<Int> = []
                for item in items {
                    guard let status = readInt(item, key: "on", context: context) else { continue }
                    if (300...599).contains(status) { statuses.insert(status) } else if (100...299).contains(status) {
                        // Retrying an answer that succeeded sends again a request that was done.
                        report("\(context)\(status) is not an error status: only 3xx, 4xx and 5xx answers can be retried", at: item.mark)
                    } else {
                        report("\(context)\(status) is not an HTTP status code", at: item.mark)
                    }
                }
                policy.statuses = statuses
            } else {
                report("\(context)'on' must be a list of status codes such as [429, 503], found \(onNode.foundDescription)", at: onNode.mark)
            }
        }
        if let backoffNode = mapping["backoff"], let value = readNumber(backoffNode, key: "backoff", context: context) {
            if value >= 0 { policy.backoff = value } else {
                report("\(context)'backoff' must not be negative", at: backoffNode.mark)
            }
        }
        if let methodsNode = mapping["methods"] {
            if let items = methodsNode.sequence {
                for item in items {
                    guard let method = readName(item, key: "methods", context: context) else { continue }
                    // As an endpoint's method: a token, written as the request sends it (`post`
                    // is another method than `POST`, one no endpoint uses, and was never retried).
                    guard HTTPRequest.Method(method) != nil, method == method.uppercased() || !Self.shorthandMethods.contains(method.uppercased()) else {
                        let upper = method.uppercased()
                        let hint = Self.shorthandMethods.contains(upper) ? " (did you mean '\(upper)'?)" : ""
                        report("\(context)invalid method '\(method)'\(hint)", at: item.mark)
                        continue
                    }
                    policy.extraMethods.insert(method)
                }
            } else {
                report("\(context)'methods' must be a list such as [POST], found \(methodsNode.foundDescription)", at: methodsNode.mark)
            }
        }
        return errors.count == before ? .on(policy) : nil
    }
}
