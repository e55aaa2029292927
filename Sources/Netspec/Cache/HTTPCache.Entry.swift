#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HTTPTypes

extension HTTPCache {
    /// A response as the HTTP cache stores it: status, headers and body, when it was requested and
    /// received, the request header values its `Vary` names, and the URL that answered when the
    /// request was redirected.
    public struct Entry: Sendable, Hashable {
        /// Where it is stored.
        public var key: Key
        /// The status code.
        public var status: Int
        /// The reason phrase.
        public var reasonPhrase: String
        /// The header fields, as received (after a `304`, as merged with it).
        public var headerFields: HTTPFields
        /// The body (decompressed when the transport decompressed it).
        public var body: [UInt8]
        /// When the request that fetched (or last validated) it was sent.
        public var requestDate: Date
        /// When that request's response arrived.
        public var responseDate: Date
        /// The request's values of the fields the response's `Vary` names, by lowercased name, joined
        /// with `, `; a field the request did not have is absent.
        public var varyValues: [String: String]
        /// The URL that answered when the request followed redirects to it (the last `Location`,
        /// resolved), `nil` when the key's own URL answered. The response is stored under the URL
        /// asked for (``Key/url``), and an answer from the store reports this URL as a network
        /// answer does, so relative references in it (a next page's `Link`) resolve against the
        /// URL that served it (RFC 3986 §5.1.3).
        public var redirectedURL: String?

        /// Creates a stored response.
        ///
        /// - Parameter redirectedURL: the URL that answered when the request was redirected;
        ///   `nil` (the default) when the key's own URL answered.
        public init(
            key: Key, status: Int, reasonPhrase: String, headerFields: HTTPFields, body: [UInt8],
            requestDate: Date, responseDate: Date, varyValues: [String: String], redirectedURL: String? = nil
        ) {
            self.key = key
            self.status = status
            self.reasonPhrase = reasonPhrase
            self.headerFields = headerFields
            self.body = body
            self.requestDate = requestDate
            self.responseDate = responseDate
            self.varyValues = varyValues
            self.redirectedURL = redirectedURL
        }

        /// The response as a transport response, its body in memory: the response to answer with,
        /// marked with how the cache answered (``HTTPCache/outcomeField``), and with the URL that
        /// answered after redirects (``redirectedURL``), as the network's answer had it.
        func transportResponse(outcome: HTTPCache.Outcome?) -> TransportResponse {
            var fields = headerFields
            if let outcome { fields[HTTPCache.outcomeField] = outcome.rawValue }
            var response = TransportResponse(status: status, reasonPhrase: reasonPhrase, headerFields: fields, body: TransportResponse.Body(bytes: body))
            response.redirectedURL = redirectedURL
            return response
        }

        /// The bytes it takes in a store, roughly: the body and the header text.
        var size: Int {
            body.count + key.url.utf8.count + (redirectedURL?.utf8.count ?? 0) + headerFields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        }
    }
}

// MARK: - Freshness (RFC 9111 §4.2)

extension HTTPCache.Entry {
    /// How long the response is fresh after it was generated, in seconds (RFC 9111 §4.2.1).
    ///
    /// `max-age`, else `Expires` minus `Date` (the time received when there is no `Date`), else for
    /// a URL without a query 10% of the time since `Last-Modified` (the heuristic of §4.2.2 that
    /// OkHttp and browsers use), else 0. `s-maxage` is for shared caches and is not read.
    var freshnessLifetime: Double {
        let control = CacheControl(headerFields)
        if let maxAge = control.maxAge { return Double(maxAge) }
        let served = date(.date)
        if let expires = headerFields[.expires] {
            // An Expires that is not a date (such as "0") means already expired (RFC 9111 §5.3).
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            return max(0, expiry.timeIntervalSince(served ?? responseDate))
        }
        if let lastModified = date(.lastModified), !key.url.contains("?") {
            let delta = (served ?? requestDate).timeIntervalSince(lastModified)
            return delta > 0 ? delta / 10 : 0
        }
        return 0
    }

    /// The response's age at `now`, in seconds (RFC 9111 §4.2.3).
    func age(at now: Date) -> Double {
        let apparentAge = date(.date).map { max(0, responseDate.timeIntervalSince($0)) } ?? 0
        let ageValue = headerFields[.age].map { Double(CacheControl.seconds($0.trimmingSpacesAndNewlines)) }
        let receivedAge = ageValue.map { max(apparentAge, $0) } ?? apparentAge
        let responseDelay = max(0, responseDate.timeIntervalSince(requestDate))
        let residentTime = max(0, now.timeIntervalSince(responseDate))
        return receivedAge + responseDelay + residentTime
    }

    /// Whether the request's values of the `Vary` fields are those this response was stored for
    /// (RFC 9111 §4.1). `Vary: *` never matches.
    func matchesVary(of request: HTTPFields) -> Bool {
        let names = Self.varyNames(headerFields)
        if names.contains("*") { return false }
        return names.allSatisfy { request.joinedValue(named: $0) == varyValues[$0] }
    }

    /// The lowercased field names of every `Vary` field.
    static func varyNames(_ fields: HTTPFields) -> [String] {
        fields[values: .vary].flatMap { $0.split(separator: ",") }
            .map { String($0).trimmingSpacesAndNewlines.lowercased() }
            .filter { !$0.isEmpty }
    }

    private func date(_ name: HTTPField.Name) -> Date? {
        headerFields[name].flatMap(HTTPDate.parse)
    }
}

extension HTTPFields {
    /// Every value of the fields named `name` (any case), joined with `, `; `nil` when there is none.
    func joinedValue(named name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        let values = self[values: fieldName]
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}
