// MARK: - YAMLTreeBuilder

/// Turns a stream of node events into one immutable ``YAMLNode`` tree, enforcing the
/// structural rules and ``YAMLLimits`` as the events arrive.
///
/// The builder knows nothing of libyaml: ``YAMLParser`` feeds it Swift values. It never
/// recurses. Open collections live on an explicit stack whose height is the current depth,
/// checked before a collection is pushed, so depth is bounded before memory is spent.
/// Their finished children wait on one shared ``YAMLNodeStack``.
///
/// Aliases are never expanded. An alias appends the anchored node's value, whose arrays are
/// shared copy-on-write storage, and adds the anchored node's *weight* (its node count with
/// its own aliases expanded) to a running total. A "billion laughs" document therefore fails
/// as soon as the total passes ``YAMLLimits/maxNodes``, having built only its first levels.
/// Likewise an alias adds the anchored node's *height* to the current depth.
struct YAMLTreeBuilder: ~Copyable {
    /// A completed node with the size and height it has when every alias is expanded.
    private struct Built {
        var node: YAMLNode
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
    private var children = YAMLNodeStack()
    private var anchors: [String: Built] = [:]
    private var nodeCount = 0
    private var aliasCount = 0
    /// The document's root node, once it is complete.
    private(set) var root: YAMLNode?

    /// Creates a builder that enforces `limits`.
    init(limits: YAMLLimits) {
        self.limits = limits
        frames.reserveCapacity(min(max(limits.maxDepth, 0), 128))
    }

    // MARK: - Events

    /// Adds a scalar node.
    mutating func scalar(_ scalar: consuming YAMLScalar, tag: String?, anchor: String?, mark: Mark) throws(YAMLError) {
        try count(nodes: 1, at: mark)
        let node = YAMLNode(kind: .scalar(scalar), mark: mark, tag: tag)
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
        let mapping = YAMLMappingBuilder(start: children.count)
        frames.append(Frame(isMapping: isMapping, mark: mark, tag: tag, anchor: anchor, mapping: mapping))
    }

    /// Closes the innermost open collection.
    mutating func endCollection() throws(YAMLError) {
        guard let frame = frames.popLast() else { return }
        let kind: YAMLNode.Kind =
            frame.isMapping
            ? .mapping(frame.mapping.finish(&children))
            : .sequence(children.popNodes(from: frame.mapping.start))
        let node = YAMLNode(kind: kind, mark: frame.mark, tag: frame.tag)
        let height = frame.childHeight + 1
        if let anchor = frame.anchor { anchors[anchor] = Built(node: node, weight: frame.weight, height: height) }
        try attach(node, weight: frame.weight, height: height, at: frame.mark)
    }

    // MARK: - Private helpers

    /// Adds `nodes` to the expanded node count, failing once it passes the limit.
    private mutating func count(nodes: Int, at mark: Mark) throws(YAMLError) {
        let (total, overflow) = nodeCount.addingReportingOverflow(nodes)
        nodeCount = total
        guard !overflow, total <= limits.maxNodes else { throw .tooManyNodes(limit: limits.maxNodes, at: mark) }
    }

    /// Gives a completed node, with its expanded weight and height, to the innermost open
    /// collection, or makes it the root.
    private mutating func attach(
        _ node: consuming YAMLNode, weight: Int, height: Int, at mark: Mark
    ) throws(YAMLError) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = node
            return
        }
        frames[top].weight += weight
        frames[top].childHeight = max(frames[top].childHeight, height)
        if frames[top].isMapping {
            try frames[top].mapping.add(node, at: mark, to: &children)
        } else {
            children.push(node)
        }
    }
}
