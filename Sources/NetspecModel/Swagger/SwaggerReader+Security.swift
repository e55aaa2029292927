/// Swagger 2.0 `securityDefinitions` as Netspec's auth policies, named as the OpenAPI reader
/// names them: the credential comes from a variable named after the scheme (`api_key` →
/// `${API_KEY}`; `basic` → `${BASIC_USER}` and `${BASIC_PASSWORD}`), set with `--var`,
/// `Provider(variables:)` or the environment. `security` requirements are read by
/// ``OpenAPIReader/readSecurity(_:schemes:context:)``, whose rules are the same in 2.0.
extension SwaggerReader {
    /// The auth policy of each supported scheme in `securityDefinitions`, by name: `basic`,
    /// `apiKey` in a header or the query, and `oauth2` (any flow) as a bearer token, obtained with
    /// the client's credentials for the `application` flow when it is not given.
    mutating func readSecurityDefinitions() -> [String: AuthPolicy] {
        guard let definitions = root["securityDefinitions"].flatMap(MappingReader.init) else { return [:] }
        var policies: [String: AuthPolicy] = [:]
        for pair in definitions.pairs {
            let name = pair.key.string ?? ""
            guard let scheme = base.resolve(pair.value).flatMap(MappingReader.init) else { continue }
            let variable = OpenAPIReader.variableName(name)
            func template(_ text: String) -> Template { (try? Template(parsing: text)) ?? Template(literal: text) }
            switch (scheme["type"]?.string ?? "", scheme["in"]?.string) {
            case ("basic", _):
                policies[name] = AuthPolicy(
                    scheme: .basic(user: template("${\(variable)_USER}"), password: template("${\(variable)_PASSWORD}")), refresh: nil, mark: pair.key.mark
                )
            case ("apiKey", "header"?), ("apiKey", "query"?):
                guard let keyName = scheme["name"]?.string else {
                    report("security definition '\(name)': an apiKey needs 'name'", at: pair.key.mark)
                    continue
                }
                let location: Parameter.Location = scheme["in"]?.string == "header" ? .header : .query
                policies[name] = AuthPolicy(scheme: .apiKey(location: location, name: keyName, value: template("${\(variable)}")), refresh: nil, mark: pair.key.mark)
            case ("oauth2", _):
                var policy = AuthPolicy(scheme: .bearer(token: template("${\(variable)}")), refresh: nil, mark: pair.key.mark)
                // Swagger's flows: `application` (client credentials), `accessCode` (authorization
                // code), `implicit` and `password` (refused).
                // The URLs of the flows read are checked as OpenAPI's are (``OAuthEndpointURL``): one
                // that cannot be used is a warning, kept as written, and fails only what needs it.
                let flow = scheme["flow"]?.string
                var unusable: [AuthPolicy.Grant.UnusableURL] = []
                func url(_ key: String, role: AuthPolicy.Grant.UnusableURL.Role) -> String? {
                    guard flow == "application" || flow == "accessCode", let node = scheme[key], let text = node.string, !text.isEmpty else { return nil }
                    switch OAuthEndpointURL.checked(text) {
                    case let .success(checked): return checked
                    case let .failure(problem):
                        let path = base.path(of: node)
                        base.warnIn(path, "security definition '\(name)': '\(key)' is not a URL netspec can use: \(problem.message)", at: node.mark)
                        unusable.append(.init(
                            role: role, written: text, name: "the \(flow ?? "") flow's '\(key)'", position: "\(node.mark.file ?? path):\(node.mark)", problem: problem.message
                        ))
                        return text
                    }
                }
                let tokenURL = url("tokenUrl", role: flow == "accessCode" ? .authorizationCodeToken : .clientCredentialsToken)
                let startURL = flow == "accessCode" ? url("authorizationUrl", role: .authorizationCodeStart) : nil
                var grant = AuthPolicy.Grant(variable: variable, scheme: name)
                grant.unusableURLs = unusable
                switch flow {
                case "application": grant.clientCredentialsURL = tokenURL
                case "accessCode":
                    if let startURL, let tokenURL { grant.authorizationCode = .init(start: startURL, token: tokenURL) }
                case "implicit": grant.refused.append(AuthPolicy.Grant.implicitRefusal)
                case "password": grant.refused.append(AuthPolicy.Grant.passwordRefusal)
                default: break
                }
                if grant.isUsable || !grant.refused.isEmpty { policy.grant = grant }
                policies[name] = policy
            case let ("apiKey", location):
                report("security definition '\(name)': an apiKey is 'in: header' or 'in: query'\(location.map { ", not '\($0)'" } ?? "")", at: pair.key.mark)
            case let (type, _):
                report("security definition '\(name)': type '\(type)' is not one of basic, apiKey and oauth2", at: pair.key.mark)
            }
        }
        return policies
    }
}
