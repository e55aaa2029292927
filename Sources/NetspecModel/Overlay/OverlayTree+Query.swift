/// An overlay action's JSONPath target evaluated on the tree itself.
///
/// Why not on the document as JSON: making the JSON of a 3 MB document is most of what an
/// overlay would cost (a whole-document query such as `$.paths..parameters[?@.in == 'header']`
/// took a cold `validate` of OpenAI's document to 1.49× when it ran on the JSON). Names,
/// indexes, wildcards, slices and descendants are walked on the tree's records; a filter makes
/// the JSON of the one candidate it tests (kept by index, ``OverlayTree/jsonValue(of:)``), so
/// only the nodes a filter looks at become JSON (a filter under `..` runs on the JSON of the
/// node the descent starts from). A query whose filters may refer to the root
/// (`$` after its first character) runs on the root's JSON, as RFC 9535 §2.3.5 needs it whole.
extension OverlayTree {
    /// A node a query reached, with where it is.
    private struct Reached {
        var index: Int32
        var path: [JSONPath.PathComponent]
    }

    /// A place a query selected: its normalized path and the node there, as the query reached it.
    struct Place {
        var path: JSONPath.NormalizedPath
        var node: Int32
    }

    /// The places `query` selects in the tree, in the RFC's order, each with its node: what is
    /// done with them needs no walk from the root to find it again.
    mutating func places(_ query: JSONPath) -> [Place] {
        if query.text.dropFirst().contains("$") {
            return locateOnJSON(query.segments, from: [Reached(index: root, path: [])], root: jsonValue(of: root))
        }
        var evaluator = JSONPathEvaluator(root: .null, tracksPaths: false)
        var nodes = [Reached(index: root, path: [])]
        for (position, segment) in query.segments.enumerated() {
            if segment.isDescendant, segment.selectors.contains(where: { if case .filter = $0 { true } else { false } }) {
                return locateOnJSON(Array(query.segments[position...]), from: nodes)
            }
            var next: [Reached] = []
            for node in nodes {
                if segment.isDescendant {
                    var steps: [Step] = []
                    descend(from: node.index, base: node.path, steps: &steps, applying: segment.selectors, evaluator: &evaluator, into: &next)
                } else {
                    for selector in segment.selectors { apply(selector, to: node.index, path: node.path, evaluator: &evaluator, into: &next) }
                }
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes.map { Place(path: JSONPath.NormalizedPath($0.path), node: $0.index) }
    }

    /// The rest of a query run on the JSON of each node reached: a filter under `..` tests every
    /// descendant, and making each one's JSON apart would make the subtree's many times over.
    /// `root` is the document's JSON for a query whose filters refer to `$`. A place's node is
    /// found from the node its run started at.
    private mutating func locateOnJSON(_ segments: [JSONPath.Segment], from nodes: [Reached], root: JSONValue = .null) -> [Place] {
        var evaluator = JSONPathEvaluator(root: root, tracksPaths: true)
        var places: [Place] = []
        for node in nodes {
            let value = jsonValue(of: node.index)
            for found in evaluator.evaluate(segments, from: JSONPathEvaluator.Node(value: value, path: .root)) {
                let relative = JSONPath.NormalizedPath(link: found.path).components
                places.append(Place(path: JSONPath.NormalizedPath(node.path + relative), node: self.node(at: relative, from: node.index)))
            }
        }
        return places
    }

    /// A step of the path to a node the descent is in: a key's node stands for its name until a
    /// match needs it, so walking a big subtree makes no string per member.
    private enum Step {
        case index(Int)
        case key(Int32)
    }

    /// `..`: the selectors applied to the node, then to each of its descendants in document order;
    /// `steps` lead from `base` to the node, grown and shrunk on the way down.
    private mutating func descend(
        from node: Int32, base: [JSONPath.PathComponent], steps: inout [Step], applying selectors: [JSONPath.Selector],
        evaluator: inout JSONPathEvaluator, into result: inout [Reached]
    ) {
        let found = result.count
        for selector in selectors { apply(selector, to: node, path: [], evaluator: &evaluator, into: &result) }
        if result.count > found {
            let path = base + steps.map { step -> JSONPath.PathComponent in
                switch step {
                case let .index(index): .index(index)
                case let .key(key): .name(storage.text(of: key))
                }
            }
            for position in found..<result.count { result[position].path = path + result[position].path }
        }
        let record = storage.record(node)
        switch record.kind {
        case .sequence:
            for position in 0..<Int(record.count) {
                steps.append(.index(position))
                descend(from: storage.child(Int(record.first) + position), base: base, steps: &steps, applying: selectors, evaluator: &evaluator, into: &result)
                steps.removeLast()
            }
        case .mapping:
            for pair in stride(from: Int(record.first), to: Int(record.first + record.count), by: 2) {
                steps.append(.key(storage.child(pair)))
                descend(from: storage.child(pair + 1), base: base, steps: &steps, applying: selectors, evaluator: &evaluator, into: &result)
                steps.removeLast()
            }
        case .scalar:
            break
        }
    }

    /// One selector applied to one node (RFC 9535 §2.3.1–2.3.5), as the JSON evaluator does.
    private mutating func apply(
        _ selector: JSONPath.Selector, to node: Int32, path: [JSONPath.PathComponent],
        evaluator: inout JSONPathEvaluator, into result: inout [Reached]
    ) {
        let record = storage.record(node)
        let first = Int(record.first)
        switch (selector, record.kind) {
        case let (.name(name), .mapping):
            if let pair = storage.position(ofKey: name, inPairsFrom: first, count: Int(record.count) / 2) {
                result.append(Reached(index: storage.child(first + 2 * pair + 1), path: path + [.name(name)]))
            }
        case (.wildcard, .sequence):
            for position in 0..<Int(record.count) {
                result.append(Reached(index: storage.child(first + position), path: path + [.index(position)]))
            }
        case (.wildcard, .mapping):
            for pair in stride(from: first, to: first + Int(record.count), by: 2) {
                result.append(Reached(index: storage.child(pair + 1), path: path + [.name(storage.text(of: storage.child(pair)))]))
            }
        case let (.index(index), .sequence):
            let position = index >= 0 ? index : Int(record.count) + index
            if position >= 0, position < Int(record.count) {
                result.append(Reached(index: storage.child(first + position), path: path + [.index(position)]))
            }
        case let (.slice(start, end, step), .sequence):
            for position in JSONPathEvaluator.slice(count: Int(record.count), start: start, end: end, step: step ?? 1) {
                result.append(Reached(index: storage.child(first + position), path: path + [.index(position)]))
            }
        case let (.filter(expression), .sequence):
            for position in 0..<Int(record.count) {
                let item = storage.child(first + position)
                if evaluator.test(expression, current: jsonValue(of: item)) {
                    result.append(Reached(index: item, path: path + [.index(position)]))
                }
            }
        case let (.filter(expression), .mapping):
            for pair in stride(from: first, to: first + Int(record.count), by: 2) {
                let value = storage.child(pair + 1)
                if evaluator.test(expression, current: jsonValue(of: value)) {
                    result.append(Reached(index: value, path: path + [.name(storage.text(of: storage.child(pair)))]))
                }
            }
        default:
            // A name of a sequence, an index of a mapping, anything of a scalar: nothing.
            break
        }
    }
}
