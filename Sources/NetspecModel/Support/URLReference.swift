/// RFC 3986 §5.2 reference resolution, for what a document names relative to a URL: a relative
/// server (`/api/v1`) against the base URL or the document's URL, and a `$ref` to another file
/// (`common.yaml`) against the URL of the document it is in. One algorithm serves these and the
/// schema engine's `$ref`s: ``SchemaURI``'s.
package enum URLReference {
    /// `reference` resolved against the absolute URL `base`: `http://host:8080` and `/api/v1` give
    /// `http://host:8080/api/v1`; `https://h/a/b.yaml` and `../c.yaml` give `https://h/c.yaml`.
    /// A reference with a scheme is returned as it is (its dot segments removed).
    package static func resolve(_ reference: String, against base: String) -> String {
        SchemaURI.resolve(reference, against: base)
    }

    /// A file's path without its `.` segments, each `..` taking away the segment before it (one
    /// that climbs above the start stays): `x/../x/a.yaml` is `x/a.yaml`, `../a/../../b` is
    /// `../../b`. Two spellings of one file are then one path.
    package static func normalizedPath(_ path: String) -> String {
        SchemaURI.removingDotSegments(path, keepingParents: true)
    }
}
