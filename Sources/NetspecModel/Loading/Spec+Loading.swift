/// Loading a spec from a file or from text: the document is parsed once and read by the front end
/// its top-level keys name (``FrontEnd``).
extension Spec {
    /// Loads a spec from a YAML file.
    ///
    /// - Parameter path: the file's path; error messages name the file as given.
    /// - Throws: ``SpecError`` for an unreadable file or any problem in the spec, with every
    ///   problem found in ``SpecError/additionalErrors``.
    public static func load(path: String) throws(SpecError) -> Spec {
        try load(path: path, only: nil)
    }

    /// Loads a spec from a file with overlays applied to it first, in order (the Overlay
    /// Specification 1.0 and 1.1: `update`, `remove`, `copy`), whatever its format: a Netspec
    /// spec, an OpenAPI or a Swagger document.
    ///
    /// ```swift
    /// let spec = try Spec.load(path: "openapi.yaml", overlays: ["public.overlay.yaml"])
    /// ```
    ///
    /// An error in what an overlay added names the overlay's file, line and column; everything
    /// else names the document's. An action whose target selects nothing, or an overlay whose
    /// `extends` names another document, is a warning in ``warnings``.
    ///
    /// - Parameters:
    ///   - path: The document's path.
    ///   - overlays: The overlays' paths, applied in this order.
    ///   - strict: Whether an action whose target selects nothing is an error instead.
    /// - Throws: ``SpecError`` for an overlay that is not one (each problem at its place), an
    ///   action that cannot be applied, or any problem in the overlaid document.
    public static func load(path: String, overlays: [String], strict: Bool = false) throws(SpecError) -> Spec {
        try load(path: path, only: nil, overlays: overlays, strictOverlays: strict)
    }

    /// Loads a spec from a file for a caller that needs one endpoint: an OpenAPI or Swagger
    /// document's other operations are not read (``FrontEnd/load(bytes:file:only:)``).
    ///
    /// - Parameters:
    ///   - overlays: Overlay files applied in order to the document's tree before it is read
    ///     (``Overlay``); the cache keeps the document's tree, and the operation index of an
    ///     overlaid document is kept under a key that includes each overlay's content hash.
    ///   - strictOverlays: Whether an overlay action that selects nothing is an error.
    package static func load(
        path: String, only endpoint: String?, cache: YAMLTreeCache? = nil, overlays: [String] = [], strictOverlays: Bool = false
    ) throws(SpecError) -> Spec {
        let loaded = try Overlay.loadAll(overlays)
        // A big document is mapped, hashed and its tree looked up in the cache.
        if let cache {
            let file: MappedFile?
            do {
                file = try MappedFile(path: path, limit: YAMLLimits.default.maxBytes, populate: true)
            } catch .notRegularFile {
                file = nil  // A pipe (`<(...)`) is read below.
            } catch {
                throw readFailure(error, path: path)
            }
            if let file {
                let key = ContentHash(file.bytes)
                let root: YAMLNode?
                do {
                    root = try cache.tree(of: file.bytes, key: key, asJSON: YAMLParser.isJSONFile(path))
                } catch {
                    throw SpecError(file: path, mark: error.mark, message: error.message)
                }
                // One operation of a big document, or of one written as many files: where it is is kept.
                let indexKey = loaded.isEmpty ? key : ContentHash(combining: [key] + loaded.map(\.hash))
                let index = endpoint.map { _ in OperationIndex(cache: cache, root: indexKey, file: path, size: file.bytes.count) }
                return try load(root: root, file: path, only: endpoint, index: index, overlays: loaded, strict: strictOverlays)
            }
        }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(ofFile: path, limit: YAMLLimits.default.maxBytes)
        } catch {
            throw readFailure(error, path: path)
        }
        if loaded.isEmpty { return try FrontEnd.load(bytes: bytes, file: path, only: endpoint) }
        return try load(root: FrontEnd.parse(bytes, file: path), file: path, only: endpoint, overlays: loaded, strict: strictOverlays)
    }

    /// A parsed document read by its front end after `overlays` are applied to it, with their
    /// warnings before the front end's.
    private static func load(
        root: YAMLNode?, file: String, only: String?, index: OperationIndex? = nil, overlays: [(overlay: Overlay, hash: ContentHash)], strict: Bool
    ) throws(SpecError) -> Spec {
        guard let root, !overlays.isEmpty else { return try FrontEnd.load(root: root, file: file, only: only, index: index) }
        let applied = try Overlay.apply(overlays.map(\.overlay), to: root, document: file, strict: strict)
        let spec = try FrontEnd.load(root: applied.root, file: file, only: only, index: index)
        return spec.adding(warnings: applied.warnings)
    }

    /// The error for a spec file that cannot be read.
    private static func readFailure(_ error: FileBytes.Failure, path: String) -> SpecError {
        // A file over the limit was readable: its message stands alone.
        let message = if case .tooLarge = error { error.message } else { "cannot read file: \(error.message)" }
        // A URL is not a missing file: say what it is, and how to load one.
        let lowercased = path.lowercased()
        if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") {
            return SpecError(
                file: path, line: 0, column: 0,
                message: "a URL is not a file: load it with Spec.load(url:provider:), which fetches it (through the provider's TLS settings and HTTP cache)"
            )
        }
        return SpecError(file: path, line: 0, column: 0, message: message)
    }

    /// Loads a spec from YAML text.
    ///
    /// - Parameters:
    ///   - yaml: the spec's text.
    ///   - file: the name used in error messages.
    /// - Throws: ``SpecError`` for any problem in the spec.
    public init(yaml: String, file: String = "<spec>") throws(SpecError) {
        self = try FrontEnd.load(bytes: Array(yaml.utf8), file: file)
    }
}

extension Spec {
    /// The spec with its relative server (``basePath``) resolved against the URL the document was
    /// loaded from (RFC 3986), as its base URL.
    package func resolvingBasePath(against url: String) -> Spec {
        guard let basePath else { return with(servers: servers.map { $0.resolvingBasePath(against: url) }) }
        let resolved = URLReference.resolve(basePath, against: url)
        return Spec(
            file: file, version: version, service: service, baseURL: (try? Template(parsing: resolved)) ?? Template(literal: resolved),
            headers: headers, encoding: encoding, timeout: timeout, auth: auth, retry: retry, summary: summary,
            endpoints: endpoints, warnings: warnings, tls: tls, basePath: nil, keepsServerPath: keepsServerPath
        ).keepingDocument(of: self, servers: servers.map { $0.resolvingBasePath(against: url) })
    }
}

extension Spec.Server {
    /// The server with its relative URL resolved against the URL the document was loaded from.
    func resolvingBasePath(against url: String) -> Spec.Server {
        guard let basePath else { return self }
        let resolved = URLReference.resolve(basePath, against: url)
        return Spec.Server(name: name, url: resolved, description: description, baseURL: (try? Template(parsing: resolved)) ?? Template(literal: resolved), basePath: nil)
    }
}
