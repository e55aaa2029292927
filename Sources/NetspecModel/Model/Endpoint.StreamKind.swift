extension Endpoint {
    /// What kind of stream a `stream:` endpoint yields instead of one value.
    package struct StreamKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// Server-Sent Events (`text/event-stream`).
        public static let sse = Endpoint.StreamKind("sse")
        /// Newline-delimited JSON, one value per line.
        public static let lines = Endpoint.StreamKind("lines")
        /// Raw byte chunks.
        public static let bytes = Endpoint.StreamKind("bytes")
        /// A WebSocket: a connection that sends and receives messages (see ``WebSocket``).
        public static let webSocket = Endpoint.StreamKind("websocket")

        /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
        public static let allCases: [Endpoint.StreamKind] = [.sse, .lines, .bytes, .webSocket]

        /// The kind's name as written after `stream:`.
        public var description: String { rawValue }
    }
}
