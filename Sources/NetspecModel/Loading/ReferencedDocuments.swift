/// The other documents a document's `$ref`s name, read before it (the files of a document
/// loaded by URL, fetched first: ``Spec/load(url:provider:)``), for its front end.
package struct ReferencedDocuments {
    /// Each document read, by the absolute URL a `$ref` resolves to; `nil` for an empty one.
    package var nodes: [String: YAMLNode?] = [:]
    /// Where a redirect took a document, by the URL asked for: the URL it came from, which its
    /// own relative references resolve against and messages name (RFC 3986 §5.1.3).
    package var locations: [String: String] = [:]
    /// Why a document could not be read, by URL, as a clause after "which" (`could not be
    /// fetched: HTTP 404`), for the error at each `$ref` to it.
    package var failures: [String: String] = [:]

    package init(nodes: [String: YAMLNode?] = [:], locations: [String: String] = [:], failures: [String: String] = [:]) {
        self.nodes = nodes
        self.locations = locations
        self.failures = failures
    }
}
