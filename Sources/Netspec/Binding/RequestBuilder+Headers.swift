import HTTPTypes
import NetspecModel

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
            try set(header.fieldName, value, in: &headers, name: header.name)
        }
        // The provider's over the spec's (call over provider over spec: CallSettings).
        if let userAgent = context.userAgent, holds(.userAgent, headers) { headers[.userAgent] = userAgent }
    }

    /// The cookie parameters, after any cookies the call already has (``ParameterCodec/writeCookie(_:wireName:to:)``).
    /// `HTTPFields` holds a cookie per field; they are sent as one `Cookie` line (`a=1; b=2`,
    /// ``PreparedRequest/http1Fields``).
    func addCookies(_ values: [BoundValue?], to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        for index in plan.cookieParameters {
            guard let value = values[index] else { continue }
            let parameter = endpoint.parameters[index]
            guard case let .json(json) = value else { throw error(parameter, .wrongType, "bytes and files cannot be sent in a cookie") }
            try written(by: parameter) { () throws(ParameterCodec.Problem) in
                try plan.codecs[index].writeCookie(json, wireName: parameter.wireName, to: &headers)
            }
        }
    }

    /// A header parameter's value, by its codec (``ParameterCodec/writeHeader(_:name:wireName:to:)``).
    func addHeader(_ value: BoundValue, index: Int, to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        let parameter = endpoint.parameters[index]
        guard case let .json(json) = value else {
            throw error(parameter, .wrongType, "bytes and files cannot be sent in a header")
        }
        try written(by: parameter) { () throws(ParameterCodec.Problem) in
            try plan.codecs[index].writeHeader(json, name: parameter.fieldName, wireName: parameter.wireName, to: &headers)
        }
    }

    /// The call's own headers (`-H`, `Name:value` items, ``CallOptions/headers``), each replacing
    /// one of its name; a `multipart/…` `Content-Type` without a boundary keeps the body's
    /// (``withBodyBoundary(_:current:)``): the parts are delimited by it.
    func addExtraHeaders(to headers: inout HTTPFields) throws(CallError.ArgumentError) {
        for header in context.extraHeaders {
            // Sent as the body makes it, whatever is given: refused, as a spec's is at load.
            if let problem = FramingHeaders.problem(withName: header.name) {
                throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .invalidValue, message: problem)
            }
            let isContentType = header.name.lowercased() == "content-type"
            try set(header.name, isContentType ? withBodyBoundary(header.value, current: headers[.contentType]) : header.value, in: &headers)
        }
    }

    /// The `Accept-Encoding` a request that may be answered compressed carries unless given
    /// another (a profile's, `-H`): what `--curl` writes as `--compressed`.
    static let acceptEncoding = "gzip, deflate"

    /// `Accept`, `User-Agent` and, for a body-carrying method without a body, `Content-Length: 0`.
    func addDefaultHeaders(to headers: inout HTTPFields, body: PreparedRequest.Body) {
        if !holds(.accept, headers) { headers.append(plan.accept) }
        // Raw downloads keep the server's bytes; everything else may arrive compressed.
        if context.acceptsCompression, endpoint.stream != .bytes, !holds(.acceptEncoding, headers) {
            headers.append(HTTPField(name: .acceptEncoding, value: Self.acceptEncoding))
        }
        if !holds(.userAgent, headers) { headers.append(HTTPField(name: .userAgent, value: context.userAgent ?? BindingContext.defaultUserAgent)) }
        if body.isEmpty, endpoint.method.expectsBody {
            replace(.contentLength, "0", in: &headers)
        }
    }

    // MARK: - Field helpers

    /// Whether the fields hold `name`.
    func holds(_ name: HTTPField.Name, _ headers: HTTPFields) -> Bool {
        headers.contains(name)
    }

    /// Sets a field the request makes itself, replacing any of that name.
    func replace(_ name: HTTPField.Name, _ value: String, in headers: inout HTTPFields) {
        headers[name] = value
    }

    /// Sets a spec's or a call's own header (not a parameter's) after checking its name and value.
    private func set(_ name: String, _ value: String, in headers: inout HTTPFields) throws(CallError.ArgumentError) {
        guard let fieldName = HTTPField.Name(name) else {
            throw CallError.ArgumentError(endpoint: endpoint.name, parameter: nil, reason: .invalidValue, message: "invalid header name '\(name)'")
        }
        try set(fieldName, value, in: &headers, name: name)
    }

    /// Sets a field after refusing line breaks and other control characters, which could split a
    /// header (RFC 9110 §5.5; `HTTPField` would otherwise turn them into spaces without a word).
    private func set(_ fieldName: HTTPField.Name, _ value: String, in headers: inout HTTPFields, name: String) throws(CallError.ArgumentError) {
        if let byte = ParameterCodec.forbiddenByte(inHeaderValue: value) {
            throw CallError.ArgumentError(
                endpoint: endpoint.name, parameter: nil, reason: .invalidValue,
                message: "the value of header '\(name)' contains \(ParameterCodec.describe(forbiddenByte: byte))"
            )
        }
        headers[fieldName] = value
    }
}
