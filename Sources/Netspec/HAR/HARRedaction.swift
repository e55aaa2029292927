#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NetspecModel

/// What a recording hides, and what each hidden value is replaced with: `[redacted: NAME]`, NAME
/// the security scheme or the variable the value came from.
///
/// By place: the header, query item or cookie of every credential the endpoint's security places
/// (its `auth:`, the spec's, and every scheme of the document's security alternatives), the
/// headers that are always secret (`Authorization`, `Set-Cookie`, `Proxy-Authorization`), in
/// `Cookie` each cookie that is not an ordinary cookie parameter (``SecretCookies``), headers
/// whose spec value has variables, parameters declared `secret: true` (header, query, JSON or form
/// field), and the provider's secret names. By value, anywhere in a URL, header or text body: the
/// values of the credentials' variables, of variables named as secrets (`…TOKEN`, `…SECRET`,
/// `…PASSWORD`, `…KEY`, `…CREDENTIALS`: each the provider sets, and each the endpoint's requests
/// use — ``variableReferences(spec:endpoint:)`` — wherever its value comes from: the provider,
/// the environment, its `:-` fallback), an OAuth client's id and secret, a basic pair's base64,
/// and the token store's secrets (``TokenStore/secrets(minimumLength:)``: its tokens, an OAuth 2
/// login's refresh token) — values of 4 characters or more, in each form they take in text
/// (``SecretText``: raw, percent-encoded, JSON-escaped), in bodies recorded as base64 too. In a
/// URL each form gives way to the placeholder percent-encoded (`%5Bredacted%3A%20NAME%5D`), so
/// that the URL stays one.
struct HARRedaction: Sendable {
    /// Labels of headers hidden whole, by lowercased name.
    var headers: [String: String] = [:]
    /// Labels of query items hidden, by name.
    var queryItems: [String: String] = [:]
    /// Labels of JSON members and form fields hidden, by name.
    var fields: [String: String] = [:]
    /// Labels of `secret: true` path parameters, by placeholder name, and the endpoint's path
    /// template that finds their values in a URL (``pathValueRanges(in:)``).
    var pathParameters: [String: String] = [:]
    var pathTemplate: PathTemplate?
    /// Which cookies of a `Cookie` header are hidden (unless `headers` hides it whole), and the
    /// labels of API keys' and secret parameters' cookies by name (the others': `cookie`).
    var cookies = SecretCookies()
    var cookieLabels: [String: String] = [:]
    /// The values hidden wherever they appear, and how (``Hiding``).
    var hiding = Hiding([])
    /// Secret values and their labels, longest first.
    var values: [(value: String, label: String)] { hiding.values }

    /// Secret values, longest first, with every form of each (``SecretText``) and what replaces
    /// it: in text, the placeholder in the same form; in a URL, the placeholder percent-encoded
    /// as a query value (`%5Bredacted%3A%20NAME%5D`, valid in a path too), since the raw
    /// placeholder's space and brackets would make the URL no URL. Made once for the many entries
    /// a recording writes with the same values (``HARSecretTable``).
    struct Hiding: Sendable {
        let values: [(value: String, label: String)]
        let text: SecretText
        let url: SecretText

        init(_ values: [(value: String, label: String)]) {
            self.values = values
            text = SecretText(values.map { (value: $0.value, placeholder: placeholder($0.label)) }, encodingPlaceholders: true)
            url = SecretText(values.map { (value: $0.value, placeholder: SecretText.Form.query.apply(placeholder($0.label))) }, encodingPlaceholders: false)
        }
    }

    static func placeholder(_ label: String) -> String { placeholderPrefix + label + "]" }

    /// How a ``placeholder(_:)`` begins; what follows it up to `]` is any text to a replay.
    static let placeholderPrefix = "[redacted: "

