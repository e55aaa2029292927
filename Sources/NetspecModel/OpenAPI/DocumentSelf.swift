// OpenAPI 3.2's `$self` ("OpenAPI Object", "Establishing the Base URI", Appendix F): the URI a
// document names itself by, the base its `$ref`s resolve against. A document is still read from
// where it was found (its retrieval location, a path or a URL): a reference is resolved against
// `$self`, and what it names under `$self`'s folder is found in the same place under the
// document's own folder, so a description kept as files beside each other, or served from
// another host, keeps working; a reference to `$self` itself is the document.

/// A document's `$self`, resolved, and what the references it holds name.
package struct DocumentSelf: Sendable, Hashable {
    /// `$self` resolved against the retrieval location (RFC 3986 §5.1.2), without a fragment:
    /// `https://example.com/api/openapi`.
    package var uri: String

    /// The `$self` of an OpenAPI 3.2 document read from `retrieval` (a path or a URL); `nil` for
    /// another version or a document without a string `$self`. A relative `$self`
    /// (`/api/openapi`) is resolved against the retrieval URL, or for a file its `file://` URL.
    package init?(root: YAMLNode, retrieval: String) {
        guard let mapping = MappingReader(root), mapping["openapi"]?.string?.hasPrefix("3.2") == true,
              let written = mapping["$self"]?.string, !written.isEmpty else { return nil }
        let base = retrieval.contains("://") ? retrieval : "file://" + (retrieval.hasPrefix("/") ? retrieval : "/" + retrieval)
        uri = SchemaURI(URLReference.resolve(written, against: base)).withoutFragment.text
    }

    /// What a reference's part before `#` names, as a reference from where the document was
    /// read: `nil` for this very document (it resolves to `$self`); the path under `$self`'s
    /// folder, relative, when it resolves there (`https://example.com/api/shared/pet.yaml` from
    /// `$self: https://example.com/api/openapi` is `shared/pet.yaml`, beside the document); else
    /// the absolute URI it resolves to (read only from a document read by URL).
    package func reference(for filePart: String) -> String? {
        let target = SchemaURI(URLReference.resolve(filePart, against: uri)).withoutFragment.text
        if target == uri { return nil }
        guard let slash = uri.lastIndex(of: "/") else { return target }
        let folder = String(uri[...slash])
        return target.hasPrefix(folder) ? String(target.dropFirst(folder.count)) : target
    }
}

extension OpenAPIReader {
    /// The `$self` of the document read from `path`, found once.
    mutating func documentSelf(of path: String) -> DocumentSelf? {
        if let known = documentSelves[path] { return known }
        let node = path == file ? root.node : otherDocuments[path].flatMap { $0 }
        let found = node.flatMap { DocumentSelf(root: $0, retrieval: path) }
        documentSelves[path] = .some(found)
        return found
    }

    /// A `$ref` written in the document read from `here`, as a reference from where it was read
    /// (``DocumentSelf/reference(for:)``): `#/components/schemas/Pet` for one naming its `$self`,
    /// `shared/pets.yaml#/…` for one under `$self`'s folder; as written in a document without
    /// `$self`, and for a fragment alone.
    mutating func selfMapped(_ target: String, from here: String) -> String {
        let hash = target.firstIndex(of: "#") ?? target.endIndex
        guard hash > target.startIndex, let own = documentSelf(of: here) else { return target }
        let fragment = String(target[hash...])
        guard let reference = own.reference(for: String(target[..<hash])) else { return fragment.isEmpty ? "#" : fragment }
        return reference + fragment
    }

    /// A reference from the document read from `retrieval` as the path or URL it names.
    static func located(_ reference: String, from retrieval: String) -> String {
        if retrieval.contains("://") || reference.contains("://") { return URLReference.resolve(reference, against: retrieval) }
        return reference.hasPrefix("/") ? reference : directory(of: retrieval) + reference
    }
}

extension OpenAPIReader {
    /// The base URI the schemas of the document read from `document` resolve their `$ref`s
    /// against (3.2, Establishing the Base URI: relative references in Schema Objects without a
    /// parent `$id` resolve against the document's base URI): the document's own `$self`; for a
    /// document without one beside a document with `$self`, the same place under `$self`'s folder
    /// (`shared/pets.yaml` beside `$self: https://example.com/api/openapi` is
    /// `https://example.com/api/shared/pets.yaml`), the URI its references name it by; else where
    /// it was read from. So `$ref: openapi#/components/schemas/Owner` in a schema names the
    /// document itself, as it does outside schemas (against the path it said 'openapi cannot be
    /// read'). The schema engine knows each document by this URI (``makeSchemaCompiler(_:dialect:)``
    /// and its loader, which reads a URI under `$self`'s folder from beside the document).
    func schemaBase(of document: String) -> String {
        let node = document == file ? root.node : otherDocuments[document].flatMap { $0 }
        if let own = node.flatMap({ DocumentSelf(root: $0, retrieval: document) }) { return own.uri }
        guard case let main?? = documentSelves[file] else { return document }
        let folder = Self.directory(of: file)
        let isBeside = folder.isEmpty ? !document.hasPrefix("/") && !document.contains("://") : document.hasPrefix(folder)
        guard isBeside else { return document }
        return URLReference.resolve(String(document.dropFirst(folder.count)), against: main.uri)
    }
}
