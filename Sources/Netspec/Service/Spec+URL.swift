import HTTPTypes
import NetspecModel

/// Loading a document from an `http(s)` URL: fetched through a ``Service`` (so with the
/// provider's client, TLS settings, timeouts and HTTP cache, which revalidates a stored copy by
/// its `ETag` or `Last-Modified`), then read by the document's front end as a file is.
extension Spec {
    /// Loads an OpenAPI, Swagger 2.0 or Netspec document from an `http(s)` URL.
    ///
    /// A relative server of the document (`servers: [{url: /api/v1}]`, or a Swagger document
    /// without `host`) is resolved against `url` (RFC 3986), so calls go where the document was
    /// found. Error messages and warnings name the URL as the file. After redirects, that is the
    /// URL the document came from (RFC 3986 §5.1.3), against which its relative `$ref`s and
    /// server resolve too.
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
        let fetched: FetchedDocument
        do {
            fetched = try await fetchedDocument(url, provider: provider)
        } catch {
            throw error.error
        }
        // After redirects the document's URL is the one it came from (RFC 3986 §5.1.3): its
        // relative references and servers resolve against it, and messages name it.
        let location = fetched.url
        var root = fetched.root
        var overlayWarnings: [Spec.Warning] = []
        if let fetched = root, !loaded.isEmpty {
            let applied = try Overlay.apply(loaded.map(\.overlay), to: fetched, document: location, strict: strict)
            (root, overlayWarnings) = (applied.root, applied.warnings)
        }
        guard let root, let mapping = MappingReader(root), mapping["openapi"] != nil || mapping["swagger"] != nil || mapping["netspec"] != nil else {
            throw SpecError(file: url, line: 0, column: 0, message: "cannot load \(url): it is not an OpenAPI, Swagger or Netspec document (no 'openapi', 'swagger' or 'netspec' key at the top)")
        }
        let documents = await referencedDocuments(of: root, at: location, asked: url, provider: provider)
        return try FrontEnd.load(root: root, file: location, documents: documents).adding(warnings: overlayWarnings).resolvingBasePath(against: location)
    }

    /// The most documents a document loaded by URL may refer to, itself not counted.
    static let referencedDocumentLimit = 100

    /// The other documents a document's `$ref`s name, and theirs, fetched first (each once, at
    /// most ``referencedDocumentLimit``): one that cannot be fetched is kept with the reason, for
    /// the error at each `$ref` to it. The document itself, by the URL asked for or the one it
    /// came from, is not fetched again.
    private static func referencedDocuments(of root: YAMLNode, at location: String, asked url: String, provider: Provider) async -> ReferencedDocuments {
        var documents = ReferencedDocuments()
        if location != url { (documents.nodes[url], documents.locations[url]) = (.some(root), location) }
        var queue = FrontEnd.referencedDocuments(in: root, base: location)
        var fetches = 0
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard next != location, documents.nodes[next] == nil, documents.failures[next] == nil else { continue }
            let lowered = next.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                documents.failures[next] = "is not an http:// or https:// URL, which is all a document loaded by URL may refer to"
                continue
            }
            guard fetches < referencedDocumentLimit else {
                documents.failures[next] = "was not fetched: the document refers to more than \(referencedDocumentLimit) other documents (the limit)"
                continue
            }
            fetches += 1
            do {
                let document = try await fetchedDocument(next, provider: provider)
                guard document.root != nil else {
                    documents.failures[next] = "is empty"
                    continue
                }
                documents.nodes[next] = .some(document.root)
                if document.url != next {
                    documents.locations[next] = document.url
                    if documents.nodes[document.url] == nil { documents.nodes[document.url] = .some(document.root) }
                }
                if let node = document.root { queue += FrontEnd.referencedDocuments(in: node, base: document.url) }
            } catch {
                documents.failures[next] = error.reason
            }
        }
        return documents
    }

    /// The YAML or JSON document at `url`, fetched with `provider`'s options; `nil` when it is empty.
    package static func fetchDocument(_ url: String, provider: Provider) async throws(SpecError) -> YAMLNode? {
        do {
            return try await fetchedDocument(url, provider: provider).root
        } catch {
            throw error.error
        }
    }

    /// A document fetched by URL: its tree (`nil` when it is empty) and the URL it came from,
    /// after redirects.
    struct FetchedDocument {
        var root: YAMLNode?
        var url: String
    }

    /// Why a document could not be fetched or read: the error for the document loaded, and the
    /// reason as a clause after "which" (`could not be fetched: HTTP 404`), for a `$ref` to it.
    struct FetchProblem: Error {
        var error: SpecError
        var reason: String
    }

    /// The response header the fetch marks each answer with: the URL of the request it answers,
    /// the last hop's after redirects (kept with the answer in the HTTP cache).
    static let retrievedFrom = HTTPField.Name("Netspec-Retrieved-From")!

    /// Marks each answer with the URL it answers (``retrievedFrom``).
    private struct RetrievalMark: Interceptor {
        func intercept(
            _ request: PreparedRequest, context: InterceptorContext, next: @Sendable (PreparedRequest) async throws -> TransportResponse
        ) async throws -> TransportResponse {
            var response = try await next(request)
            response.headerFields[Spec.retrievedFrom] = request.url
            return response
        }
    }

    /// The document at `url` and the URL it came from. A document whose URL's path ends in
    /// `.json`, or that is served as JSON (`application/json`, a `+json` type), is read as JSON
    /// only, as a `.json` file is (a trailing comma is an error at its place).
    static func fetchedDocument(_ url: String, provider: Provider) async throws(FetchProblem) -> FetchedDocument {
        func failure(_ message: String, reason: String) -> FetchProblem {
            FetchProblem(error: SpecError(file: url, line: 0, column: 0, message: "cannot load \(url): \(message)"), reason: reason)
        }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let origin = URLOrigin(url) else {
            throw failure("not an http:// or https:// URL", reason: "is not an http:// or https:// URL")
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
            throw failure(error.message, reason: "could not be fetched: \(error.message)")
        }
        var options = provider.options
        options.mocks.isEnabled = false
        // The document's URL is no base URL given: a `{name}` in its query is not refused for it.
        let service = Service(spec: fetcher, provider: Provider(
            baseURL: origin.description + query, options: options, transport: provider.transport, interceptors: provider.interceptors,
            wireInterceptors: provider.wireInterceptors + [RetrievalMark()]
        ), baseURLPlace: nil)
        let response: Response
        do {
            response = try await service.call(
                "document", ["location": .value(.string(location.hasPrefix("/") ? String(location.dropFirst()) : location))],
                options: CallOptions(headers: [("Accept", "application/json, application/yaml;q=0.9, application/x-yaml;q=0.9, text/yaml;q=0.9, */*;q=0.8")])
            )
        } catch {
            var problem = failure("\(error)", reason: "could not be fetched: \(error)")
            switch error {
            case let .status(answer):
                problem = failure("HTTP \(answer.status)", reason: "could not be fetched: HTTP \(answer.status)")
                problem.error.fetchFailure = .status(answer.status)
            case let .transport(transport):
                problem.error.fetchFailure = transport.kind == .timeout ? .timeout : .transport
            default: break
            }
            throw problem
        }
        let retrieved = response.headerFields[Spec.retrievedFrom] ?? url
        let contentType = response.headerFields[.contentType]?.lowercased() ?? ""
        let start = response.body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if contentType.hasPrefix("text/html") || start == UInt8(ascii: "<") {
            let type = contentType.isEmpty ? "no Content-Type" : contentType
            throw failure("it is an HTML page (\(type)), not an OpenAPI, Swagger or Netspec document", reason: "is an HTML page (\(type)), not YAML or JSON")
        }
        let mediaType = contentType.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }
        let asJSON = YAMLParser.isJSONFile(String(retrieved.prefix { $0 != "?" && $0 != "#" })) || mediaType == "application/json" || mediaType.hasSuffix("+json")
        do throws(YAMLError) {
            return FetchedDocument(root: try YAMLParser.parse(response.body, asJSON: asJSON), url: retrieved)
        } catch {
            // Read as a file is: the problem at its place in the document, by the URL it came from.
            let problem = SpecError(file: retrieved, mark: error.mark, message: error.message)
            throw FetchProblem(error: problem, reason: "is not valid \(asJSON ? "JSON" : "YAML"): \(retrieved):\(error.mark.line):\(error.mark.column): \(error.message)")
        }
    }
}
