/// A document being changed by overlays, in the storage the front ends read.
///
/// Why this shape: the document's nodes are copied once (three flat arrays, a few memcpys for a
/// 3 MB document) and never changed; an action appends what it adds (copied from the overlay,
/// each node marked with the overlay's file, so a problem in it is reported there) and a changed
/// copy of each mapping or sequence on the way from the root to the node it changed, which then
/// share every untouched child with the document. Positions so stay the document's for what it
/// wrote and the overlay's for what the overlay added. A node never changes once stored, so its
/// JSON, made for a query (``locate(_:)``), is kept by its index and stays right.
struct OverlayTree {
    private(set) var storage: YAMLStorage
    private(set) var root: Int32
    /// The JSON of the nodes queries ran on, by index.
    private var json: [Int32: JSONValue] = [:]

    init(_ document: YAMLNode) {
        storage = YAMLStorage(copying: document.document.storage, reservingExtra: 1 << 16)
        root = document.index
    }

    /// The changed document, for a front end.
    var result: YAMLNode { YAMLNode(YAMLDocument(storage), index: root) }

    /// Node `index` as JSON, made once.
    private mutating func jsonValue(of index: Int32) -> JSONValue {
        if let known = json[index] { return known }
        let value = YAMLNode(YAMLDocument(storage), index: index).jsonValue
        json[index] = value
        return value
    }

    // MARK: - Queries

    /// The places `query` selects in the tree, in the RFC's order.
    ///
    /// Why not on the whole document as JSON: making it is most of what an overlay costs on a big
    /// document. The query's first segments that select one member or item by name or index
    /// (`$.paths['/pets'].get`) are walked on the tree itself, and the rest runs on the JSON of
    /// the node they reach only; a query whose filters might refer to the root (`$` after its
    /// first character) runs on the root's JSON.
    mutating func locate(_ query: JSONPath) -> [JSONPath.NormalizedPath] {
        var node = root
        var prefix: [JSONPath.PathComponent] = []
        var rest = query.segments[...]
        walk: while !query.text.dropFirst().contains("$"), let segment = rest.first, !segment.isDescendant, segment.selectors.count == 1 {
            let record = storage.record(node)
            let component: JSONPath.PathComponent
            switch (segment.selectors[0], record.kind) {
            case let (.name(name), .mapping):
                guard let pair = storage.position(ofKey: name, inPairsFrom: Int(record.first), count: Int(record.count) / 2) else { return [] }
                node = storage.child(Int(record.first) + 2 * pair + 1)
                component = .name(name)
            case let (.index(index), .sequence):
                let position = index >= 0 ? index : Int(record.count) + index
                guard position >= 0, position < Int(record.count) else { return [] }
                node = storage.child(Int(record.first) + position)
                component = .index(position)
            case (.name, _), (.index, _):
                return []
            default:
                break walk
            }
            prefix.append(component)
            rest = rest.dropFirst()
        }
        if rest.isEmpty { return [JSONPath.NormalizedPath(prefix)] }
        let value = jsonValue(of: node)
        var evaluator = JSONPathEvaluator(root: value, tracksPaths: true)
        return evaluator.evaluate(Array(rest), from: JSONPathEvaluator.Node(value: value, path: .root)).map {
            JSONPath.NormalizedPath(prefix + JSONPath.NormalizedPath(link: $0.path).components)
        }
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
    private func children(of index: Int32) -> [Int32] {
        storage.record(index).contentRange.map { storage.child($0) }
    }

    // MARK: - Changing nodes

    /// Puts node `value` at `path` in place of what is there.
    mutating func replace(at path: JSONPath.NormalizedPath, with value: Int32) {
        rebuild(path.components[...], placing: value)
    }

    /// Removes the node at `path` (not the root) from its mapping or sequence.
    mutating func remove(at path: JSONPath.NormalizedPath) {
        let components = path.components[...]
        let parentPath = components.dropLast()
        let parent = chain(along: parentPath).last!
        var items = children(of: parent)
        let slot = slot(of: components.last!, in: parent)
        let isMapping = storage.record(parent).kind == .mapping
        items.removeSubrange(isMapping ? slot - 1...slot : slot...slot)
        rebuild(parentPath, placing: storage.appendCollection(storage.record(parent).kind, children: items, like: parent))
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
