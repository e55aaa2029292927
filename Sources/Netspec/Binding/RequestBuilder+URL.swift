/// The URL: base URL, the path with its parameters, then the query.
extension RequestBuilder {
    func makeURL(_ values: [BoundValue?]) throws(CallError.ArgumentError) -> String {
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
                try appendPathValue(values[index], parameter: endpoint.parameters[index], reserved: false, to: &url)
            case let .reservedParameter(index):
                try appendPathValue(values[index], parameter: endpoint.parameters[index], reserved: true, to: &url)
            }
        }
        // The query is written straight after the path, `?` and all, when it has an item.
        var query = URLEncodedItems(style: .query, after: consume url, initial: baseQuery)
        if let staticQuery = plan.staticQuery, !staticQuery.isEmpty { query.appendRaw(staticQuery) }
        for index in plan.queryParameters {
            guard let value = values[index] else { continue }
            try appendQueryValue(value, parameter: endpoint.parameters[index], to: &query)
        }
        for item in context.extraQueryItems {
            query.append(name: item.name, value: .string(item.value), format: .repeat)
        }
        return String(decoding: query.bytes, as: UTF8.self)
    }

    /// The base URL: the call's, else the service's (checked when the service was made), else the
    /// spec's with its variables resolved now.
    private func resolvedBaseURL() throws(CallError.ArgumentError) -> BaseURL {
        if let override = context.baseURL {
            guard let base = BaseURL(override) else { throw BaseURL.invalid(override, endpoint: endpoint.name) }
            return base
        }
        switch baseURL {
        case let .fixed(base):
            return base
        case let .invalid(text):
            throw BaseURL.invalid(text, endpoint: endpoint.name)
        case let .template(template):
            let text = try context.variables.resolve(template, endpoint: endpoint.name, usedIn: "the base URL")
            guard let base = BaseURL(text) else { throw BaseURL.invalid(text, endpoint: endpoint.name) }
            return base
        case .missing:
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .configuration,
                message: "no base URL: the spec has no 'baseURL' and none was given (use Provider(baseURL:) or --base-url)"
            )
        }
    }

    private func appendPathValue(_ value: BoundValue?, parameter: Parameter, reserved: Bool, to url: inout [UInt8]) throws(CallError.ArgumentError) {
        guard case let .json(json)? = value else {
            throw error(parameter, .missing, "missing required argument (\(parameter.type))")
        }
        if let style = parameter.style { return try appendStyledPathValue(json, style: style, parameter: parameter, to: &url) }
        let text = json.text
        // An empty value would silently turn `/a/{id}/b` into `/a//b`, unless the spec allows it
        // with an empty default (`{path=}`, `default: ""`), as Jupyter's root `/api/contents/` needs.
        if text.isEmpty {
            guard parameter.defaultValue == .string("") else {
                throw error(parameter, .invalidValue, "a path parameter cannot be empty (declare 'default: \"\"' or '{\(parameter.wireName)=}' to allow an empty segment)")
            }
            return
        }
        if reserved {
            guard !PercentEncoding.hasDotSegment(text) else {
                throw error(parameter, .invalidValue, "'.' and '..' are not allowed as path segments (in '\(text)')")
            }
            PercentEncoding.append(text, to: &url, style: .reservedPath)
            return
        }
        if parameter.isEncoded {
            if let problem = PercentEncoding.problemInEncoded(text, inPath: true) {
                throw error(parameter, .invalidValue, problem)
            }
            url += text.utf8
            return
        }
        // Checked by length first: comparing text is dearer than most path values are long.
        guard text.utf8.count > 2 || text != "." && text != ".." else {
            throw error(parameter, .invalidValue, "'\(text)' is not allowed as a path segment")
        }
        PercentEncoding.append(text, to: &url, style: .pathSegment)
    }

    /// A path value in an OpenAPI style (``Parameter/Style/write(_:to:encode:)``), each name and
    /// value percent-encoded as a segment.
    private func appendStyledPathValue(_ json: JSONValue, style: Parameter.Style, parameter: Parameter, to url: inout [UInt8]) throws(CallError.ArgumentError) {
        let items: [JSONValue] = switch json {
        case let .array(values): values
        case let .object(object): object.map(\.value)
        default: [json]
        }
        for item in items where item.text == "." || item.text == ".." {
            throw error(parameter, .invalidValue, "'\(item.text)' is not allowed as a path segment")
        }
        var written: [UInt8] = []
        style.write(json, to: &written) { text, output in PercentEncoding.append(text, to: &output, style: .pathSegment) }
        guard !written.isEmpty else { throw error(parameter, .invalidValue, "a path parameter cannot be empty") }
        // An empty `label` value is `.`, which a server would read as a dot segment.
        guard written != [UInt8(ascii: ".")] else { throw error(parameter, .invalidValue, "'.' is not allowed as a path segment") }
        url += written
    }

    /// Checks every scalar inside an already-encoded value.
    private func checkEncoded(_ value: JSONValue, parameter: Parameter) throws(CallError.ArgumentError) {
        switch value {
        case let .array(items): for item in items { try checkEncoded(item, parameter: parameter) }
        case let .object(object): for (_, item) in object { try checkEncoded(item, parameter: parameter) }
        default:
            if let problem = PercentEncoding.problemInEncoded(value.text, inPath: false) {
                throw error(parameter, .invalidValue, problem)
            }
        }
    }

    private func appendQueryValue(_ value: BoundValue, parameter: Parameter, to query: inout URLEncodedItems) throws(CallError.ArgumentError) {
        guard case let .json(json) = value else {
            throw error(parameter, .wrongType, "bytes and files cannot be sent in a query")
        }
        if parameter.isFlag {
            if json == .bool(true) { query.appendFlag(name: parameter.wireName) }
            return
        }
        if let text = parameter.jsonText(of: json) {
            query.append(name: parameter.wireName, value: .string(text), format: .repeat)
            return
        }
        if parameter.isEncoded {
            try checkEncoded(json, parameter: parameter)
            if parameter.expandsDictionary, case let .object(object) = json {
                for (key, item) in object { query.appendEncoded(key: key, value: item, format: parameter.arrayFormat) }
            } else {
                query.append(name: parameter.wireName, value: json, format: parameter.arrayFormat, encoded: true)
            }
            return
        }
        query.append(json, for: parameter)
    }
}
