// Compiling many of a document's schemas at once: those of one document in one pass of its
// compiler, into one graph (SchemaCompiler+Batch.swift), so that compiling all of a big
// document's schemas costs about what the document's size does (the checks of a whole
// document, such as `netspec validate` compiling every schema its operations use, need that).

extension ModelSchema {
    /// Each schema compiled, as ``compiled()`` compiles it (and kept, as it keeps it), those of
    /// one document in one pass of its compiler (``SchemaCompiler/compileAll(_:)``), so that
    /// compiling all of a big document's schemas costs about what the document's size does.
    package static func compileAll(_ schemas: [ModelSchema]) -> [Result<JSONSchema, SchemaError>] {
        var results = [Result<JSONSchema, SchemaError>?](repeating: nil, count: schemas.count)
        var groups: [ObjectIdentifier: [Int]] = [:]
        var order: [ObjectIdentifier] = []
        for (position, schema) in schemas.enumerated() {
            if let kept = schema.result.withLock({ $0 }) {
                results[position] = kept
                continue
            }
            let compiler = ObjectIdentifier(schema.compiler)
            if groups[compiler] == nil { order.append(compiler) }
            groups[compiler, default: []].append(position)
        }
        for compiler in order {
            let positions = groups[compiler] ?? []
            guard let first = positions.first else { continue }
            let made = schemas[first].compiler.compileAll(positions.map { position in
                SchemaCompiler.InlineSchema(node: schemas[position].node, document: schemas[position].documentURI, file: schemas[position].file)
            })
            for (position, result) in zip(positions, made) {
                // One compiled meanwhile (by another thread) is the one kept.
                results[position] = schemas[position].result.withLock { slot in
                    if let slot { return slot }
                    slot = result
                    return result
                }
            }
        }
        return results.compactMap { $0 }
    }
}
