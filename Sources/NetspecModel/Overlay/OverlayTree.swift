/// A document being changed by overlays, in the storage the front ends read.
///
/// Why this shape: the document's nodes are copied once (three flat arrays, a few memcpys for a
/// 3 MB document) and never changed; an action appends what it adds (copied from the overlay,
/// each node marked with the overlay's file, so a problem in it is reported there) and a changed
/// copy of each mapping or sequence on the way from the root to the node it changed, which then
/// share every untouched child with the document. Positions so stay the document's for what it
/// wrote and the overlay's for what the overlay added. A node never changes once stored, so its
/// JSON, made for a query's filter (``locate(_:)``), is kept by its index and stays right.
struct OverlayTree {
    private(set) var storage: YAMLStorage
    private(set) var root: Int32
    /// The JSON of the nodes filters tested, by index (``jsonValue(of:)``).
    var json: [Int32: JSONValue] = [:]

    init(_ document: YAMLNode) {
        storage = YAMLStorage(copying: document.document.storage, reservingExtra: 1 << 16)
        root = document.index
    }

    /// The changed document, for a front end.
    var result: YAMLNode { YAMLNode(YAMLDocument(storage), index: root) }

    /// Node `index` as JSON, made once.
    mutating func jsonValue(of index: Int32) -> JSONValue {
        if let known = json[index] { return known }
        let value = YAMLNode(YAMLDocument(storage), index: index).jsonValue
        json[index] = value
        return value
    }

    // MARK: - Finding nodes

    /// The node at `path` (one of the JSONPath's results, so it exists).
    func node(at path: JSONPath.NormalizedPath) -> Int32 {
        chain(along: path.components[...]).last!
    }

    /// The nodes from the root to the one at `components`, both included.
    private func chain(along components: ArraySlice<JSONPath.PathComponent>) -> [Int32] {
        var chain = [root]
        for component in components {
            let parent = chain.last!
            chain.append(storage.child(Int(storage.record(parent).first) + slot(of: component, in: parent)))
        }
        return chain
    }

    /// Where in `parent`'s children the value `component` names is (a mapping's value slot).
    private func slot(of component: JSONPath.PathComponent, in parent: Int32) -> Int {
        let record = storage.record(parent)
        switch component {
        case let .index(index): return index
        case let .name(name):
            let pair = storage.position(ofKey: name, inPairsFrom: Int(record.first), count: Int(record.count) / 2)!
            return 2 * pair + 1
        }
    }

    /// The children of node `index`, in order (key and value alternating for a mapping).
    func children(of index: Int32) -> [Int32] {
        storage.record(index).contentRange.map { storage.child($0) }
    }

    // MARK: - Changing nodes

    /// Puts node `value` at `path` in place of what is there.
    mutating func replace(at path: JSONPath.NormalizedPath, with value: Int32) {
        rebuild(path.components[...], placing: value)
    }

    /// Puts each value at its path in place of what is there, when no path is inside another:
    /// each node on the ways from the root copied once, however many changes are below it (an
    /// update of `$.components.schemas.*.properties.id` changes 251 of OpenAI's 1,422 schemas,
    /// and copying the schemas' mapping once per change made the overlay cost more than reading
    /// the document). Returns `false`, changing nothing, when one path is inside another: those
    /// are applied one by one, in order, by ``replace(at:with:)``.
    mutating func replace(_ changes: [(path: JSONPath.NormalizedPath, value: Int32)]) -> Bool {
        let paths = Set(changes.map(\.path.components))
        for change in changes where !change.path.components.isEmpty {
            for length in 0..<change.path.components.count where paths.contains(Array(change.path.components.prefix(length))) {
                return false
            }
        }
        root = rebuilt(root, changes.map { ($0.path.components[...], $0.value) })
        return true
    }

    /// `node` with each change below it made, the changes' paths relative to it.
    private mutating func rebuilt(_ node: Int32, _ changes: [(components: ArraySlice<JSONPath.PathComponent>, value: Int32)]) -> Int32 {
        if let whole = changes.first(where: \.components.isEmpty) { return whole.value }
        var items = children(of: node)
        var bySlot: [Int: [(components: ArraySlice<JSONPath.PathComponent>, value: Int32)]] = [:]
        var slots: [Int] = []
        for change in changes {
            let slot = slot(of: change.components.first!, in: node)
            if bySlot[slot] == nil { slots.append(slot) }
            bySlot[slot, default: []].append((change.components.dropFirst(), change.value))
        }
        for slot in slots { items[slot] = rebuilt(items[slot], bySlot[slot]!) }
        return storage.appendCollection(storage.record(node).kind, children: items, like: node)
    }

