// MARK: - YAMLTreeBuilder

/// Turns a stream of node events into one immutable document (``YAMLStorage``), enforcing
/// the structural rules and ``YAMLLimits`` as the events arrive.
///
/// The builder knows nothing of libyaml: ``YAMLParser`` feeds it Swift values and the bytes
/// of each scalar. It never recurses. Open collections live on an explicit stack whose
/// height is the current depth, checked before a collection is pushed, so depth is bounded
/// before memory is spent. Their finished children wait, as node indices, on one shared
/// pending list, and move into the storage when their collection closes.
///
/// Aliases are never expanded. An alias appends the anchored node's index, so the node is
/// shared, and adds the anchored node's *weight* (its node count with
/// its own aliases expanded) to a running total. A "billion laughs" document therefore fails
/// as soon as the total passes ``YAMLLimits/maxNodes``, having built only its first levels.
/// Likewise an alias adds the anchored node's *height* to the current depth.
struct YAMLTreeBuilder: ~Copyable {
    /// A completed node with the size and height it has when every alias is expanded.
    private struct Built {
        var node: Int32
        /// Nodes in the expanded subtree, including this one.
        var weight: Int
        /// Collection levels in the expanded subtree: 0 for a scalar, 1 for `[a]`.
        var height: Int
    }

    /// A collection that is still open.
    private struct Frame {
        var isMapping: Bool
        var mark: Mark
        var tag: String?
        var anchor: String?
        /// Key/value bookkeeping; for a sequence only its `start` is used.
        var mapping: YAMLMappingBuilder
        /// Nodes in the expanded subtree so far, including this one.
        var weight = 1
        /// The greatest height of a completed child.
        var childHeight = 0
    }

    private let limits: YAMLLimits
    private var frames: [Frame] = []
    private var storage: YAMLStorage
    /// The completed children of every open collection, innermost last.
    private var pending: [Int32] = []
    private var anchors: [String: Built] = [:]
    private var nodeCount = 0
    private var aliasCount = 0
    /// The index of the document's root node, once it is complete.
    private var root: Int32?

    /// Creates a builder that enforces `limits`, for a document of about `byteCount` bytes.
    init(limits: YAMLLimits, byteCount: Int = 0) {
        self.limits = limits
        storage = YAMLStorage(reservingFor: byteCount)
        frames.reserveCapacity(min(max(limits.maxDepth, 0), 128))
        pending.reserveCapacity(256)
    }

    /// The document's root node, or `nil` if no node was completed.
    consuming func finish() -> YAMLNode? {
        guard let root else { return nil }
        return YAMLNode(YAMLDocument(storage), index: root)
    }

    // MARK: - Events

    /// Adds a scalar node whose text is `text`.
    mutating func scalar(
        _ text: UnsafeBufferPointer<UInt8>, style: YAMLScalar.Style, tag: String?, anchor: String?, mark: Mark
    ) throws(YAMLError) {
        try count(nodes: 1, at: mark)
        let node = storage.appendScalar(text, style: style, tag: tag, mark: mark)
        if let anchor { anchors[anchor] = Built(node: node, weight: 1, height: 0) }
        try attach(node, weight: 1, height: 0, at: mark)
    }

    /// Adds an alias to the most recent node anchored as `name`.
    mutating func alias(_ name: String, mark: Mark) throws(YAMLError) {
        aliasCount += 1
        guard aliasCount <= limits.maxAliases else { throw .tooManyAliases(limit: limits.maxAliases, at: mark) }
        guard let target = anchors[name] else { throw .undefinedAlias(name, at: mark) }
        guard frames.count + target.height <= limits.maxDepth else {
            throw .tooDeep(limit: limits.maxDepth, at: mark)
        }
        try count(nodes: target.weight, at: mark)
        try attach(target.node, weight: target.weight, height: target.height, at: mark)
    }

    /// Opens a mapping (`isMapping`) or a sequence.
    mutating func startCollection(isMapping: Bool, tag: String?, anchor: String?, mark: Mark) throws(YAMLError) {
        // Fail before reading the collection's content.
        if let top = frames.last, top.isMapping, top.mapping.expectsKey { throw .nonScalarKey(at: mark) }
        guard frames.count < limits.maxDepth else { throw .tooDeep(limit: limits.maxDepth, at: mark) }
        try count(nodes: 1, at: mark)
        let mapping = YAMLMappingBuilder(start: pending.count)
        frames.append(Frame(isMapping: isMapping, mark: mark, tag: tag, anchor: anchor, mapping: mapping))
    }

    /// Closes the innermost open collection.
    mutating func endCollection() throws(YAMLError) {
        guard let frame = frames.popLast() else { return }
        let node: Int32
        if frame.isMapping {
            node = frame.mapping.finish(&pending, storage: &storage, tag: frame.tag, mark: frame.mark)
        } else {
            node = storage.appendCollection(.sequence, children: pending[frame.mapping.start...], tag: frame.tag, mark: frame.mark)
            pending.removeSubrange(frame.mapping.start...)
        }
        let height = frame.childHeight + 1
        if let anchor = frame.anchor { anchors[anchor] = Built(node: node, weight: frame.weight, height: height) }
        try attach(node, weight: frame.weight, height: height, at: frame.mark)
    }

    // MARK: - Private helpers

    /// Adds `nodes` to the expanded node count, failing once it passes the limit (or what
    /// 32-bit storage indices can hold).
    private mutating func count(nodes: Int, at mark: Mark) throws(YAMLError) {
        let (total, overflow) = nodeCount.addingReportingOverflow(nodes)
        nodeCount = total
        let limit = min(limits.maxNodes, Int(Int32.max) / 2)
        guard !overflow, total <= limit else { throw .tooManyNodes(limit: limit, at: mark) }
    }

    /// Gives a completed node, with its expanded weight and height, to the innermost open
    /// collection, or makes it the root.
    private mutating func attach(_ node: Int32, weight: Int, height: Int, at mark: Mark) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        frames[top].weight += weight
        frames[top].childHeight = max(frames[top].childHeight, height)
        if frames[top].isMapping {
            try frames[top].mapping.add(node, at: mark, to: &pending, storage: &storage)
        } else {
            pending.append(node)
        }
    }
}
