// MARK: - YAMLNodeStack

/// The completed children of every open collection, in one contiguous buffer.
///
/// While a document is parsed, each open collection owns the slice of this stack from
/// the index it started at. When the collection closes, its slice is *moved* (not copied)
/// into one exactly sized array (`[YAMLNode]` for a sequence, `[YAMLPair]` for a mapping,
/// whose children alternate key, value) and the stack shrinks back.
///
/// This avoids growing one array per collection append by append and the retain/release
/// pair of every copy, which together were most of the tree-building cost.
struct YAMLNodeStack: ~Copyable {
    private var base: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    /// The number of nodes on the stack.
    private(set) var count = 0

    /// Creates an empty stack with room for `capacity` nodes before it grows.
    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    // MARK: - Access

    /// Whether the node at `index` is a scalar whose text is `text`.
    func isScalar(at index: Int, withText text: String) -> Bool {
        precondition(index >= 0 && index < count, "YAMLNodeStack index out of range")
        guard case .scalar(let scalar) = base[index].kind else { return false }
        return scalar.value == text
    }

    /// The text of the node at `index` if it is a scalar, else the empty string.
    func scalarText(at index: Int) -> String {
        precondition(index >= 0 && index < count, "YAMLNodeStack index out of range")
        guard case .scalar(let scalar) = base[index].kind else { return "" }
        return scalar.value
    }

    /// The mark of the node at `index`.
    func mark(at index: Int) -> Mark {
        precondition(index >= 0 && index < count, "YAMLNodeStack index out of range")
        return base[index].mark
    }

    /// Pushes a node.
    mutating func push(_ node: consuming YAMLNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Moves the nodes from `start` to the top into an array and removes them.
    mutating func popNodes(from start: Int) -> [YAMLNode] {
        precondition(start >= 0 && start <= count, "YAMLNodeStack start out of range")
        let moved = count - start
        let source = base + start
        count = start
        return [YAMLNode](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
    }

    /// Moves the nodes from `start` to the top, which alternate key and value, into an
    /// array of pairs and removes them.
    mutating func popPairs(from start: Int) -> [YAMLPair] {
        precondition(start >= 0 && start <= count && (count - start) % 2 == 0, "YAMLNodeStack pairs misaligned")
        let moved = (count - start) / 2
        let source = base + start
        count = start
        return [YAMLPair](unsafeUninitializedCapacity: moved) { buffer, initialized in
            // Move each node straight into its field; building a YAMLPair value first would
            // copy every node twice.
            for offset in 0..<moved {
                let pair = buffer.baseAddress! + offset
                pair.pointer(to: \.key)!.moveInitialize(from: source + 2 * offset, count: 1)
                pair.pointer(to: \.value)!.moveInitialize(from: source + 2 * offset + 1, count: 1)
            }
            initialized = moved
        }
    }

    // MARK: - Private helpers

    /// Doubles the capacity, moving the nodes to the new buffer.
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<YAMLNode>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
