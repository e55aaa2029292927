import HTTPTypes

/// Finding the one operation a caller needs by its name (`netspec call`), for the OpenAPI and
/// Swagger 2.0 readers alike, without reading the others: only when every name is its own, so
/// the endpoint read alone is the one a whole read gives.
extension OpenAPIReader {
    /// Where a front end's `paths` hold their operations.
    struct OperationLayout {
        /// The methods a path item may hold.
        var methods: [(key: String, method: HTTPRequest.Method)]
        /// Whether a key of `paths` starting with `x-` is an extension, not a path (Swagger 2.0).
        var skipsExtensions: Bool
        /// Whether an operation may be a `$ref` to a file or a component (OpenAPI, as DigitalOcean
        /// writes them).
        var followsOperationReferences: Bool
        /// Whether a path item's `additionalOperations` holds operations too (OpenAPI 3.2).
        var readsAdditionalOperations = false

        static let openAPI = OperationLayout(methods: OpenAPIReader.methods, skipsExtensions: false, followsOperationReferences: true)
        /// OpenAPI 3.2: `query` beside the other fixed fields, and `additionalOperations`.
        static let openAPI32 = OperationLayout(
            methods: OpenAPIReader.methods32, skipsExtensions: false, followsOperationReferences: true, readsAdditionalOperations: true
        )
        static let swagger = OperationLayout(methods: SwaggerReader.methods, skipsExtensions: true, followsOperationReferences: false)
    }

    /// The path (its key node's index) and method key of the operation that becomes the endpoint
    /// named `name`, when every operation's name is its own (see ``read(_:file:only:documents:index:)``);
    /// `nil` when the whole document must be read to know, or no operation has the name. With an
    /// ``operationIndex``, the names of a big document, or of one whose operations are files of
    /// their own, are read from it, or found and kept there.
    mutating func soleOperation(named name: String, in paths: MappingReader, layout: OperationLayout) -> (path: Int32, method: String)? {
        // An index pays for a document whose operations are files of their own (each read for its
        // name), or a big one (its every operation looked at: 1 ms for 1,201 in a cached tree).
        let index = operationIndex.flatMap { $0.isForBigDocument || Self.refersToFiles(paths) ? $0 : nil }
        if let stored = index?.load(only: name) {
            return stored.place(of: name).map { ($0.pathKey, $0.method) }
        }
        let errorCount = errors.count
        let table = operationTable(paths, layout: layout)
        // Only a sound document's is kept: its problems are found again at every run.
        if let index, errors.count == errorCount {
            index.store(table, files: otherDocuments.keys.filter { !$0.contains("://") })
        }
        return table.place(of: name).map { ($0.pathKey, $0.method) }
    }

    /// Whether a path item, or an operation written in the root document, is a `$ref` to another file.
    private static func refersToFiles(_ paths: MappingReader) -> Bool {
        func isFileReference(_ node: YAMLNode) -> Bool {
            guard let target = MappingReader(node)?["$ref"]?.string else { return false }
            return !target.hasPrefix("#")
        }
        for pathPair in paths.pairs {
            if isFileReference(pathPair.value) { return true }
            guard let item = MappingReader(pathPair.value) else { continue }
            for pair in item.pairs where isFileReference(pair.value) { return true }
        }
        return false
    }

    /// Every operation's place by its name, or ``OperationIndex/Table/ambiguous`` when names
    /// could depend on which other operations can be read (two operations with one name, or a
    /// name that is another's with a number after it).
    private mutating func operationTable(_ paths: MappingReader, layout: OperationLayout) -> OperationIndex.Table {
        var places: [String: OperationIndex.Place] = [:]
        for pathPair in paths.pairs {
            if layout.skipsExtensions, pathPair.key.string?.hasPrefix("x-") == true { continue }
            guard let item = resolve(pathPair.value).flatMap(MappingReader.init) else { continue }
            for entry in operations(of: item, path: pathPair.key.string ?? "", layout: layout, reporting: false) {
                guard let operation = layout.followsOperationReferences ? resolve(entry.value).flatMap(MappingReader.init) : MappingReader(entry.value)
                else { continue }
                let operationName = Self.operationName(operation, method: entry.method, path: pathPair.key.string ?? "")
                guard places[operationName] == nil else { return .ambiguous }
                places[operationName] = OperationIndex.Place(pathKey: pathPair.key.index, method: entry.key)
            }
        }
        // `get2` beside `get` could be a suffixed `get` rather than an operation's own name.
        for operationName in places.keys where operationName.last?.isNumber == true {
            let stem = String(operationName.reversed().drop { $0.isNumber }.reversed())
            if places[stem] != nil { return .ambiguous }
        }
        return .names(places)
    }
}
