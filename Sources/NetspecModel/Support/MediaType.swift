/// Media types as a `Content-Type` field gives them and a document lists them: the rules every
/// stage shares (the readers, request and response checks, the mock's answers).
package enum MediaType {
    /// A parameter of a `Content-Type` value, by its name (case-insensitively), unquoted:
    /// `boundary` of `multipart/form-data; boundary="a b"` is `a b`; `nil` when it has none.
    package static func parameter(_ name: String, in contentType: String) -> String? {
        for piece in contentType.split(separator: ";").dropFirst() {
            let parts = piece.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, String(parts[0]).trimmingSpaces().lowercased() == name else { continue }
            let text = String(parts[1]).trimmingSpaces()
            guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return text }
            var value = ""
            var escaped = false
            for character in text.dropFirst().dropLast() {
                if !escaped, character == "\\" { escaped = true; continue }
                escaped = false
                value.append(character)
            }
            return value
        }
        return nil
    }

    /// The type without parameters, lower-cased: `application/json` for `Application/JSON; charset=utf-8`.
    package static func base(of contentType: String) -> String {
        // Most types are written bare and in lower case (`application/json`): such a type is its
        // own base, without the split, the trimming and the lowercasing (which were 10% of the
        // stateless mock's CPU per GET, asked for each offer of each answer).
        if contentType.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ";") && !(0x41...0x5A).contains($0) }) {
            return contentType
        }
        return (contentType.split(separator: ";").first.map { String($0).trimmingSpaces() } ?? "").lowercased()
    }

    /// Whether a document's `declared` type (maybe a range: `*/*`, `text/*`) covers `type` (a base).
    package static func covers(_ declared: String, _ type: String) -> Bool {
        if declared == type || declared == "*/*" { return true }
        guard declared.hasSuffix("/*") else { return false }
        return type.hasPrefix(declared.dropLast())
    }

    /// Whether a type is JSON: `application/json` or a `+json` type (parameters and case ignored).
    package static func isJSON(_ type: String) -> Bool {
        let base = base(of: type)
        return base == "application/json" || base.hasSuffix("+json")
    }

    /// Whether a type has `json` in it anywhere (`application/x-amz-json-1.1`, `text/json`, a
    /// `+json` type): what decides that a body is read, or searched, as JSON. Read as bytes:
    /// `String.contains("json")` compares characters, grapheme breaks and all, and was 8% of a
    /// whole call answered by the in-process mock, for every response with a `Content-Type`.
    package static func namesJSON(_ type: String) -> Bool {
        // How much of `json` the bytes so far end with ("json" has no prefix that is also a
        // suffix, so a mismatch starts over, at 1 if the byte is a `j`).
        var matched = 0
        for byte in type.utf8 {
            if byte == jsonBytes[matched] {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = byte == jsonBytes[0] ? 1 : 0
            }
        }
        return false
    }

    private static let jsonBytes: [UInt8] = Array("json".utf8)

    /// Whether a type is XML: `application/xml`, `text/xml` or a `+xml` type.
    package static func isXML(_ type: String) -> Bool {
        let base = base(of: type)
        return base == "application/xml" || base == "text/xml" || base.hasSuffix("+xml")
    }

    /// The stream a response in the type is: an event stream (`text/event-stream`), JSON lines
    /// (`application/x-ndjson`, `application/jsonl`, `application/json-seq`,
    /// `application/x-jsonlines`), bytes (`application/octet-stream`); `nil` for one value.
    package static func streamKind(_ type: String) -> Endpoint.StreamKind? {
        switch base(of: type) {
        case "text/event-stream": .sse
        case "application/x-ndjson", "application/jsonl", "application/json-seq", "application/x-jsonlines": .lines
        case "application/octet-stream": .bytes
        default: nil
        }
    }

    /// Whether a type is `application/x-www-form-urlencoded`.
    package static func isForm(_ type: String) -> Bool {
        base(of: type) == "application/x-www-form-urlencoded"
    }
}
