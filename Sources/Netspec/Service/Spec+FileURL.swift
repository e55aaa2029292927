#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Loading a document from a `file:` URL: a file, or a resource of an app's bundle.
extension Spec {
    /// Loads a Netspec, OpenAPI or Swagger 2.0 document from a `file:` URL, as
    /// ``load(path:)`` loads its path: a resource of an app's bundle, or a file the app was given.
    ///
    /// ```swift
    /// let spec = try Spec.load(url: Bundle.main.url(forResource: "shop", withExtension: "yaml")!)
    /// ```
    /// An `http(s)` document is fetched, so it is loaded with ``load(url:provider:)``, whose
    /// `url` is a `String`: `try await Spec.load(url: url.absoluteString)`.
    ///
    /// - Throws: ``SpecError`` for a URL that is not a `file:` URL (naming the form to use for
    ///   `http(s)`), an unreadable file, or any problem in the document (its file the URL's path).
    public static func load(url: URL) throws(SpecError) -> Spec {
        guard url.isFileURL else {
            let scheme = url.scheme?.lowercased() ?? ""
            let why = scheme == "http" || scheme == "https"
                ? "Spec.load(url: URL) reads file: URLs; an \(scheme) document is fetched with try await Spec.load(url: \"\(url.absoluteString)\")"
                : "Spec.load(url: URL) reads file: URLs (a file, or a resource of a bundle), " + (scheme.isEmpty ? "and this URL has no scheme" : "not \(scheme):")
            throw SpecError(file: url.absoluteString, line: 0, column: 0, message: "cannot load \(url.absoluteString): \(why)")
        }
        return try load(path: url.path(percentEncoded: false))
    }
}
