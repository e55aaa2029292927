extension Endpoint {
    /// How a request body is encoded, from `encoding:` on the service or endpoint.
    package struct BodyEncoding: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// `application/json`.
        public static let json = Endpoint.BodyEncoding("json")
        /// `application/x-www-form-urlencoded`.
        public static let form = Endpoint.BodyEncoding("form")
        /// `multipart/form-data` (RFC 7578), streamed.
        public static let multipart = Endpoint.BodyEncoding("multipart")

        /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
        public static let allCases: [Endpoint.BodyEncoding] = [.json, .form, .multipart]

        /// The encoding's name as written after `encoding:`.
        public var description: String { rawValue }

        /// The media type sent in `Content-Type` (multipart adds its boundary).
        public var mediaType: String {
            switch self {
            case .form: "application/x-www-form-urlencoded"
            case .multipart: "multipart/form-data"
            default: "application/json"
            }
        }
    }
}
