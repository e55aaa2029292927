/// An ordered JSON object: members keep their order; lookup by key; equality and hashing ignore order.
///
/// Members are stored in one array in the order they were received or added, so printing an object
/// reproduces the member order of the document it was parsed from. Keys are unique: when a document
/// or a literal repeats a key, the member keeps the *first* position and takes the *last* value
/// (`{"a":1,"b":2,"a":3}` becomes `{"a":3,"b":2}`), which matches what `JSON.parse` and Python's
/// `json.loads` return for the value.
///
/// Lookup by key is a linear scan for small objects, and goes through a `[String: Int]` index,
/// built when the object is created or grows past 16 members, for large ones. Keys compare with
/// `String` equality (Unicode canonical equivalence).
///
/// `JSONObject` is a `RandomAccessCollection` of `(key: String, value: JSONValue)` pairs indexed
/// by position, so `object[0]` is the first member and `object["id"]` the member named `id`.
public struct JSONObject: Sendable {
    /// One key-value pair. A struct rather than a tuple so that arrays of members get specialized,
    /// statically known value witnesses (allocating and freeing tuples goes through the runtime).
    @usableFromInline
    package struct Member: Sendable {
        @usableFromInline var key: String
        @usableFromInline var value: JSONValue

        @inlinable
        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in order. Keys are unique.
    @usableFromInline
    internal private(set) var members: [Member]

    /// Key to position; present only while `members.count > JSONObject.indexThreshold`.
    @usableFromInline
    package private(set) var keyIndex: [String: Int]?

    /// Objects with more members than this keep a hash index for lookup.
    internal static let indexThreshold = 16

    /// Creates an empty object.
    public init() {
        members = []
        keyIndex = nil
    }

    /// Creates an object with the given members, in order.
    ///
    /// When a key appears more than once, the member keeps the position of its first occurrence
    /// and the value of its last one.
    ///
    /// - Parameter members: Key-value pairs in the order they should be kept.
    public init(_ members: [(key: String, value: JSONValue)]) {
        self.init(members: members.map { Member(key: $0.key, value: $0.value) }, keysAreUnique: false)
    }

    /// Creates an object, skipping duplicate detection for small objects when the caller already did it.
    ///
    /// - Parameters:
    ///   - members: The members in order.
    ///   - keysAreUnique: Whether the caller guarantees that no key repeats. Large objects are
    ///     checked anyway while their index is built.
    package init(members: [Member], keysAreUnique: Bool) {
        self.members = members
        self.keyIndex = nil
        if members.count > Self.indexThreshold {
            var index = [String: Int](minimumCapacity: members.count)
            for position in members.indices {
                guard index.updateValue(position, forKey: members[position].key) == nil else {
                    // A repeated key: merge the slow way, then index the result.
                    self.members = Self.mergingDuplicates(members)
                    self.keyIndex = Self.makeIndex(self.members)
                    return
                }
            }
            keyIndex = index
        } else if !keysAreUnique, members.count > 1 {
            for position in 1..<members.count {
                let key = members[position].key
                if members[0..<position].contains(where: { $0.key == key }) {
                    self.members = Self.mergingDuplicates(members)
                    return
                }
            }
        }
    }

    // MARK: - Lookup

    /// The keys, in member order.
    public var keys: [String] { members.map(\.key) }

    /// The values, in member order.
    public var values: [JSONValue] { members.map(\.value) }

    /// The position of the member named `key`, or `nil` if there is none.
    ///
    /// - Parameter key: The member name.
    /// - Returns: An index into the collection, usable with `object[position]`.
    @inlinable
    public func index(forKey key: String) -> Int? {
        if let keyIndex {
            return keyIndex[key]
        }
        return members.firstIndex { $0.key == key }
    }

    /// The value of the member named `key`; assigning `nil` removes the member.
    ///
    /// Assigning a value to a new key appends a member; assigning to an existing key replaces its
    /// value in place.
    ///
    /// - Parameter key: The member name.
    public subscript(key: String) -> JSONValue? {
        get {
            index(forKey: key).map { members[$0].value }
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    // MARK: - Mutation

    /// Sets the value of the member named `key`, appending a member if there is none.
    ///
    /// - Parameters:
    ///   - value: The new value.
    ///   - key: The member name.
    /// - Returns: The value that was replaced, or `nil` if a member was appended.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            let old = members[position].value
            members[position].value = value
            return old
        }
        members.append(Member(key: key, value: value))
        if keyIndex != nil {
            keyIndex![key] = members.count - 1
        } else if members.count > Self.indexThreshold {
            keyIndex = Self.makeIndex(members)
        }
        return nil
    }

    /// Adds a member at the end; an existing member with the same key is removed first.
    ///
    /// Unlike ``updateValue(_:forKey:)``, which keeps an existing member's position, this moves the
    /// member to the end.
    ///
    /// - Parameters:
    ///   - value: The member's value.
    ///   - key: The member's name.
    public mutating func append(_ value: JSONValue, forKey key: String) {
        removeValue(forKey: key)
        updateValue(value, forKey: key)
    }

    /// Removes the member named `key`.
    ///
    /// - Parameter key: The member name.
    /// - Returns: The removed value, or `nil` if there was no such member.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        return remove(at: position).value
    }

    /// Removes the member at `position`; later members move up by one.
    ///
    /// - Parameter position: A valid index of the object.
    /// - Returns: The removed member.
    @discardableResult
    public mutating func remove(at position: Int) -> (key: String, value: JSONValue) {
        let removed = members.remove(at: position)
        if keyIndex != nil {
            keyIndex = members.count > Self.indexThreshold ? Self.makeIndex(members) : nil
        }
        return (key: removed.key, value: removed.value)
    }

    /// Removes every member.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for reuse.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        members.removeAll(keepingCapacity: keepCapacity)
        keyIndex = nil
    }

    /// Reserves storage for at least `minimumCapacity` members.
    ///
    /// - Parameter minimumCapacity: The number of members to make room for.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        members.reserveCapacity(minimumCapacity)
    }

    // MARK: - Private helpers

    private static func makeIndex(_ members: [Member]) -> [String: Int] {
        var index = [String: Int](minimumCapacity: members.count)
        for position in members.indices {
            index[members[position].key] = position
        }
        return index
    }

    /// First position, last value.
    private static func mergingDuplicates(_ members: [Member]) -> [Member] {
        var result: [Member] = []
        result.reserveCapacity(members.count)
        var positions: [String: Int] = [:]
        for member in members {
            if let position = positions[member.key] {
                result[position].value = member.value
            } else {
                positions[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }
}
