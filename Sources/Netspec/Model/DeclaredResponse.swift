/// One response an operation's document declares, for checking what a server answers against
/// it (the mock's validating proxy, the mock's own conformance): its status as written, the
/// media types of its `content`, and its `headers` with their schemas.
///
/// The bodies' schemas are ``ResponseSchema``s, by status and media type; this says what the
/// document allows at all (a status it does not declare, a media type it does not list, a
/// required header missing), which a schema alone cannot.
package struct DeclaredResponse: Sendable, Hashable {
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

    /// Whether the status as written covers `code` (`200`; `2XX`; `default` covers all).
    package func covers(_ code: Int) -> Bool { WrittenStatus.covers(status, code) }

    /// How exactly the status covers a code: an exact code before a range before `default`.
    var specificity: Int { WrittenStatus.specificity(status) }
}

/// A response status as a document writes it: a code (`200`), a range (`2XX`) or `default`.
enum WrittenStatus {
    /// Whether `status` covers `code`.
    static func covers(_ status: String, _ code: Int) -> Bool {
        if status == "default" { return true }
        if let exact = Int(status) { return exact == code }
        let upper = status.uppercased()
        return upper.count == 3 && upper.hasSuffix("XX") && upper.first.flatMap { $0.wholeNumberValue } == code / 100
    }

    /// An exact code (2) before a range (1) before `default` (0).
    static func specificity(_ status: String) -> Int { status == "default" ? 0 : Int(status) == nil ? 1 : 2 }
}

extension [DeclaredResponse] {
    /// The declared response for a status: the most specific that covers it (`200` before `2XX`
    /// before `default`); `nil` when none does.
    package func matching(status code: Int) -> DeclaredResponse? {
        filter { $0.covers(code) }.max { $0.specificity < $1.specificity }
    }
}