    /// The `${NAME}` variables an endpoint's requests use, each with its `:-` fallback: the base
    /// URL's (the spec's and each server's), the spec's and the endpoint's headers and auth (every
    /// scheme of the document's security alternatives too), and the endpoint's parameters'
    /// defaults. Only these are read from the environment: the variables a request can carry,
    /// never the whole environment (whose other `…KEY`s no request holds).
    static func variableReferences(spec: Spec, endpoint: Endpoint) -> [(name: String, fallback: String?)] {
        var templates = [spec.baseURL].compactMap { $0 } + spec.servers.compactMap(\.baseURL)
        templates += (spec.headers + endpoint.headers).map(\.value)
        templates += policies(spec: spec, endpoint: endpoint).flatMap { credentialTemplates(of: $0.0) }
        templates += endpoint.parameters.compactMap(\.defaultTemplate)
        return templates.flatMap(\.variableReferences)
    }

    /// The templates a policy's scheme writes its credential from: a bearer token, a basic
    /// scheme's user and password, an API key's value.
    private static func credentialTemplates(of policy: AuthPolicy) -> [Template] {
        switch policy.scheme {
        case let .bearer(token): [token]
        case let .basic(user, password): [user, password]
        case let .apiKey(_, _, value): [value]
        case .clientCertificate: []
        }
    }

    /// The variables an endpoint's requests use that hold secrets, each with its value wherever
    /// it comes from — `lookup` (the provider, then the environment), else its `:-` fallback, as
    /// ``Template`` resolves it (unset or empty) — and those set nowhere left out: every variable
    /// of a credential the endpoint's security places (whatever its name: a token, a password, an
    /// API key, an OAuth client's id and secret), and every variable named as a secret
    /// (``ProfileConfig/isSecret(variable:)``) of ``variableReferences(spec:endpoint:)``. What a
    /// recording hides by value, and what `netspec run` and `netspec mcp` mask
    /// (``Provider/secretVariableValues(spec:)``).
    static func secretVariables(spec: Spec, endpoint: Endpoint, lookup: VariableLookup) -> [(name: String, value: String)] {
        var references: [(name: String, fallback: String?)] = []
        for (policy, _) in policies(spec: spec, endpoint: endpoint) {
            references += credentialTemplates(of: policy).flatMap(\.variableReferences)
            if let grant = policy.grant { references += [(grant.clientIDVariable, nil), (grant.clientSecretVariable, nil)] }
        }
        references += variableReferences(spec: spec, endpoint: endpoint).filter { ProfileConfig.isSecret(variable: $0.name) }
        return references.compactMap { name, fallback in
            let value = lookup.value(name)
            guard let found = value?.isEmpty == false ? value : fallback else { return nil }
            return (name, found)
        }
    }

    /// `user:password` of a basic scheme, when both templates resolve.
    private static func basicPair(_ user: Template, _ password: Template, _ lookup: VariableLookup) -> String? {
        guard let user = try? lookup.resolve(user, endpoint: "", usedIn: "basic"), let password = try? lookup.resolve(password, endpoint: "", usedIn: "basic") else { return nil }
        return user + ":" + password
    }

