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
    let node: YAMLNode
    /// The document the node is in (its `$ref`s resolve against it).
    let documentURI: String
    /// The file messages name.
    let file: String
    /// The compiler of the document's schemas.
    let compiler: SchemaCompiler
    let result = Mutex<Result<JSONSchema, SchemaError>?>(nil)

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
