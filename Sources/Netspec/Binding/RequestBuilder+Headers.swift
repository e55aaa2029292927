import HTTPTypes

/// Headers: the spec's static headers, header parameters, extra headers, then defaults.
extension RequestBuilder {
    func addStaticHeaders(to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        for header in endpoint.headers {
            // Names were checked when the spec loaded, and so were values without variables.
            if let constant = header.value.constantValue {
                headers[header.fieldName] = constant
                continue
            }
            let value = try context.variables.resolve(header.value, endpoint: endpoint.name, usedIn: "header '\(header.name)'")
            try set(header.fieldName, value, in: &headers, name: header.name, parameter: nil)
        }
    }

    /// The cookie parameters, after any cookies the call already has, each value percent-encoded
    /// outside RFC 6265's cookie octets. `HTTPFields` holds a cookie per field; they are sent as
    /// one `Cookie` line (`a=1; b=2`, ``PreparedRequest/http1Fields``).
    func addCookies(_ values: [BoundValue?], to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        for index in plan.cookieParameters {
            guard let value = values[index] else { continue }
            let parameter = endpoint.parameters[index]
            guard case let .json(json) = value else { throw error(parameter, .wrongType, "bytes and files cannot be sent in a cookie") }
            let text: String
            if let jsonText = parameter.jsonText(of: json) {
                text = jsonText
            } else {
                switch json {
                case .null: continue
                case .array, .object: throw error(parameter, .wrongType, "a cookie takes one value, got \(json.argumentDescription)")
                default: text = json.text
                }
            }
            var pair = Array((parameter.wireName + "=").utf8)
            PercentEncoding.append(text, to: &pair, style: .cookie)
            headers.append(HTTPField(name: .cookie, value: String(decoding: pair, as: UTF8.self)))
        }
    }

    func addHeader(_ value: BoundValue, parameter: Parameter, to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        guard case let .json(json) = value else {
            throw error(parameter, .wrongType, "bytes and files cannot be sent in a header")
        }
        // Only a dictionary parameter has no field name (made when the spec loaded): its entries are the headers.
        guard let name = parameter.fieldName else {
            if case let .object(object) = json {
                for (name, item) in object where !item.isNull {
                    try set(name, item.text, in: &headers, parameter: parameter)
                }
            }
            return
        }
        if let text = parameter.jsonText(of: json) {
            try set(name, text, in: &headers, name: parameter.wireName, parameter: parameter)
            return
        }
        if let style = parameter.style, !json.isNull {
            // OpenAPI's `simple` style: one field line, `blue,black` or `R=100,G=200`.
            var value: [UInt8] = []
            style.write(json, to: &value) { text, output in output += text.utf8 }
            try set(name, String(decoding: value, as: UTF8.self), in: &headers, name: parameter.wireName, parameter: parameter)
            return
        }
        switch json {
        case .null:
            return
        case let .array(items):
            // One field line per element (RFC 9110 §5.3 allows a field to repeat).
            headers[fields: name] = []
            for item in items where !item.isNull {
                let text = item.text
                try checkValue(text, name: parameter.wireName, parameter: parameter)
                headers.append(HTTPField(name: name, value: text))
            }
        default:
            try set(name, json.text, in: &headers, name: parameter.wireName, parameter: parameter)
        }
    }

    func addExtraHeaders(to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        for header in context.extraHeaders {
            try set(header.name, header.value, in: &headers, parameter: nil)
        }
    }

    /// `Accept`, `User-Agent` and, for a body-carrying method without a body, `Content-Length: 0`.
    func addDefaultHeaders(to headers: inout HTTPFields, body: PreparedRequest.Body) {
        if !holds(.accept, headers) { headers.append(plan.accept) }
        // Raw downloads keep the server's bytes; everything else may arrive compressed.
        if context.acceptsCompression, endpoint.stream != .bytes, !holds(.acceptEncoding, headers) {
            headers.append(HTTPField(name: .acceptEncoding, value: "gzip, deflate"))
        }
        if !holds(.userAgent, headers) { headers.append(HTTPField(name: .userAgent, value: context.userAgent)) }
        if body.isEmpty, endpoint.method.expectsBody {
            replace(.contentLength, "0", in: &headers)
        }
    }

    // MARK: - Field helpers

    /// Whether a field with this name may be there before the request adds its own: set by the
    /// spec's headers, or by the call's extra headers (the request's own fields are known).
    private func mayHold(_ name: HTTPField.Name) -> Bool {
        !context.extraHeaders.isEmpty || plan.specMaySet(name)
    }

    /// Whether the fields hold `name`; looked for only where they may (``mayHold(_:)``).
    func holds(_ name: HTTPField.Name, _ headers: HTTPFields) -> Bool {
        mayHold(name) && headers.contains(name)
    }

    /// Sets a field the request makes itself, replacing any of that name; appended without a
    /// search where none can be there yet.
    func replace(_ name: HTTPField.Name, _ value: String, in headers: inout HTTPFields) {
        if mayHold(name) {
            headers[name] = value
        } else {
            headers.append(HTTPField(name: name, value: value))
        }
    }

    private func set(_ name: String, _ value: String, in headers: inout HTTPFields, parameter: Parameter?) throws(CallError.ArgumentError) {
        try set(try fieldName(name, parameter: parameter), value, in: &headers, name: name, parameter: parameter)
    }

    /// Sets a field after checking its value.
    private func set(
        _ fieldName: HTTPField.Name, _ value: String, in headers: inout HTTPFields, name: String, parameter: Parameter?
    ) throws(CallError.ArgumentError) {
        try checkValue(value, name: name, parameter: parameter)
        headers[fieldName] = value
    }

    private func fieldName(_ name: String, parameter: Parameter?) throws(CallError.ArgumentError) -> HTTPField.Name {
        guard let fieldName = HTTPField.Name(name) else {
            throw CallError.ArgumentError(endpoint: endpoint.name, parameter: parameter?.name, reason: .invalidValue, message: "invalid header name '\(name)'")
        }
        return fieldName
    }

    /// Refuses line breaks and other control characters, which could split a header (RFC 9110 §5.5);
    /// `HTTPField` would otherwise turn them into spaces without a word.
    func checkValue(_ value: String, name: String, parameter: Parameter?) throws(CallError.ArgumentError) {
        guard let byte = Self.forbiddenByte(inHeaderValue: value) else { return }
        throw CallError.ArgumentError(
            endpoint: endpoint.name, parameter: parameter?.name, reason: .invalidValue,
            message: "the value of header '\(name)' contains \(Self.describe(forbiddenByte: byte))"
        )
    }

    /// A forbidden byte as messages name it: "a line break (CR or LF)" or "the control character %01".
    static func describe(forbiddenByte byte: UInt8) -> String {
        byte == 0x0D || byte == 0x0A ? "a line break (CR or LF)" : "the control character \(PercentEncoding.hexByte(byte))"
    }

    /// The first byte a header value must not hold: a control character other than tab (line
    /// breaks and NUL among them) or DEL; `nil` when there is none.
    static func forbiddenByte(inHeaderValue value: String) -> UInt8? {
        value.utf8.first { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }
    }
}
