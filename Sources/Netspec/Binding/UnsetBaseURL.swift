import NetspecModel

/// A base URL holding variables set nowhere, as a request printed instead of sent shows it
/// (`--dry-run`, `--curl`): a preview keeps each as its reference, which a path percent-encodes
/// (`http://127.0.0.1:9/$%7BSTAGE%7D/v1`), so it is shown as written again,
/// `http://127.0.0.1:9/${STAGE}/v1`, as an unset variable in a header is (``SecretSources``).
struct UnsetBaseURL: Sendable {
    /// The base URL the request's URL starts with (``BaseURL/prefix``).
    let prefix: String
    /// The variables set nowhere, which stand in it as references.
    let names: [String]

    /// The URL split into its base URL, as a template whose variables are the unset ones, and
    /// the rest; `nil` when the URL does not start with the base URL.
    func split(_ url: String) -> (base: Template, rest: Substring)? {
        guard url.hasPrefix(prefix) else { return nil }
        // Each kept in a host as it is, in a path with its braces percent-encoded.
        var references: [(written: String, reference: Template)] = []
        for name in names {
            let written = "${" + name + "}"
            guard let reference = try? Template(parsing: written) else { continue }
            references.append((written, reference))
            references.append(("$%7B" + name + "%7D", reference))
        }
        var pieces: [Template.Piece] = []
        var literal = ""
        var rest = prefix[...]
        scan: while let first = rest.first {
            for (written, reference) in references where rest.hasPrefix(written) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.template(reference))
                rest = rest.dropFirst(written.count)
                continue scan
            }
            literal.append(first)
            rest = rest.dropFirst()
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return (Template(joining: pieces), url.dropFirst(prefix.count))
    }

    /// The base URL as `--dry-run` shows it: its literal text, and `${NAME}` for each variable.
    static func shown(_ base: Template) -> String {
        base.parts.map { part in
            switch part {
            case let .literal(text): text
            case let .variable(name, _): "${" + name + "}"
            }
        }.joined()
    }
}

/// A request's URL printed with what its sources say: the variables set nowhere of its base URL
/// (``UnsetBaseURL``) and of its API key's query item shown as `${NAME}`, as a header's are.
extension SecretSources {
    /// The URL as `--dry-run` shows it: `base`'s variables set nowhere as `${NAME}`, each query
    /// item as ``shownInURL(queryItem:_:)`` shows it.
    func shown(url: String, base: UnsetBaseURL?) -> String {
        let (shownBase, rest) = base?.split(url).map { (UnsetBaseURL.shown($0.base), String($0.rest)) } ?? ("", url)
        return shownBase + PreparedRequest.mapQueryItems(rest) { shownInURL(queryItem: $0, $1) }
    }

    /// A query item's value (percent-encoded text) as `--dry-run` shows it: a template's
    /// variables set nowhere as `${NAME}`, as a header shows them, not as the URL keeps them
    /// (`%24%7BKEY%7D`); otherwise as ``shown(queryItem:_:)`` shows it.
    private func shownInURL(queryItem name: String, _ value: String) -> String {
        guard case let .template(template)? = queryItems[name], !template.variableNames.contains(where: isSet) else {
            return shown(queryItem: name, value)
        }
        var text: [UInt8] = []
        for part in template.parts {
            switch part {
            case let .literal(literal): PercentEncoding.append(literal, to: &text, style: .query)
            case let .variable(_, fallback?): PercentEncoding.append(fallback, to: &text, style: .query)
            case let .variable(name, nil): text += Array("${\(name)}".utf8)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The URL inside a double-quoted shell word, when it must be one: `base`'s variables set
    /// nowhere as shell references (`"http://127.0.0.1:9/${STAGE}/v1/…"`), a query item's as
    /// ``curlFragment(queryItem:_:)`` writes it; `nil` when the URL holds neither.
    func curlURL(_ url: String, base: UnsetBaseURL?) -> String? {
        let split = base?.split(url)
        guard split != nil || PreparedRequest.queryItemNames(url).contains(where: hasSource(queryItem:)) else { return nil }
        let shownBase = split.map { ShellWord.insideDoubleQuotes($0.base) } ?? ""
        let rest = split.map { String($0.rest) } ?? url
        return "\"" + shownBase + PreparedRequest.mapQueryItems(rest, escaping: ShellWord.escapedForDoubleQuotes) { curlFragment(queryItem: $0, $1) } + "\""
    }

    /// The URL as curl reads it once the shell has expanded `base`'s references, which are no
    /// globbing of curl's: the URL without them, for whether `-g` is needed.
    func curlGlobbedURL(_ url: String, base: UnsetBaseURL?) -> String {
        guard let (template, rest) = base?.split(url) else { return url }
        let literals = template.parts.map { part in
            if case let .literal(text) = part { text } else { "" }
        }
        return literals.joined() + rest
    }
}
