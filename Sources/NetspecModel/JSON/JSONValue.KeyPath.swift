extension JSONValue {
    /// A dotted path into a JSON value, such as `data.items.0.id`, parsed once.
    ///
    /// The text splits on `.`; each segment is an object key, or, when it is a non-negative decimal
    /// integer such as `0` or `12`, an array index. A numeric segment still reads a *key* when the
    /// value at that point is an object, so `{"2024": …}` is reachable as `stats.2024`. The empty
    /// string is the root path, which selects the whole value.
    ///
    /// Empty segments are invalid: `a..b`, `.a` and `a.` do not parse. Keys that contain a `.` cannot
    /// be written in this syntax, but `appending(_:)` with a `String` accepts any key.
    ///
    /// ```swift
    /// let path: JSONValue.KeyPath = "data.list"
    /// let users = try response.resolve(path)
    /// ```
    public struct KeyPath: Sendable, Hashable {
        /// One step of a path: a key, and the array index it denotes if it is numeric.
        @usableFromInline
        internal struct Component: Sendable, Hashable {
            @usableFromInline var key: String
            @usableFromInline var index: Int?

            init(key: String) {
                self.key = key
                self.index = Self.arrayIndex(key)
            }

            init(index: Int) {
                self.key = String(index)
                self.index = index
            }

            /// The index a segment denotes: ASCII digits without a leading zero (except `0` itself).
            private static func arrayIndex(_ segment: String) -> Int? {
                let utf8 = segment.utf8
                guard let first = utf8.first, first != UInt8(ascii: "0") || utf8.count == 1,
                    utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else { return nil }
                return Int(segment)
            }
        }

        @usableFromInline
        internal private(set) var components: [Component]

        /// The path with its first key matched case-insensitively against an object's member names:
        /// replaced by the first member whose name equals it ignoring ASCII case (header names).
        package func matchingFirstKeyCaseInsensitively(in object: JSONObject) -> JSONValue.KeyPath {
            guard let first = components.first, object[first.key] == nil else { return self }
            let lowered = first.key.lowercased()
            guard let name = object.keys.first(where: { $0.lowercased() == lowered }) else { return self }
            var path = self
            path.components[0] = Component(key: name)
            return path
        }

        /// The root path, with no segments; it selects the whole value.
        public init() {
            components = []
        }

        /// Parses a dotted path, or returns `nil` if it has an empty segment.
        ///
        /// - Important: Called with a string *literal*, `JSONValue.KeyPath("a.b")` is literal coercion
        ///   (SE-0213) and goes through ``init(stringLiteral:)``, which stops the program on an invalid
        ///   literal. This failable initializer runs for string values, such as user input.
        ///
        /// - Parameter string: A path such as `data.items.0.id`; `""` is the root.
        public init?(_ string: String) {
            guard let path = try? JSONValue.KeyPath(parsing: string) else { return nil }
            self = path
        }

        /// Parses a dotted path.
        ///
        /// - Parameter string: A path such as `data.items.0.id`; `""` is the root.
        /// - Throws: ``JSONValue/KeyPath/ParseError`` for an empty segment
        ///   if the path starts or ends with `.` or contains `..`.
        public init(parsing string: String) throws(JSONValue.KeyPath.ParseError) {
            components = []
            guard !string.isEmpty else { return }
            let segments = string.split(separator: ".", omittingEmptySubsequences: false)
            for (position, segment) in segments.enumerated() {
                guard !segment.isEmpty else {
                    throw JSONValue.KeyPath.ParseError(path: string, reason: .emptySegment(at: position))
                }
                components.append(Component(key: String(segment)))
            }
        }

        /// Creates a path from segments, each a key or a decimal array index; any string is a valid key.
        ///
        /// - Parameter segments: The segments in order; empty strings are allowed here and name the
        ///   empty key.
        public init(segments: [String]) {
            components = segments.map(Component.init(key:))
        }

        // MARK: - Segments

        /// The segments in order, as written.
        public var segments: [String] { components.map(\.key) }

        /// Whether this is the root path.
        public var isEmpty: Bool { components.isEmpty }

        /// This path followed by one more key segment.
        ///
        /// - Parameter key: A key, or a decimal index such as `"0"`; may contain `.`.
        /// - Returns: The longer path.
        public func appending(_ key: String) -> JSONValue.KeyPath {
            var path = self
            path.components.append(Component(key: key))
            return path
        }

        /// This path followed by an array index.
        ///
        /// - Parameter index: A non-negative index.
        /// - Returns: The longer path.
        public func appending(_ index: Int) -> JSONValue.KeyPath {
            var path = self
            path.components.append(Component(index: index))
            return path
        }

        /// This path followed by all the segments of `other`.
        ///
        /// - Parameter other: The path to append.
        /// - Returns: The longer path.
        public func appending(_ other: JSONValue.KeyPath) -> JSONValue.KeyPath {
            var path = self
            path.components += other.components
            return path
        }

        /// The first `count` segments of this path.
        internal func prefix(_ count: Int) -> JSONValue.KeyPath {
            var path = JSONValue.KeyPath()
            path.components = Array(components.prefix(count))
            return path
        }
    }
}


// MARK: - Text

extension JSONValue.KeyPath: CustomStringConvertible, ExpressibleByStringLiteral {
    /// The segments joined with `.`, such as `data.items.0.id`; the root is the empty string.
    public var description: String {
        segments.joined(separator: ".")
    }

    /// Parses a path literal.
    ///
    /// - Precondition: The literal parses with ``init(parsing:)``; an invalid literal such as
    ///   `"a..b"` is a programming error and stops the program.
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        do {
            try self.init(parsing: value)
        } catch {
            preconditionFailure("invalid JSONValue.KeyPath literal: \(error)")
        }
    }
}