    /// The redaction for an endpoint's exchanges, with the values its provider holds now.
    init(spec: Spec, endpoint: Endpoint, provider: Provider) {
        let lookup = provider.variableLookup()
        var found: [String: String] = [:]
        func secret(_ value: String?, _ label: String) {
            guard let value, value.count >= 4, found[value] == nil else { return }
            found[value] = label
        }
        func variables(_ template: Template, _ label: String) {
            for name in template.variableNames { secret(lookup.value(name), label) }
        }
        for (policy, label) in Self.policies(spec: spec, endpoint: endpoint) {
            switch policy.scheme {
            case let .bearer(token):
                headers["authorization"] = label
                variables(token, label)
            case let .basic(user, password):
                headers["authorization"] = label
                variables(user, label)
                variables(password, label)
                if let pair = Self.basicPair(user, password, lookup) { secret(Data(pair.utf8).base64EncodedString(), label) }
            case let .apiKey(location, name, value):
                switch location {
                case .query: queryItems[name] = label
                case .header: headers[name.lowercased()] = label
                case .cookie: cookieLabels[name] = label
                default: break
                }
                variables(value, label)
            case .clientCertificate:
                break
            }
            if let grant = policy.grant {
                secret(lookup.value(grant.clientIDVariable), grant.clientIDVariable)
                secret(lookup.value(grant.clientSecretVariable), grant.clientSecretVariable)
            }
        }
        // `Cookie` cookie by cookie (`cookies`), unless named secret below.
        for name in Redactor.alwaysSecretHeaders where headers[name] == nil && name != "cookie" { headers[name] = name }
        cookies = SecretCookies(spec: spec, endpoint: endpoint, provider: provider)
        for name in provider.options.logging.secretHeaders where headers[name.lowercased()] == nil { headers[name.lowercased()] = name }
        for name in provider.options.logging.secretQueryParameters where queryItems[name] == nil { queryItems[name] = name }
        for header in spec.headers + endpoint.headers where !header.value.variableNames.isEmpty {
            let label = header.value.variableNames.joined(separator: ", ")
            if headers[header.name.lowercased()] == nil { headers[header.name.lowercased()] = label }
            variables(header.value, label)
        }
        for parameter in endpoint.parameters where parameter.isSecret {
            switch parameter.location {
            case .header: headers[parameter.wireName.lowercased()] = parameter.name
            case .query: queryItems[parameter.wireName] = parameter.name
            case .cookie: cookieLabels[parameter.wireName] = parameter.name
            case .path: pathParameters[parameter.wireName] = parameter.name
            default: fields[parameter.wireName] = parameter.name
            }
        }
        if !pathParameters.isEmpty { pathTemplate = endpoint.pathTemplate }
        for (name, value) in provider.variableValues where ProfileConfig.isSecret(variable: name) { secret(value, name) }
        // A secret-named variable the requests use (and a credential's, found above by its
        // scheme), from wherever it comes: the environment, where secrets usually are, or its fallback.
        for (name, value) in Self.secretVariables(spec: spec, endpoint: endpoint, lookup: lookup) { secret(value, name) }
        for stored in provider.tokenStore.secrets(minimumLength: 4) { secret(stored.value, stored.label) }
        hiding = Hiding(found.map { ($0.key, $0.value) }.sorted { ($0.value.count, $0.value) > ($1.value.count, $1.value) })
    }

    /// Each security policy the endpoint's requests may carry, with the name that labels it: the
    /// document's scheme name where the policy is one of its security alternatives, else the OAuth
    /// scheme's, else the variable the credential comes from, else its kind.
    private static func policies(spec: Spec, endpoint: Endpoint) -> [(AuthPolicy, String)] {
        let named = endpoint.securityAlternatives.joined().compactMap { requirement in requirement.policy.map { ($0, requirement.name) } }
        var policies = named
        for policy in [spec.auth, endpoint.auth].compactMap({ $0 }).flatMap(\.everyPolicy) where !named.contains(where: { $0.0.scheme == policy.scheme }) {
            let variable: String? = switch policy.scheme {
            case let .bearer(token): token.variableNames.first
            case let .basic(_, password): password.variableNames.first
            case let .apiKey(_, name, value): value.variableNames.first ?? name
            case .clientCertificate: nil
            }
            let kind = switch policy.scheme {
            case .bearer: "bearer"
            case .basic: "basic"
            case .apiKey: "api key"
            case .clientCertificate: "client certificate"
            }
            policies.append((policy, policy.grant?.scheme ?? variable ?? kind))
        }
        return policies
    }

    // MARK: - Applying

    /// A header's value as recorded.
    func header(_ name: String, _ value: String) -> String {
        if let label = headers[name.lowercased()] { return Self.placeholder(label) }
        if name.lowercased() == "cookie" { return text(cookies.hiding(value) { Self.placeholder(cookieLabel($0)) }) }
        // A redirect's target stays a URL a replay can follow.
        if name.lowercased() == "location" { return hiding.url.hiding(in: value) }
        return text(value)
    }

