/// One response an operation declares, under one status written once (``ResponseStatus``): the
/// media types of its body with their schemas, its headers, and its examples. What a mock answers
/// (``ResponseExample``s, else a value made from a schema), what a response is validated
/// against (``Responses/schema(status:mediaType:)``) and what a server's answer must be (its
/// media types, its required headers) are all read from it.
package struct DeclaredResponse: DeclaredUnderStatus, Sendable, Hashable {
    /// The status it is declared under.
    package var status: ResponseStatus
    /// The media types of its `content` (Swagger 2.0: what the operation `produces`, when the
    /// response has a `schema`), in the document's order; empty when it declares no body.
    package var content: [Content] = []
    /// Its headers (`Content-Type` is left out: the media type says it).
    package var headers: [Header] = []
    /// Its examples, in the order a mock offers them: the first is the one a call uses (for the
    /// success response), those of its first media type before the others.
    package var examples: [ResponseExample] = []
    /// Whether a mock answers the status without an example (its headers, no body) when none of
    /// its first media type's examples can be written; `false` for a success response with
    /// neither an example nor a header to send (a mocked call answers from its schema or says it
    /// has no mock).
    package var answersWithoutExample = false
    /// Where it is declared: `file:line:column` of its status key.
    package var position: String
    /// Its status key, which a mock without an example is said to come from.
    package var mark: Mark
    /// Its `summary` (OpenAPI 3.2, Response Object), which `describe` shows.
    package var summary: String?
    /// Its `links` (OpenAPI 3.x), in the document's order.
    package var links: [ResponseLink] = []

    /// A response under `status`, declared at `position` (`mark` in its file).
    package init(status: ResponseStatus, position: String, mark: Mark) {
        self.status = status
        self.position = position
        self.mark = mark
    }

    /// The status it is declared under.
    package var declaredStatus: ResponseStatus { status }

    /// Its media types, lower-cased, without parameters, in the document's order.
    package var mediaTypes: [String] { content.map(\.mediaType) }

    /// One media type of a response's body.
    package struct Content: Sendable, Hashable {
        /// The media type, lower-cased, without parameters: `application/json`, `text/event-stream`.
        package var mediaType: String
        /// The schema of the whole body (for a stream media type: of each item, unless
        /// ``itemSchema`` is given).
        package var schema: ModelSchema?
        /// OpenAPI 3.2's `itemSchema`: each item of a stream (each JSON line; each event's `data`).
        package var itemSchema: ModelSchema?
        /// How values are laid out in the media type (XML's names, a form's `encoding`).
        package var layout = MediaLayout()

        /// A media type with its schemas.
        package init(mediaType: String, schema: ModelSchema?, itemSchema: ModelSchema? = nil, layout: MediaLayout = MediaLayout()) {
            self.mediaType = mediaType
            self.schema = schema
            self.itemSchema = itemSchema
            self.layout = layout
        }
    }

    /// A header a response declares.
    package struct Header: Sendable, Hashable {
        /// The name as written.
        package var name: String
        /// Whether an answer must carry it.
        package var required: Bool
        /// The schema of its value, as the `simple` style writes it (a list joined by
        /// ``listSeparator``), or as JSON text where ``isJSON``.
        package var schema: ModelSchema?
        /// What joins a list's items: `,` (OpenAPI's `simple` style; Swagger 2.0's
        /// `collectionFormat` may say `|`, a space or a tab).
        package var listSeparator: String = ","
        /// Where it is declared: `file:line:column` of its name.
        package var position: String
        /// The value a mock sends: its example (or its schema's `example`, `default`, `const`,
        /// first `enum` value) as its text; `nil` when the document gives none.
        package var example: String? = nil
        /// Whether it is described by `content` with a JSON media type (an OpenAPI Header
        /// Object's `content: application/json`): its value is the JSON text of the value its
        /// schema describes (`{"limit":100,"left":99}`), so it is read as JSON.
        package var isJSON = false

        /// A header.
        package init(
            name: String, required: Bool, schema: ModelSchema?, listSeparator: String = ",", position: String, example: String? = nil, isJSON: Bool = false
        ) {
            self.name = name
            self.required = required
            self.schema = schema
            self.listSeparator = listSeparator
            self.position = position
            self.example = example
            self.isJSON = isJSON
        }
    }
}
