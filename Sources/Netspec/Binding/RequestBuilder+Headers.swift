import HTTPTypes

/// Headers: the spec's static headers, header parameters, extra headers, then defaults.
extension RequestBuilder {
    func addStaticHeaders(to headers: inout HTTPFields) throws(ArgumentError) {
        for header in endpoint.headers {
            let value = try context.variables.resolve(header.value, endpoint: endpoint.name, usedIn: "header '\(header.name)'")
            try set(header.name, value, in: &headers, parameter: nil)
        }
    }

    func addHeader(_ value: BoundValue, parameter: Parameter, to headers: inout HTTPFields) throws(ArgumentError) {
        guard case let .json(json) = value else {
            throw error(parameter, .wrongType, "bytes and files cannot be sent in a header")
        }
        switch json {
        case .null:
            return
        case let .object(object) where parameter.expandsDictionary:
            for (name, item) in object where !item.isNull {
                try set(name, item.text, in: &headers, parameter: parameter)
            }
        case let .array(items):
            // One field line per element (RFC 9110 §5.3 allows a field to repeat).
            headers[fields: try fieldName(parameter.wireName, parameter: parameter)] = []
            for item in items where !item.isNull {
                try append(parameter.wireName, item.text, to: &headers, parameter: parameter)
            }
        default:
            try set(parameter.wireName, json.text, in: &headers, parameter: parameter)
        }
    }

    func addExtraHeaders(to headers: inout HTTPFields) throws(ArgumentError) {
        for header in context.extraHeaders {
            try set(header.name, header.value, in: &headers, parameter: nil)
        }
    }

    /// `Accept`, `User-Agent` and, for a body-carrying method without a body, `Content-Length: 0`.
    func addDefaultHeaders(to headers: inout HTTPFields, body: RequestBody) {
        if headers[.accept] == nil {
            let accept: String
            switch endpoint.stream {
            case .sse?: accept = "text/event-stream"
            case .lines?: accept = "application/x-ndjson, application/json;q=0.9, */*;q=0.5"
            case .bytes?: accept = "*/*"
            case nil: accept = endpoint.returnType == .void || endpoint.returnType == .headers ? "*/*" : "application/json, */*;q=0.5"
            }
            headers[.accept] = accept
        }
        // Raw downloads keep the server's bytes; everything else may arrive compressed.
        if context.acceptsCompression, endpoint.stream != .bytes, headers[.acceptEncoding] == nil {
            headers[.acceptEncoding] = "gzip, deflate"
        }
        if headers[.userAgent] == nil { headers[.userAgent] = context.userAgent }
        if body.isEmpty, Self.methodsExpectingBody.contains(endpoint.method.rawValue) {
            headers[.contentLength] = "0"
        }
    }

    static let methodsExpectingBody: Set<String> = ["POST", "PUT", "PATCH", "QUERY"]

    // MARK: - Field helpers

    private func set(_ name: String, _ value: String, in headers: inout HTTPFields, parameter: Parameter?) throws(ArgumentError) {
        let fieldName = try fieldName(name, parameter: parameter)
        try checkValue(value, name: name, parameter: parameter)
        headers[fieldName] = value
    }

    private func append(_ name: String, _ value: String, to headers: inout HTTPFields, parameter: Parameter?) throws(ArgumentError) {
        let fieldName = try fieldName(name, parameter: parameter)
        try checkValue(value, name: name, parameter: parameter)
        headers.append(HTTPField(name: fieldName, value: value))
    }

    private func fieldName(_ name: String, parameter: Parameter?) throws(ArgumentError) -> HTTPField.Name {
        guard let fieldName = HTTPField.Name(name) else {
            throw ArgumentError(endpoint: endpoint.name, parameter: parameter?.name, reason: .invalidValue, message: "invalid header name '\(name)'")
        }
        return fieldName
    }

    /// Refuses line breaks and other control characters, which could split a header (RFC 9110 §5.5).
    private func checkValue(_ value: String, name: String, parameter: Parameter?) throws(ArgumentError) {
        for byte in value.utf8 where byte < 0x20 && byte != 0x09 || byte == 0x7F {
            let what = byte == 0x0D || byte == 0x0A ? "a line break (CR or LF)" : "the control character \(PercentEncoding.hexByte(byte))"
            throw ArgumentError(endpoint: endpoint.name, parameter: parameter?.name, reason: .invalidValue, message: "the value of header '\(name)' contains \(what)")
        }
    }
}
