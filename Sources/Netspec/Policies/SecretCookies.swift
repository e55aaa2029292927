import NetspecModel

/// Which cookies of a `Cookie` header carry a secret, so that `-v`, `--dry-run`, `--curl`,
/// `netspec check`'s reports and HAR recordings hide those alone and show the endpoint's ordinary
/// cookie parameters as sent (a `Cookie` header is one line for all of them).
///
/// A cookie is shown as sent when it is one of the endpoint's cookie parameters (`in: cookie`,
/// or for `--dry-run` and `--curl` a member of a `style: cookie` object parameter's value)
/// not declared `secret: true`, is not an API key's (`in: cookie`), and its value holds no secret
/// value (of a credential's variable, or of a variable named as a secret: `…TOKEN`, `…KEY`, …).
/// Every other cookie — an API key's, a secret parameter's, one the call or a profile adds
/// (`-H 'Cookie: sid=…'`) — has its value hidden, its name kept: `Cookie: theme=dark; sid=<redacted>`.
package struct SecretCookies: Sendable {
    /// Names of the endpoint's ordinary cookie parameters.
    private(set) var ordinary: Set<String> = []
    /// Names of the cookies that carry a credential: API keys and `secret: true` parameters.
    private(set) var credentials: Set<String> = []
    /// Secret values (4 characters or more): a cookie holding one is hidden whatever its name.
    private(set) var values: [String] = []

    /// No cookie known: every cookie's value hidden.
    package init() {}

    /// The cookies of an endpoint's requests.
    package init(spec: Spec, endpoint: Endpoint, provider: Provider) {
        let policies = [spec.auth, endpoint.auth].compactMap { $0 }.flatMap(\.everyPolicy) + endpoint.securityAlternatives.joined().compactMap(\.policy)
        var secretVariables = spec.authVariables
        for policy in policies {
            if case let .apiKey(.cookie, name, value) = policy.scheme {
                credentials.insert(name)
                secretVariables.formUnion(value.variableNames)
            }
        }
        for parameter in endpoint.parameters where parameter.location == .cookie {
            if parameter.isSecret { credentials.insert(parameter.wireName) } else { ordinary.insert(parameter.wireName) }
        }
        values = provider.variableValues.filter { secretVariables.contains($0.key) || ProfileConfig.isSecret(variable: $0.key) }.map(\.value).filter { $0.count >= 4 }
    }

    /// Shows the cookies named `names` as sent, as the endpoint's ordinary cookies are (the
    /// members of a `style: cookie` object parameter's value); credentials stay hidden.
    package mutating func addOrdinary(_ names: [String]) {
        // `shows(name:value:)` looks a name up decoded; a style: cookie name is sent as it is.
        ordinary.formUnion(names.map { $0.percentDecoded ?? $0 })
    }

    /// Whether the cookie `name=value` (as written in the header) is shown as sent.
    package func shows(name: Substring, value: Substring) -> Bool {
        let name = String(name).percentDecoded ?? String(name)
        guard ordinary.contains(name), !credentials.contains(name) else { return false }
        let decoded = String(value).percentDecoded ?? String(value)
        return !values.contains { decoded.contains($0) || value.contains($0) }
    }

    /// Whether the cookie named `name` (as written) is an API key's or a secret parameter's.
    package func isCredential(_ name: Substring) -> Bool {
        credentials.contains(String(name).percentDecoded ?? String(name))
    }

    /// A `Cookie` header's value as pieces: each cookie `transform(name, value)` gives a piece
    /// for (names and values as written) replaced by it, the rest and the separators as written.
    package static func map(_ header: String, _ transform: (_ name: Substring, _ value: Substring) -> Template.Piece?) -> [Template.Piece] {
        var pieces: [Template.Piece] = []
        for (index, part) in header.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { pieces.append(.literal(";")) }
            let leading = part.prefix { $0 == " " }
            let cookie = part.dropFirst(leading.count)
            guard let equals = cookie.firstIndex(of: "="), let piece = transform(cookie[..<equals], cookie[cookie.index(after: equals)...]) else {
                pieces.append(.literal(String(part)))
                continue
            }
            pieces += [.literal(String(leading)), piece]
        }
        return pieces
    }

    /// Pieces as text: literals as they are, templates as written (`${NAME}`).
    package static func text(_ pieces: [Template.Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case let .literal(text): text
            case let .template(template): template.text
            }
        }.joined()
    }

    /// A `Cookie` header's value with each cookie not shown as sent written `name=<redacted>`
    /// (`mask(name)` after the `=`).
    package func hiding(_ header: String, mask: (_ name: Substring) -> String) -> String {
        Self.text(Self.map(header) { name, value in shows(name: name, value: value) ? nil : .literal(String(name) + "=" + mask(name)) })
    }
}
