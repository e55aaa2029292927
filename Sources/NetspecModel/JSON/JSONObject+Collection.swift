// MARK: - RandomAccessCollection

extension JSONObject: RandomAccessCollection {
    /// A member: its key and its value.
    public typealias Element = (key: String, value: JSONValue)
    /// A zero-based position in member order.
    public typealias Index = Int
    /// The positions of the members, `0..<count`.
    public typealias Indices = Range<Int>

    /// The position of the first member, always `0`.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position one past the last member, equal to ``count``.
    @inlinable
    public var endIndex: Int { members.count }

    /// The number of members.
    @inlinable
    public var count: Int { members.count }

    /// Whether the object has no members.
    @inlinable
    public var isEmpty: Bool { members.isEmpty }

    /// The member at `position` in member order.
    ///
    /// - Parameter position: A valid index, `0..<count`.
    @inlinable
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        let member = members[position]
        return (key: member.key, value: member.value)
    }

    /// The position after `i`.
    ///
    /// - Parameter i: A valid index.
    /// - Returns: `i + 1`.
    @inlinable
    public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`.
    ///
    /// - Parameter i: A valid index other than `startIndex`.
    /// - Returns: `i - 1`.
    @inlinable
    public func index(before i: Int) -> Int { i - 1 }
}

// MARK: - ExpressibleByDictionaryLiteral

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal, keeping the members in written order.
    ///
    /// A key written twice keeps its first position and takes the last value.
    ///
    /// - Parameter elements: The literal's key-value pairs.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

// MARK: - Hashable

extension JSONObject: Hashable {
    /// Whether two objects have the same keys with equal values, in any order.
    ///
    /// - Parameters:
    ///   - lhs: An object.
    ///   - rhs: Another object.
    /// - Returns: `true` if every member of one has an equal member, by key, in the other.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        // Keys are unique on both sides and the counts match, so one direction suffices.
        for position in lhs.members.indices {
            let key = lhs.members[position].key
            let value = lhs.members[position].value
            if rhs.members[position].key == key {
                guard rhs.members[position].value == value else { return false }
            } else {
                guard rhs[key] == value else { return false }
            }
        }
        return true
    }

    /// Hashes the members without regard to their order.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
