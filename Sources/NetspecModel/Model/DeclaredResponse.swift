/// One response an operation's document declares, for checking what a server answers against
/// it (the mock's validating proxy, the mock's own conformance): its status as written, the
/// media types of its `content`, and its `headers` with their schemas.
///
/// The bodies' schemas are ``ResponseSchema``s, by status and media type; this says what the
/// document allows at all (a status it does not declare, a media type it does not list, a
/// required header missing), which a schema alone cannot.
package struct DeclaredResponse: DeclaredUnderStatus, Sendable, Hashable {
    /// The status as written: `200`, `2XX` or `default`.
    package var status: String
    /// The media types of its `content` (or, for Swagger 2.0, what the operation `produces`
    /// when the response has a `schema`), lower-cased, without parameters; empty when it
    /// declares no body.
    package var mediaTypes: [String]
    /// Its headers (`Content-Type` is left out: the media type says it).
    package var headers: [Header]
    /// Where it is declared: `file:line:column` of its status key.
    package var position: String

    /// A header a response declares.
    package struct Header: Sendable, Hashable {
        /// The name as written.
        package var name: String
        /// Whether an answer must carry it.
        package var required: Bool
        /// The schema of its value, as the `simple` style writes it (a list joined by
        /// ``listSeparator``).
        package var schema: ModelSchema?
        /// What joins a list's items: `,` (OpenAPI's `simple` style; Swagger 2.0's
        /// `collectionFormat` may say `|`, a space or a tab).
        package var listSeparator: String = ","
        /// Where it is declared: `file:line:column` of its name.
        package var position: String

        /// A header.
        package init(name: String, required: Bool, schema: ModelSchema?, listSeparator: String = ",", position: String) {
            self.name = name
            self.required = required
            self.schema = schema
            self.listSeparator = listSeparator
            self.position = position
        }
    }
}

extension [DeclaredResponse] {
    /// The declared response for a status: the most specific that covers it (`200` before `2XX`
    /// before `default`); `nil` when none does.
    package func matching(status code: Int) -> DeclaredResponse? {
        mostSpecific(covering: code).first
    }
}
