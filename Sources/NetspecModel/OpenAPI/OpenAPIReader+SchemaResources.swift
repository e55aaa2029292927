// OpenAPI 3.1's schemas are JSON Schema 2020-12: a Schema Object with `$id` is a schema resource,
// whose `$ref`s resolve against its `$id`, not the document; `$anchor` and `$dynamicAnchor` name
// schemas (`$ref: '#pet'`); a `$ref` may name a schema by its `$id` (`https://example.com/tree`),
// in this file, another, or a built-in meta-schema. The schema compiler resolves them all
// (SchemaCompiler+Resources.swift); the reader asks it where its own `$ref` following (`resolve`)
// meets one, so a body's fields and a parameter's type are read from the schema the compiler checks.

extension OpenAPIReader {
    /// Whether a `$ref` is one the reader follows by itself: a file (or none) and a JSON pointer
    /// (`#/components/schemas/Pet`, `pet.yaml`, `common.yaml#/Pet`), not an anchor (`#pet`) or a
    /// URI with a scheme (`https://example.com/tree`).
    static func isPointerReference(_ target: String) -> Bool {
        let hash = target.firstIndex(of: "#") ?? target.endIndex
        let fragment = target[hash...].dropFirst()
        return !target[..<hash].contains(":") && (fragment.isEmpty || fragment.hasPrefix("/"))
    }

    /// The node a 3.1 document's schema `$ref` (written at `node`) leads to, as JSON Schema
    /// resolves it, against the schema resource the node is in; `nil` in 3.0 (whose `$id` and
    /// anchors identify nothing) or when it leads nowhere. The node's document and, when it is
    /// inside a resource, its base are kept for the references after it.
    mutating func schemaTarget(_ target: String, from node: YAMLNode) -> YAMLNode? {
        guard let compiler = schemaCompiler, compiler.dialect.hasIdentifiers else { return nil }
        let document = path(of: node)
        guard let found = compiler.resolveReference(target, base: schemaBases[NodeIdentity(node)] ?? document, in: document) else { return nil }
        let identity = ObjectIdentifier(found.node.document)
        if documentPaths[identity] == nil, found.document != file, found.document != documentSelf(of: file)?.uri { documentPaths[identity] = found.document }
        if found.base != found.document, schemaBases[NodeIdentity(found.node)] == nil { registerSchemaResource(found.node, base: found.base) }
        return found.node
    }

    /// Records the base of a schema with `$id` that ``resolve(_:)`` arrives at (a component, or
    /// an inline schema of an operation), and of its subschemas, in a 3.1 document.
    mutating func noteSchemaResource(_ node: YAMLNode) {
        guard let id = MappingReader(node)?["$id"]?.string, schemaBases[NodeIdentity(node)] == nil,
              let compiler = schemaCompiler, compiler.dialect.hasIdentifiers else { return }
        let outer = schemaBases[NodeIdentity(node)] ?? path(of: node)
        registerSchemaResource(node, base: SchemaURI(SchemaURI.resolve(id, against: outer)).withoutFragment.text, own: true)
    }

    /// Records `base` for `root` and every node under it, a nested `$id` changing it for its own
    /// subtree. `own`: the base is `root`'s own `$id`, already resolved.
    mutating func registerSchemaResource(_ root: YAMLNode, base: String, own: Bool = false) {
        var stack: [(node: YAMLNode, base: String, isRoot: Bool)] = [(root, base, true)]
        while let (node, outer, isRoot) = stack.popLast() {
            var base = outer
            if let pairs = node.mapping {
                if !(isRoot && own), let id = pairs[key: "$id"]?.value.string {
                    base = SchemaURI(SchemaURI.resolve(id, against: outer)).withoutFragment.text
                }
                schemaBases[NodeIdentity(node)] = base
                for pair in pairs { stack.append((pair.value, base, false)) }
            } else if let items = node.sequence {
                for item in items { stack.append((item, base, false)) }
            }
        }
    }

