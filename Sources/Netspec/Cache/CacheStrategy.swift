#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes

/// What the cache does with one `GET`: answer from the store, validate, or send (RFC 9111 §4),
/// decided from the request, the stored response, the cache policy and the time.
///
/// The rules follow RFC 9111 as OkHttp's `CacheStrategy` applies them: a request with its own
/// conditions (`If-None-Match`, `If-Modified-Since`, …) or `no-cache` goes to the network as it is;
/// a stored response is used while `age + min-fresh < lifetime + max-stale` (with the request's
/// `max-age` capping the lifetime, and `max-stale` ignored under `must-revalidate` or `no-cache`);
/// otherwise it is validated with its `ETag`, else its `Last-Modified`, else its `Date`.
enum CacheStrategy {
    /// The decision.
    enum Decision {
        /// Send this request; there is nothing to use.
        case network(PreparedRequest)
        /// Answer with the stored response.
        case stored(HTTPCache.Entry)
        /// Send this conditional request; a `304` means the stored response is current.
        case validate(PreparedRequest, HTTPCache.Entry)
        /// Nothing usable is stored and the network may not be used: answer `504`.
        case unsatisfiable
    }

    /// Decides for `request` given what is stored under its key.
    static func decide(_ request: PreparedRequest, stored: HTTPCache.Entry?, policy: CachePolicy, now: Date) -> Decision {
        let usable = stored.flatMap { $0.matchesVary(of: request.headerFields) ? $0 : nil }
        switch policy {
        case .reload:
            return .network(request)
        case .returnCacheElseLoad:
            return usable.map { .stored($0) } ?? .network(request)
        case .returnCacheDontLoad:
            return usable.map { .stored($0) } ?? .unsatisfiable
        case .useProtocol:
            let requestControl = CacheControl(request.headerFields)
            let decision = protocolDecision(request, requestControl: requestControl, stored: usable, now: now)
            if case .stored = decision { return decision }
            return requestControl.onlyIfCached ? .unsatisfiable : decision
        }
    }

    private static func protocolDecision(
        _ request: PreparedRequest, requestControl: CacheControl, stored: HTTPCache.Entry?, now: Date
    ) -> Decision {
        guard let stored, !requestControl.noCache, !hasConditions(request.headerFields) else { return .network(request) }
        let responseControl = CacheControl(stored.headerFields)
        if responseControl.noStore { return .network(request) }

        let age = stored.age(at: now)
        var lifetime = stored.freshnessLifetime
        if let maxAge = requestControl.maxAge { lifetime = min(lifetime, Double(maxAge)) }
        let minFresh = Double(requestControl.minFresh ?? 0)
        var maxStale = 0.0
        if !responseControl.mustRevalidate, !responseControl.noCache, let requested = requestControl.maxStale {
            maxStale = Double(requested)
        }
        if !responseControl.noCache, age + minFresh < lifetime + maxStale {
            return .stored(stored)
        }

        // Validate with the strongest validator (RFC 9110 §13.1.3: If-None-Match alone when there is an ETag).
        var conditional = request
        if let etag = stored.headerFields[.eTag] {
            conditional.headerFields[.ifNoneMatch] = etag
        } else if let lastModified = stored.headerFields[.lastModified] ?? stored.headerFields[.date] {
            // Echoed exactly as the server wrote it.
            conditional.headerFields[.ifModifiedSince] = lastModified
        } else {
            return .network(request)
        }
        return .validate(conditional, stored)
    }

    /// Whether the request carries its own validators, whose answer (such as a `304`) is for the caller.
    static func hasConditions(_ fields: HTTPFields) -> Bool {
        fields[.ifNoneMatch] != nil || fields[.ifModifiedSince] != nil || fields[.ifMatch] != nil
            || fields[.ifUnmodifiedSince] != nil || fields[.ifRange] != nil
    }

    // MARK: - Storing

    /// The statuses stored without explicit freshness: the heuristically cacheable ones (RFC 9110
    /// §15.1) that OkHttp stores. 206 is not stored (ranges are not combined).
    static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// Whether a response to a `GET` may be stored (RFC 9111 §3): a final status the cache
    /// understands, no `no-store` on the request or the response, no `Vary: *`.
    static func isStorable(status: Int, response: HTTPFields, request: HTTPFields) -> Bool {
        let responseControl = CacheControl(response)
        switch status {
        case _ where storableStatuses.contains(status):
            break
        case 302, 307:
            // Temporary redirects only with explicit freshness or permission.
            guard response[.expires] != nil || responseControl.maxAge != nil || responseControl.allowsStoring else { return false }
        default:
            return false
        }
        if responseControl.noStore || CacheControl(request).noStore { return false }
        return !HTTPCache.Entry.varyNames(response).contains("*")
    }

    /// Whether a later call under `policy` could use a response stored now. Under the HTTP rules
    /// (``CachePolicy/useProtocol``, and ``CachePolicy/reload``, which stores for them) a response
    /// that says nothing of caching — no `Cache-Control`, `Expires`, `ETag` or `Last-Modified` — is
    /// never fresh and has no validator, so it would only ever be sent again: it is not written (a
    /// temporary file and a rename at every call of an API that does not cache, as a local
    /// server's answers). One that says anything is kept as OkHttp keeps it (`max-age=0` with a
    /// `Date` is revalidated with `If-Modified-Since`). The `returnCache…` policies use anything stored.
    static func isUsableLater(_ response: HTTPFields, policy: CachePolicy) -> Bool {
        switch policy {
        case .returnCacheElseLoad, .returnCacheDontLoad:
            true
        case .useProtocol, .reload:
            response[.cacheControl] != nil || response[.expires] != nil || response[.eTag] != nil || response[.lastModified] != nil
        }
    }

    /// The stored header fields updated with a `304`'s (RFC 9111 §3.2), as OkHttp merges them:
    /// a stored field is replaced by the `304`'s fields of that name; the content's own fields
    /// (`Content-Length`, `Content-Encoding`, `Content-Type`) and hop-by-hop fields are never taken
    /// from the `304`; stored `1xx` warnings are dropped.
    static func merge(stored: HTTPFields, notModified: HTTPFields) -> HTTPFields {
        var merged = HTTPFields()
        for field in stored {
            if field.name == .warning, field.value.hasPrefix("1") { continue }
            if isContentField(field.name) || !isEndToEnd(field.name) || notModified[field.name] == nil {
                merged.append(field)
            }
        }
        for field in notModified where !isContentField(field.name) && isEndToEnd(field.name) {
            merged.append(field)
        }
        return merged
    }

    private static func isContentField(_ name: HTTPField.Name) -> Bool {
        name == .contentLength || name == .contentEncoding || name == .contentType
    }

    private static let hopByHop: Set<HTTPField.Name> = [
        .connection, HTTPField.Name("Keep-Alive")!, .proxyAuthenticate, .proxyAuthorization, .te,
        HTTPField.Name("Trailers")!, .transferEncoding, .upgrade,
    ]

    private static func isEndToEnd(_ name: HTTPField.Name) -> Bool {
        !hopByHop.contains(name)
    }
}
