/// One call's settings that more than one level can give, each resolved here and nowhere else by
/// the one precedence rule (docs/swift.md, "Which setting wins"): the call's own ``CallOptions``,
/// else the provider's ``Provider/Options`` (and ``Provider/baseURL``), else the spec's, else the
/// default.
///
/// | setting | call | provider | spec | default |
/// |---|---|---|---|---|
/// | base URL | `baseURL` | `Provider(baseURL:)` | `baseURL:`, servers | none |
/// | time limit | `timeout` | `timeouts.request` | `timeout:` | 60 s |
/// | connect time limit | `connectTimeout` | `timeouts.connect` | — | 10 s |
/// | mocks | `usesMock` (or `mock` named) | `mocks.isEnabled` | — | off |
/// | named mock | `mock` | `mocks.examples[endpoint]` | — | the success response's first |
/// | request validation | `requestValidation` | `validation.requests` | — | strict |
/// | response validation | `responseValidation` | `validation.responses` | — | off |
/// | retry | — | `retry` | `retry:` (`none`: off) | none |
/// | cache policy | `cachePolicy` | — | `cache:` | the cache's ``HTTPCache/policy`` |
/// | TLS | — | `tls` | `tls:` | system roots, verified |
/// | `User-Agent` | `headers` | `userAgent` | `headers:` | `netspec/VERSION` |
///
/// The `User-Agent` is resolved as the request is built (the provider's replaces the spec's
/// header, and the call's headers come after: `RequestBuilder.addStaticHeaders`).
/// TLS is merged field by field by the same rule (``TLSSettings/merged(over:)``).

import HTTPTypes
import NetspecModel
struct CallSettings: Sendable {
    /// Whether the call is answered from the spec's mock.
    let usesMock: Bool
    /// The total time the call may take (for streams: the wait for the response head).
    let timeout: Duration
    /// How long to wait for a connection.
    let connectTimeout: Duration

    init(call: CallOptions, endpoint: Endpoint, provider: Provider) {
        usesMock = Self.usesMock(call: call, provider: provider)
        timeout = Self.resolve(
            call: call.timeout, provider: provider.options.timeouts.request, spec: endpoint.timeout.map(Seconds.duration),
            default: Provider.Options.Timeouts.defaultRequest
        )
        connectTimeout = Self.resolve(call: call.connectTimeout, provider: provider.options.timeouts.connect, spec: nil, default: Provider.Options.Timeouts.defaultConnect)
    }

    /// The rule itself: the first level that gives a value.
    static func resolve<Value>(call: Value?, provider: Value?, spec: Value?, default: Value) -> Value {
        call ?? provider ?? spec ?? `default`
    }

    /// The rule for a setting whose default is none.
    static func resolve<Value>(call: Value?, provider: Value?, spec: Value?) -> Value? {
        call ?? provider ?? spec
    }

    /// Whether a call is answered from the spec's mock.
    static func usesMock(call: CallOptions, provider: Provider) -> Bool {
        resolve(call: call.usesMock ?? (call.mock == nil ? nil : true), provider: provider.options.mocks.isEnabled, spec: nil, default: false)
    }

    /// The name of the mock a mocked call is answered with (`nil`: the success response's first).
    static func mockName(call: CallOptions, endpoint: Endpoint, provider: Provider) -> String? {
        resolve(call: call.mock, provider: provider.options.mocks.examples[endpoint.name], spec: nil)
    }

    /// The text of a call's base URL, before its `${NAME}` variables are filled in.
    static func baseURL(call: CallOptions, provider: Provider, spec: Spec) -> String? {
        resolve(call: call.baseURL, provider: provider.baseURL, spec: spec.baseURL?.text)
    }

    /// How a call uses the HTTP cache; the cache's own policy when neither the call nor the spec says.
    static func cachePolicy(call: CallOptions, endpoint: Endpoint, cache: HTTPCache) -> CachePolicy {
        resolve(call: call.cachePolicy, provider: nil, spec: endpoint.cachePolicy, default: cache.policy)
    }

    /// The retry policy of an endpoint's calls; the spec's `retry: none` gives none at its level.
    static func retry(endpoint: Endpoint, provider: Provider) -> RetryPolicy? {
        resolve(call: nil, provider: provider.options.retry, spec: endpoint.isRetryDisabled ? nil : endpoint.retry)
    }

    /// Whether a request may be sent again unasked (an event stream reconnected): an idempotent
    /// method (EventSource's GET), or one the retry policy names (`methods: [POST]`) — a POST
    /// stream that drops (a chat completion) is not generated and billed twice.
    static func mayRepeat(_ method: HTTPRequest.Method, endpoint: Endpoint, provider: Provider) -> Bool {
        retry(endpoint: endpoint, provider: provider)?.allows(method: method.rawValue) ?? method.isIdempotent
    }

    /// What a call does with its arguments and the document's schemas before anything is sent.
    static func requestValidation(call: CallOptions, provider: Provider) -> CallOptions.Validation {
        resolve(call: call.requestValidation, provider: provider.options.validation.requests, spec: nil, default: .strict)
    }

    /// What a call does with its response and the document's schemas.
    static func responseValidation(call: CallOptions, provider: Provider) -> CallOptions.Validation {
        resolve(call: call.responseValidation, provider: provider.options.validation.responses, spec: nil, default: .off)
    }
}

extension CallSettings {
    /// What the transport is told for one call: these time limits, the TLS settings merged over
    /// the spec's (`tls`), the provider's decompression and proxy, and the call's progress closures.
    func transportOptions(endpoint: Endpoint, call: CallOptions, provider: Provider, tls: TLSSettings) -> TransportOptions {
        TransportOptions(
            connectTimeout: connectTimeout, timeout: timeout,
            // A byte stream is the server's bytes as they are (a .gz download stays compressed).
            decompresses: provider.options.responses.decompresses && endpoint.stream != .bytes,
            tls: tls,
            uploadProgress: call.uploadProgress, downloadProgress: endpoint.stream == nil ? call.downloadProgress : nil,
            proxy: provider.options.proxy
        )
    }
}
