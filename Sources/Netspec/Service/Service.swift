import NIOConcurrencyHelpers
import NetspecModel

/// A spec's endpoints, callable by name through a provider.
///
/// ```swift
/// let api = Service(spec: try .load(path: "specs/users.yaml"), provider: Provider(baseURL: "https://www.example.com"))
/// let request = try api.prepare("getUser", ["id": "johne"])      // built, not sent
/// let same = try await api.getUser.prepare(id: "johne")
/// ```
@dynamicMemberLookup
public struct Service: Sendable {
    /// The spec.
    public let spec: Spec
    /// The provider calls go through.
    public let provider: Provider
    /// The base URL, checked once.
    let baseURL: BaseURLSource
    /// The interceptors of each endpoint called so far, by endpoint name (``chains(for:)``).
    let endpointChains: NIOLockedValueBox<[String: (endpoint: Endpoint, value: InterceptorChains)]>
    /// The provider's TLS settings over the spec's `tls:`.
    let tls: TLSSettings

    /// Creates a service.
    ///
    /// A `{stage}` or `${stage}` in ``Provider/baseURL`` is no variable (a base URL given is sent
    /// as it is written): a call refuses it before anything is sent, a ``CallError`` of the
    /// configuration kind, as it does a base URL that is no URL.
    public init(spec: Spec, provider: Provider = Provider()) {
        self.init(spec: spec, provider: provider, baseURLPlace: "Provider.baseURL")
    }

    /// - Parameter baseURLPlace: where the provider's base URL was given, for a `{name}` in it to
    ///   be refused (``BaseURLSource/init(given:spec:place:)``); `nil` for one a document's URL
    ///   makes (``Spec/load(url:provider:)``'s fetch), which is not.
    init(spec: Spec, provider: Provider, baseURLPlace: String?) {
        self.spec = spec
        self.provider = provider
        baseURL = BaseURLSource(given: provider.baseURL, spec: spec, place: baseURLPlace)
        endpointChains = NIOLockedValueBox([:])
        tls = provider.options.tls.merged(over: spec.tls)
    }

    /// Loads a spec and makes a service of it, throwing in the domain of its calls: a spec that does
    /// not load is `CallError.configuration` with the reason ``CallError/ConfigurationError/Reason/spec``
    /// (its ``CallError/ConfigurationError/specError`` holds the ``SpecError``), so loading and
    /// calling share one `do throws(CallError)` block:
    ///
    /// ```swift
    /// do throws(CallError) {
    ///     let api = try Service(loading: "specs/shop.yaml", provider: Provider(baseURL: "https://shop.example.com"))
    ///     let order = try await api.getOrder(id: 7)
    /// } catch .configuration(.spec) { … } catch .status(404) { … } catch { … }
    /// ```
    public init(loading path: String, provider: Provider = Provider()) throws(CallError) {
        do {
            self.init(spec: try Spec.load(path: path), provider: provider)
        } catch {
            throw .configuration(.spec(error))
        }
    }

    /// The endpoint with a name, callable as `api.getUser(id: "johne")`.
    public subscript(dynamicMember name: String) -> EndpointCall<Response> {
        EndpointCall(service: self, name: name)
    }

    /// The endpoint with a name, callable as `api[endpoint: "send"](id: 1)`: the way to call an
    /// endpoint whose name is one of Service's own members (``Spec/serviceMemberNames``), or
    /// is not a Swift identifier.
    public subscript(endpoint name: String) -> EndpointCall<Response> {
        EndpointCall(service: self, name: name)
    }

    // MARK: - Preparing

    /// Builds the request for a call without sending it.
    ///
    /// The endpoint's `auth:` credentials are not in it: the call attaches them as it sends (and
    /// renews them on a 401). Its ``PreparedRequest/curlCommand`` and ``PreparedRequest/httpMessage``
    /// show where they go, as references to their variables (`Authorization: Bearer ${TOKEN}`).
    ///
    /// - Parameters:
    ///   - endpoint: the endpoint's name.
    ///   - arguments: the arguments by parameter name; `"_"` is the unlabelled parameter.
    ///   - options: per-call settings.
    /// - Throws: ``CallError/argument(_:)`` when the endpoint does not exist or the arguments do not fit it.
    public func prepare(_ endpoint: String, _ arguments: [String: Argument] = [:], options: CallOptions = CallOptions()) throws(CallError) -> PreparedRequest {
        try prepare(try self.endpoint(named: endpoint), options: options) { builder throws(CallError.ArgumentError) in
            try builder.build(arguments: arguments)
        }
    }

