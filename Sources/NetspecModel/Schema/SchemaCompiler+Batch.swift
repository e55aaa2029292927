// Compiling many schemas of one document at once (a check of a whole document compiles every
// schema its operations use), and undoing a compile that fails without copying the compiler's state.
//
// Each compile used to keep a copy of the whole state to restore on failure, and each compiled
// schema a snapshot of the node array that the next compile's first node then copied again:
// compiling all of Stripe's schemas one by one took 30 s and 10.7 GB. Here a compile that fails
// removes the nodes it added (and what names them), and a batch makes one graph for all; the
// nodes themselves are shared by every graph without copies (SchemaNodeStore.swift).

extension SchemaCompiler {
    /// An inline schema to compile: `node`, in the document at `document` (its `$ref`s resolve
    /// against it), read from `file`.
    package struct InlineSchema: Sendable {
        package var node: YAMLNode
        package var document: String
        package var file: String?

        package init(node: YAMLNode, document: String, file: String?) {
            self.node = node
            self.document = document
            self.file = file
        }
    }

    /// Each schema compiled, in order, as ``compile(node:in:file:)`` compiles it alone, in one
    /// pass over the compiler's state: what they share is compiled once, a schema that fails
    /// leaves nothing behind, and those that compile share one graph. Costs about what compiling
    /// them all together does, however many there are.
    package func compileAll(_ schemas: [InlineSchema]) -> [Result<JSONSchema, SchemaError>] {
        state.withLockedValue { compilation in
            let roots = schemas.map { schema in
                compilation.attempt { (compilation) throws(SchemaError) in
                    try compilation.inlineRoot(schema.node, in: schema.document, file: schema.file)
                }
            }
            let graph = compilation.graph()
            return roots.map { $0.map { JSONSchema(graph: graph, root: $0) } }
        }
    }

    /// Why the inline schema `node` cannot be compiled; `nil` when it can (it is then kept
    /// compiled, as ``compile(node:in:file:)`` keeps it, but no graph is made for it).
    func compileError(node: YAMLNode, in documentURI: String, file: String?) -> SchemaError? {
        state.withLockedValue { compilation in
            let result = compilation.attempt { (compilation) throws(SchemaError) in
                try compilation.inlineRoot(node, in: documentURI, file: file)
            }
            guard case let .failure(error) = result else { return nil }
            return error
        }
    }
}

extension SchemaCompilation {
    /// What a compile that fails undoes: the nodes from ``nodes`` on, the resources from
    /// ``resources`` on.
    struct Checkpoint {
        var nodes: Int
        var resources: Int
        var usesDynamicScope: Bool
    }

    /// The root node of the inline schema `node` of the document at `documentURI`: the node is
    /// its own document (`documentURI` and its index), whose base is `documentURI`.
    mutating func inlineRoot(_ node: YAMLNode, in documentURI: String, file: String?) throws(SchemaError) -> Int32 {
        let key = documentURI + "\u{0}\(node.index)"
        addDocument(.yaml(node, file: file), key: key, base: documentURI)
        return try root(document: key, pointer: "")
    }

    /// Runs `body`, which names a root, and compiles everything it reaches; on error, what it
    /// compiled is undone (documents it read and indexed stay read: they are the same whoever
    /// reads them next).
    mutating func attempt(_ body: (inout SchemaCompilation) throws(SchemaError) -> Int32) -> Result<Int32, SchemaError> {
        let checkpoint = Checkpoint(nodes: nodes.count, resources: resources.count, usesDynamicScope: usesDynamicScope)
        do throws(SchemaError) {
            let root = try body(&self)
            try drain()
            try checkForSelfApplication(from: checkpoint.nodes)
            return .success(root)
        } catch {
            rollBack(to: checkpoint)
            return .failure(error)
        }
    }

    /// Removes the nodes made since `checkpoint` (with their names, warnings and pending work)
    /// and the resources numbered since. Nodes before it never refer to later ones.
    mutating func rollBack(to checkpoint: Checkpoint) {
        pending.removeAll()
        if checkpoint.nodes < nodes.count {
            for index in checkpoint.nodes..<nodes.count {
                nodeIndex[nodes[index].location.documentURI + "#" + nodes[index].location.pointer] = nil
            }
            nodes.removeAll(from: checkpoint.nodes)
            if warnings.keys.contains(where: { Int($0) >= checkpoint.nodes }) {
                warnings = warnings.filter { Int($0.key) < checkpoint.nodes }
            }
        }
        if checkpoint.resources < resources.count {
            let limit = Int32(checkpoint.resources)
            resources = resources.filter { $0.value < limit }
            dynamicAnchorNodes = dynamicAnchorNodes.filter { $0.key < limit }
        }
        usesDynamicScope = checkpoint.usesDynamicScope
    }
}
