// Schemas that apply to themselves without reaching into the value (`a: {$ref: b}`,
// `b: {allOf: [{$ref: a}]}`) would validate forever; the specification leaves their meaning
// undefined (JSON Schema 2020-12 core, §9.4.1). They are refused when compiled, where written.

extension SchemaCompilation {
    /// Throws when a node from `first` on is on a cycle of keywords that apply to the same value
    /// (`$ref`, `$dynamicRef`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
    /// `dependentSchemas`). Nodes compiled earlier were checked then, and refer only to each other.
    func checkForSelfApplication(from first: Int) throws(SchemaError) {
        guard first < nodes.count else { return }
        // 0: not visited, 1: on the path being walked, 2: done (no cycle through it).
        var state = [UInt8](repeating: 0, count: nodes.count - first)
        var path: [(node: Int32, keyword: Int)] = []
        for start in first..<nodes.count where state[start - first] == 0 {
            // An explicit stack of (node, next edge to try), so that long chains do not recurse.
            var stack: [(node: Int32, edges: [(target: Int32, keyword: Int)], next: Int)] = [(Int32(start), inPlaceEdges(Int32(start)), 0)]
            state[start - first] = 1
            while !stack.isEmpty {
                let top = stack.count - 1
                guard stack[top].next < stack[top].edges.count else {
                    state[Int(stack[top].node) - first] = 2
                    stack.removeLast()
                    if !path.isEmpty { path.removeLast() }
                    continue
                }
                let (target, keyword) = stack[top].edges[stack[top].next]
                stack[top].next += 1
                let position = Int(target) - first
                guard position >= 0 else { continue }
                switch state[position] {
                case 1:
                    path.append((stack[top].node, keyword))
                    let cycleStart = path.firstIndex { $0.node == target } ?? 0
                    let (node, written) = path[path.count - 1]
                    // Each schema by its pointer (`#/$defs/a`), with its document when that is another one.
                    let document = nodes[Int(node)].location.documentURI
                    let names = (path[cycleStart...].map(\.node) + [target]).map { index in
                        let location = nodes[Int(index)].location
                        return (location.documentURI == document ? "" : location.documentURI) + "#" + location.pointer
                    }
                    throw SchemaError(
                        message: "the schema applies to itself without reaching into the value (" + names.joined(separator: " → ")
                            + "), so no value could be validated",
                        location: nodes[Int(node)].keywordLocations[written].description)
                case 0:
                    path.append((stack[top].node, keyword))
                    state[position] = 1
                    stack.append((target, inPlaceEdges(target), 0))
                default:
                    continue
                }
            }
        }
    }

    /// The nodes that node `index`'s keywords apply to the value itself, with the keyword's position.
    private func inPlaceEdges(_ index: Int32) -> [(target: Int32, keyword: Int)] {
        var edges: [(target: Int32, keyword: Int)] = []
        for (position, keyword) in nodes[Int(index)].keywords.enumerated() {
            switch keyword {
            case let .ref(target), let .dynamicRef(target, _), let .not(target):
                edges.append((target, position))
            case let .allOf(branches), let .anyOf(branches, _), let .oneOf(branches, _):
                edges += branches.map { ($0, position) }
            case let .conditional(condition, then, otherwise):
                edges += [condition, then, otherwise].compactMap { $0 }.map { ($0, position) }
            case let .dependentSchemas(list):
                edges += list.map { ($0.node, position) }
            default:
                continue
            }
        }
        return edges
    }
}
