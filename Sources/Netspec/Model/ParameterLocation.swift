extension Parameter {
    /// Where a parameter's value goes in the request (Retrofit's `@Path @Query @Header @Body @Field @Part`).
    public struct Location: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// A `{placeholder}` in the path, percent-encoded as one path segment.
        public static let path = Location("path")
        /// A query item (or several, for arrays and dictionaries).
        public static let query = Location("query")
        /// A request header (or several, for a `[String: String]` dictionary).
        public static let header = Location("header")
        /// The whole request body.
        public static let body = Location("body")
        /// A field of the body: a JSON member under `json`, a form field under `form`.
        public static let field = Location("field")
        /// A part of a `multipart/form-data` body.
        public static let part = Location("part")

        /// A cookie in the `Cookie` header (OpenAPI's `in: cookie`; a Netspec spec does not write it yet).
        public static let cookie = Location("cookie")

        /// Every value a Netspec spec may write after `in:`, in the order it documents them (new
        /// ones may be added: switch with a `default`).
        public static let allCases: [Location] = [.path, .query, .header, .body, .field, .part]

        /// The location's name as written after `in:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias ParameterLocation = Parameter.Location

extension Endpoint {
    /// How a request body is encoded, from `encoding:` on the service or endpoint.
    public struct BodyEncoding: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// `application/json`.
        public static let json = BodyEncoding("json")
        /// `application/x-www-form-urlencoded`.
        public static let form = BodyEncoding("form")
        /// `multipart/form-data` (RFC 7578), streamed.
        public static let multipart = BodyEncoding("multipart")

        /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
        public static let allCases: [BodyEncoding] = [.json, .form, .multipart]

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

/// The name inside the package.
package typealias BodyEncoding = Endpoint.BodyEncoding

extension Parameter {
    /// How an array is written into a query or form body, from `format:`.
    public struct ArrayFormat: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// `a=1&a=2` (the default).
        public static let `repeat` = ArrayFormat("repeat")
        /// `a[]=1&a[]=2`.
        public static let brackets = ArrayFormat("brackets")
        /// `a=1,2`.
        public static let csv = ArrayFormat("csv")
        /// `a=1%202` (OpenAPI's `spaceDelimited`; not written in a Netspec spec yet).
        public static let spaces = ArrayFormat("spaces")
        /// `a=1%7C2` (OpenAPI's `pipeDelimited`; not written in a Netspec spec yet).
        public static let pipes = ArrayFormat("pipes")

        /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
        public static let allCases: [ArrayFormat] = [.`repeat`, .brackets, .csv]

        /// The format's name as written after `format:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias ArrayFormat = Parameter.ArrayFormat

extension Endpoint {
    /// What kind of stream a `stream:` endpoint yields instead of one value.
    public struct StreamKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The name as written in a spec.
        public let rawValue: String

        /// The known value with this name, or `nil`.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// Server-Sent Events (`text/event-stream`).
        public static let sse = StreamKind("sse")
        /// Newline-delimited JSON, one value per line.
        public static let lines = StreamKind("lines")
        /// Raw byte chunks.
        public static let bytes = StreamKind("bytes")
        /// A WebSocket: a connection that sends and receives messages (see ``Response/WebSocket``).
        public static let webSocket = StreamKind("websocket")

        /// Every value, in the order a spec documents them (new ones may be added: switch with a `default`).
        public static let allCases: [StreamKind] = [.sse, .lines, .bytes, .webSocket]

        /// The kind's name as written after `stream:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias StreamKind = Endpoint.StreamKind
