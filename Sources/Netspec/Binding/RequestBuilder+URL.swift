import NetspecModel

/// The URL: base URL, the path with its parameters, then the query.
extension RequestBuilder {
    func makeURL(_ values: [BoundValue?], marks: ArgumentMarks) throws(CallError.ArgumentError) -> String {
        var url: [UInt8] = []
        var baseQuery: String?
        if plan.isAbsoluteURL {
            url.reserveCapacity(128)
        } else {
            let base = try resolvedBaseURL()
            url.reserveCapacity(base.prefix.utf8.count + 128)
            url += base.prefix.utf8
            // A query in the base URL (`https://host/api?key=1`) stays first in the query.
            baseQuery = base.query
        }
        for piece in plan.path {
            switch piece {
            case let .literal(text):
                url += text.utf8
            case let .parameter(index):
                let parameter = endpoint.parameters[index]
                guard case let .json(json)? = values[index] else {
                    throw error(parameter, .missing, "missing required argument (\(parameter.typeName(parameter.type)))")
                }
                let codec = marks.reserved.contains(index) ? try reservedCodec(for: parameter, codec: plan.codecs[index]) : plan.codecs[index]
                // An empty value is meant when the call gives it, or the spec's default is empty.
                let allowsEmpty = marks.emptyPaths.contains(index) || parameter.defaultValue == .string("")
                try written(by: parameter) { () throws(ParameterCodec.Problem) in
                    try codec.writePath(json, wireName: parameter.wireName, allowsEmpty: allowsEmpty, to: &url)
                }
            }
        }
        // The query is written straight after the path, `?` and all, when it has an item.
        var query = URLEncodedItems(style: .query, after: consume url, initial: baseQuery)
        if let staticQuery = plan.staticQuery, !staticQuery.isEmpty { query.appendRaw(staticQuery) }
        for index in plan.queryParameters {
            guard let value = values[index] else { continue }
            let parameter = endpoint.parameters[index]
            guard case let .json(json) = value else {
                throw error(parameter, .wrongType, "bytes and files cannot be sent in a query")
            }
            let codec = marks.reserved.contains(index) ? try reservedCodec(for: parameter, codec: plan.codecs[index]) : plan.codecs[index]
            try written(by: parameter) { () throws(ParameterCodec.Problem) in
                try codec.writeQuery(json, name: parameter.wireName, to: &query)
            }
        }
        for item in context.extraQueryItems {
            query.append(name: item.name, text: item.value)
        }
        // What a value written as it is (`encoded: true`), an `allowReserved` value or the spec's
        // own text holds that a URL's path or query cannot (`[`, `]`) is escaped here, so that the
        // URL shown (--dry-run, --curl, HAR) is the one Foundation and async-http-client send;
        // they would escape the whole path or query again (`%20` went as `%2520`).
        var bytes = query.bytes
        PercentEncoding.escapeInvalidURLBytes(&bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        if plan.isAbsoluteURL { try checkAuthority(of: text) }
        return text
    }

    /// An absolute URL whose host or port is a placeholder (`http://127.0.0.1:{port}/x`) is checked
    /// as a base URL once the call gives its value (the spec's loading checked any other), the
    /// error naming the parameter: `invalid URL 'http://127.0.0.1:99999/x': port 99999 (character
    /// 18) is out of range (1 to 65535)`.
    private func checkAuthority(of url: String) throws(CallError.ArgumentError) {
        let names = endpoint.pathTemplate.authorityPlaceholderNames
        guard !names.isEmpty else { return }
        let authorityEnd = url.firstRange(of: "://").map { url[$0.upperBound...].firstIndex { "/?#".contains($0) } ?? url.endIndex } ?? url.endIndex
        guard case let .failure(problem) = BaseURLCheck.checked(String(url[..<authorityEnd])) else { return }
        let message = "invalid URL '\(BaseURLCheck.redacted(url))': \(problem.message)"
        guard let parameter = endpoint.parameters.first(where: { names.contains($0.wireName) }) else {
            throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .invalidValue, message: message)
        }
        throw error(parameter, .invalidValue, message)
    }

