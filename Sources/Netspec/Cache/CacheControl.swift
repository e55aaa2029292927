import HTTPTypes

/// The `Cache-Control` directives of a request or a response (RFC 9111 §5.2), read from every
/// `Cache-Control` field, with `Pragma: no-cache` (§5.4) standing for `no-cache` when there is none.
///
/// Directive names are case-insensitive; values may be tokens or quoted strings. A `max-age`,
/// `min-fresh` or `max-stale` that is not a number counts as 0, so the response is stale (§4.2.1
/// encourages treating invalid freshness information so); a number past 2^31 counts as 2^31 (§1.2.2).
/// `s-maxage` is not read: this is a private cache (§5.2.2.10).
///
/// - SeeAlso: [RFC 9111 §5.2](https://www.rfc-editor.org/rfc/rfc9111#section-5.2)
struct CacheControl: Sendable, Hashable {
    /// `no-cache`: a stored response must be validated before it is used.
    var noCache = false
    /// `no-store`: nothing of this exchange is stored.
    var noStore = false
    /// `max-age=N`, in seconds.
    var maxAge: Int?
    /// `max-stale[=N]` (requests): a stale response is acceptable up to N seconds, any age without N.
    var maxStale: Int?
    /// `min-fresh=N` (requests): the response must stay fresh for N more seconds.
    var minFresh: Int?
    /// `only-if-cached` (requests): answer from the cache or with 504, never from the network.
    var onlyIfCached = false
    /// `must-revalidate` (responses): once stale, never used without validation, even with `max-stale`.
    var mustRevalidate = false
    /// `immutable` (RFC 8246): the response will not change while it is fresh.
    var immutable = false
    /// `public` or `private` (responses): storing is explicitly allowed (for this private cache).
    var allowsStoring = false

    /// The largest delta-seconds a cache must represent (RFC 9111 §1.2.2).
    static let deltaSecondsLimit = 2_147_483_648

    /// The directives of a message's header fields.
    init(_ fields: HTTPFields) {
        let values = fields[values: .cacheControl]
        guard !values.isEmpty else {
            // Pragma only counts when there is no Cache-Control (RFC 9111 §5.4).
            noCache = fields[values: .pragma].contains { Self.directives(in: $0).contains { $0.name == "no-cache" } }
            return
        }
        for value in values {
            for directive in Self.directives(in: value) { apply(directive) }
        }
    }

    private mutating func apply(_ directive: (name: String, argument: String?)) {
        switch directive.name {
        case "no-cache": noCache = true
        case "no-store": noStore = true
        case "max-age": maxAge = maxAge ?? Self.seconds(directive.argument)
        case "max-stale": maxStale = maxStale ?? (directive.argument == nil ? Int.max : Self.seconds(directive.argument))
        case "min-fresh": minFresh = minFresh ?? Self.seconds(directive.argument)
        case "only-if-cached": onlyIfCached = true
        case "must-revalidate": mustRevalidate = true
        case "immutable": immutable = true
        case "public", "private": allowsStoring = true
        default: break
        }
    }

    /// A delta-seconds argument: digits, capped at 2^31; anything else is 0.
    static func seconds(_ argument: String?) -> Int {
        guard let argument, !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return 0 }
        return min(Int(argument.prefix(12)) ?? deltaSecondsLimit, deltaSecondsLimit)
    }

    /// The directives of one field value: `name` or `name=token` or `name="quoted"`, separated by
    /// commas outside quotes; names lowercased.
    static func directives(in value: String) -> [(name: String, argument: String?)] {
        var result: [(name: String, argument: String?)] = []
        var scalars = Substring(value).unicodeScalars[...]
        while !scalars.isEmpty {
            var name = ""
            while let scalar = scalars.first, scalar != ",", scalar != "=" {
                name.unicodeScalars.append(scalar)
                scalars.removeFirst()
            }
            var argument: String?
            if scalars.first == "=" {
                scalars.removeFirst()
                argument = Self.argument(&scalars)
            }
            // Skip to the next directive.
            while let scalar = scalars.first, scalar != "," { scalars.removeFirst() }
            if !scalars.isEmpty { scalars.removeFirst() }
            let trimmed = name.trimmingSpacesAndNewlines.lowercased()
            if !trimmed.isEmpty { result.append((trimmed, argument)) }
        }
        return result
    }

    private static func argument(_ scalars: inout Substring.UnicodeScalarView.SubSequence) -> String {
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        var text = ""
        guard scalars.first == "\"" else {
            while let scalar = scalars.first, scalar != ",", scalar != " ", scalar != "\t" {
                text.unicodeScalars.append(scalar)
                scalars.removeFirst()
            }
            return text
        }
        scalars.removeFirst()
        while let scalar = scalars.first {
            scalars.removeFirst()
            if scalar == "\"" { break }
            if scalar == "\\", let escaped = scalars.first {
                scalars.removeFirst()
                text.unicodeScalars.append(escaped)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension HTTPField.Name {
    /// `Pragma` (RFC 9111 §5.4).
    static let pragma = HTTPField.Name("Pragma")!
    /// `Warning` (RFC 7234 §5.5, obsoleted by RFC 9111 but still sent).
    static let warning = HTTPField.Name("Warning")!
}
