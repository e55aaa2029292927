/// What an operation declares about its responses, each status once (``DeclaredResponse``), in
/// the document's order: the one place mocks, response validation, the mock server's conformance
/// checks and MCP's output schemas read them from (``Endpoint/responses``).
package struct Responses: Sendable, Hashable {
    /// The responses, in the document's order.
    package var declared: [DeclaredResponse]
    /// The index in ``declared`` of the success response, whose first example a call with mocks
    /// on answers: the first 2xx (or `2XX`), else `default`; for a Netspec spec, the first
    /// `mock:`'s status. `nil` when there is none (or, for Swagger 2.0, when it is a stream).
    package var successIndex: Int?
    /// Whether the document declares them, so that a server's answers are checked against them
    /// (OpenAPI, Swagger); `false` for a Netspec spec, whose `mock:` gives examples only.
    package var areDeclared: Bool

    /// Responses as a document declares them.
    package init(declared: [DeclaredResponse] = [], successIndex: Int? = nil, areDeclared: Bool = true) {
        self.declared = declared
        self.successIndex = successIndex
        self.areDeclared = areDeclared
    }

    /// A Netspec spec's `mock:` list: a response per status in the order they first appear, each
    /// with its examples in order; the first is the success response.
    package init(mocks: [(status: Int, example: ResponseExample)]) {
        var declared: [DeclaredResponse] = []
        for (status, example) in mocks {
            if let index = declared.firstIndex(where: { $0.status == .code(status) }) {
                declared[index].examples.append(example)
            } else {
                var response = DeclaredResponse(status: .code(status), position: "", mark: example.mark)
                response.examples = [example]
                declared.append(response)
            }
        }
        self.init(declared: declared, successIndex: declared.isEmpty ? nil : 0, areDeclared: false)
    }

    /// The success response (``successIndex``), if any.
    package var success: DeclaredResponse? { successIndex.map { declared[$0] } }

    /// The declared response for a status: the most specific that covers it (`200` before `2XX`
    /// before `default`); `nil` when none does.
    package func matching(status code: Int) -> DeclaredResponse? {
        declared.mostSpecific(covering: code).first
    }

    /// Every media type that has a schema (or an item schema), under its status, in the
    /// document's order.
    package var schemas: [ResponseSchema] {
        declared.flatMap { response in
            response.content.filter { $0.schema != nil || $0.itemSchema != nil }.map { ResponseSchema(status: response.status, content: $0) }
        }
    }

    /// The response schema for a status and a media type: among the media types of the response
    /// that answers the status (``matching(status:)``), as
    /// ``Swift/Array/matching(status:mediaType:)`` chooses; `nil` when the document declares none.
    /// A response declared without a schema has none, even beside a `default` or a range that has
    /// one: a `204` declared with no content is not checked against `default`'s error schema.
    package func schema(status code: Int, mediaType: String?) -> ResponseSchema? {
        guard let response = matching(status: code) else { return nil }
        let schemas = response.content.filter { $0.schema != nil || $0.itemSchema != nil }.map { ResponseSchema(status: response.status, content: $0) }
        return schemas.matching(status: code, mediaType: mediaType)
    }
}

extension [ResponseSchema] {
    /// The response schema for a status and a media type: those of the most specific status that
    /// covers `code` (`200` before `2XX` before `default`), and among them the same type, else a
    /// JSON type for a JSON answer (`application/problem+json` for `application/json`), else a
    /// wildcard (`application/*`, `*/*`). `nil` when none is declared.
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

/// One media type of a declared response that has a schema, with the status it is declared
/// under (``Responses/schemas``).
package struct ResponseSchema: DeclaredUnderStatus, Sendable, Hashable {
    /// The status it is declared under.
    package var status: ResponseStatus
    /// The media type and its schemas.
    package var content: DeclaredResponse.Content

    /// The status it is declared under.
    package var declaredStatus: ResponseStatus { status }
    /// The media type, lower-cased, without parameters.
    package var mediaType: String { content.mediaType }
    /// The schema of the whole body (for a stream: of each item, unless ``itemSchema`` is given).
    package var schema: ModelSchema? { content.schema }
    /// Each item of a stream's schema (OpenAPI 3.2's `itemSchema`).
    package var itemSchema: ModelSchema? { content.itemSchema }
}
