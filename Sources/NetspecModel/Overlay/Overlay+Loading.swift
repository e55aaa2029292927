extension Overlay {
    /// The overlays in the files at `paths`, in order, each with the ``ContentHash`` of its bytes
    /// (for the keys of what is cached from an overlaid document).
    ///
    /// - Throws: ``SpecError``: every problem of every overlay, each at its place.
    package static func loadAll(_ paths: [String]) throws(SpecError) -> [(overlay: Overlay, hash: ContentHash)] {
        var loaded: [(overlay: Overlay, hash: ContentHash)] = []
        var errors: [SpecError] = []
        for path in paths {
            do throws(SpecError) {
                let bytes: [UInt8]
                do {
                    bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
                } catch {
                    throw SpecError(file: path, line: 0, column: 0, message: "cannot read overlay: \(error.message)")
                }
                let hash = bytes.withUnsafeBufferPointer { ContentHash($0) }
                loaded.append((try read(bytes: bytes, file: path), hash))
            } catch {
                errors += error.allErrors
            }
        }
        if let first = errors.first {
            var combined = first
            combined.additionalErrors = Array(errors.dropFirst())
            throw combined
        }
        return loaded
    }
}

extension Spec {
    /// The spec with `warnings` before its own (an overlay's, which came first).
    package func adding(warnings added: [Warning]) -> Spec {
        guard !added.isEmpty else { return self }
        return Spec(
            file: file, version: version, service: service, baseURL: baseURL, headers: headers, encoding: encoding,
            timeout: timeout, auth: auth, retry: retry, summary: summary, endpoints: endpoints, warnings: added + warnings,
            tls: tls, basePath: basePath, keepsServerPath: keepsServerPath
        ).keepingDocument(of: self)
    }
}

extension Overlay {
    /// The document at `path` with the overlays at `overlays` applied in order (`netspec overlay`),
    /// as a value, and the warnings on the way.
    ///
    /// - Throws: ``SpecError`` for a document or overlay that cannot be read or parsed, and for
    ///   an action that cannot be applied.
    package static func applying(_ overlays: [String], toDocumentAt path: String, strict: Bool) throws(SpecError) -> (document: JSONValue, warnings: [Spec.Warning]) {
        let loaded = try loadAll(overlays)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
        } catch {
            throw SpecError(file: path, line: 0, column: 0, message: "cannot read file: \(error.message)")
        }
        guard let root = try FrontEnd.parse(bytes, file: path) else {
            throw SpecError(file: path, line: 1, column: 1, message: "the document is empty")
        }
        let applied = try apply(loaded.map(\.overlay), to: root, document: path, strict: strict)
        return (applied.root.jsonValue, applied.warnings)
    }
}
