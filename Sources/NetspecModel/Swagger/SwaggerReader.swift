import HTTPTypes

/// The Swagger 2.0 front end: reads a Swagger 2.0 document (YAML or JSON, with positions) straight
/// into the same ``Spec`` and ``Endpoint``s as the other front ends, as Prism does, without
/// converting it to OpenAPI 3 first.
///
/// What it reads: `host` + `basePath` + `schemes` as the base URL (a document without `host`
/// has a relative base, resolved against `--base-url` or the document's URL); `consumes` and
/// `produces` (the document's, replaced by an operation's); parameters `in: path`, `query`,
/// `header`, `formData` (a form, or multipart when a `type: file` parameter or `consumes` asks for
/// it) and `body` (an object schema's properties become fields, anything else the unlabelled `_`);
/// `collectionFormat` `csv`, `ssv`, `tsv`, `pipes` and `multi`; `securityDefinitions` (`basic`,
/// `apiKey`, `oauth2`) and `security`; `$ref`s into `definitions`, `parameters` and `responses`
/// (and other files); response `examples` and schema `example`s as mocks. The `$ref`s, types and
/// security requirements are read by the OpenAPI reader's own functions (``base``), so the two
/// front ends agree. What cannot be honoured is a positioned ``Spec/Warning``; what the
/// specification forbids is a ``SpecError``.
struct SwaggerReader {
    /// The shared machinery: `$ref` resolution (with other files), schema types, security
    /// requirements, and the errors and warnings collected.
    var base: OpenAPIReader
    /// The document's `consumes` and `produces`, the defaults for every operation.
    var consumes: [String] = []
    var produces: [String] = []
    /// The scheme of the base URL (`https` when `schemes` lists it), for operations' own `schemes`.
    var scheme: String?

    var file: String { base.file }
    var root: MappingReader { base.root }

    /// The methods a Swagger 2.0 path item may hold, in the order the specification lists them.
    static let methods: [(key: String, method: HTTPRequest.Method)] = [
        ("get", .get), ("put", .put), ("post", .post), ("delete", .delete), ("options", .options), ("head", .head), ("patch", .patch),
    ]

    /// The keys of a Swagger 2.0 root, path item and operation (besides `x-` extensions).
    static let rootKeys = [
        "swagger", "info", "host", "basePath", "schemes", "consumes", "produces", "paths", "definitions", "parameters",
        "responses", "securityDefinitions", "security", "tags", "externalDocs",
    ]
    static let pathItemKeys = methods.map(\.key) + ["$ref", "parameters"]
    static let operationKeys = [
        "tags", "summary", "description", "externalDocs", "operationId", "consumes", "produces", "parameters", "responses",
        "schemes", "deprecated", "security",
    ]

    // MARK: - Entry point

    /// Whether a document's root is a Swagger document (it has a top-level `swagger` key).
    static func isSwagger(_ root: YAMLNode) -> Bool {
        MappingReader(root)?["swagger"] != nil
    }

    /// Reads the document.
    ///
    /// - Parameter only: The name of the one endpoint a caller needs (`netspec call`): as for
    ///   OpenAPI (``OpenAPIReader/read(_:file:only:documents:index:)``), the document's shared
    ///   parts are read and of its operations only the one that becomes that endpoint, when names
    ///   alone tell which (else the whole document), so a call of one of Kubernetes' 1,100
    ///   operations reads one. The endpoint, and that operation's errors and warnings, are the ones
    ///   a whole read gives.
    /// - Parameter documents: The other documents its `$ref`s name, already read, by absolute URL.
    /// - Parameter index: Where to keep, and find, which operation each name is, for a big
    ///   document or one whose path items are files of their own (``OperationIndex``); used only
    ///   with `only`.
    static func read(
        _ rootNode: YAMLNode, file: String, only: String? = nil, documents: ReferencedDocuments = ReferencedDocuments(), index: OperationIndex? = nil
    ) throws(SpecError) -> Spec {
        guard let root = MappingReader(rootNode) else {
            throw SpecError(file: file, mark: rootNode.mark, message: "a Swagger document must be a mapping")
        }
        var reader = SwaggerReader(base: OpenAPIReader(file: file, root: root))
        reader.base.only = only
        reader.base.operationIndex = index
        reader.base.addDocuments(documents)
        let spec = reader.readDocument(rootNode)
        if var error = SpecError.combining(reader.base.errors) {
            error.endpointNames = only.map { _ in reader.base.namesRead }
            throw error
        }
        return spec
    }

