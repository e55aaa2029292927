// `netspec validate` compiles every schema the document's operations use, so that one that can
// never be compiled is said where it is written when the document is checked, not first when a
// call is checked against it (exit 65 then too).

extension Spec {
    /// Every problem that keeps a schema an operation uses — a parameter's, the request body's,
    /// a response's (and its `itemSchema`), a response header's, and what they refer to — from
    /// compiling, each where it is written and said once, for the first schema (in the order of
    /// the endpoints) that reaches it; `nil` when all compile.
    ///
    /// All of the document's schemas are compiled in one pass (``ModelSchema/compileAll(_:)``);
    /// only one that fails is walked for its every problem.
    package func schemaCompileErrors() -> SpecError? {
        var schemas: [ModelSchema] = []
        var uses: [(endpoint: String, what: String)] = []
        var seen: Set<ModelSchema> = []
        // `what` is only said of a schema added: a document without schemas (a Netspec YAML spec,
        // 5,000 endpoints) or one whose operations share them builds no text for the others.
        func add(_ schema: ModelSchema?, _ endpoint: Endpoint, _ what: @autoclosure () -> String) {
            guard let schema, seen.insert(schema).inserted else { return }
            schemas.append(schema)
            uses.append((endpoint.name, what()))
        }
        for endpoint in endpoints {
            // A body field's schema is part of the body's, compiled with it: its problem is the body's.
            let body = endpoint.requestSchemaReference
            add(body, endpoint, "the request body's schema")
            for parameter in endpoint.parameters where body == nil || (parameter.location != .field && parameter.location != .part) {
                add(parameter.documentSchema, endpoint, "parameter '\(parameter.name)': its schema")
            }
            for response in endpoint.responses.declared {
                for content in response.content {
                    add(content.schema, endpoint, "the response (\(response.status), \(content.mediaType))'s schema")
                    add(content.itemSchema, endpoint, "the response (\(response.status), \(content.mediaType))'s itemSchema")
                }
                for header in response.headers {
                    add(header.schema, endpoint, "the response (\(response.status))'s header '\(header.name)': its schema")
                }
            }
        }
        var search = SchemaCompileErrorSearch()
        var errors: [SpecError] = []
        for (position, result) in ModelSchema.compileAll(schemas).enumerated() {
            guard case let .failure(failure) = result else { continue }
            let use = uses[position]
            for problem in search.add(schemas[position], failure: failure) {
                errors.append(Self.compileError(problem, message: "endpoint '\(use.endpoint)': \(use.what) cannot be compiled: "))
            }
        }
        let sorted = errors.enumerated().sorted { lhs, rhs in
            (lhs.element.file, lhs.element.line, lhs.element.column, lhs.offset) < (rhs.element.file, rhs.element.line, rhs.element.column, rhs.offset)
        }.map(\.element)
        guard var first = sorted.first else { return nil }
        first.additionalErrors = Array(sorted.dropFirst())
        return first
    }

    /// `problem` as a spec error at its place (`file:line:column`, else the `uri#pointer` it names).
    static func compileError(_ problem: SchemaError, message: String) -> SpecError {
        let parts = problem.location.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) {
            return SpecError(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column, message: message + problem.message)
        }
        return SpecError(file: problem.location, line: 0, column: 0, message: message + problem.message)
    }
}
