#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import Logging
import NIOConcurrencyHelpers
import NetspecModel

/// What a ``Service`` calls through: the base URL, `${NAME}` variables, registered JSON coders,
/// the transport, interceptors and options.
///
/// ```swift
/// let provider = Provider(
///     baseURL: "https://api.example.com",
///     variables: ["TOKEN": token],
///     encoders: ["snake": snakeCaseEncoder]
/// )
/// let api = try Service(spec: .load(path: "specs/users.yaml"), provider: provider)
/// ```
/// A provider is shared by every call of the services that use it and is safe to use from any task.
/// Variables may change at run time (a token refresh stores the new token in one).
public final class Provider: Sendable {
    /// The base URL that replaces the spec's, if any, sent as it is written: it has no variables,
    /// and a call refuses a `{stage}` or `${stage}` in it, a configuration error naming `Provider.baseURL`.
    public let baseURL: String?
    /// JSON encoders by the names specs use in `encoder:`.
    public let encoders: [String: JSONEncoder]
    /// JSON decoders by the names specs use in `decoder:`.
    public let decoders: [String: JSONDecoder]
    /// Options for every call.
    public let options: Options
    /// What requests are sent through.
    public let transport: any HTTPTransport
    /// Middleware every call runs through, outermost first (see ``Interceptor`` for the whole order).
    public let interceptors: [any Interceptor]
    /// Middleware at the wire: innermost, after retry and auth, run for each request exactly as
    /// it is sent — every attempt and every redirect hop — with the response head as it came
    /// (for tracing, metrics, `netspec -v`).
    public let wireInterceptors: [any Interceptor]
    /// Token refreshes in flight, one per variable.
    let tokenRefresher = TokenRefresher()
    /// The seeds of dynamic mock answers (``Provider/Options/Mocks/isDynamic``), from
    /// ``Provider/Options/Mocks/seed``.
    let mockSeeds: MockSeeds
    /// Where tokens a spec's `refresh:` obtains are kept between calls (in memory by default).
    public let tokenStore: TokenStore

    private let variables: NIOLockedValueBox<[String: String]>
    /// The environment variables the values of some variables were read from: a profile's
    /// `variables: { KEY: { env: STAGING_KEY } }` gives `KEY` → `STAGING_KEY`, so that a printed
    /// curl command references `${STAGING_KEY}`, the variable its shell has (``SecretSources``).
    package let environmentNames: [String: String]

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - baseURL: replaces the spec's `baseURL` when given.
    ///   - variables: values for `${NAME}` in the spec (checked before the environment).
    ///   - encoders: JSON encoders by the names specs use in `encoder:`.
    ///   - decoders: JSON decoders by the names specs use in `decoder:`.
    ///   - options: options for every call.
    ///   - transport: what requests are sent through; ``AsyncHTTPClientTransport/shared`` by default.
    ///   - interceptors: middleware every call runs through, outermost first.
    ///   - wireInterceptors: middleware run for each request as sent (each attempt and redirect hop), innermost.
    ///   - tokenStore: where refreshed tokens are kept (in memory by default; ``TokenStore/init(file:)`` keeps them across processes).
    ///     With a ``HARReplayTransport`` a store of the provider's own, in memory, is used instead: the
    ///     tokens a replay obtains are the recording's, written `[redacted: NAME]`.
    public convenience init(
        baseURL: String? = nil, variables: [String: String] = [:], encoders: [String: JSONEncoder] = [:],
        decoders: [String: JSONDecoder] = [:], options: Options = Options(),
        transport: any HTTPTransport = AsyncHTTPClientTransport.shared, interceptors: [any Interceptor] = [],
        wireInterceptors: [any Interceptor] = [], tokenStore: TokenStore = TokenStore()
    ) {
        self.init(
            baseURL: baseURL, variables: variables, encoders: encoders, decoders: decoders, options: options, transport: transport,
            interceptors: interceptors, wireInterceptors: wireInterceptors, tokenStore: tokenStore, environmentNames: [:]
        )
    }

    /// A provider whose variables `environmentNames` names were read from those environment
    /// variables (a profile's `{ env: NAME }`); the rest as ``init(baseURL:variables:encoders:decoders:options:transport:interceptors:wireInterceptors:tokenStore:)``.
    init(
        baseURL: String?, variables: [String: String], encoders: [String: JSONEncoder], decoders: [String: JSONDecoder], options: Options,
        transport: any HTTPTransport, interceptors: [any Interceptor], wireInterceptors: [any Interceptor], tokenStore: TokenStore,
        environmentNames: [String: String]
    ) {
        self.environmentNames = environmentNames
        // A replay's tokens are the recording's (redacted): they never reach a store's file.
        self.tokenStore = transport is HARReplayTransport ? TokenStore() : tokenStore
        self.baseURL = baseURL
        self.transport = transport
        self.interceptors = interceptors
        self.wireInterceptors = wireInterceptors
        self.variables = NIOLockedValueBox(variables)
        self.encoders = encoders
        self.decoders = decoders
        self.options = options
        mockSeeds = MockSeeds(base: options.mocks.seed)
    }

    // MARK: - Variables

    /// The value of a variable set on the provider.
    public func variable(_ name: String) -> String? {
        variables.withLockedValue { $0[name] }
    }

    /// Sets (or, with `nil`, removes) a variable.
    public func setVariable(_ name: String, to value: String?) {
        variables.withLockedValue { $0[name] = value }
    }

    /// Every variable set on the provider (for a recording's redaction: ``HARRecorder``).
    package var variableValues: [String: String] {
        variables.withLockedValue { $0 }
    }

    /// Where a call's `${NAME}` variables come from: this provider, then the environment. When
    /// the transport replays a recording, a variable set nowhere fits what the recording shows.
    /// Also what the document gives variables of its own outside a call (an OpenAPI link's
    /// server, `netspec check`). With ``Options/callsMockServer``, a variable set nowhere is kept as its
    /// reference whatever `keepingUnset` says.
    package func variableLookup(keepingUnset: Bool = false) -> VariableLookup {
        VariableLookup(
            variables: variables, usesEnvironment: options.usesEnvironment, keepsUnsetReferences: keepingUnset || options.callsMockServer,
            replaysUnset: transport is HARReplayTransport)
    }
}
