import NetspecModel

/// Where the secret values of an endpoint's requests come from, so that a request printed instead
/// of sent (`--dry-run`, `--curl`) can show each one for what it is: `<redacted>`, the `${NAME}`
/// reference of a variable that is not set, or a shell reference a printed curl command expands
/// where the variable is set.
///
/// The sources are the spec's, known before any call: headers whose value is a template with
/// variables (static headers and `auth:`), API-key query items and cookies, and parameters
/// declared `secret: true`; plus the headers that are always secret (`Authorization`, …) and the
/// names the provider adds. A value is found by its place (header name, query item name, body
/// field name, cookie name), never by searching for secret text — but for a cookie, which is also
/// hidden when its value holds a secret variable's value (``SecretCookies``). A `Cookie` header
/// is shown cookie by cookie: the endpoint's ordinary cookie parameters as sent, an API key's as
/// its variable's reference, any other's value as `<redacted>`.
///
/// A place the call fills itself is the call's, not the spec's: a header of the call's own
/// (`-H`, ``CallOptions/headers``) that replaces a spec header, and a credential the call gives
/// (``AuthInterceptor/carriesCredential(_:)``: `-H 'Authorization: …'`, the API key's header,
/// query item or cookie), which the call sends instead of attaching the endpoint's. Its value is
/// then shown as `-v` shows it — `<redacted>` where the place is secret — never as the spec's
/// `${NAME}` reference, which is not what is sent.
package struct SecretSources: Sendable {
    /// Where one value comes from.
    package enum Source: Sendable {
        /// A spec template with variables (`Bearer ${TOKEN}`).
        case template(Template)
        /// `auth: basic`: the base64 of `user:password`.
        case basic(user: Template, password: Template)
        /// A `secret: true` parameter, or a name that is secret by rule.
        case secret
    }

    /// Header sources by lowercased name.
    private(set) var headers: [String: Source] = [:]
    /// Query item sources by name.
    private(set) var queryItems: [String: Source] = [:]
    /// API-key cookie sources by name (as written); the other cookies as ``Redactor/cookies`` says.
    private(set) var cookies: [String: Template] = [:]
    /// Whether the cookies that are not API keys' are shown as sent (the sources of auth alone).
    private var showsOtherCookies = false
    /// The redactor for body fields and the names secret by rule.
    private(set) var redactor: Redactor
    /// Whether a variable is set (on the provider or in the environment).
    let isSet: @Sendable (String) -> Bool
    /// The environment variables some variables' values were read from (a profile's
    /// `KEY: { env: STAGING_KEY }`): a curl command references `${STAGING_KEY}` for `${KEY}`,
    /// the variable the shell that runs it has. `--dry-run` shows the spec's `${KEY}`.
    private var environmentNames: [String: String] = [:]

    /// The sources of an endpoint's requests.
    ///
    /// - Parameters:
    ///   - callHeaders: the names of the call's own headers, which replace the spec's of the name.
    ///   - auth: the policies whose credentials are attached to the request (`nil`: the
    ///     endpoint's); a place another policy's credential would take is shown as the redactor
    ///     says (the call's own credential, or nothing).
    package init(spec: Spec, endpoint: Endpoint, provider: Provider, callHeaders: [String] = [], auth: [AuthPolicy]? = nil) {
        redactor = Redactor(spec: spec, endpoint: endpoint, provider: provider)
        let lookup = provider.variableLookup()
        isSet = { lookup.value($0) != nil }
        environmentNames = provider.environmentNames
        for name in redactor.headerNames where name != "cookie" || redactor.hidesCookieWhole { headers[name] = .secret }
        for name in redactor.queryNames { queryItems[name] = .secret }
        let callHeaders = Set(callHeaders.map { $0.lowercased() })
        for header in spec.headers + endpoint.headers where !header.value.variableNames.isEmpty && !callHeaders.contains(header.name.lowercased()) {
            headers[header.name.lowercased()] = .template(header.value)
        }
        for policy in auth ?? endpoint.auth?.policies ?? [] { add(policy) }
    }

    /// The sources of one call's request: the endpoint's, with the cookies its ordinary
    /// `style: cookie` object parameters send (a cookie per member, named by the member, which the
    /// spec alone cannot name) shown as sent; `callHeaders` and `auth` as in
    /// ``init(spec:endpoint:provider:callHeaders:auth:)``.
    package init(
        spec: Spec, endpoint: Endpoint, provider: Provider, arguments: [String: Argument], callHeaders: [String] = [], auth: [AuthPolicy]? = nil
    ) {
        self.init(spec: spec, endpoint: endpoint, provider: provider, callHeaders: callHeaders, auth: auth)
        for parameter in endpoint.parameters where parameter.location == .cookie && !parameter.isSecret && parameter.codec == .cookieStyle(explode: true) {
            switch arguments[parameter.name] {
            case let .value(.object(object))?: redactor.cookies.addOrdinary(object.keys)
            case let .dictionary(entries)?: redactor.cookies.addOrdinary(entries.map(\.key))
            case nil: redactor.cookies.addOrdinary(parameter.defaultValue?.object?.keys ?? [])
            default: break
            }
        }
    }

    /// The sources of auth policies' credentials alone, none of them set: what a prepared
    /// request's public renderings show where the call will attach them (`Bearer ${TOKEN}`).
    init(auth: [AuthPolicy]) {
        redactor = Redactor()
        isSet = { _ in false }
        showsOtherCookies = true
        for policy in auth { add(policy) }
    }

    /// These sources with a profile's headers whose values are templates with variables shown as
    /// a spec's are (``shown(header:_:)``): a value of a set variable as `<redacted>`, `${NAME}`
    /// where none is set. A place secret by rule stays secret.
    func showing(templates: [(String, Template)]) -> SecretSources {
        var sources = self
        for (name, template) in templates {
            switch sources.headers[name.lowercased()] {
            case nil, .template?: sources.headers[name.lowercased()] = .template(template)
            default: break
            }
        }
        return sources
    }

    /// These sources with the headers `names` shown as sent: the wrong credential an auth probe
    /// of `netspec check` puts in their place, which is no secret and is what was sent.
    package func showing(headers names: [String]) -> SecretSources {
        var sources = self
        for name in names { sources.headers[name.lowercased()] = nil }
        return sources
    }

    /// Where an auth policy's credentials go.
    private mutating func add(_ auth: AuthPolicy) {
        switch auth.scheme {
        case let .bearer(token):
            headers["authorization"] = .template(Template(joining: [.literal("Bearer "), .template(token)]))
        case let .basic(user, password):
            headers["authorization"] = .basic(user: user, password: password)
        case let .apiKey(location, name, value):
            switch location {
            case .query: queryItems[name] = .template(value)
            case .cookie:
                var encoded: [UInt8] = []
                PercentEncoding.append(name, to: &encoded, style: .cookie)
                cookies[String(decoding: encoded, as: UTF8.self)] = value
            default: headers[name.lowercased()] = .template(value)
            }
        case .clientCertificate:
            break
        }
    }

    // MARK: - Shown in an HTTP message

    /// A header value as `--dry-run` shows it: a variable's value as `<redacted>`, or the value
    /// with `${NAME}` in it when none of its variables is set.
    func shown(header name: String, _ value: String) -> String {
        guard let source = headers[name.lowercased()] else {
            guard name.lowercased() == "cookie" else { return value }
            return SecretCookies.text(SecretCookies.map(value) { name, value in
                if let template = cookies[String(name)] { return .literal(String(name) + "=" + shown(.template(template), String(value))) }
                return showsCookie(name, value) ? nil : .literal(String(name) + "=" + Redactor.mask)
            })
        }
        return shown(source, value)
    }

    /// A query item's value as `--dry-run` shows it (already percent-encoded text).
    func shown(queryItem name: String, _ value: String) -> String {
        guard let source = queryItems[name] else { return value }
        return shown(source, value)
    }

    private func shown(_ source: Source, _ value: String) -> String {
        switch source {
        case .secret:
            return Redactor.mask
        case let .template(template):
            return template.variableNames.contains(where: isSet) ? Redactor.mask : value
        case let .basic(user, password):
            let names = user.variableNames + password.variableNames
            // Written in the spec, without variables: shown as sent, as a literal bearer token is.
            if names.isEmpty { return value }
            return names.contains(where: isSet) ? Redactor.mask : "Basic base64(\(user.text):\(password.text))"
        }
    }

    /// Whether a cookie that is not an API key's is shown as sent.
    private func showsCookie(_ name: Substring, _ value: Substring) -> Bool {
        showsOtherCookies || redactor.cookies.shows(name: name, value: value)
    }

    // MARK: - Written in a curl command

    /// A header as one shell word for `--curl`: a template as a double-quoted word whose `${NAME}`
    /// the shell expands, a secret as `<redacted>`; `nil` for `auth: basic`, which is written as
    /// curl's `-u` instead (see ``curlUser``).
    func curlWord(header name: String, _ value: String) -> String? {
        switch headers[name.lowercased()] {
        case nil where name.lowercased() == "cookie": return curlWord(cookie: name, value)
        case nil: return PreparedRequest.quote("\(name): \(value)")
        case .secret: return PreparedRequest.quote("\(name): \(Redactor.mask)")
        case let .template(template): return ShellWord.doubleQuoted(literal: "\(name): ", template: template, renaming: environmentNames)
        case .basic: return nil
        }
    }

    /// A `Cookie` header as one shell word: an API key's cookie as its variable's reference (in a
    /// double-quoted word), another secret cookie's value as `<redacted>`, the rest as sent.
    private func curlWord(cookie name: String, _ value: String) -> String {
        var hasReference = false
        let pieces = SecretCookies.map(value) { cookie, value -> Template.Piece? in
            if let template = cookies[String(cookie)] {
                hasReference = true
                return .template(Template(joining: [.literal(String(cookie) + "="), .template(template)]))
            }
            return showsCookie(cookie, value) ? nil : .literal(String(cookie) + "=" + Redactor.mask)
        }
        guard hasReference else { return PreparedRequest.quote("\(name): " + SecretCookies.text(pieces)) }
        return ShellWord.doubleQuoted(literal: "\(name): ", template: Template(joining: pieces), renaming: environmentNames)
    }

    /// `-u "${USER}:${PASS}"` for `auth: basic`, or `nil`.
    var curlUser: String? {
        guard case let .basic(user, password)? = headers["authorization"] else { return nil }
        return ShellWord.doubleQuoted(literal: "", template: Template(joining: [.template(user), .literal(":"), .template(password)]), renaming: environmentNames)
    }

    /// Whether a query item must be written as a shell reference or hidden.
    func hasSource(queryItem name: String) -> Bool { queryItems[name] != nil }

    /// A query item's value inside a double-quoted shell word: a template's shell form, or
    /// `<redacted>`.
    func curlFragment(queryItem name: String, _ value: String) -> String {
        switch queryItems[name] {
        case let .template(template)?: ShellWord.insideDoubleQuotes(template, renaming: environmentNames)
        case .basic?, .secret?: ShellWord.escapedForDoubleQuotes(Redactor.mask)
        case nil: ShellWord.escapedForDoubleQuotes(value)
        }
    }
}

