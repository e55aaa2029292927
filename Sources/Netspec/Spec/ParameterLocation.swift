extension Parameter {
    /// Where a parameter's value goes in the request (Retrofit's `@Path @Query @Header @Body @Field @Part`).
    public enum Location: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// A `{placeholder}` in the path, percent-encoded as one path segment.
        case path
        /// A query item (or several, for arrays and dictionaries).
        case query
        /// A request header (or several, for a `[String: String]` dictionary).
        case header
        /// The whole request body.
        case body
        /// A field of the body: a JSON member under `json`, a form field under `form`.
        case field
        /// A part of a `multipart/form-data` body.
        case part

        /// The location's name as written after `in:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias ParameterLocation = Parameter.Location

extension Endpoint {
    /// How a request body is encoded, from `encoding:` on the service or endpoint.
    public enum BodyEncoding: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `application/json`.
        case json
        /// `application/x-www-form-urlencoded`.
        case form
        /// `multipart/form-data` (RFC 7578), streamed.
        case multipart

        /// The encoding's name as written after `encoding:`.
        public var description: String { rawValue }

        /// The media type sent in `Content-Type` (multipart adds its boundary).
        public var mediaType: String {
            switch self {
            case .json: "application/json"
            case .form: "application/x-www-form-urlencoded"
            case .multipart: "multipart/form-data"
            }
        }
    }
}

/// The name inside the package.
package typealias BodyEncoding = Endpoint.BodyEncoding

extension Parameter {
    /// How an array is written into a query or form body, from `format:`.
    public enum ArrayFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `a=1&a=2` (the default).
        case `repeat`
        /// `a[]=1&a[]=2`.
        case brackets
        /// `a=1,2`.
        case csv

        /// The format's name as written after `format:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias ArrayFormat = Parameter.ArrayFormat

extension Endpoint {
    /// What kind of stream a `stream:` endpoint yields instead of one value.
    public enum StreamKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Server-Sent Events (`text/event-stream`).
        case sse
        /// Newline-delimited JSON, one value per line.
        case lines
        /// Raw byte chunks.
        case bytes

        /// The kind's name as written after `stream:`.
        public var description: String { rawValue }
    }
}

/// The name inside the package.
package typealias StreamKind = Endpoint.StreamKind
