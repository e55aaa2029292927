import Synchronization

// A schema the document declares for a parameter, a request body or a response, kept in the
// model uncompiled and compiled on first use: a call of one operation of a 2.9 MB document
// compiles that operation's schemas (and what they refer to), not the document's.

/// A schema of the endpoint model: where it is in its document, and the compiled ``JSONSchema``
/// once something asks for it.
///
/// Front ends make these while reading (``OpenAPIReader``, ``SwaggerReader``); consumers (request
/// checks, response validation, the mock's generator, MCP tool schemas) call ``compiled()``.
/// A schema that cannot be compiled (a `pattern` that is not a regular expression, a `$ref` to
/// nothing) gives its positioned ``SchemaError`` each time it is asked for, never a crash.
/// Two references are equal when they are the same node of the same file.
package final class ModelSchema: Sendable, Hashable, CustomStringConvertible {
    /// The schema's node in its document, and the compiler shared by the document's schemas.
    private let node: YAMLNode
    /// The document the node is in (its `$ref`s resolve against it).
    let documentURI: String
    /// The file messages name.
    private let file: String
    /// The compiler of the document's schemas.
    let compiler: SchemaCompiler
    private let result = Mutex<Result<JSONSchema, SchemaError>?>(nil)

    /// A reference to the schema at `node` of the document at `documentURI`, read from `file`.
    init(node: YAMLNode, documentURI: String, file: String, compiler: SchemaCompiler) {
        self.node = node
        self.documentURI = documentURI
        self.file = file
        self.compiler = compiler
    }

    /// The compiled schema, compiled on the first call and kept.
    ///
    /// - Throws: The compile error, with the keyword's `file:line:column`.
    package func compiled() throws(SchemaError) -> JSONSchema {
        let result = result.withLock { slot in
            if let slot { return slot }
            let made: Result<JSONSchema, SchemaError>
            do throws(SchemaError) {
                made = .success(try compiler.compile(node: node, in: documentURI, file: file))
            } catch {
                made = .failure(error)
            }
            slot = made
            return made
        }
        return try result.get()
    }

    /// The schema as written (its `$ref`s as written).
    package var json: JSONValue { node.jsonValue }

    /// Where the schema starts: `file:line:column`.
    package var description: String { "\(file):\(node.mark)" }

    /// Whether both are the same node of the same file.
    package static func == (lhs: ModelSchema, rhs: ModelSchema) -> Bool {
        lhs === rhs || (lhs.file == rhs.file && lhs.documentURI == rhs.documentURI && lhs.node.index == rhs.node.index)
    }

    /// Hashes the file and the node.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(node.index)
    }
}

/// The schema of one response, by status and media type, as the document declares it.
package struct ResponseSchema: DeclaredUnderStatus, Sendable, Hashable {
    /// The status as written: `200`, `2XX` or `default`.
    package var status: String
    /// The media type, lower-cased, without parameters: `application/json`, `text/event-stream`.
    package var mediaType: String
    /// The schema of the whole body (for a stream media type: of each item, unless
    /// ``itemSchema`` is given).
    package var schema: ModelSchema?
    /// OpenAPI 3.2's `itemSchema`: each item of a stream (each JSON line; each event's `data`).
    package var itemSchema: ModelSchema?
    /// How a value made from the schema is written in the media type, for a type that needs more
    /// than the media type to write it (XML's names, a form's `encoding`); `nil` for the others.
    var rendering: MediaRendering? = nil

    /// How a value is written in the media type: ``rendering``, else the media type's own.
    var writing: MediaRendering { rendering ?? MediaRendering(mediaType: mediaType) }
}

extension [ResponseSchema] {
    /// The response schema for a status and a media type: the most specific status that covers
    /// `code` (`200` before `2XX` before `default`), and among its media types the same type,
    /// else a JSON type for a JSON answer (`application/problem+json` for `application/json`),
    /// else a wildcard (`application/*`, `*/*`). `nil` when the document declares none.
    package func matching(status code: Int, mediaType: String?) -> ResponseSchema? {
        let candidates = mostSpecific(covering: code)
        guard !candidates.isEmpty else { return nil }
        let base = MediaType.base(of: mediaType ?? "")
        if let exact = candidates.first(where: { $0.mediaType == base }) { return exact }
        if MediaType.isJSON(base), let json = candidates.first(where: { MediaType.isJSON($0.mediaType) }) { return json }
        let major = base.split(separator: "/").first.map(String.init) ?? ""
        if let range = candidates.first(where: { $0.mediaType == major + "/*" }) { return range }
        if let any = candidates.first(where: { $0.mediaType == "*/*" }) { return any }
        // No media type on the answer (or one the document does not list) and only one declared.
        return base.isEmpty && candidates.count == 1 ? candidates[0] : nil
    }
}