/// Shell words for `--curl` that the shell completes: `${NAME}` references inside double quotes.
enum ShellWord {
    /// `"literal<template>"`, with the template's variables as `${NAME}` (`${NAME:-fallback}`),
    /// a variable `renaming` names by the name it gives.
    static func doubleQuoted(literal: String, template: Template, renaming: [String: String] = [:]) -> String {
        "\"" + escapedForDoubleQuotes(literal) + insideDoubleQuotes(template, renaming: renaming) + "\""
    }

    /// A template's text for inside double quotes: literal parts escaped, variables as references
    /// (the same `${NAME}` and `${NAME:-fallback}` syntax as the shell's), a variable `renaming`
    /// names by the name it gives (the environment variable its value is read from), or as
    /// `<redacted>` when the shell cannot expand that name.
    static func insideDoubleQuotes(_ template: Template, renaming: [String: String] = [:]) -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case let .literal(literal): text += escapedForDoubleQuotes(literal)
            // A name the shell cannot expand is redacted (`{ env: STAGING-KEY }`: the shell reads
            // `${STAGING-KEY}` as `$STAGING`, or the text `KEY` when that is unset).
            case let .variable(name, _) where renaming[name].map(Template.isValidName) == false:
                text += escapedForDoubleQuotes(Redactor.mask)
            case let .variable(name, fallback?): text += "${\(renaming[name] ?? name):-\(escapedForDoubleQuotes(fallback))}"
            case let .variable(name, nil): text += "${\(renaming[name] ?? name)}"
            }
        }
        return text
    }

    /// Text with `"`, `\`, `$` and `` ` `` escaped, as a POSIX shell reads it inside double quotes.
    static func escapedForDoubleQuotes(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\"" || character == "\\" || character == "$" || character == "`" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
