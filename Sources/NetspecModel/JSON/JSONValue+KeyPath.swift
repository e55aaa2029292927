// MARK: - Key paths

extension JSONValue {
    /// The value at `path`, or `nil` if the path does not lead anywhere.
    ///
    /// At each step, an object is read by key (a numeric segment is a key too), an array by a
    /// decimal index segment; anything else ends the walk with `nil`. The root path returns `self`.
    ///
    /// - Parameter path: A parsed key path.
    /// - Returns: The value found, or `nil`.
    public func value(at path: JSONValue.KeyPath) -> JSONValue? {
        try? resolve(path)
    }

    /// The value at a dotted path such as `data.items.0.id`, or `nil` if the path is invalid or
    /// does not lead anywhere.
    ///
    /// - Parameter path: Path text, parsed with ``JSONValue/KeyPath/init(_:)``.
    /// - Returns: The value found, or `nil`.
    public func value(at path: String) -> JSONValue? {
        JSONValue.KeyPath(path).flatMap { value(at: $0) }
    }

    /// The value at `path`, or an error saying where and why the walk failed.
    ///
    /// ```swift
    /// try response.resolve("data.list")
    /// // throws "data.list: no key 'list' in object" when data has no list
    /// ```
    ///
    /// - Parameter path: A parsed key path; the root path returns `self`.
    /// - Returns: The value found.
    /// - Throws: ``JSONValue/KeyPath/ParseError`` naming the prefix where the walk failed: a missing key, an
    ///   index out of range, a non-numeric segment on an array, or a scalar that cannot be entered.
    public func resolve(_ path: JSONValue.KeyPath) throws(JSONValue.KeyPath.ParseError) -> JSONValue {
        var current = self
        for (depth, component) in path.components.enumerated() {
            switch current {
            case .object(let object):
                guard let next = object[component.key] else {
                    throw failure(path, depth + 1, .missingKey(component.key))
                }
                current = next
            case .array(let elements):
                guard let index = component.index else {
                    throw failure(path, depth + 1, .notAnIndex(component.key))
                }
                guard index < elements.count else {
                    throw failure(path, depth + 1, .indexOutOfRange(index: index, count: elements.count))
                }
                current = elements[index]
            default:
                throw failure(path, depth, .notAContainer(found: current.kindName))
            }
        }
        return current
    }

    private func failure(_ path: JSONValue.KeyPath, _ length: Int, _ reason: JSONValue.KeyPath.ParseError.Reason) -> JSONValue.KeyPath.ParseError {
        JSONValue.KeyPath.ParseError(path: path.prefix(length).description, reason: reason)
    }
}
