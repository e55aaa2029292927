/// One endpoint of a ``Service`` in one call form, callable with labelled arguments.
///
/// `api.getUser` is the plain form: `try await api.getUser(id: "johne")` returns a ``Response``
/// (or any `Decodable` the caller asks for). The other forms hang off it, one per kind of result,
/// so the wrong one is a clear error before anything is sent, never a surprise later:
///
/// ```swift
/// let user = try await api.getUser(id: "johne")                       // a value: Response
/// let request = try await api.getUser.prepare(id: "johne")            // built, not sent
/// for try await event in try await api.completions.events(model: "m") { print(event.data) }
/// for try await line in try await api.logs.lines(since: 10) { print(line) }
/// for try await chunk in try await api.download.bytes(path: "a.bin") { _ = chunk }
/// let socket = try await api.chat.connect(room: "a")                 // a WebSocket
/// for try await issue in try await api.listIssues.items(state: "open") { print(issue) }
/// let quick = try await api.getUser.with(CallOptions(timeout: .seconds(3)))(id: "johne")
/// ```
/// The unlabelled argument is the `_` parameter; `nil` is null for an optional parameter.
/// ``with(_:)`` gives any form per-call ``CallOptions``, as the by-name calls' `options:` does.
@dynamicCallable
public struct EndpointCall<Output: Sendable>: Sendable {
    /// The service.
    public let service: Service
    /// The endpoint's name.
    public let name: String
    /// The per-call settings its calls are made with (``with(_:)``); none by default.
    public let options: CallOptions
    /// What the form does with the arguments.
    let perform: Perform

    /// What a form does with a call's arguments and options.
    typealias Perform = @Sendable (Service, String, [String: Argument], CallOptions) async throws(CallError) -> Output

    init(service: Service, name: String, options: CallOptions = CallOptions(), perform: @escaping Perform) {
        self.service = service
        self.name = name
        self.options = options
        self.perform = perform
    }

    /// The same form with per-call settings, which win over the provider's and the spec's (docs/swift.md,
    /// "Which setting wins"): `try await api.getOrder.with(CallOptions(timeout: .seconds(3)))(id: 7)`,
    /// `api.chat.with(options).events(…)`. Given again, the later options replace the earlier ones.
    public func with(_ options: CallOptions) -> EndpointCall<Output> {
        EndpointCall(service: service, name: name, options: options, perform: perform)
    }

    /// Calls the endpoint in this form with labelled arguments; the unlabelled one is the `_` parameter.
    @discardableResult
    public func dynamicallyCall(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) async throws(CallError) -> Output {
        try await perform(service, name, arguments(pairs), options)
    }

    /// Turns labelled arguments into an argument dictionary.
    func arguments(_ pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) throws(CallError) -> [String: Argument] {
        var arguments: [String: Argument] = [:]
        arguments.reserveCapacity(pairs.count)
        for (label, value) in pairs {
            let key = label.isEmpty ? "_" : label
            let argument: Argument
            do {
                argument = try value?.makeArgument() ?? .value(.null)
            } catch {
                throw .argument(CallError.ArgumentError(endpoint: name, parameter: key, reason: .wrongType, message: "cannot convert the argument: \(error)"))
            }
            guard arguments.updateValue(argument, forKey: key) == nil else {
                throw .argument(CallError.ArgumentError(endpoint: name, parameter: key, reason: .invalidValue, message: "given more than once"))
            }
        }
        return arguments
    }
}

extension EndpointCall where Output == Response {
    /// The plain form of an endpoint: `api.getUser(id: "johne")`.
    init(service: Service, name: String) {
        self.init(service: service, name: name) { (service, name, arguments, options) throws(CallError) in
            try await service.call(name, arguments, options: options)
        }
    }

    /// Calls the endpoint and decodes its result (after the spec's `keyPath`) as the type the
    /// caller asks for, with the spec's `decoder:`:
    ///
    /// ```swift
    /// let user: User = try await api.getUser(id: "johne")
    /// ```
    /// Without a type to decode to, the call returns the ``Response``.
    /// - Throws: ``CallError``, as the untyped call does; ``CallError/decoding(_:)`` when the
    ///   result does not decode as `T`.
    public func dynamicallyCall<T: Decodable>(withKeywordArguments pairs: KeyValuePairs<String, (any ArgumentConvertible)?>) async throws(CallError) -> T {
        try service.checkDecoder(of: name)
        return try await service.call(name, arguments(pairs), options: options).decode(T.self)
    }

    /// Builds the request without sending it: `try await api.getUser.prepare(id: "johne")`.
    public var prepare: EndpointCall<PreparedRequest> {
        EndpointCall<PreparedRequest>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try service.prepare(name, arguments, options: options)
        }
    }

    /// A `stream: sse` endpoint's events (see ``Service/events(_:_:options:)``).
    public var events: EndpointCall<EventStream> {
        EndpointCall<EventStream>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try await service.events(name, arguments, options: options)
        }
    }

    /// A `stream: lines` endpoint's JSON values (see ``Service/lines(_:_:options:)``).
    public var lines: EndpointCall<JSONLineStream> {
        EndpointCall<JSONLineStream>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try await service.lines(name, arguments, options: options)
        }
    }

    /// The response body's bytes as they arrive, for any endpoint but a WebSocket (see ``Service/bytes(_:_:options:)``).
    public var bytes: EndpointCall<ByteStream> {
        EndpointCall<ByteStream>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try await service.bytes(name, arguments, options: options)
        }
    }

    /// A `stream: websocket` endpoint's connection (see ``Service/connect(_:_:options:)``).
    public var connect: EndpointCall<WebSocket> {
        EndpointCall<WebSocket>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try await service.connect(name, arguments, options: options)
        }
    }

    /// A paginated endpoint's pages, fetched as iterated: `for try await page in try await api.listIssues.pages(state: "open")`.
    public var pages: EndpointCall<some AsyncSequence<Response, CallError> & Sendable> {
        EndpointCall<Service.Pages>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            try service.pages(name, arguments, options: options)
        }
    }

    /// A paginated endpoint's items across its pages: `for try await issue in try await api.listIssues.items(state: "open")`.
    public var items: EndpointCall<some AsyncSequence<JSONValue, CallError> & Sendable> {
        EndpointCall<Service.Items>(service: service, name: name, options: options) { (service, name, arguments, options) throws(CallError) in
            Service.Items(pages: try service.pages(name, arguments, options: options))
        }
    }
}
