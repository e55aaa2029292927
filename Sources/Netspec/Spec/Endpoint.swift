public import HTTPTypes

/// One endpoint of a service spec: a method, a path, its parameters with their resolved
/// locations, and the shape of its result.
public struct Endpoint: Sendable, Hashable {
    /// The endpoint's name, by which it is called.
    public let name: String
    /// The HTTP method.
    public let method: HTTPRequest.Method
    /// The path template.
    public let path: PathTemplate
    /// The parameters in declaration order (including any implied by `{name=default}`).
    public let parameters: [Parameter]
    /// The static headers: the service's, then the endpoint's (which replace same-named ones).
    public let headers: [SpecHeader]
    /// The body encoding (endpoint, else service, else `json`; `multipart` when a parameter is `in: part`).
    public let encoding: BodyEncoding
    /// The name of a JSON encoder registered on the provider, for request bodies.
    public let encoderName: String?
    /// The name of a JSON decoder registered on the provider, for `decode(_:)` of results.
    public let decoderName: String?
    /// The timeout in seconds (endpoint, else service), if any.
    public let timeout: Double?
    /// The part of the response JSON that is the result.
    public let keyPath: JSONKeyPath?
    /// The expected shape of the result.
    public let returnType: ReturnType
    /// The kind of stream the endpoint yields, if it is a stream endpoint.
    public let stream: StreamKind?
    /// A data value that ends an `sse` or `lines` stream cleanly (OpenAI's `[DONE]`).
    public let until: String?
    /// The example response used when mocks are on.
    public let mock: Mock?
    /// The authentication in effect (service-level unless the endpoint overrides it), if any.
    public let auth: AuthPolicy?
    /// The retry policy in effect, if any.
    public let retry: RetryPolicy?
    /// Whether the spec turns retries off for this endpoint (`retry: none` here or on the
    /// service), so a provider's default retry policy does not apply either.
    public let isRetryDisabled: Bool
    /// A free-text description from the spec.
    public let summary: String?
    /// Where the endpoint is declared.
    public let mark: Mark

    /// The compiled request recipe.
    let plan: RequestPlan

    /// The parameter with a given name.
    public func parameter(named name: String) -> Parameter? {
        plan.index(ofParameter: name).map { parameters[$0] }
    }

    /// Whether requests of this endpoint carry a body.
    public var hasBody: Bool {
        if case .none = plan.body { false } else { true }
    }
}

extension Endpoint {
    /// The endpoint's result for a response body already parsed as JSON: its `keyPath` applied,
    /// then its `returns` shape checked and applied (tuples become objects of their labels).
    ///
    /// - Throws: ``CallError/decoding(_:)`` naming the key path where the value does not fit.
    public func result(from json: JSONValue) throws(CallError) -> JSONValue {
        do {
            return try shapedResult(json)
        } catch {
            throw .decoding(error)
        }
    }

    private func shapedResult(_ json: JSONValue) throws(ResultDecodingError) -> JSONValue {
        var value = json
        if let keyPath, !keyPath.isEmpty {
            do {
                value = try value.resolve(keyPath)
            } catch {
                throw ResultDecodingError(endpoint: name, keyPath: error.path, message: error.reasonDescription)
            }
        }
        guard case let .value(type) = returnType else { return .null }
        return try ResultShaper(endpoint: name).shape(value, as: type, path: keyPath?.description ?? "")
    }
}