    /// The request `build` makes with the endpoint's builder, once the endpoint is found callable,
    /// with its auth attached: what every `prepare` does around its binding.
    func prepare(
        _ endpoint: Endpoint, options: CallOptions, _ build: (RequestBuilder) throws(CallError.ArgumentError) -> PreparedRequest
    ) throws(CallError) -> PreparedRequest {
        try checkCallable(endpoint, options: options)
        var request: PreparedRequest
        do {
            request = try build(builder(for: endpoint, options: options))
        } catch {
            throw .binding(error)
        }
        // Attached as it is sent; its renderings show where it goes. The alternative is chosen
        // here, once: the chains, the cache's credential key and the renderings use this one.
        let alternative = authAlternative(for: endpoint)
        request.authAlternative = alternative
        request.pendingAuth = authPolicy(for: endpoint, alternative: alternative)
        return request
    }

    /// Builds the request for ordinary values (`["path": path]` with `let path: String`, or a
    /// `[String: String]`) without sending it.
    // Disfavoured: a dictionary literal that is all `Argument`s takes the other overload and keeps
    // its written order (nested dictionary literals included).
    @_disfavoredOverload
    public func prepare(
        _ endpoint: String, _ arguments: [String: any ArgumentConvertible], options: CallOptions = CallOptions()
    ) throws(CallError) -> PreparedRequest {
        try prepare(endpoint, Self.arguments(arguments, endpoint: endpoint), options: options)
    }

    /// The endpoint with a name, or an argument error naming the closest ones.
    func endpoint(named name: String) throws(CallError) -> Endpoint {
        if let endpoint = spec.endpoint(named: name) { return endpoint }
        let hint = Suggestions.hint(for: name, in: spec.endpoints.lazy.map(\.name))
        throw .argument(CallError.ArgumentError(endpoint: name, parameter: nil, reason: .unknownEndpoint, message: "no such endpoint in \(spec.file)\(hint)"))
    }

    /// Refuses an endpoint whose security accepts only schemes Netspec cannot send, unless a mock
    /// answers the call or the call goes to a mock server that checks no security (``Provider/Options/callsMockServer``).
    func checkCallable(_ endpoint: Endpoint, options: CallOptions) throws(CallError) {
        try checkMockChoice(endpoint, options: options)
        guard let reason = endpoint.unsupportedAuth, !CallSettings.usesMock(call: options, provider: provider), !provider.options.callsMockServer else { return }
        throw .configuration(CallError.ConfigurationError(
            endpoint: endpoint.name, parameter: nil, reason: .setup, message: "it cannot be called: \(reason) (with mocks on it is answered)"
        ))
    }

