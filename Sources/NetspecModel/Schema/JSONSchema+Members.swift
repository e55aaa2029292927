// A compiled schema's declared shape, read for a consumer that builds values the schema
// describes member by member (the mock's stored resources): its properties, its items, and
// the keywords written on it, through `$ref` and `allOf` (as the generator merges them).

extension JSONSchema {
    /// The nodes that declare this schema's shape: itself, then what its `$ref`s, `$dynamicRef`s
    /// and `allOf` branches are, each once (in that order).
    private var shapeNodes: [Int32] {
        var found: [Int32] = []
        var stack: [Int32] = [root]
        while let index = stack.popLast() {
            guard !found.contains(index) else { continue }
            found.append(index)
            var next: [Int32] = []
            for keyword in graph.nodes[Int(index)].keywords {
                switch keyword {
                case let .ref(target), let .dynamicRef(target, _): next.append(target)
                case let .allOf(branches): next += branches
                default: continue
                }
            }
            stack += next.reversed()
        }
        return found
    }

    /// The names under `properties`, in the order they are declared (a `$ref`'s and each `allOf`
    /// branch's after the schema's own), each once.
    package var propertyNames: [String] {
        var names: [String] = []
        for index in shapeNodes {
            for case let .properties(shape) in graph.nodes[Int(index)].keywords {
                for name in shape.names where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The schema of the property `name`, `nil` when no `properties` declares it.
    package func property(named name: String) -> JSONSchema? {
        for index in shapeNodes {
            for case let .properties(shape) in graph.nodes[Int(index)].keywords {
                if let node = shape.node(for: name) { return JSONSchema(graph: graph, root: node) }
            }
        }
        return nil
    }

    /// The names under `required`.
    package var requiredNames: [String] {
        var names: [String] = []
        for index in shapeNodes {
            for case let .required(required) in graph.nodes[Int(index)].keywords {
                for name in required where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The schema of an array's items (`items`, or 2020-12's after `prefixItems`); `nil` when it
    /// declares none.
    package var itemsSchema: JSONSchema? {
        for index in shapeNodes {
            for case let .items(_, rest?) in graph.nodes[Int(index)].keywords { return JSONSchema(graph: graph, root: rest) }
        }
        return nil
    }

    /// Whether its `type` (or that of what it refers to) allows `name` (`"array"`, `"integer"`);
    /// `false` when no `type` is written.
    package func declaresType(_ name: String) -> Bool {
        guard let type = SchemaTypes.named.first(where: { $0.name == name })?.type else { return false }
        for index in shapeNodes {
            for case let .type(types) in graph.nodes[Int(index)].keywords where types.contains(type) { return true }
        }
        return false
    }

    /// A keyword's value as written on the schema or what it refers to (`format`, `readOnly`),
    /// the first found.
    package func keyword(_ name: String) -> JSONValue? {
        for index in shapeNodes {
            if case let .object(object) = graph.nodes[Int(index)].source, let value = object[name] { return value }
        }
        return nil
    }

    /// Whether both are the same schema of the same document, past a node that is only a `$ref`
    /// (two answers' `$ref: '#/components/schemas/Pet'` are both `Pet`).
    package func isSame(as other: JSONSchema) -> Bool {
        let (mine, theirs) = (referent, other.referent)
        if graph === other.graph { return mine == theirs }
        return graph.nodes[Int(mine)].location == other.graph.nodes[Int(theirs)].location
    }

    /// The node a chain of nodes that are only a `$ref` ends at (the schema's own otherwise).
    private var referent: Int32 {
        var index = root
        var hops = 0
        while let next = graph.nodes[Int(index)].reference, hops < 64 {
            index = next
            hops += 1
        }
        return index
    }
}
