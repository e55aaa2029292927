extension JSONValue.KeyPath {
    /// Why a key path could not be parsed or could not be followed through a value.
    ///
    /// The description is `<path so far>: <reason>`, where the path is the prefix that failed
    /// (`(root)` for the empty prefix):
    ///
    /// - `data.list: no key 'list' in object`
    /// - `data.items.5: index 5 out of range (array has 3 elements)`
    /// - `data.items.x: 'x' is not an array index`
    /// - `data.items: expected object or array, found null`
    /// - `a..b: key path has an empty segment ('..')`
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong at ``path``.
        package enum Reason: Sendable, Hashable {
            /// The value at the parent path is an object without this key.
            case missingKey(String)
            /// The value at the parent path is an array with `count` elements, and `index` is not below it.
            case indexOutOfRange(index: Int, count: Int)
            /// The value at the parent path is an array, and the segment is not a decimal index.
            case notAnIndex(String)
            /// The value at ``JSONValue/KeyPath/ParseError/path`` is neither an object nor an array, so the next
            /// segment cannot be followed; the associated value is its ``JSONValue/kindName``.
            case notAContainer(found: String)
            /// The path text has an empty segment at this zero-based position (a leading or trailing
            /// `.`, or `..`); ``JSONValue/KeyPath/ParseError/path`` is then the whole text.
            case emptySegment(at: Int)
        }

        /// The path up to and including the segment that failed, or, for
        /// a value that is neither an object nor an array, the path of that value.
        public var path: String
        /// What went wrong there.
        package var reason: Reason

        /// Creates an error.
        ///
        /// - Parameters:
        ///   - path: The failing prefix, in dotted form.
        ///   - reason: What went wrong there.
        package init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        /// `<path so far>: <reason>`, such as `data.list: no key 'list' in object`.
        public var description: String {
            "\(path.isEmpty ? "(root)" : path): \(reasonDescription)"
        }

        /// The reason alone, without the path.
        package var reasonDescription: String {
            switch reason {
            case .missingKey(let key):
                return "no key '\(key)' in object"
            case .indexOutOfRange(let index, let count):
                return "index \(index) out of range (array has \(pluralized(count, "element")))"
            case .notAnIndex(let segment):
                return "'\(segment)' is not an array index"
            case .notAContainer(let kind):
                return "expected object or array, found \(kind)"
            case .emptySegment(let position):
                if position == 0 { return "key path starts with '.'" }
                if path.hasSuffix("."), position == path.split(separator: ".", omittingEmptySubsequences: false).count - 1 {
                    return "key path ends with '.'"
                }
                return "key path has an empty segment ('..')"
            }
        }
    }
}

