/// Media types as a `Content-Type` field gives them and a document lists them: the rules every
/// stage shares (the readers, response checks, the mock's answers).
package enum MediaType {
    /// The type without parameters, lower-cased: `application/json` for `Application/JSON; charset=utf-8`.
    package static func base(of contentType: String) -> String {
        (contentType.split(separator: ";").first.map { String($0).trimmingSpaces() } ?? "").lowercased()
    }

    /// Whether a document's `declared` type (maybe a range: `*/*`, `text/*`) covers `type` (a base).
    package static func covers(_ declared: String, _ type: String) -> Bool {
        if declared == type || declared == "*/*" { return true }
        guard declared.hasSuffix("/*") else { return false }
        return type.hasPrefix(declared.dropLast())
    }

    /// Whether a type (a base) is JSON: `application/json` or a `+json` type.
    package static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json")
    }
}
