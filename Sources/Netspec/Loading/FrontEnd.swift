/// Chooses the front end that reads a document, by its top-level keys: `swagger` is read by
/// ``SwaggerReader``, `openapi` by ``OpenAPIReader``, anything else by ``SpecLoader`` (the Netspec spec format). Every
/// front end produces the same ``Spec`` and ``Endpoint``s; nothing after this asks which one did.
enum FrontEnd {
    /// Parses YAML (or JSON) bytes and reads them with the document's front end.
    ///
    /// - Parameter only: The one endpoint the caller needs (`netspec call`): a front end that can read
    ///   just that one and what it depends on (see ``SpecLoader/read(_:file:only:)`` and
    ///   ``OpenAPIReader/read(_:file:only:)``). `netspec validate` and ``Spec/load(path:)`` read everything.
    static func load(bytes: [UInt8], file: String, only: String? = nil) throws(SpecError) -> Spec {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes)
        } catch {
            throw SpecError(file: file, mark: error.mark, message: error.message)
        }
        return try load(root: root, file: file, only: only)
    }

    /// Reads a parsed document with its front end (see ``load(bytes:file:only:)``).
    static func load(root: YAMLNode?, file: String, only: String? = nil) throws(SpecError) -> Spec {
        guard let root else {
            throw SpecError(file: file, line: 1, column: 1, message: "the spec is empty (expected 'netspec: 1', 'service:' and 'endpoints:')")
        }
        if SwaggerReader.isSwagger(root) { return try SwaggerReader.read(root, file: file, only: only) }
        if OpenAPIReader.isOpenAPI(root) { return try OpenAPIReader.read(root, file: file, only: only) }
        return try SpecLoader.read(root, file: file, only: only)
    }
}