    // MARK: - Reporting

    mutating func report(_ message: String, at mark: Mark) { base.report(message, at: mark) }

    mutating func warn(_ message: String, at mark: Mark) { base.warn(message, at: mark) }

    /// Warns about each key of `mapping` that is neither one of `known` nor an `x-` extension.
    mutating func warnUnknownKeys(of mapping: MappingReader, known: [String], context: String) {
        for pair in mapping.pairs {
            let key = pair.key.string ?? ""
            if !known.contains(key), !key.hasPrefix("x-") {
                warn("\(context)'\(key)' is not a Swagger 2.0 key; it is not read", at: pair.key.mark)
            }
        }
    }

    // MARK: - Document

    private mutating func readDocument(_ rootNode: YAMLNode) -> Spec {
        let versionEntry = root.entry("swagger")!
        let version = versionEntry.value.string ?? ""
        if version != "2.0" {
            report("unsupported Swagger version '\(version)' (this Netspec reads 2.0)", at: versionEntry.value.mark)
        }
        warnUnknownKeys(of: root, known: Self.rootKeys, context: "")
        base.makeSchemaCompiler(rootNode, dialect: .swagger2)
        let title = root["info"].flatMap(MappingReader.init)?["title"]?.string ?? ""
        consumes = consumedTypes(root["consumes"], context: "")
        produces = producedTypes(root["produces"], context: "")
        let (baseURL, basePath) = readBaseURL()
        base.securitySchemes = readSecurityDefinitions()
        base.documentSecurity = root["security"]
        if let security = root["security"] {
            base.documentAuth = base.readSecurity(security, schemes: base.securitySchemes, context: "")
        }
        var endpoints: [Endpoint] = []
        var names: Set<String> = []
        if let paths = root["paths"].flatMap(MappingReader.init) {
            // With `only`, the loop reads just the one operation, when it can be told by name alone.
            let sole = base.only.flatMap { base.soleOperation(named: $0, in: paths, layout: .swagger) }
            for pathPair in paths.pairs where sole.map({ pathPair.key.index == $0.path }) ?? true {
                let path = pathPair.key.string ?? ""
                if path.hasPrefix("x-") { continue }
                guard let item = base.resolve(pathPair.value).flatMap(MappingReader.init) else { continue }
                warnUnknownKeys(of: item, known: Self.pathItemKeys, context: "path '\(path)': ")
                for (key, method) in Self.methods where sole.map({ key == $0.method }) ?? true {
                    guard let entry = item.entry(key), let operation = MappingReader(entry.value) else { continue }
                    base.namesRead.append(OpenAPIReader.operationName(operation, method: method, path: path))
                    guard var endpoint = readOperation(operation, method: method, path: path, sharedParameters: item["parameters"], mark: entry.key.mark) else {
                        continue
                    }
                    endpoint = endpoint.uniquelyNamed(taken: &names).withMockResource(
                        Endpoint.mockExtension(pathItem: item["x-netspec-mock"], operation: operation["x-netspec-mock"])
                    )
                    if let warning = Spec.shadowingWarning(endpoint: endpoint.name) { warn(warning, at: entry.key.mark) }
                    base.namesRead.append(endpoint.name)
                    endpoints.append(endpoint)
                }
            }
        } else if let paths = root["paths"], !paths.isPlainNull {
            report("'paths' must be a mapping of paths to path items, found a \(paths.kindName)", at: paths.mark)
        } else {
            warn("the document has no 'paths', so no endpoints", at: rootNode.mark)
        }
        let warnings = base.warnings.enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }.map(\.element)
        return Spec(
            file: file, version: 1, service: title, baseURL: baseURL, headers: [], encoding: .json, timeout: nil,
            auth: nil, retry: nil, summary: nil, endpoints: endpoints, warnings: warnings, basePath: basePath, keepsServerPath: true
        ).with(baseURLLack: root["host"] == nil ? "the document has no 'host' (its 'basePath' is a path only)" : "the document's 'host' and 'schemes' give no http(s) URL")
    }

    /// The base URL from `host`, `basePath` and `schemes` (`https` when listed, else the first;
    /// `http` when none is); without `host`, the relative `basePath` (RFC 3986 resolution against
    /// the document's URL or the caller's base URL, see ``Spec/basePath``).
    private mutating func readBaseURL() -> (Template?, String?) {
        var basePath = root["basePath"]?.string ?? ""
        if let node = root["basePath"], !basePath.hasPrefix("/") {
            warn("basePath '\(basePath)' does not start with '/', as Swagger 2.0 requires; it is read as '/\(basePath)'", at: node.mark)
            basePath = "/" + basePath
        }
        // Without `host`, the base is the document's host (or the caller's) and this path: `/` at least.
        let relative = basePath.isEmpty ? "/" : basePath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let schemes = (root["schemes"]?.sequence.map(Array.init) ?? []).compactMap(\.string).map { $0.lowercased() }
        scheme = schemes.contains("https") ? "https" : schemes.first { $0 == "http" }
        if let node = root["schemes"], scheme == nil, !schemes.isEmpty {
            warn("schemes \(schemes.joined(separator: ", ")) have no http or https; calls need --base-url", at: node.mark)
            return (nil, relative)
        }
        guard let hostNode = root["host"], let host = hostNode.string, !host.isEmpty else {
            return (nil, relative)
        }
        let url = (scheme ?? "http") + "://" + host + basePath
        guard host.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) == nil, let template = try? Template(parsing: url) else {
            warn("host '\(host)' is not a host name with an optional port; give --base-url", at: hostNode.mark)
            return (nil, nil)
        }
        return (template, nil)
    }

    /// A `consumes` or `produces` list, lowercased, parameters kept.
    func mediaTypes(_ node: YAMLNode?) -> [String] {
        (node?.sequence.map(Array.init) ?? []).compactMap(\.string).map { $0.lowercased() }
    }

    /// A `consumes` list as ``mediaTypes(_:)`` reads it, each entry checked first: it is sent as
    /// the request's `Content-Type`, so one holding a line break or another control character is
    /// an error at that character (``OpenAPIReader/reportHeaderBreak(in:_:header:source:by:)``).
    mutating func consumedTypes(_ node: YAMLNode?, context: String) -> [String] {
        checkedTypes(node, key: "consumes", header: "the request's Content-Type header", context: context)
    }

    /// A `produces` list, checked as a `consumes` one is: the mock answers with it as the
    /// response's `Content-Type`.
    mutating func producedTypes(_ node: YAMLNode?, context: String) -> [String] {
        checkedTypes(node, key: "produces", header: "the response's Content-Type header", context: context)
    }

    private mutating func checkedTypes(_ node: YAMLNode?, key: String, header: String, context: String) -> [String] {
        let entries: [YAMLNode] = node?.sequence.map(Array.init) ?? []
        for index in entries.indices {
            _ = base.reportHeaderBreak(in: entries[index], "\(context)'\(key)' entry \(index + 1)", header: header, source: "Swagger 2.0, Mime Types")
        }
        return mediaTypes(node)
    }
}
