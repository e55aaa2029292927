import NetspecModel

/// Loading a document from an `http(s)` URL: fetched through a ``Service`` (so with the
/// provider's client, TLS settings, timeouts and HTTP cache, which revalidates a stored copy by
/// its `ETag` or `Last-Modified`), then read by the document's front end as a file is.
extension Spec {
    /// Loads an OpenAPI, Swagger 2.0 or Netspec document from an `http(s)` URL.
    ///
    /// A relative server of the document (`servers: [{url: /api/v1}]`, or a Swagger document
    /// without `host`) is resolved against `url` (RFC 3986), so calls go where the document was
    /// found. Error messages and warnings name the URL as the file.
    ///
    /// ```sh
    /// netspec list http://127.0.0.1:8000/openapi.json
    /// ```
    ///
    /// - Parameters:
    ///   - url: the document's `http://` or `https://` URL.
    ///   - provider: whose ``Provider/options`` (TLS, timeouts, ``Provider/Options/cache``, the
    ///     transport) the fetch uses; its base URL, variables and mocks are not. The default
    ///     provider's time limit is 60 s, from connecting to the last byte.
    /// - Throws: ``SpecError`` naming the URL: it cannot be fetched (a status other than 2xx, a
    ///   timeout, a connection failure: the CLI exits as a call that fails so), it is an HTML
    ///   page, or it is not a document; or any problem in the document.
    public static func load(url: String, provider: Provider = Provider()) async throws(SpecError) -> Spec {
        try await load(url: url, provider: provider, overlays: [])
    }

    /// Loads a document from an `http(s)` URL, as ``load(url:provider:)`` does, with the overlay
    /// files at `overlays` applied to it in order before it is read, as
    /// ``load(path:overlays:strict:)`` applies them to a file (docs/overlays.md).
    ///
    /// - Parameter strict: Whether an action whose target selects nothing is an error instead
    ///   of a warning.
    /// - Throws: ``SpecError`` as ``load(url:provider:)`` does, and for an overlay that is not
    ///   one or cannot be applied (each problem at its place in the overlay).
    public static func load(url: String, provider: Provider = Provider(), overlays: [String], strict: Bool = false) async throws(SpecError) -> Spec {
        let loaded = try Overlay.loadAll(overlays)
        var root = try await fetchDocument(url, provider: provider)
        var overlayWarnings: [Spec.Warning] = []
        if let fetched = root, !loaded.isEmpty {
            let applied = try Overlay.apply(loaded.map(\.overlay), to: fetched, document: url, strict: strict)
            (root, overlayWarnings) = (applied.root, applied.warnings)
        }
        guard let root, let mapping = MappingReader(root), mapping["openapi"] != nil || mapping["swagger"] != nil || mapping["netspec"] != nil else {
            throw SpecError(file: url, line: 0, column: 0, message: "cannot load \(url): it is not an OpenAPI, Swagger or Netspec document (no 'openapi', 'swagger' or 'netspec' key at the top)")
        }
        // The other documents its `$ref`s name, and theirs, fetched first (each once, at most
        // 100): a reference to one that cannot be fetched is an error at the `$ref`.
        var documents: [String: YAMLNode?] = [:]
        var queue = FrontEnd.referencedDocuments(in: root, base: url).filter { $0 != url }
        while !queue.isEmpty, documents.count < 100 {
            let next = queue.removeFirst()
            guard documents[next] == nil, next != url else { continue }
            let lowered = next.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let node = try? await fetchDocument(next, provider: provider) else {
                documents[next] = .some(nil)
                continue
            }
            documents[next] = node
            queue += FrontEnd.referencedDocuments(in: node, base: next).filter { documents[$0] == nil && $0 != url }
        }
        return try FrontEnd.load(root: root, file: url, documents: documents).adding(warnings: overlayWarnings).resolvingBasePath(against: url)
    }

    /// The YAML or JSON document at `url`, fetched with `provider`'s options; `nil` when it is empty.
    package static func fetchDocument(_ url: String, provider: Provider) async throws(SpecError) -> YAMLNode? {
        func failure(_ message: String) -> SpecError { SpecError(file: url, line: 0, column: 0, message: message) }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let origin = URLOrigin(url) else {
            throw failure("cannot load \(url): not an http:// or https:// URL")
        }
        // The path after the origin, sent as it is (`/openapi.json`); the query rides on the base
        // URL, which writes its own query first (`/v1/spec?format=yaml`); no fragment is sent.
        let afterScheme = url[url.index(url.firstIndex(of: ":")!, offsetBy: 3)...].prefix { $0 != "#" }
        let pathStart = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let queryStart = afterScheme[pathStart...].firstIndex(of: "?") ?? afterScheme.endIndex
        let location = String(afterScheme[pathStart..<queryStart])
        let query = queryStart < afterScheme.endIndex ? String(afterScheme[queryStart...]) : ""
        let fetcher: Spec
        do {
            fetcher = try Spec(yaml: """
                netspec: 1
                service: document
                endpoints:
                  document:
                    GET: "/{+location}"
                    params: { location: String }
                    returns: Void
                """, file: "<document fetch>")
        } catch {
            throw failure("cannot load \(url): \(error.message)")
        }
        var options = provider.options
        options.mocks.isEnabled = false
        let service = Service(spec: fetcher, provider: Provider(
            baseURL: origin.description + query, options: options, transport: provider.transport, interceptors: provider.interceptors,
            wireInterceptors: provider.wireInterceptors
        ))
        let response: Response
        do {
            response = try await service.call(
                "document", ["location": .value(.string(location.hasPrefix("/") ? String(location.dropFirst()) : location))],
                options: CallOptions(headers: [("Accept", "application/json, application/yaml;q=0.9, application/x-yaml;q=0.9, text/yaml;q=0.9, */*;q=0.8")])
            )
        } catch {
            var problem = failure("cannot load \(url): \(error)")
            switch error {
            case let .status(answer):
                problem = failure("cannot load \(url): HTTP \(answer.status)")
                problem.fetchFailure = .status(answer.status)
            case let .transport(transport):
                problem.fetchFailure = transport.kind == .timeout ? .timeout : .transport
            default: break
            }
            throw problem
        }
        let contentType = response.headerFields[.contentType]?.lowercased() ?? ""
        let start = response.body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if contentType.hasPrefix("text/html") || start == UInt8(ascii: "<") {
            throw failure("cannot load \(url): it is an HTML page (\(contentType.isEmpty ? "no Content-Type" : contentType)), not an OpenAPI, Swagger or Netspec document")
        }
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(response.body)
        } catch {
            throw failure("cannot load \(url): it is neither YAML nor JSON (\(error.message))")
        }
        return root
    }
}