    ///
    /// - Parameters:
    ///   - keepingUnsetVariables: whether a variable set nowhere stays its `${NAME}` reference
    ///     (`nil`: when mocks answer). Asked for without `base`, the request is one to print
    ///     (``preview(_:_:options:showingSecrets:)``): a host that is such a variable is kept too
    ///     (``RequestBuilder/previewing``).
    ///   - base: a base URL used instead of any other (argument checks that send nothing).
    ///   - refusingBracedBaseURL: whether a `{name}` in ``CallOptions/baseURL`` is refused, as it
    ///     is in a base URL the caller gives; not in one a document gives (an OpenAPI link's
    ///     server, sent by `netspec check`).
    func builder(
        for endpoint: Endpoint, options: CallOptions, keepingUnsetVariables: Bool? = nil, base: BaseURL? = nil, refusingBracedBaseURL: Bool = true
    ) -> RequestBuilder {
        // A mock answers without secrets: unset variables stay `${NAME}` in what it is shown.
        let mocked = CallSettings.usesMock(call: options, provider: provider)
        let keepsUnset = keepingUnsetVariables ?? mocked
        var base = base
        if base == nil, mocked, options.baseURL == nil, case .missing = baseURL {
            // A mock sends nothing: a document with no server (or a relative one) is answered as if
            // served from http://localhost.
            base = BaseURL(spec.basePath.map { URLReference.resolve($0, against: "http://localhost") } ?? "http://localhost")
        }
        let context = BindingContext(
            variables: provider.variableLookup(keepingUnset: keepsUnset),
            encoders: provider.encoders,
            extraHeaders: options.headers,
            extraQueryItems: options.queryItems,
            userAgent: provider.options.userAgent,
            acceptsCompression: provider.options.responses.decompresses,
            requestValidation: CallSettings.requestValidation(call: options, provider: provider),
            logger: provider.options.logging.logger
        )
        // A call's own base URL follows the provider's rule (``BaseURLSource``).
        let source = base.map(BaseURLSource.fixed) ?? options.baseURL.map { BaseURLSource(given: $0, spec: spec, place: refusingBracedBaseURL ? "CallOptions.baseURL" : nil) } ?? baseURL
        var builder = RequestBuilder(endpoint: endpoint, baseURL: source, context: context)
        builder.previewing = keepingUnsetVariables == true && base == nil
        return builder
    }
}

extension Service {
    /// Every problem the arguments of a call to an endpoint have, with the messages the call would
    /// give (a mock server answers 422 with them), the document's schemas' included unless
    /// `requestValidation` is `.off`; empty when the request would be sent.
    ///
    /// `contentType`, for a request a mock server received: the body's `Content-Type`, which
    /// judges a JSON body as a call's own does (an array is a JSON Patch only as
    /// `application/json-patch+json`), not the body's shape.
    package func argumentProblems(
        _ endpoint: Endpoint, _ arguments: [String: Argument], requestValidation: CallOptions.Validation = .strict, contentType: String? = nil
    ) -> [CallError.ArgumentError] {
        let builder = builder(for: endpoint, options: CallOptions(requestValidation: requestValidation), keepingUnsetVariables: true, base: Self.checkingBase)
        return (contentType.map { builder.receiving(contentType: $0) } ?? builder).problems(in: arguments)
    }

    /// The base URL argument checks build against (parsed once: a mock server checks every request).
    private static let checkingBase = BaseURL("http://127.0.0.1")!

    /// ``argumentProblems(_:_:requestValidation:contentType:)`` for one endpoint, made once to be used for
    /// every request (a mock server keeps one per endpoint).
    package func argumentCheck(for endpoint: Endpoint) -> ArgumentCheck {
        ArgumentCheck(builder: builder(for: endpoint, options: CallOptions(requestValidation: .strict), keepingUnsetVariables: true, base: Self.checkingBase))
    }

    /// The request with the endpoint's `auth:` credentials attached, as the call would send it
    /// (for printing a request that is not sent, such as `netspec call --dry-run`).
    ///
    /// A token that is not set yet but would be fetched by the endpoint's `refresh:` is left out.
    /// - Throws: ``CallError/argument(_:)`` when a credential variable is not set and cannot be refreshed.
    package func authorize(_ request: PreparedRequest) throws(CallError) -> PreparedRequest {
        try authorize(request, endpoint: try endpoint(named: request.endpointName), keepingUnset: false)
    }
}

/// The check of one endpoint's arguments, as ``Service/argumentProblems(_:_:requestValidation:contentType:)``
/// makes it, kept to be made again for each request.
package struct ArgumentCheck: Sendable {
    let builder: RequestBuilder

    /// Every problem the arguments have (``Service/argumentProblems(_:_:requestValidation:contentType:)``),
    /// a JSON body judged by `contentType` when the request has one.
    package func problems(_ arguments: [String: Argument], contentType: String? = nil) -> [CallError.ArgumentError] {
        (contentType.map { builder.receiving(contentType: $0) } ?? builder).problems(in: arguments)
    }
}