    /// Removes the nodes at `paths` (none the root) from the mappings and sequences holding them,
    /// all at once: each mapping or sequence on the ways from the root copied once, without the
    /// members and items removed from it. A place selected twice (`$.servers[0,0]`: a node list
    /// may hold duplicates), a later item before an earlier one (`$.servers[1,0]`,
    /// `$..[?@.a, ?@.b]`) and a place inside another removed one are each removed once, the
    /// item selected and no other (one by one, in the target's order, the first two removed the
    /// item after the one selected, a member named twice crashed, and `$..description` on
    /// OpenAI's document took 20 s).
    mutating func remove(_ paths: [JSONPath.NormalizedPath]) {
        let all = Set(paths.map(\.components))
        let outermost = paths.map(\.components).filter { path in
            !(1..<max(path.count, 1)).contains { all.contains(Array(path.prefix($0))) }
        }
        root = removing(outermost.map { $0[...] }, from: root)
    }

    /// `node` without the places at `paths` (relative to it, none empty).
    private mutating func removing(_ paths: [ArraySlice<JSONPath.PathComponent>], from node: Int32) -> Int32 {
        var items = children(of: node)
        var removed = Set<Int>()
        var below: [Int: [ArraySlice<JSONPath.PathComponent>]] = [:]
        for path in paths {
            let slot = slot(of: path.first!, in: node)
            if path.count == 1 { removed.insert(slot) } else { below[slot, default: []].append(path.dropFirst()) }
        }
        for (slot, paths) in below where !removed.contains(slot) { items[slot] = removing(paths, from: items[slot]) }
        let nodeKind = kind(of: node)
        // A mapping's member is its key and its value; the slot is the value's (2 × pair + 1).
        let kept = items.indices.filter { !removed.contains(nodeKind == .mapping ? $0 | 1 : $0) }.map { items[$0] }
        return storage.appendCollection(nodeKind, children: kept, like: node)
    }

    /// Makes the root the same tree with `value` at `components`: a changed copy of each node
    /// on the way.
    private mutating func rebuild(_ components: ArraySlice<JSONPath.PathComponent>, placing value: Int32) {
        let chain = chain(along: components)
        var current = value
        for (level, component) in zip(components.indices, components).reversed() {
            let parent = chain[level - components.startIndex]
            var items = children(of: parent)
            items[slot(of: component, in: parent)] = current
            current = storage.appendCollection(storage.record(parent).kind, children: items, like: parent)
        }
        root = current
    }

    /// `update` merged into the node `target` by the Overlay Specification's rules: a mapping's
    /// properties merged one by one (new ones inserted after the others, a mapping into a mapping
    /// recursively), a sequence's items appended to a sequence, anything else replaced.
    mutating func merge(_ update: Int32, into target: Int32) -> Int32 {
        let (targetKind, updateKind) = (storage.record(target).kind, storage.record(update).kind)
        switch (targetKind, updateKind) {
        case (.mapping, .mapping):
            var items = children(of: target)
            let additions = children(of: update)
            for pair in stride(from: 0, to: additions.count, by: 2) {
                let (key, value) = (additions[pair], additions[pair + 1])
                if let existing = stride(from: 0, to: items.count, by: 2).first(where: { storage.haveSameText(items[$0], key) }) {
                    items[existing + 1] = merge(value, into: items[existing + 1])
                } else {
                    items += [key, value]
                }
            }
            return storage.appendCollection(.mapping, children: items, like: target)
        case (.sequence, .sequence):
            return storage.appendCollection(.sequence, children: children(of: target) + children(of: update), like: target)
        default:
            return update
        }
    }

    /// Appends `item` to the sequence `target`.
    mutating func append(_ item: Int32, to target: Int32) -> Int32 {
        storage.appendCollection(.sequence, children: children(of: target) + [item], like: target)
    }

    /// Whether node `index` is a sequence.
    func isSequence(_ index: Int32) -> Bool { storage.record(index).kind == .sequence }

    /// Adds a copy of `node` (an overlay's), every node of it marked as `file`'s, and returns it.
    mutating func add(_ node: YAMLNode, file: String) -> Int32 {
        let source = node.document.storage
        let record = source.record(node.index)
        let added: Int32
        switch record.kind {
        case .scalar:
            added = source.withColumns { columns in
                storage.appendScalar(
                    UnsafeBufferPointer(rebasing: columns.bytes[record.contentRange]), style: record.style,
                    tag: source.tag(of: node.index), mark: record.mark)
            }
        case .mapping, .sequence:
            let items = record.contentRange.map { add(YAMLNode(node.document, index: source.child($0)), file: file) }
            added = storage.appendCollection(record.kind, children: items[...], tag: source.tag(of: node.index), mark: record.mark)
        }
        storage.setFile(node.mark.file ?? file, of: added)
        return added
    }
}
