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

        /// The whole query string as one value (OpenAPI 3.2's `in: querystring`; a Netspec spec does not write it).
        public static let querystring = Location("querystring")

        /// Every value a Netspec spec may write after `in:`, in the order it documents them (new
        /// ones may be added: switch with a `default`).
        public static let allCases: [Location] = [.path, .query, .header, .body, .field, .part]

        /// The location's name as written after `in:`.
        public var description: String { rawValue }
    }
}
