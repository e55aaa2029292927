import HTTPTypes

/// The OpenAPI front end: reads an OpenAPI 3.0, 3.1 or 3.2 document (YAML or JSON: libyaml reads
/// both, with positions) into the same ``Spec`` and ``Endpoint``s as a Netspec spec, so every
/// consumer works on it unchanged.
///
/// What it reads today: `servers` (the first, with its variables' defaults), every operation of
/// `paths` (name from `x-netspec-name`, `operationId`, or the method and path), path- and
/// operation-level parameters merged by `(in, name)` in `path`, `query` and `header` with their
/// default serialization (`style: simple`/`form`, `explode` as the default), local `$ref`s to
/// `#/components/...`, JSON request bodies (an object schema's top-level properties become body
/// fields, anything else the unlabelled `_`), form bodies, the success response's media type
/// (`text/event-stream` → `stream: sse`, NDJSON → `stream: lines`, binary → `stream: bytes`) and
/// its `example` as the mock. Everything else is reported by name and place as a ``Spec/Warning``
/// and never silently dropped: an operation that needs something unsupported is left out, with a
/// warning saying why, so calling it says there is no such endpoint rather than sending a wrong
/// request.
struct OpenAPIReader {
    /// The file name used in messages.
    let file: String
    /// The document's root mapping.
    let root: MappingReader
    var errors: [SpecError] = []
    var warnings: [Spec.Warning] = []
    /// The supported `securitySchemes`, by name.
    var securitySchemes: [String: AuthPolicy] = [:]
    /// The document's `security`, the default for every operation.
    var documentAuth: SecurityChoice = .policy(nil)
    /// The document's `security` list, the default of every operation's.
    var documentSecurity: YAMLNode?
    /// The scheme, host and port of the document's server, when it has one.
    var documentOrigin: URLOrigin?
    /// The document's server when it is relative (`/api/v1`): ``Spec/basePath``.
    var relativeServer: String?
    /// Documents read for `$ref`s to other files, by path; `nil` for one that could not be read.
    var otherDocuments: [String: YAMLNode?] = [:]
    /// Why each document that could not be read could not, by path: a clause after "which"
    /// (`cannot be read: No such file or directory`), for the error at each `$ref` to it.
    var documentFailures: [String: String] = [:]
    /// The path of each document read, by identity (the root document is `file`).
    var documentPaths: [ObjectIdentifier: String] = [:]
    /// When set, the one endpoint to read (see ``read(_:file:only:)``).
    var only: String?
    /// The operations' names met, each one's own and its endpoint's (``SpecError/endpointNames``).
    var namesRead: [String] = []
    /// The file of the operation being read, when it is another than `file` (an operation that is
    /// a `$ref` to a file of its own): its warnings are given there.
    var operationFile: String?
    /// The objects whose keys have been checked (``checkKeys(_:_:context:)``), each once.
    var checkedObjects: Set<NodeIdentity> = []
    /// Where the names of a big or many-file document's operations are kept between runs (with `only`).
    var operationIndex: OperationIndex?
    /// The compiler of the document's schemas, shared by every ``ModelSchema`` the reader makes
    /// (compiling nothing until a consumer asks).
    var schemaCompiler: SchemaCompiler?
    /// The base URI of each node inside an OpenAPI 3.1 schema resource (a schema with `$id`, and
    /// its subschemas), whose `$ref`s JSON Schema resolves against it (OpenAPIReader+SchemaResources.swift).
    var schemaBases: [NodeIdentity: String] = [:]
    /// Each document's `$self` (OpenAPI 3.2), by the path it was read from: `nil` for none.
    var documentSelves: [String: DocumentSelf?] = [:]
    /// The XML layouts made of response schemas (``xmlLayout(_:)``), by the `$ref` a schema is
    /// (or by its node): each made once, however many responses refer to it.
    var xmlLayouts: [String: XMLLayout] = [:]
    /// Each content map value's Media Type Object, its `$ref`s followed (OpenAPI 3.2; OpenAPIReader+MediaTypes.swift).
    var mediaTypeObjects: [NodeIdentity: MediaTypeObject] = [:]