    /// The members of a schema's map of schemas (`properties`), as the schema compiler reads
    /// them: a map written as a `$ref` (DigitalOcean's `properties: {$ref: 'attributes.yml#/…'}`)
    /// is the map it points to, its other members added, with a warning at the `$ref` that this
    /// is not standard; `nil` when `node` is not a mapping or the `$ref` cannot be followed
    /// (reported there).
    mutating func schemaMapPairs(_ node: YAMLNode?, keyword: String) -> [YAMLPair]? {
        guard let node, let map = MappingReader(node) else { return nil }
        guard let ref = map.entry("$ref"), let target = ref.value.string else { return Array(map.pairs) }
        let warning = Spec.Warning(file: ref.key.mark.file ?? path(of: node), line: ref.key.mark.line, column: ref.key.mark.column, message: SchemaWarning.mapReference(keyword: keyword, target: target))
        if !warnings.contains(warning) { warnings.append(warning) }
        guard let resolved = resolve(node).flatMap(MappingReader.init) else { return nil }
        var pairs = Array(resolved.pairs)
        for pair in map.pairs where !pair.key.hasText("$ref") {
            if let index = pairs.firstIndex(where: { $0.key.string == pair.key.string }) { pairs[index] = pair } else { pairs.append(pair) }
        }
        return pairs
    }

    /// The file at `path` read for the schema compiler, or why it cannot be, said as the reader
    /// says it of a `$ref` it follows (`specs/shared/pages.yml cannot be read: No such file or
    /// directory`).
    static func schemaDocument(at path: String) -> Result<SchemaSource, SchemaRegistry.LoadFailure> {
        let bytes: [UInt8]
        do throws(FileBytes.Failure) {
            bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
        } catch {
            return .failure(SchemaRegistry.LoadFailure(reason: "\(path) cannot be read: \(error.message)"))
        }
        let asJSON = YAMLParser.isJSONFile(path)
        do throws(YAMLError) {
            guard let node = try YAMLParser.parse(bytes, asJSON: asJSON) else { return .failure(SchemaRegistry.LoadFailure(reason: "\(path) is empty")) }
            return .success(.yaml(node, file: path))
        } catch {
            let place = "\(path):\(error.mark.line):\(error.mark.column)"
            return .failure(SchemaRegistry.LoadFailure(reason: "\(path) is not valid \(asJSON ? "JSON" : "YAML"): \(place): \(error.message)"))
        }
    }

    /// Makes the compiler of the document's schemas: the document itself, and the files its
    /// `$ref`s name read on first use.
    mutating func makeSchemaCompiler(_ rootNode: YAMLNode, dialect: SchemaDialect) {
        // OpenAPI 3.2: the document is found by its `$self` too, and a file named by a URI under
        // `$self`'s folder is read from beside the document (DocumentSelf).
        let own = DocumentSelf(root: rootNode, retrieval: file)
        documentSelves[file] = .some(own)
        let file = self.file
        var registry = SchemaRegistry(loaderSayingWhy: { uri in
            // A file's name is percent-decoded, as a URI reference's path is (`my%20file.yaml`).
            let path = uri.contains("://") ? own.map { own in own.reference(for: uri).map { Self.located($0, from: file) } ?? file } ?? uri : SchemaURI.percentDecoded(uri)
            guard !path.contains("://") else { return .failure(SchemaRegistry.LoadFailure()) }
            return Self.schemaDocument(at: path)
        })
        registry.add(.yaml(rootNode, file: file), uri: file)
        if let own { registry.add(.yaml(rootNode, file: file), uri: own.uri) }
        for case let (uri, node?) in otherDocuments {
            registry.add(.yaml(node, file: uri), uri: uri)
            let base = schemaBase(of: uri)
            if base != uri { registry.add(.yaml(node, file: uri), uri: base) }
        }
        // What a call sends is checked against the formats the document declares (`date-time`
        // and the others the engine knows); what a server answers keeps them as annotations.
        schemaCompiler = SchemaCompiler(dialect: dialect, registry: registry, options: SchemaOptions(formatAssertion: .requests))
    }
}
