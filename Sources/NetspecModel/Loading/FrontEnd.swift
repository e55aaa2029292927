/// Chooses the front end that reads a document, by its top-level keys: `swagger` is read by
/// ``SwaggerReader``, `openapi` by ``OpenAPIReader``, anything else by ``SpecLoader`` (the Netspec spec format). Every
/// front end produces the same ``Spec`` and ``Endpoint``s; nothing after this asks which one did.
package enum FrontEnd {
    /// Parses YAML (or JSON) bytes and reads them with the document's front end; a `.json` file
    /// is parsed as JSON only (a trailing comma is an error at its place, not YAML).
    ///
    /// - Parameter only: The one endpoint the caller needs (`netspec call`): each front end reads
    ///   just that one and what it depends on (see ``SpecLoader/read(_:file:only:)``,
    ///   ``OpenAPIReader/read(_:file:only:documents:index:)`` and ``SwaggerReader/read(_:file:only:documents:index:)``).
    ///   `netspec validate` and ``Spec/load(path:)`` read everything.
    package static func load(bytes: [UInt8], file: String, only: String? = nil) throws(SpecError) -> Spec {
        try load(root: parse(bytes, file: file), file: file, only: only)
    }

    /// The tree of YAML (or JSON) bytes; a `.json` file is parsed as JSON only.
    package static func parse(_ bytes: [UInt8], file: String) throws(SpecError) -> YAMLNode? {
        do {
            return try YAMLParser.parse(bytes, asJSON: YAMLParser.isJSONFile(file))
        } catch {
            throw SpecError(file: file, mark: error.mark, message: error.message)
        }
    }

    /// Reads a parsed document with its front end (see ``load(bytes:file:only:)``).
    ///
    /// - Parameter documents: Documents its `$ref`s name, already read, by absolute URL (the
    ///   other files of a document fetched by URL), where redirects took them, and why one could
    ///   not be fetched.
    /// - Parameter index: Where an OpenAPI or Swagger document written as many files keeps which
    ///   operation each name is (``OperationIndex``), for `only`.
    package static func load(
        root: YAMLNode?, file: String, only: String? = nil, documents: ReferencedDocuments = ReferencedDocuments(), index: OperationIndex? = nil
    ) throws(SpecError) -> Spec {
        guard let root else {
            throw SpecError(file: file, line: 1, column: 1, message: "the spec is empty (expected 'netspec: 1', 'service:' and 'endpoints:')")
        }
        if SwaggerReader.isSwagger(root) { return try SwaggerReader.read(root, file: file, only: only, documents: documents, index: index) }
        if OpenAPIReader.isOpenAPI(root) { return try OpenAPIReader.read(root, file: file, only: only, documents: documents, index: index) }
        return try SpecLoader.read(root, file: file, only: only)
    }

    /// The documents a document's `$ref`s name (the part before `#`), resolved against `base`
    /// (RFC 3986), or against an OpenAPI 3.2 document's `$self` (``DocumentSelf``; a reference to
    /// the document itself is left out), each once, in the order they are written.
    package static func referencedDocuments(in root: YAMLNode, base: String) -> [String] {
        // OpenAPI 3.2: against the document's `$self`, found where it is beside the document.
        let own = DocumentSelf(root: root, retrieval: base)
        var found: [String] = []
        var seen: Set<String> = []
        var stack = [root]
        while let node = stack.popLast() {
            if let items = node.sequence {
                stack.append(contentsOf: items.reversed())
            } else if let mapping = node.mapping {
                for pair in mapping {
                    if pair.key.string == "$ref", let target = pair.value.string {
                        let filePart = String(target.prefix { $0 != "#" })
                        if !filePart.isEmpty, let reference = own.map({ $0.reference(for: filePart) }) ?? filePart {
                            let resolved = URLReference.resolve(reference, against: base)
                            if seen.insert(resolved).inserted { found.append(resolved) }
                        }
                    } else {
                        stack.append(pair.value)
                    }
                }
            }
        }
        return found
    }
}
