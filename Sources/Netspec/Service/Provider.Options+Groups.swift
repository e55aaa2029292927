public import Logging

extension Provider.Options {
    /// Whether calls are answered from the spec's mocks instead of the network, and how.
    public struct Mocks: Sendable, Hashable {
        /// Whether calls are answered from the spec's mocks (a call's ``CallOptions/usesMock`` wins).
        public var isEnabled: Bool
        /// Whether mocked calls answer values drawn at random from the document's response
        /// schemas (``JSONSchema/example(seed:)``) instead of its examples, as Prism's dynamic
        /// mode: `netspec call --mock --dynamic`. A response without a schema answers its example.
        public var isDynamic: Bool
        /// The seed of the first dynamic answer; the n-th answer through the provider (counting
        /// from 0) is drawn with `seed + n`, so a run replays. `nil`: a random seed per provider.
        public var seed: UInt64?
        /// The named mock each endpoint answers with when mocks answer it, by endpoint name
        /// (`["getOrder": "missing"]`), as a mock server's `Prefer: example=NAME` chooses one; an
        /// endpoint not named answers the success response's first mock. A call's
        /// ``CallOptions/mock`` wins.
        public var examples: [String: String]

        /// Creates mock settings; by default calls go to the network.
        public init(isEnabled: Bool = false, isDynamic: Bool = false, seed: UInt64? = nil, examples: [String: String] = [:]) {
            self.isEnabled = isEnabled
            self.isDynamic = isDynamic
            self.seed = seed
            self.examples = examples
        }

        /// Calls go to the network (the default).
        public static let disabled = Mocks()
        /// Calls are answered from the spec's examples.
        public static let enabled = Mocks(isEnabled: true)
        /// Calls are answered with values drawn from the response schemas, from `seed` on.
        public static func dynamic(seed: UInt64? = nil) -> Mocks { Mocks(isEnabled: true, isDynamic: true, seed: seed) }
        /// Calls are answered from the spec's mocks, these endpoints with the mock of that name
        /// (``examples``): `.examples(["getOrder": "missing"])`.
        public static func examples(_ examples: [String: String]) -> Mocks { Mocks(isEnabled: true, examples: examples) }
    }

    /// How long a call and its connection may take.
    public struct Timeouts: Sendable, Hashable {
        /// The total time a call may take; for a stream endpoint the wait for the response head,
        /// not the stream. `nil` (the default): the spec's `timeout:`, else ``defaultRequest``.
        /// Set, it wins over the spec's (a call's ``CallOptions/timeout`` wins over it).
        public var request: Duration?
        /// How long to wait for a connection: ``defaultConnect`` unless set (a call's
        /// ``CallOptions/connectTimeout`` wins).
        public var connect: Duration

        /// Creates time limits.
        public init(request: Duration? = nil, connect: Duration = Timeouts.defaultConnect) {
            self.request = request
            self.connect = connect
        }

        /// The time limit of a call when neither the call, the provider nor the spec gives one: 60 s.
        public static let defaultRequest: Duration = .seconds(60)
        /// How long to wait for a connection unless a level says: 10 s.
        public static let defaultConnect: Duration = .seconds(10)
    }

    /// Whether and how far redirects are followed, as async-http-client's `RedirectConfiguration`.
    public struct Redirects: Sendable, Hashable {
        /// The most redirects followed in one call; 0 follows none.
        public var limit: Int

        /// Follows up to `limit` redirects (10 by default).
        public static func follow(limit: Int = 10) -> Redirects { Redirects(limit: limit) }
        /// Follows none: a 3xx is the call's answer.
        public static let disallow = Redirects(limit: 0)
    }

    /// How response bodies are read.
    public struct Responses: Sendable, Hashable {
        /// The largest response body read into memory, in bytes: 64 MiB unless set.
        public var maxBodySize: Int
        /// Whether gzip and deflate responses are requested and decompressed (`x-gzip` as gzip;
        /// a byte stream's never are): yes unless set.
        public var decompresses: Bool

        /// Creates response settings.
        public init(maxBodySize: Int = 64 << 20, decompresses: Bool = true) {
            self.maxBodySize = maxBodySize
            self.decompresses = decompresses
        }
    }

    /// Where calls are logged, and which values are hidden there and in `-v` output.
    public struct Logging: Sendable {
        /// Where calls are logged (one line per call at `info`, headers and bodies at `debug`); none by default.
        public var logger: Logger?
        /// More header names whose values are hidden.
        public var secretHeaders: Set<String>
        /// More query item names whose values are hidden.
        public var secretQueryParameters: Set<String>

        /// Creates logging settings.
        public init(logger: Logger? = nil, secretHeaders: Set<String> = [], secretQueryParameters: Set<String> = []) {
            self.logger = logger
            self.secretHeaders = secretHeaders
            self.secretQueryParameters = secretQueryParameters
        }
    }

    /// What calls do with the document's schemas, when the call does not say
    /// (``CallOptions/requestValidation``, ``CallOptions/responseValidation`` win).
    public struct Validation: Sendable, Hashable {
        /// Arguments, before anything is sent: `.strict` unless set (`netspec call --no-validate`: `.off`).
        public var requests: CallOptions.Validation
        /// Responses, against the schema for their status and media type: `.off` unless set.
        public var responses: CallOptions.Validation

        /// Creates validation settings.
        public init(requests: CallOptions.Validation = .strict, responses: CallOptions.Validation = .off) {
            self.requests = requests
            self.responses = responses
        }
    }

    /// Event streams' reconnection and WebSocket messages' size.
    public struct Streams: Sendable, Hashable {
        /// How long an event stream waits before reconnecting when the server sent no `retry`: 3 s unless set.
        public var reconnectDelay: Duration
        /// How many times in a row an event stream may reconnect without receiving an event: 5 unless set.
        public var maxReconnectAttempts: Int
        /// The largest WebSocket message received (reassembled and decompressed), in bytes; a
        /// larger one ends the connection with 1009 and an error. 16 MiB unless set.
        public var maxWebSocketMessageSize: Int

        /// Creates stream settings.
        public init(reconnectDelay: Duration = .seconds(3), maxReconnectAttempts: Int = 5, maxWebSocketMessageSize: Int = 16 << 20) {
            self.reconnectDelay = reconnectDelay
            self.maxReconnectAttempts = maxReconnectAttempts
            self.maxWebSocketMessageSize = maxWebSocketMessageSize
        }
    }
}
