/// A URL's origin as written: `https://api.example.com:8443` (scheme and host lowercased, the port
/// if written), compared to decide whether credentials may go to a URL.
package struct URLOrigin: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    /// The origin of an absolute URL (or of an origin itself), `nil` without `scheme://`.
    package init?(_ url: String) {
        guard let schemeEnd = url.firstRange(of: "://"), schemeEnd.lowerBound > url.startIndex else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        description = url[..<schemeEnd.lowerBound].lowercased() + "://" + authority.lowercased()
    }
}