    /// Replaying, a base URL whose scheme or host is a variable set nowhere is no URL with its
    /// `[unset:NAME]` (`${API_URL:-http://localhost:8080}` whole): it is the one its defaults
    /// make, as the recording most likely was (`nil` without a default, or not replaying).
    private func replayedBaseURL(_ template: Template, _ text: String) -> BaseURL? {
        guard context.variables.replaysUnset, text.contains(VariableLookup.unsetPrefix) else { return nil }
        // A host that is a variable set nowhere (`https://[unset:region].api.example.com`) fits
        // the recording's host; else the URL its defaults make.
        if let replayed = BaseURL(replaying: text) { return replayed }
        guard let withDefaults = try? template.resolve(context.variables.value) else { return nil }
        return BaseURL(withDefaults)
    }

    /// Previewing, a base URL whose host is a variable set nowhere, kept as `${NAME}`: the URL
    /// shown with it there (``BaseURL/init(previewing:)``); `nil` otherwise.
    private func previewedBaseURL(_ text: String) -> BaseURL? {
        previewing && context.variables.keepsUnsetReferences ? BaseURL(previewing: text) : nil
    }

    /// A base URL that is no URL as resolved (`text`): where it is so because a variable set
    /// nowhere was kept as its reference in a place none can stand (the whole URL, a port:
    /// `http://127.0.0.1:${PORT}`), the variable is said as a call says it (`variable 'PORT' is
    /// not set (used in the base URL)`), not the reference's `{` as a character out of place.
    private func invalidBaseURL(_ template: Template, _ text: String) -> CallError.ArgumentError {
        if context.variables.keepsUnsetReferences {
            var strict = context.variables
            strict.keepsUnsetReferences = false
            strict.replaysUnset = false
            do { _ = try strict.resolve(template, endpoint: endpoint.name, usedIn: "the base URL") } catch { return error }
        }
        return BaseURL.invalid(text, endpoint: endpoint.name)
    }

    /// Previewing, the base URL the request's URL starts with when it holds variables set nowhere
    /// (each kept as its reference, its braces percent-encoded in a path: `$%7BSTAGE%7D`), for the
    /// preview to show them as `${STAGE}`, as it shows a header's; `nil` otherwise.
    func unsetBaseURL() -> UnsetBaseURL? {
        guard previewing, context.variables.keepsUnsetReferences, !plan.isAbsoluteURL else { return nil }
        let template: Template
        switch baseURL {
        case let .template(spec): template = spec
        case let .origin(_, server): template = server
        default: return nil
        }
        let unset = template.variableReferences.filter { $0.fallback == nil && context.variables.value($0.name) == nil }.map(\.name)
        guard !unset.isEmpty, let base = try? resolvedBaseURL() else { return nil }
        return UnsetBaseURL(prefix: base.prefix, names: unset)
    }

    /// The base URL: the call's, else the service's (checked when the service was made), else the
    /// spec's with its variables resolved now (``BaseURLSource`` says the rule).
    private func resolvedBaseURL() throws(CallError.ArgumentError) -> BaseURL {
        switch baseURL {
        case let .fixed(base):
            return base
        case let .invalid(text):
            throw BaseURL.invalid(text, endpoint: endpoint.name)
        case let .bracedName(text, place, problem):
            // `Provider(baseURL: "https://x/{stage}")` went to `https://x/%7Bstage%7D/…` without a word.
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .configuration,
                message: "invalid base URL '\(BaseURLCheck.redacted(text))' (\(place)): \(problem)"
            )
        case let .template(template):
            let text = try context.variables.resolve(template, endpoint: endpoint.name, usedIn: "the base URL")
            guard let base = BaseURL(text) ?? replayedBaseURL(template, text) ?? previewedBaseURL(text) else {
                throw invalidBaseURL(template, text)
            }
            return base
        case let .origin(origin, server):
            let text = try context.variables.resolve(server, endpoint: endpoint.name, usedIn: "the base URL")
            guard let base = BaseURL(text) ?? replayedBaseURL(server, text) ?? previewedBaseURL(text) else {
                throw invalidBaseURL(server, text)
            }
            return origin.withPath(of: base)
        case let .missing(lack):
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .configuration,
                message: "no base URL: \(lack) and none was given (\(BaseURL.missingAdvice))"
            )
        }
    }

    /// Runs a codec's write, naming the endpoint and the parameter in its problem.
    func written<Result>(by parameter: Parameter, _ write: () throws(ParameterCodec.Problem) -> Result) throws(CallError.ArgumentError) -> Result {
        do {
            return try write()
        } catch {
            throw self.error(parameter, CallError.ArgumentError.Reason(error.reason), error.message)
        }
    }
}