    /// The label of a hidden cookie: its scheme's or parameter's, else `cookie`.
    private func cookieLabel(_ name: Substring) -> String {
        cookieLabels[String(name)] ?? cookieLabels[String(name).percentDecoded ?? String(name)] ?? "cookie"
    }

    /// A URL with secret query items and values hidden (a placeholder percent-encoded).
    func url(_ url: String, itemsIn itemForm: SecretText.Form = .query) -> String {
        var url = url
        for (range, label) in pathValueRanges(in: url).reversed() { url.replaceSubrange(range, with: SecretText.Form.query.apply(Self.placeholder(label))) }
        url = hiding.url.hiding(in: url)
        guard !queryItems.isEmpty, let mark = url.firstIndex(of: "?") else { return url }
        let query = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            guard pair.count == 2, let label = queryItems[name.percentDecoded ?? name] else { return String(item) }
            return name + "=" + itemForm.apply(Self.placeholder(label))
        }
        url = String(url[...mark]) + query.joined(separator: "&")
        return url
    }

    /// Where the values of the `secret: true` path parameters are in a URL, and their labels, in
    /// the URL's order: its path read from the end by the endpoint's path template, each literal
    /// as written, each placeholder's value the text after the last `/` that its literal before
    /// leaves (a value holds no `/`, which a path segment escapes). A reserved placeholder
    /// (`{+path}`), two placeholders side by side, or a path that does not end as the template
    /// does stops the reading there: no place is known before it.
    func pathValueRanges(in url: String) -> [(range: Range<String.Index>, label: String)] {
        guard let template = pathTemplate, let scheme = url.firstRange(of: "://") else { return [] }
        let pathStart = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
        var rest = url[pathStart..<(url[pathStart...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex)]
        var found: [(range: Range<String.Index>, label: String)] = []
        let segments = template.segments
        for index in segments.indices.reversed() {
            switch segments[index] {
            case let .literal(literal):
                guard rest.hasSuffix(literal) else { return found.reversed() }
                rest = rest.dropLast(literal.count)
            case let .placeholder(name, _, isReserved):
                guard !isReserved, index > 0, case let .literal(before) = segments[index - 1] else { return found.reversed() }
                let lead = before.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
                let segment = rest[(rest.lastIndex(of: "/").map { rest.index(after: $0) } ?? rest.startIndex)...]
                guard segment.hasPrefix(lead) else { return found.reversed() }
                let value = segment.dropFirst(lead.count)
                if let label = pathParameters[name], !value.isEmpty { found.append((value.startIndex..<value.endIndex, label)) }
                rest = rest[..<value.startIndex]
            }
        }
        return found.reversed()
    }

    /// Text with every secret value hidden, in each form it takes in text (``SecretText``: raw,
    /// percent-encoded, JSON-escaped), by the placeholder in the same form.
    func text(_ text: String) -> String {
        hiding.text.hiding(in: text)
    }

    /// Bytes that are not UTF-8 (an image, a protocol buffer, a file), recorded as base64, with
    /// the UTF-8 bytes of each form of each secret value replaced by its placeholder's.
    func bytes(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for (form, placeholder) in hiding.text.replacements {
            let needle = Array(form.utf8), replacement = Array(placeholder.utf8)
            var result: [UInt8] = []
            var index = 0, found = false
            while index < bytes.count {
                if bytes[index] == needle[0], bytes.count - index >= needle.count, bytes[index..<index + needle.count].elementsEqual(needle) {
                    if !found { result = Array(bytes[..<index]); found = true }
                    result += replacement
                    index += needle.count
                } else {
                    if found { result.append(bytes[index]) }
                    index += 1
                }
            }
            if found { bytes = result }
        }
        return bytes
    }

    /// A text body with secret JSON members or form fields hidden, then every secret value.
    func body(_ text: String, mimeType: String) -> String {
        let input = bodyInput(text, mimeType: mimeType)
        guard input.isForm else { return self.text(input.text) }
        var form = self
        form.queryItems.merge(fields) { $1 }
        return String(form.url(input.text, itemsIn: .form).dropFirst())
    }

    /// What ``text(_:)`` is given for a text body: a JSON body with its secret members already
    /// hidden, a form with `?` before it (its secret fields are hidden after, as a query's items),
    /// else the text.
    func bodyInput(_ text: String, mimeType: String) -> (text: String, isForm: Bool) {
        let type = mimeType.lowercased()
        if !fields.isEmpty, MediaType.namesJSON(type), case var .object(object)? = try? JSONValue(parsing: Array(text.utf8)) {
            for (name, label) in fields where object[name] != nil { object[name] = .string(Self.placeholder(label)) }
            return (JSONValue.object(object).description, false)
        }
        if !fields.isEmpty, MediaType.isForm(type) { return ("?" + text, true) }
        return (text, false)
    }

    /// The values an exchange's request carries in the places hidden (whole header values,
    /// query items, JSON members and form fields), to hide again wherever they come back (an
    /// echo, a token endpoint's answer).
    func placedValues(url: String, headers: [(name: String, value: String)], body: [UInt8]?, mimeType: String) -> [(value: String, label: String)] {
        var found: [(String, String)] = []
        for header in headers {
            if header.name.lowercased() == "cookie", self.headers["cookie"] == nil {
                _ = SecretCookies.map(header.value) { name, value in
                    if !cookies.shows(name: name, value: value) { found += [(String(value), cookieLabel(name)), (String(value).percentDecoded ?? "", cookieLabel(name))] }
                    return nil
                }
                continue
            }
            guard let label = self.headers[header.name.lowercased()] else { continue }
            found.append((header.value, label))
            // `Bearer TOKEN`: the token alone too (a token since replaced by a refresh, echoed back).
            if let space = header.value.firstIndex(of: " ") { found.append((String(header.value[header.value.index(after: space)...]), label)) }
        }
        for item in HARTarget(url).query { if let label = queryItems[item.name] { found.append((item.value, label)) } }
        // Decoded, as query items are: the value's path form is one of its forms.
        for (range, label) in pathValueRanges(in: url) { found.append((String(url[range]).percentDecoded ?? String(url[range]), label)) }
        if !fields.isEmpty, let body {
            let type = mimeType.lowercased()
            if MediaType.namesJSON(type), case let .object(object)? = try? JSONValue(parsing: body) {
                for (name, label) in fields { if let value = object[name] { found.append((value.string ?? value.description, label)) } }
            } else if MediaType.isForm(type) {
                for item in HARTarget("?" + String(decoding: body, as: UTF8.self)).query { if let label = fields[item.name] { found.append((item.value, label)) } }
            }
        }
        return found.filter { $0.0.count >= 4 && !$0.0.hasPrefix(Self.placeholderPrefix) }
    }

    // MARK: - Replay

    /// Whether a live value fits a recorded one: each `[redacted: …]` recorded stands for any
    /// text, and so does each `[unset:NAME]` sent (a variable set nowhere, when replaying).
    static func fits(recorded: String, _ live: String) -> Bool {
        matches(recorded, wildcard: placeholderPrefix, live)
            || (live.contains(VariableLookup.unsetPrefix) && matches(live, wildcard: VariableLookup.unsetPrefix, recorded))
    }

    /// Whether `text` is `pattern` with each `wildcard…]` in it standing for any text.
    private static func matches(_ pattern: String, wildcard: String, _ text: String) -> Bool {
        guard pattern.contains(wildcard) else { return pattern == text }
        var pieces: [Substring] = []
        var rest = pattern[...]
        while let start = rest.firstRange(of: wildcard), let end = rest[start.upperBound...].firstIndex(of: "]") {
            pieces.append(rest[..<start.lowerBound])
            rest = rest[rest.index(after: end)...]
        }
        pieces.append(rest)
        var remaining = text[...]
        guard let first = pieces.first, remaining.hasPrefix(first), let last = pieces.last else { return false }
        remaining = remaining.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() {
            guard let range = remaining.firstRange(of: piece) else { return false }
            remaining = remaining[range.upperBound...]
        }
        return remaining.count >= last.count && remaining.hasSuffix(last)
    }
}
