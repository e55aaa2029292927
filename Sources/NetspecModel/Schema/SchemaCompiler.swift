internal import NIOConcurrencyHelpers

// The compiler: schemas in documents (by URI and JSON pointer, or inline YAML nodes) to one shared
// graph of compiled nodes, one node per (document, pointer), references resolved to node indices.

/// Compiles schemas from the documents of a ``SchemaRegistry`` into ``JSONSchema`` values.
///
/// Compiling many schemas from one document shares work: each (document, JSON pointer) becomes
/// one compiled node, once, however many schemas reach it, and only the schemas asked for (and
/// what they refer to) are compiled. A `$ref` is compiled to the index of its target's node, so a
/// schema that refers to itself (Kubernetes' `JSONSchemaProps`) compiles to a cycle in the graph.
/// Safe to use from several threads (the compiler's state is behind a lock).
///
/// A compile that fails undoes the nodes it made (SchemaCompiler+Batch.swift), rather than
/// restoring a copy of the whole state taken before: copying it made each compile cost what
/// everything compiled so far does, and compiling every schema of a big document cost its size
/// squared. ``compileAll(_:)`` compiles many schemas in one pass into one shared graph.
package final class SchemaCompiler: Sendable {
    let state: NIOLockedValueBox<SchemaCompilation>

    /// A compiler for schemas in `dialect`, with no documents but those it is given.
    package convenience init(dialect: SchemaDialect = .draft2020_12, options: SchemaOptions = SchemaOptions()) {
        self.init(dialect: dialect, registry: SchemaRegistry(), options: options)
    }

    /// A compiler for schemas in `dialect`, reading documents from `registry`.
    init(dialect: SchemaDialect = .draft2020_12, registry: SchemaRegistry, options: SchemaOptions = SchemaOptions()) {
        state = NIOLockedValueBox(SchemaCompilation(dialect: dialect, options: options, registry: registry))
    }

    /// The schema at `pointer` (`#/components/schemas/Pet` or `/components/schemas/Pet`) of the
    /// document at `documentURI`.
    package func compile(pointer: String, in documentURI: String) throws(SchemaError) -> JSONSchema {
        let pointer = pointer.hasPrefix("#") ? String(pointer.dropFirst()) : pointer
        return try run(keepingDocuments: true) { (compilation) throws(SchemaError) in
            try compilation.root(document: documentURI, pointer: SchemaURI.percentDecoded(pointer))
        }
    }

    /// An inline schema: `node`, somewhere in the document at `documentURI` (its `$ref`s resolve
    /// against that document).
    func compile(node: YAMLNode, in documentURI: String, file: String? = nil) throws(SchemaError) -> JSONSchema {
        try run(keepingDocuments: true) { (compilation) throws(SchemaError) in
            try compilation.inlineRoot(node, in: documentURI, file: file)
        }
    }

    /// A schema given as a JSON value, with its own document URI (or a made-up one).
    package func compile(_ schema: JSONValue, uri: String? = nil) throws(SchemaError) -> JSONSchema {
        try run(keepingDocuments: false) { (compilation) throws(SchemaError) in
            let key = uri ?? compilation.makeInlineURI()
            compilation.addDocument(.json(schema), key: key, base: key)
            return try compilation.root(document: key, pointer: "")
        }
    }

    /// Runs `body` on the state; on error, what it compiled is undone. `keepingDocuments`: the
    /// documents it read stay read (each is the same whoever reads it next: a file, a node of
    /// one); otherwise (a JSON value given under a URI another may be given under next) the
    /// whole state is as it was before.
    private func run(keepingDocuments: Bool, _ body: (inout SchemaCompilation) throws(SchemaError) -> Int32) throws(SchemaError) -> JSONSchema {
        let result: Result<JSONSchema, SchemaError> = state.withLockedValue { compilation in
            if keepingDocuments {
                return compilation.attempt(body).map { JSONSchema(graph: compilation.graph(), root: $0) }
            }
            let before = compilation
            do throws(SchemaError) {
                let root = try body(&compilation)
                try compilation.drain()
                try compilation.checkForSelfApplication(from: before.nodes.count)
                return .success(JSONSchema(graph: compilation.graph(), root: root))
            } catch {
                compilation = before
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension SchemaCompiler {
    /// The dialect the compiler reads.
    package var dialect: SchemaDialect { state.withLockedValue { $0.dialect } }

    /// The value at `pointer` of the document at `uri` (read if it was not yet), as JSON; `nil`
    /// when there is none.
    func documentValue(_ uri: String, pointer: String) -> JSONValue? {
        guard let tokens = JSONPointer.tokens(pointer) else { return nil }
        return state.withLockedValue { $0.registry.document(uri)?.value(at: tokens)?.json }
    }

    /// Where a `$ref` written where `base` is the base URI leads, as JSON Schema resolves it: a
    /// schema's `$id` (in a document read, or a built-in meta-schema), an `$anchor` or
    /// `$dynamicAnchor`, or a JSON pointer inside the schema resource `base` names; `nil` when it
    /// leads nowhere. `document` is the one the reference is written in (its identifiers are read
    /// first). For the OpenAPI reader, which follows a 3.1 document's schemas' `$ref`s too.
    func resolveReference(_ reference: String, base: String, in document: String) -> SchemaReferenceTarget? {
        state.withLockedValue { compilation in
            // The identifiers of the document the reference is written in (`$id`s, anchors).
            compilation.index(document)
            let location = SchemaLocation(documentURI: base, pointer: "")
            guard let place = try? compilation.place(of: SchemaURI.resolve(reference, against: base), location: location),
                  let source = compilation.registry.document(place.document), let tokens = JSONPointer.tokens(place.pointer),
                  case let .yaml(root, _) = source, let node = SchemaSource.node(in: root, at: tokens) else { return nil }
            return SchemaReferenceTarget(document: place.document, node: node, base: compilation.baseURI(document: place.document, source: source, tokens: tokens))
        }
    }

    /// The members of a map of schemas (`properties`, `patternProperties`, `dependentSchemas`)
    /// of a schema whose `$ref`s resolve against `base`, as the compiler reads them: a map written
    /// as a `$ref` (DigitalOcean's `properties: {$ref: …}`) is the map it points to, with its
    /// other members added; each member with the base its own `$ref`s resolve against. For
    /// consumers that copy schemas out of their documents (``SchemaExport``).
    func mapMembers(_ map: JSONObject, base: String) -> [(name: String, schema: JSONValue, base: String)] {
        let own = map.map { (name: $0.key, schema: $0.value, base: base) }
        guard case let .string(target)? = map["$ref"] else { return own }
        let resolved = SchemaURI(SchemaURI.resolve(target, against: base))
        let document = resolved.withoutFragment.text
        guard case let .object(members)? = documentValue(document, pointer: SchemaURI.percentDecoded(resolved.fragment ?? "")) else { return own }
        var merged = members.map { (name: $0.key, schema: $0.value, base: document) }
        for member in own where member.name != "$ref" {
            if let index = merged.firstIndex(where: { $0.name == member.name }) { merged[index] = member } else { merged.append(member) }
        }
        return merged
    }
}

/// Where a `$ref` leads (``SchemaCompiler/resolveReference(_:base:in:)``): the document, the node, and
/// the base URI in force there (the document's, or the `$id` of the resource it is in).
struct SchemaReferenceTarget {
    var document: String
    var node: YAMLNode
    var base: String
}

// MARK: - State

/// Everything compiled so far, and what is still to compile.
struct SchemaCompilation {
    let dialect: SchemaDialect
    let options: SchemaOptions
    var registry: SchemaRegistry
    /// The compiled nodes (and placeholders for those still pending).
    var nodes = SchemaNodeList()
    /// `document + "#" + pointer` to node index.
    var nodeIndex: [String: Int32] = [:]
    /// Nodes allocated for a `$ref` target and not compiled yet.
    var pending: [(node: Int32, document: String, pointer: String)] = []
    /// Each document's base URI, when it differs from its key (inline nodes of a document).
    var bases: [String: String] = [:]
    /// Documents whose identifiers have been read.
    var indexed: Set<String> = []
    /// Whether each YAML tree's text may hold an identifier keyword (the registry keeps the trees).
    var treesWithIdentifiers: [ObjectIdentifier: Bool] = [:]
    /// Absolute URIs (`uri` of a resource, `uri#name` of an anchor) to their place.
    var targets: [String: (document: String, pointer: String)] = [:]
    /// A document's URI to the `$id` of its root, when it has one (either names the resource).
    var aliases: [String: String] = [:]
    /// Each resource's `$dynamicAnchor`s: resource URI to name to place.
    var dynamicAnchorPlaces: [String: [String: (document: String, pointer: String)]] = [:]
    /// Resource URIs by number (a node's ``SchemaNode/resource``).
    var resources: [String: Int32] = [:]
    /// Each resource's `$dynamicAnchor` nodes.
    var dynamicAnchorNodes: [Int32: [String: Int32]] = [:]
    var usesDynamicScope = false
    /// What compiled but is not standard, by the node whose schema says it.
    var warnings: [Int32: [SchemaWarning]] = [:]
    private var inlineCount = 0

    init(dialect: SchemaDialect, options: SchemaOptions, registry: SchemaRegistry) {
        self.dialect = dialect
        self.options = options
        self.registry = registry
    }

    mutating func makeInlineURI() -> String {
        inlineCount += 1
        return "urn:netspec:schema:\(inlineCount)"
    }

    mutating func addDocument(_ source: SchemaSource, key: String, base: String) {
        registry.add(source, uri: key)
        if base != key { bases[key] = base }
    }

    /// The graph as compiled so far.
    func graph() -> SchemaGraph {
        SchemaGraph(
            nodes: nodes.snapshot, dynamicAnchors: dynamicAnchorNodes, usesDynamicScope: usesDynamicScope, formatAssertion: options.formatAssertion, warnings: warnings)
    }

    /// The node for the schema at `pointer` in `document`, compiled with everything it reaches.
    mutating func root(document: String, pointer: String) throws(SchemaError) -> Int32 {
        guard let source = registry.document(document) else {
            throw SchemaError(message: "no document at '\(document)'", location: document)
        }
        index(document)
        guard let tokens = JSONPointer.tokens(pointer), source.contains(tokens) else {
            throw SchemaError(message: "no schema at '#\(pointer)'", location: document)
        }
        return node(document: document, pointer: pointer)
    }

    /// The index of the node for (`document`, `pointer`), allocated and queued if new.
    mutating func node(document: String, pointer: String) -> Int32 {
        let (index, isNew) = allocate(document: document, pointer: pointer)
        if isNew { pending.append((index, document, pointer)) }
        return index
    }

    /// The index of the node for (`document`, `pointer`), and whether it was just allocated
    /// (then the caller compiles it, or queues it).
    mutating func allocate(document: String, pointer: String) -> (index: Int32, isNew: Bool) {
        let key = document + "#" + pointer
        if let index = nodeIndex[key] { return (index, false) }
        let index = Int32(nodes.count)
        nodes.append(SchemaNode(location: SchemaLocation(documentURI: document, pointer: pointer), source: true))
        nodeIndex[key] = index
        return (index, true)
    }

    /// Compiles every queued node, and what each reaches.
    mutating func drain() throws(SchemaError) {
        while let (index, document, pointer) = pending.popLast() {
            guard let source = registry.document(document), let tokens = JSONPointer.tokens(pointer), let value = source.value(at: tokens) else {
                throw SchemaError(message: "no schema at '#\(pointer)'", location: document)
            }
            let base = baseURI(document: document, source: source, tokens: tokens)
            try compile(value, into: index, document: document, pointer: pointer, base: base, file: source.file)
        }
    }

    /// The base URI in force at `tokens`: the document's, changed by each `$id` on the way.
    func baseURI(document: String, source: SchemaSource, tokens: [String]) -> String {
        var base = bases[document] ?? document
        guard dialect.hasIdentifiers else { return base }
        for depth in 0..<tokens.count {
            if let id = source.string("$id", at: tokens[..<depth]) {
                base = SchemaURI(base).resolving(SchemaURI(id)).withoutFragment.text
            }
        }
        return base
    }

    /// The number of the resource at `uri`; the first time, its `$dynamicAnchor` nodes are queued.
    mutating func resource(_ uri: String) -> Int32 {
        if let number = resources[uri] { return number }
        let number = Int32(resources.count)
        resources[uri] = number
        if let anchors = dynamicAnchorPlaces[uri] {
            var nodes: [String: Int32] = [:]
            for (name, place) in anchors { nodes[name] = node(document: place.document, pointer: place.pointer) }
            dynamicAnchorNodes[number] = nodes
        }
        return number
    }

    // MARK: - References

    /// The place a reference (already resolved to an absolute URI) points at.
    mutating func place(of uri: String, location: SchemaLocation) throws(SchemaError) -> (document: String, pointer: String) {
        let parsed = SchemaURI(uri)
        let resourceURI = parsed.withoutFragment.text
        let fragment = SchemaURI.percentDecoded(parsed.fragment ?? "")
        if targets[resourceURI] == nil, registry.document(resourceURI) != nil {
            index(resourceURI)
        }
        guard let resource = targets[resourceURI] else {
            // A file that cannot be read says why (`shared/pages.yml cannot be read: No such file or directory`).
            let why = registry.failures[resourceURI] ?? "no document or schema has that URI"
            throw SchemaError(message: "cannot resolve '\(uri)': \(why)", location: location.description)
        }
        if fragment.isEmpty { return resource }
        if fragment.hasPrefix("/") {
            let pointer = resource.pointer + fragment
            guard let tokens = JSONPointer.tokens(pointer), let source = registry.document(resource.document), source.contains(tokens) else {
                throw SchemaError(message: "cannot resolve '\(uri)': no value at that pointer", location: location.description)
            }
            return (resource.document, pointer)
        }
        guard let anchor = targets[resourceURI + "#" + fragment] ?? aliases[resourceURI].flatMap({ targets[$0 + "#" + fragment] }) else {
            throw SchemaError(message: "cannot resolve '\(uri)': no anchor '\(fragment)'", location: location.description)
        }
        return anchor
    }
}
