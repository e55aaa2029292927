// Every compile error of a schema that fails (`netspec validate` compiles every schema a document's
// operations use, Spec.schemaCompileErrors): the compiler stops at the first problem it meets, so a
// failing schema's subschemas (and what its `$ref`s name) are compiled one by one to find the others,
// each at its own place. Only a schema that fails pays for that.

/// Every problem that keeps schemas of one document from compiling, each where it is written
/// and each once, however many schemas reach it.
package struct SchemaCompileErrorSearch {
    /// The problems found so far, in the order found.
    package private(set) var found: [SchemaError] = []
    /// The nodes walked already (a `$ref` cycle, a schema reached twice or from two schemas).
    private var visited: Set<String> = []

    /// Keywords whose value is a subschema.
    static let single = [
        "items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "not",
        "if", "then", "else", "contentSchema",
    ]
    /// Keywords whose value is an array of subschemas.
    static let arrays = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value is a map of subschemas by name.
    static let maps = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"]

    package init() {}

    /// The problems of `schema`, which fails with `failure`, not found before: those of its
    /// subschemas and of the schemas its `$ref`s name, and `failure` itself when none of them
    /// is it (a problem with one of the schema's own keywords).
    package mutating func add(_ schema: ModelSchema, failure: SchemaError) -> [SchemaError] {
        let before = found.count
        collect(schema.node, document: schema.documentURI, file: schema.file, failure: failure, compiler: schema.compiler)
        return Array(found[before...])
    }

    /// The errors of the schema at `node`, which fails with `failure`.
    private mutating func collect(_ node: YAMLNode, document: String, file: String, failure: SchemaError, compiler: SchemaCompiler) {
        guard visited.insert(document + "\u{0}\(node.index)").inserted else {
            if !found.contains(failure) { found.append(failure) }
            return
        }
        let dialect = compiler.dialect
        let reference = node["$ref"]?.string
        // Beside a 3.0 or Swagger `$ref` the other keywords are not read; under an `$id` the
        // subschemas' `$ref`s resolve against it, which one compiled alone would not know.
        let readsSiblings = reference == nil || !dialect.refIgnoresSiblings
        if readsSiblings, !(dialect.hasIdentifiers && node["$id"] != nil) {
            for child in Self.subschemas(of: node) {
                check(child, document: document, file: file, compiler: compiler)
            }
        }
        if let reference, let target = compiler.resolveReference(reference, base: document, in: document) {
            check(target.node, document: target.document, file: target.node.mark.file ?? (target.document == document ? file : target.document), compiler: compiler)
        }
        if !found.contains(failure) { found.append(failure) }
    }

    /// `node` compiled on its own; when it fails, its errors collected.
    private mutating func check(_ node: YAMLNode, document: String, file: String, compiler: SchemaCompiler) {
        guard let error = compiler.compileError(node: node, in: document, file: file) else { return }
        collect(node, document: document, file: file, failure: error, compiler: compiler)
    }

    /// The subschemas written in the schema at `node`.
    static func subschemas(of node: YAMLNode) -> [YAMLNode] {
        guard node.mapping != nil else { return [] }
        var children: [YAMLNode] = []
        for key in single {
            if let child = node[key], child.mapping != nil { children.append(child) }
        }
        for key in arrays {
            if let items = node[key]?.sequence { children += items.filter { $0.mapping != nil } }
        }
        for key in maps {
            if let pairs = node[key]?.mapping { children += pairs.map(\.value).filter { $0.mapping != nil } }
        }
        return children
    }
}