    /// Whether the document is OpenAPI 3.2 (`query`, `additionalOperations` and the 3.2 keys are read).
    var isVersion32 = false
    /// Each operation's endpoint name by its `operationId` and by `METHOD path`, for links' targets.
    var linkTargets: [String: String] = [:]

    /// The OpenAPI versions read: `3.0`, `3.0.x`, and the same for 3.1 and 3.2.
    static let readVersions = ["3.0", "3.1", "3.2"]

    /// The methods an OpenAPI path item may hold, in the order the specification lists them.
    static let methods: [(key: String, method: HTTPRequest.Method)] = [
        ("get", .get), ("put", .put), ("post", .post), ("delete", .delete),
        ("options", .options), ("head", .head), ("patch", .patch), ("trace", .trace),
    ]

    // MARK: - Entry point

    /// Whether a document's root is an OpenAPI (or Swagger) document rather than a Netspec spec.
    static func isOpenAPI(_ root: YAMLNode) -> Bool {
        guard let mapping = MappingReader(root) else { return false }
        return mapping["openapi"] != nil || mapping["swagger"] != nil
    }

    /// Reads the document.
    ///
    /// - Parameter only: The name of the one endpoint a caller needs (`netspec call`): the
    ///   document's shared parts are read, and of its operations only the one that becomes that
    ///   endpoint, so a call on GitHub's 1,183 operations compiles one. The result is the endpoint
    ///   a full read gives (same name, fields and marks; only the other operations' warnings are
    ///   not collected). When names could depend on which other operations can be read (two
    ///   operations with one name, or a name that is another's with a number after it), or no
    ///   operation has the name, the whole document is read, so the caller can say which
    ///   endpoints there are.
    /// - Parameter documents: The other documents its `$ref`s name, already read, by absolute URL
    ///   (a document fetched by URL: ``Spec/load(url:provider:)`` fetches them first), with where
    ///   redirects took them and why one could not be fetched.
    /// - Parameter index: Where to keep, and find, which operation each name is, for a big
    ///   document or one whose operations are files of their own (``OperationIndex``); used only
    ///   with `only`.
    static func read(
        _ rootNode: YAMLNode, file: String, only: String? = nil, documents: ReferencedDocuments = ReferencedDocuments(), index: OperationIndex? = nil
    ) throws(SpecError) -> Spec {
        guard let root = MappingReader(rootNode) else {
            throw SpecError(file: file, mark: rootNode.mark, message: "an OpenAPI document must be a mapping")
        }
        if let swagger = root.entry("swagger") {
            throw SpecError(
                file: file, mark: swagger.key.mark,
                message: "Swagger 2.0 documents are not supported: convert the document to OpenAPI 3 (for example with swagger2openapi) and load that"
            )
        }
        var reader = OpenAPIReader(file: file, root: root)
        reader.only = only
        reader.operationIndex = index
        reader.addDocuments(documents)
        let spec = reader.readDocument(rootNode)
        if var error = SpecError.combining(reader.errors) {
            error.endpointNames = only.map { _ in reader.namesRead }
            throw error
        }
        return spec
    }

    // MARK: - Reporting

    mutating func report(_ message: String, at mark: Mark) {
        errors.append(SpecError(file: mark.file ?? file, mark: mark, message: message))
    }

    mutating func warn(_ message: String, at mark: Mark) {
        warnings.append(Spec.Warning(file: mark.file ?? operationFile ?? file, line: mark.line, column: mark.column, message: message))
    }

    // MARK: - Document

