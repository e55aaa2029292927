// MARK: - YAMLMappingBuilder

/// The state of one mapping while it is being parsed: whether a key or a value comes
/// next, duplicate-key detection, and its `<<` merge key. The keys and values themselves
/// wait on the shared ``YAMLNodeStack``, alternating, from index ``start``.
///
/// Duplicate keys are found by comparing key text. Small mappings (the usual case in a
/// spec) are scanned linearly; from ``indexThreshold`` pairs on, a dictionary is kept.
///
/// Merge keys follow https://yaml.org/type/merge.html: the value of a plain `<<` key (or
/// one tagged `!!merge`) is a mapping or a sequence of mappings, usually aliases. Their
/// pairs are spliced in where the `<<` key was written, skipping keys the mapping writes
/// itself (before or after the `<<`) and keys an earlier source already gave. Merged keys
/// are never duplicates; a second `<<` in one mapping is.
struct YAMLMappingBuilder {
    /// The number of pairs from which duplicate checks use a dictionary.
    static let indexThreshold = 12

    /// Where this mapping's keys and values start on the node stack.
    let start: Int
    /// Whether the next completed node is a key (rather than a value).
    private(set) var expectsKey = true
    /// The number of explicit pairs whose key has been seen.
    private var pairCount = 0
    /// Whether the key waiting for its value is a merge key.
    private var pendingIsMerge = false
    /// Where the `<<` key was written, once seen.
    private var mergeKeyMark: Mark?
    /// The mapping's merge, once the `<<` value is known.
    private var merge: Merge?
    /// Key text to pair index, kept once the mapping has ``indexThreshold`` pairs.
    private var index: [String: Int]?

    /// A `<<` entry: the number of explicit pairs before it, and the mappings it merges,
    /// earliest (strongest) first.
    private struct Merge {
        var position: Int
        var sources: [[YAMLPair]]
    }

    /// Creates the state of a mapping whose nodes start at `start` on the node stack.
    init(start: Int) {
        self.start = start
    }

    // MARK: - Adding nodes

    /// Adds the next key or value.
    ///
    /// - Parameters:
    ///   - node: The completed node.
    ///   - mark: Where the node appears: its own mark, or the alias's mark for an alias.
    ///     A key always gets this mark, so duplicate-key messages point at what was written.
    ///   - stack: The shared node stack that holds this mapping's keys and values.
    /// - Throws: A non-scalar key, a duplicate key, or an invalid merge value.
    mutating func add(_ node: consuming YAMLNode, at mark: Mark, to stack: inout YAMLNodeStack) throws(YAMLError) {
        guard expectsKey else {
            expectsKey = true
            if pendingIsMerge {
                pendingIsMerge = false
                try addMerge(node, at: mark)
            } else {
                stack.push(node)
            }
            return
        }
        guard case .scalar(let scalar) = node.kind else { throw .nonScalarKey(at: mark) }
        expectsKey = false
        if scalar.style == .plain, scalar.value == "<<", node.tag == nil || node.tag == YAMLScalar.Tag.merge {
            if let first = mergeKeyMark { throw .duplicateKey("<<", first: first, at: mark) }
            mergeKeyMark = mark
            pendingIsMerge = true
            return
        }
        if let first = firstMark(of: scalar.value, in: stack) {
            throw .duplicateKey(scalar.value, first: first, at: mark)
        }
        addToIndex(scalar.value, stack: stack)
        pairCount += 1
        if node.mark != mark { node.mark = mark }
        stack.push(node)
    }

    /// Pops this mapping's pairs off the stack, with merged pairs in place of the `<<` entry.
    consuming func finish(_ stack: inout YAMLNodeStack) -> [YAMLPair] {
        var pairs = stack.popPairs(from: start)
        guard let merge else { return pairs }
        var seen = Set<String>(minimumCapacity: pairs.count)
        for pair in pairs { seen.insert(Self.text(of: pair.key)) }
        var merged: [YAMLPair] = []
        for source in merge.sources {
            for pair in source where seen.insert(Self.text(of: pair.key)).inserted {
                merged.append(pair)
            }
        }
        pairs.insert(contentsOf: merged, at: merge.position)
        return pairs
    }

    // MARK: - Private helpers

    /// Records a merge key's value, which must be a mapping or a sequence of mappings.
    ///
    /// A sequence item that is not a mapping is reported at the item's own mark (for an
    /// alias, the anchored node's mark).
    private mutating func addMerge(_ value: borrowing YAMLNode, at mark: Mark) throws(YAMLError) {
        var sources: [[YAMLPair]] = []
        switch value.kind {
        case .mapping(let pairs):
            sources.append(pairs)
        case .sequence(let items):
            sources.reserveCapacity(items.count)
            for item in items {
                guard case .mapping(let pairs) = item.kind else { throw .invalidMerge(at: item.mark) }
                sources.append(pairs)
            }
        case .scalar:
            throw .invalidMerge(at: mark)
        }
        merge = Merge(position: pairCount, sources: sources)
    }

    /// Records the key of pair number ``pairCount`` in the index, building the index
    /// when the mapping reaches ``indexThreshold`` pairs.
    private mutating func addToIndex(_ key: String, stack: borrowing YAMLNodeStack) {
        if index != nil {
            index![key] = pairCount
        } else if pairCount + 1 >= Self.indexThreshold {
            var keys = [String: Int](minimumCapacity: 4 * Self.indexThreshold)
            for pair in 0..<pairCount { keys[stack.scalarText(at: start + 2 * pair)] = pair }
            keys[key] = pairCount
            index = keys
        }
    }

    /// Where the explicit key with text `key` was first defined, if it was.
    private func firstMark(of key: String, in stack: borrowing YAMLNodeStack) -> Mark? {
        if let index {
            return index[key].map { stack.mark(at: start + 2 * $0) }
        }
        for pair in 0..<pairCount where stack.isScalar(at: start + 2 * pair, withText: key) {
            return stack.mark(at: start + 2 * pair)
        }
        return nil
    }

    /// The text of a key node (always a scalar once added).
    private static func text(of key: YAMLNode) -> String {
        if case .scalar(let scalar) = key.kind { scalar.value } else { "" }
    }
}
