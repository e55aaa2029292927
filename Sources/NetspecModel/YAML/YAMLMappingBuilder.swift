// MARK: - YAMLMappingBuilder

/// The state of one mapping while it is being parsed: whether a key or a value comes
/// next, duplicate-key detection, and its `<<` merge key. The keys and values themselves
/// wait as node indices on the tree builder's pending list, alternating, from ``start``.
///
/// Duplicate keys are found by comparing key text. Small mappings (the usual case in a
/// spec) are scanned linearly, comparing bytes; from ``indexThreshold`` pairs on, a
/// dictionary is kept.
///
/// Merge keys follow https://yaml.org/type/merge.html: the value of a plain `<<` key (or
/// one tagged `!!merge`) is a mapping or a sequence of mappings, usually aliases. Their
/// pairs are spliced in where the `<<` key was written, skipping keys the mapping writes
/// itself (before or after the `<<`) and keys an earlier source already gave. Merged keys
/// are never duplicates; a second `<<` in one mapping is.
struct YAMLMappingBuilder {
    /// The number of pairs from which duplicate checks use a dictionary.
    static let indexThreshold = 12

    /// Where this mapping's keys and values start on the pending list.
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
    /// A hash of key text (``YAMLStorage/textHash(of:)``) to the first pair with a key of that
    /// hash, kept once the mapping has ``indexThreshold`` pairs. Hashing the stored bytes makes
    /// no string per key; a hash shared by two different texts falls back to comparing them all.
    private var index: [UInt64: Int]?

    /// A `<<` entry: the number of explicit pairs before it, and the mappings it merges,
    /// earliest (strongest) first, as runs of key/value indices in the storage's children.
    private struct Merge {
        var position: Int
        var sources: [Range<Int>]
    }

    /// Creates the state of a mapping whose nodes start at `start` on the pending list.
    init(start: Int) {
        self.start = start
    }

    // MARK: - Adding nodes

    /// Adds the next key or value.
    ///
    /// - Parameters:
    ///   - node: The completed node's index in `storage`.
    ///   - mark: Where the node appears: its own mark, or the alias's mark for an alias.
    ///     A key always gets this mark, so duplicate-key messages point at what was written.
    ///   - pending: The tree builder's pending list, which holds this mapping's keys and values.
    ///   - storage: The document's nodes.
    /// - Throws: A non-scalar key, a duplicate key, or an invalid merge value.
    mutating func add(
        _ node: Int32, at mark: Mark, to pending: inout [Int32], storage: inout YAMLStorage
    ) throws(YAMLError) {
        guard expectsKey else {
            expectsKey = true
            if pendingIsMerge {
                pendingIsMerge = false
                try addMerge(node, at: mark, storage: storage)
            } else {
                pending.append(node)
            }
            return
        }
        let record = storage.record(node)
        guard record.kind == .scalar else { throw .nonScalarKey(at: mark) }
        expectsKey = false
        if record.style == .plain, storage.isScalar(node, withText: "<<"),
           !record.hasTag || storage.tag(of: node) == YAMLScalar.Tag.merge {
            if let first = mergeKeyMark { throw .duplicateKey("<<", first: first, at: mark) }
            mergeKeyMark = mark
            pendingIsMerge = true
            return
        }
        if let first = firstMark(of: node, pending: pending, storage: storage) {
            throw .duplicateKey(storage.text(of: node), first: first, at: mark)
        }
        addToIndex(node, pending: pending, storage: storage)
        pairCount += 1
        pending.append(record.mark == mark ? node : storage.appendCopy(of: node, at: mark))
    }

    /// Moves this mapping's pairs off the pending list into a new mapping node in
    /// `storage`, with merged pairs in place of the `<<` entry, and returns its index.
    consuming func finish(
        _ pending: inout [Int32], storage: inout YAMLStorage, tag: String?, mark: Mark
    ) -> Int32 {
        defer { pending.removeSubrange(start...) }
        guard let merge else {
            return storage.appendCollection(.mapping, children: pending[start...], tag: tag, mark: mark)
        }
        var seen = Set<String>(minimumCapacity: pairCount)
        for key in stride(from: start, to: pending.count, by: 2) { seen.insert(storage.text(of: pending[key])) }
        let mergeAt = start + 2 * merge.position
        var children = Array(pending[start..<mergeAt])
        for source in merge.sources {
            for key in stride(from: source.lowerBound, to: source.upperBound, by: 2)
            where seen.insert(storage.text(of: storage.child(key))).inserted {
                children.append(storage.child(key))
                children.append(storage.child(key + 1))
            }
        }
        children += pending[mergeAt...]
        return storage.appendCollection(.mapping, children: children[...], tag: tag, mark: mark)
    }

    // MARK: - Private helpers

    /// Records a merge key's value, which must be a mapping or a sequence of mappings.
    ///
    /// A sequence item that is not a mapping is reported at the item's own mark (for an
    /// alias, the anchored node's mark).
    private mutating func addMerge(_ value: Int32, at mark: Mark, storage: borrowing YAMLStorage) throws(YAMLError) {
        let record = storage.record(value)
        var sources: [Range<Int>] = []
        switch record.kind {
        case .mapping:
            sources.append(record.contentRange)
        case .sequence:
            sources.reserveCapacity(Int(record.count))
            for item in record.contentRange {
                let itemRecord = storage.record(storage.child(item))
                guard itemRecord.kind == .mapping else { throw .invalidMerge(at: itemRecord.mark) }
                sources.append(itemRecord.contentRange)
            }
        case .scalar:
            throw .invalidMerge(at: mark)
        }
        merge = Merge(position: pairCount, sources: sources)
    }

    /// Records the key of pair number ``pairCount`` in the index, building the index
    /// when the mapping reaches ``indexThreshold`` pairs.
    private mutating func addToIndex(_ key: Int32, pending: [Int32], storage: borrowing YAMLStorage) {
        if index != nil {
            let hash = storage.textHash(of: key)
            if index![hash] == nil { index![hash] = pairCount }
        } else if pairCount + 1 >= Self.indexThreshold {
            var keys = [UInt64: Int](minimumCapacity: 4 * Self.indexThreshold)
            for pair in 0..<pairCount {
                let hash = storage.textHash(of: pending[start + 2 * pair])
                if keys[hash] == nil { keys[hash] = pair }
            }
            let hash = storage.textHash(of: key)
            if keys[hash] == nil { keys[hash] = pairCount }
            index = keys
        }
    }

    /// Where the explicit key with the same text as `key` was first defined, if it was.
    private func firstMark(of key: Int32, pending: [Int32], storage: borrowing YAMLStorage) -> Mark? {
        if let index {
            guard let pair = index[storage.textHash(of: key)] else { return nil }
            let first = pending[start + 2 * pair]
            if storage.haveSameText(first, key) { return storage.record(first).mark }
            // Two texts with one hash: compare with every key.
        }
        for pair in 0..<pairCount where storage.haveSameText(pending[start + 2 * pair], key) {
            return storage.record(pending[start + 2 * pair]).mark
        }
        return nil
    }
}
