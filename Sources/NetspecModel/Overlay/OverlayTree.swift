/// A document being changed by overlays, in the storage the front ends read.
///
/// Why this shape: the document's nodes are copied once (three flat arrays, a few memcpys for a
/// 3 MB document) and never changed; an action appends what it adds (copied from the overlay,
/// each node marked with the overlay's file, so a problem in it is reported there) and a changed
/// copy of each mapping or sequence on the way from the root to the node it changed, which then
/// share every untouched child with the document. Positions so stay the document's for what it
/// wrote and the overlay's for what the overlay added. A node never changes once stored, so its
/// JSON, made for a query's filter (``places(_:)``), is kept by its index and stays right.
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

    /// The node at `components` below node `start` (a place a query selected, so it exists).
    func node(at components: [JSONPath.PathComponent], from start: Int32) -> Int32 {
        var node = start
        for component in components {
            node = storage.child(Int(storage.record(node).first) + slot(of: component, in: node))
        }
        return node
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

    /// Puts each value at its path in place of what is there, no path inside another (``nests(_:)``):
    /// each node on the ways from the root copied once, however many changes are below it (an
    /// update of `$.components.schemas.*.properties.id` changes 251 of OpenAI's 1,422 schemas,
    /// and copying the schemas' mapping once per change made the overlay cost more than reading
    /// the document). A path given twice takes its first value. Targets inside others are
    /// ``update(_:with:)``'s.
    mutating func replace(_ changes: [(path: JSONPath.NormalizedPath, value: Int32)]) {
        root = rebuilt(root, changes.map { ($0.path.components[...], $0.value) })
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

    // MARK: - Targets inside targets

    /// One update's targets, one inside another: what updating each in turn gives, each merged
    /// into what the ones before made (an inner target into the outer one's result, or the outer
    /// one over the inner one's), in one pass. The caller gives each place once
    /// (``distinct(_:)``); one given twice would be updated twice.
    ///
    /// Why: applied one by one, each target's chain of nodes from the root was copied again, and
    /// a sequence selected many times copied all it had gathered each time (`$..*..*..*` with
    /// `update: {}` over arrays nested 40 deep, 9,880 targets, took 13 s; four `..*` more than a
    /// minute and 754 MB). Here each node is copied once per run of changes to it: the targets
    /// below a node are grouped by the child they go through, in their order, until the node
    /// itself is updated; and a sequence's own updates, which append after its items, are
    /// gathered and made at once, as they change no item a target inside it reaches.
    ///
    /// Returns `nil`, or the position of the first target whose place an earlier one took away
    /// (an object replaced by the update): the tree is then as the targets before it made it.
    mutating func update(_ targets: [JSONPath.NormalizedPath], with source: Int32) -> Int? {
        var pass = Pass(paths: targets.map(\.components), source: source)
        let updated = updating(root, depth: 0, targets: Array(targets.indices), &pass)
        guard let gone = pass.gone else {
            root = updated
            return nil
        }
        var before = Pass(paths: pass.paths, source: source)
        root = updating(root, depth: 0, targets: Array(0..<gone), &before)
        return gone
    }

    /// An ``update(_:with:)`` under way: the targets' paths, the update, and the first target found gone.
    private struct Pass {
        let paths: [[JSONPath.PathComponent]]
        let source: Int32
        var gone: Int?
    }

    /// `node` (at depth `depth`) with `targets` (positions in `pass.paths`, in order) at or below
    /// it updated one after the other.
    private mutating func updating(_ node: Int32, depth: Int, targets: [Int], _ pass: inout Pass) -> Int32 {
        var current = node
        var below = Below()
        var appends = 0  // Updates of `current`, a sequence, not made yet.
        for target in targets {
            let path = pass.paths[target]
            guard depth < path.count else {
                if isSequence(current) {
                    appends += 1
                } else {
                    current = updated(updating(current, below: &below, depth: depth, &pass), with: pass.source)
                }
                continue
            }
            if appends > 0, existingSlot(of: path[depth], in: current) == nil {
                // A place among what the appends add: made first, as in order.
                current = appending(appends, to: updating(current, below: &below, depth: depth, &pass), pass.source)
                appends = 0
            }
            below.add(target, at: path[depth])
        }
        current = updating(current, below: &below, depth: depth, &pass)
        return appends > 0 ? appending(appends, to: current, pass.source) : current
    }

    /// The targets below a node not yet updated, by the child they go through, children in the
    /// order first reached.
    private struct Below {
        var byChild: [JSONPath.PathComponent: [Int]] = [:]
        var children: [JSONPath.PathComponent] = []

        mutating func add(_ target: Int, at child: JSONPath.PathComponent) {
            if byChild[child] == nil { children.append(child) }
            byChild[child, default: []].append(target)
        }
    }

    /// `node` with the targets in `below` updated, each child once; `below` emptied. A child no
    /// longer there is noted in `pass.gone`.
    private mutating func updating(_ node: Int32, below: inout Below, depth: Int, _ pass: inout Pass) -> Int32 {
        guard !below.children.isEmpty else { return node }
        defer { below = Below() }
        var items = children(of: node)
        for child in below.children {
            let targets = below.byChild[child]!
            guard let slot = existingSlot(of: child, in: node) else {
                pass.gone = min(pass.gone ?? .max, targets[0])
                continue
            }
            items[slot] = updating(items[slot], depth: depth + 1, targets: targets, &pass)
        }
        return storage.appendCollection(kind(of: node), children: items, like: node)
    }

    /// The sequence `target` updated with `source` `count` times: its items, then what each
    /// update appends (`source`'s items for a sequence, `source` itself otherwise).
    private mutating func appending(_ count: Int, to target: Int32, _ source: Int32) -> Int32 {
        let added = isSequence(source) ? children(of: source) : [source]
        var items = children(of: target)
        items.reserveCapacity(items.count + count * added.count)
        for _ in 0..<count { items += added }
        return storage.appendCollection(.sequence, children: items, like: target)
    }

    /// Where in `parent`'s children `component` is (a mapping's value slot), or `nil` when
    /// `parent` has no such member or item.
    private func existingSlot(of component: JSONPath.PathComponent, in parent: Int32) -> Int? {
        let record = storage.record(parent)
        switch (component, record.kind) {
        case let (.index(index), .sequence) where index < Int(record.count):
            return index
        case let (.name(name), .mapping):
            return storage.position(ofKey: name, inPairsFrom: Int(record.first), count: Int(record.count) / 2).map { 2 * $0 + 1 }
        default:
            return nil
        }
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

    /// `target` with an update's or a copy's `source` applied: appended to a sequence target as
    /// one item when it is not a sequence itself, merged otherwise (``merge(_:into:)``).
    mutating func updated(_ target: Int32, with source: Int32) -> Int32 {
        isSequence(target) && !isSequence(source) ? append(source, to: target) : merge(source, into: target)
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