    private mutating func readDocument(_ rootNode: YAMLNode) -> Spec {
        let versionEntry = root.entry("openapi")!
        let version = versionEntry.value.string ?? ""
        if !Self.readVersions.contains(where: { version == $0 || version.hasPrefix($0 + ".") }) {
            report("unsupported OpenAPI version '\(version)' (this Netspec reads 3.0.x, 3.1.x and 3.2.x)", at: versionEntry.value.mark)
        }
        // 3.2 keeps 3.1's rules where it does not change them; what it adds is read where the layout says.
        isVersion32 = version == "3.2" || version.hasPrefix("3.2.")
        let layout: OperationLayout = isVersion32 ? .openAPI32 : .openAPI
        checkKeys(root, .document)
        makeSchemaCompiler(rootNode, dialect: version.hasPrefix("3.0") ? .openAPI30 : .draft2020_12)
        let info = root["info"].flatMap(MappingReader.init)
        if let info { checkKeys(info, .info) }
        checkDocumentationKeys(info: info)
        let title = info?["title"]?.string ?? ""
        let (baseURL, servers) = readServers(root["servers"])
        checkComponentsAndRules32()
        securitySchemes = readSecuritySchemes()
        documentSecurity = root["security"]
        if let security = root["security"] {
            documentAuth = readSecurity(security, schemes: securitySchemes, context: "")
        }
        var endpoints: [Endpoint] = []
        var names: Set<String> = []
        let respondsOptionally = !version.hasPrefix("3.0")
        if let paths = root["paths"].flatMap(MappingReader.init) {
            // With `only`, the loop reads just the one operation, when it can be told by name alone.
            let sole = only.flatMap { soleOperation(named: $0, in: paths, layout: layout) }
            for pathPair in paths.pairs where sole.map({ pathPair.key.index == $0.path }) ?? true {
                let path = pathPair.key.string ?? ""
                guard let item = resolve(pathPair.value).flatMap(MappingReader.init) else { continue }
                checkKeys(item, .pathItem, context: "path '\(path)': ")
                let shared = item["parameters"]
                for candidate in operations(of: item, path: path, layout: layout, reporting: true) where sole.map({ candidate.key == $0.method }) ?? true {
                    let (method, entry) = (candidate.method, (key: candidate.keyNode, value: candidate.value))
                    // An operation may be a `$ref` to a file or a component (as DigitalOcean writes
                    // them); the target's own relative references resolve against its file.
                    guard let resolved = resolve(entry.value) else { continue }
                    // OpenAPI 3.1 made `responses` optional, so `get: {}` is an operation; in 3.0 it is required.
                    guard let operation = MappingReader(resolved), !operation.pairs.isEmpty || respondsOptionally else {
                        let found = MappingReader(resolved) != nil ? "an empty mapping" : resolved.foundDescription
                        let expected = respondsOptionally ? "a mapping" : "a mapping with its 'responses'"
                        reportIn(
                            self.path(of: entry.key), "\(method.rawValue) \(path): an operation must be \(expected), found \(found), so it cannot be called",
                            at: entry.value.mark
                        )
                        continue
                    }
                    // A referenced operation's warnings are given in its own file, from its start.
                    let isReferenced = ObjectIdentifier(resolved.document) != ObjectIdentifier(entry.key.document)
                    operationFile = isReferenced ? self.path(of: resolved) : nil
                    defer { operationFile = nil }
                    namesRead.append(Self.operationName(operation, method: method, path: path))
                    checkKeys(operation, .operation, context: "operation '\(namesRead.last!)': ")
                    let servers = operation["servers"] ?? item["servers"]
                    if var endpoint = readOperation(
                        operation, method: method, path: path, sharedParameters: shared, servers: servers, mark: isReferenced ? resolved.mark : entry.key.mark
                    ) {
                        endpoint = endpoint.uniquelyNamed(taken: &names).withMockResource(Endpoint.mockExtension(pathItem: item["x-netspec-mock"], operation: operation["x-netspec-mock"]))
                        namesRead.append(endpoint.name)
                        if let warning = Spec.shadowingWarning(endpoint: endpoint.name) { warnIn(self.path(of: entry.key), warning, at: entry.key.mark) }
                        noteLinkTarget(operation, method: method, path: path, name: endpoint.name)
                        endpoints.append(endpoint)
                    }
                }
            }
        } else if let paths = root["paths"], !paths.isPlainNull {
            report("'paths' must be a mapping of paths to path items, found a \(paths.kindName)", at: paths.mark)
        } else {
            warn("the document has no 'paths', so no endpoints", at: rootNode.mark)
        }
        endpoints = resolvingLinks(endpoints)
        return Spec(
            file: file, version: 1, service: title, baseURL: baseURL, headers: [], encoding: .json, timeout: nil,
            auth: nil, retry: nil, summary: nil, endpoints: endpoints,
            warnings: warnings.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element),
            basePath: relativeServer, keepsServerPath: true
        ).with(servers: servers).with(tags: documentTags()).with(baseURLLack: baseURLLack(servers))
    }

    /// A node with its `$ref` followed — within the document (`#/components/...`) or into
    /// another file relative to the one the `$ref` is in (`common.yaml#/Pet`, `pet.yaml`) — or
    /// `nil` when the reference cannot be followed (reported, at the `$ref`, in its own file).
    /// With `once`, only the node's own `$ref` is followed (its target may be another reference).
    mutating func resolve(_ node: YAMLNode, once: Bool = false) -> YAMLNode? {
        var current = node
        var seen = 0
        while let mapping = MappingReader(current), let ref = mapping.entry("$ref"), !once || seen == 0 {
            seen += 1
            let here = path(of: current)
            // A reference is a URI reference, a string (`$ref: 5` names no file called 5); a
            // mapping under `$ref` is no reference (a property named so: `properties: {$ref: {…}}`).
            guard let written = ref.value.string else { break }
            guard case .string = ref.value.scalar?.resolved else {
                reportIn(here, "'$ref' must be a URI reference (a string), found \(ref.value.foundDescription)", at: ref.value.mark)
                return nil
            }
            // OpenAPI 3.2: against the document's `$self`, as found beside it (DocumentSelf.swift).
            let target = selfMapped(written, from: here)
            guard seen < 32 else {
                reportIn(here, "'$ref: \(target)' refers to itself through other references", at: ref.value.mark)
                return nil
            }
            // OpenAPI 3.1: JSON Schema's reference inside a schema resource (a schema with `$id`,
            // this one too), or one a JSON pointer cannot name (`#pet`, an `$id`'s URI):
            // OpenAPIReader+SchemaResources.swift.
            noteSchemaResource(current)
            if schemaBases[NodeIdentity(current)] != nil || !Self.isPointerReference(target), let found = schemaTarget(target, from: current) {
                current = found
                continue
            }
            let hash = target.firstIndex(of: "#") ?? target.endIndex
            let filePart = String(target[..<hash])
            let pointer = hash < target.endIndex ? String(target[target.index(after: hash)...]) : ""
            var documentRoot = here == file ? root.node : otherDocuments[here].flatMap { $0 }
            var documentPath = here
            if !filePart.isEmpty {
                // In a document read by URL, a reference is a URL too (RFC 3986); the documents
                // were fetched before reading.
                let isURL = here.contains("://")
                guard isURL || !filePart.contains("://") else {
                    warnIn(here, "'$ref: \(target)' points to a URL, which is not read", at: ref.value.mark)
                    return nil
                }
                // A file's name is percent-decoded, as a URI reference's path is (RFC 3986 §2.1:
                // `my%20file.yaml` is `my file.yaml`); a URL keeps its escapes, which are sent.
                let local = SchemaURI.percentDecoded(filePart)
                let path = isURL ? URLReference.resolve(filePart, against: here) : local.hasPrefix("/") ? local : Self.directory(of: here) + local
                guard let loaded = loadDocument(path) else {
                    let reason = documentFailures[path] ?? (isURL ? "could not be fetched or is neither YAML nor JSON" : "cannot be read as YAML or JSON")
                    reportIn(here, "'$ref: \(target)' points to \(path), which \(reason)", at: ref.value.mark)
                    return nil
                }
                documentRoot = loaded
                documentPath = path
            }
            guard pointer.isEmpty || pointer.hasPrefix("/") else {
                reportIn(here, "'$ref: \(target)' is not a JSON pointer (write '#/components/...')", at: ref.value.mark)
                return nil
            }
            // The fragment is percent-encoded (RFC 6901 §6: `~1pets~1%7Bid%7D` is `/pets/{id}`);
            // a key holding a `%` of its own, written as it is, is found too.
            let decoded = SchemaURI.percentDecoded(pointer)
            var (found, resourceBase) = follow(decoded, in: documentRoot, documentPath: documentPath)
            if found == nil, decoded != pointer { (found, resourceBase) = follow(pointer, in: documentRoot, documentPath: documentPath) }
            if let resourceBase, let found, schemaBases[NodeIdentity(found)] == nil { registerSchemaResource(found, base: resourceBase) }
            guard let found = found ?? schemaTarget(target, from: current) else {
                reportIn(here, "'$ref: \(target)' points to nothing in " + (filePart.isEmpty ? "this document" : "'\(filePart)'"), at: ref.value.mark)
                return nil
            }
            current = found
        }
        noteSchemaResource(current)
        return current
    }

    /// The node a JSON pointer (RFC 6901, decoded) names in a document — through mappings by
    /// key and sequences by index (`/allOf/0`) — and, in 3.1, the base URI the `$id`s on the
    /// way (a document's own, a component's) make for it, against which its own references
    /// resolve.
    private func follow(_ pointer: String, in documentRoot: YAMLNode?, documentPath: String) -> (node: YAMLNode?, resourceBase: String?) {
        var found = documentRoot
        let identifies = schemaCompiler?.dialect.hasIdentifiers == true
        var resourceBase: String?
        for key in JSONPointer.tokens(pointer) ?? [] {
            guard let node = found else { break }
            if identifies, let id = MappingReader(node)?["$id"]?.string {
                resourceBase = SchemaURI(SchemaURI.resolve(id, against: resourceBase ?? documentPath)).withoutFragment.text
            }
            if let items = node.sequence {
                found = JSONPointer.arrayIndex(key).flatMap { $0 < items.count ? items[$0] : nil }
            } else {
                found = MappingReader(node)?[key]
            }
        }
        return (found, resourceBase)
    }

    // MARK: - Schemas

    /// The model's reference to the schema at `node` (as written: a `$ref` stays one, for the
    /// compiler to follow), or `nil` for no node.
    func modelSchema(_ node: YAMLNode?) -> ModelSchema? {
        guard let node, let schemaCompiler else { return nil }
        let document = path(of: node)
        return ModelSchema(node: node, documentURI: schemaBase(of: document), file: document, compiler: schemaCompiler)
    }

    /// The path of the document a node belongs to.
    func path(of node: YAMLNode) -> String {
        documentPaths[ObjectIdentifier(node.document)] ?? file
    }

    /// Documents already read (fetched by URL), by their absolute URL; one a redirect took
    /// elsewhere is known by the URL it came from too, which names it.
    mutating func addDocuments(_ documents: ReferencedDocuments) {
        for (uri, node) in documents.nodes {
            let location = documents.locations[uri] ?? uri
            otherDocuments[uri] = .some(node)
            if location != uri, location != file { otherDocuments[location] = .some(node) }
            if let node { documentPaths[ObjectIdentifier(node.document)] = location }
        }
        for (uri, reason) in documents.failures {
            otherDocuments[uri] = .some(nil)
            documentFailures[uri] = reason
        }
    }

    /// A document referenced by path, read once; `nil` when it cannot be, with the reason in
    /// ``documentFailures``. The document being read is itself (`./api.yaml#/…`, `../api.yaml`
    /// from a file it refers to).
    private mutating func loadDocument(_ path: String) -> YAMLNode? {
        if path == file { return root.node }
        if let known = otherDocuments[path] { return known }
        if path.contains("://") { return nil }
        var loaded: YAMLNode?
        do {
            let bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
            let asJSON = YAMLParser.isJSONFile(path)
            do {
                loaded = try YAMLParser.parse(bytes, asJSON: asJSON)
                if loaded == nil { documentFailures[path] = "is empty" }
            } catch {
                documentFailures[path] = "is not valid \(asJSON ? "JSON" : "YAML"): \(path):\(error.mark.line):\(error.mark.column): \(error.message)"
            }
        } catch {
            documentFailures[path] = "cannot be read: \(error.message)"
        }
        otherDocuments[path] = .some(loaded)
        if let loaded { documentPaths[ObjectIdentifier(loaded.document)] = path }
        return loaded
    }

    /// The folder of a path, with its trailing `/` (empty for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    mutating func reportIn(_ path: String, _ message: String, at mark: Mark) {
        errors.append(SpecError(file: mark.file ?? path, mark: mark, message: message))
    }

    mutating func warnIn(_ path: String, _ message: String, at mark: Mark) {
        warnings.append(Spec.Warning(file: mark.file ?? path, line: mark.line, column: mark.column, message: message))
    }
}
