import Netspec
import NetspecModel

/// Loading a workflow document and its sources, then the checks of its references.
extension Workflows {
    /// Loads the document at `location` (a file or an http(s) URL); `visiting` holds the Arazzo
    /// documents being loaded above it (each as it was named, by its ``identity(_:)``), so that
    /// two documents naming each other load once each; `prefix` is its ``sourceAddressPrefix``.
    static func load(location: String, provider: Provider, overrides: [String: String], visiting: [String: String], prefix: String) async throws(SpecError) -> Workflows {
        let document = try await readDocument(at: location, provider: provider)
        var specs: [String: Spec] = [:]
        var nested: [String: Workflows] = [:]
        var ancestors: [String: String] = [:]
        var errors: [SpecError] = []
        let here = identity(location)
        for source in document.sourceDescriptions where source.type != .asyncapi {
            let name = source.name.value
            let target = overrides[name] ?? resolve(source.url.value, against: location)
            do throws(SpecError) {
                if let mismatch = typeMismatch(target, source.type) { throw SpecError(file: target, line: 0, column: 0, message: mismatch) }
                switch source.type {
                case .openapi:
                    specs[name] = isHTTPURL(target) ? try await Spec.load(url: target, provider: provider) : try Spec.load(path: target)
                case .arazzo:
                    // A document loading above (or this one) is referred back to, not loaded again.
                    let key = identity(target)
                    if let above = key == here ? location : visiting[key] {
                        ancestors[name] = above
                    } else if visiting.count >= Self.maximumNesting {
                        throw SpecError(file: target, line: 0, column: 0, message: "Arazzo sources nest more than \(Self.maximumNesting) documents deep here (does a link lead each document to a new path of the same file?)")
                    } else {
                        nested[name] = try await load(location: target, provider: provider, overrides: [:], visiting: visiting.merging([here: location]) { _, new in new }, prefix: prefix + name + ".")
                    }
                default:
                    break
                }
            } catch {
                // A document with problems is named by its first, at its place; one that cannot be
                // read or fetched by what went wrong.
                let more = error.additionalErrors.isEmpty ? "" : " (and \(error.additionalErrors.count) more: netspec validate \(target) lists them)"
                // The fetcher's own message already starts "cannot load URL: ": said once.
                let why = error.line > 0 ? error.diagnostic : error.message.hasPrefix("cannot load \(target): ") ? String(error.message.dropFirst("cannot load \(target): ".count)) : error.message
                var failure = SpecError(file: document.file, mark: source.url.mark, message: "source '\(name)': cannot load \(target): \(why)\(more)")
                failure.fetchFailure = error.fetchFailure
                errors.append(failure)
            }
        }
        var resolver = OperationResolver(document: document, specs: specs)
        resolver.resolveAll()
        var checker = ReferenceChecker(document: document, arazzoSources: nested.mapValues(\.document))
        // A replacement target's type may depend on the operation's request media type.
        checker.operations = resolver.operations
        checker.check()
        if let error = SpecError.combining(errors + checker.errors + resolver.errors) { throw error }
        return Workflows(
            document: document, sources: specs, workflowSources: nested, warnings: resolver.warnings, sourceAddressPrefix: prefix, operations: resolver.operations,
            readsRequest: checker.readsRequest || nested.values.contains { $0.readsRequest }, ancestorSources: ancestors)
    }

    /// The document loaded from `file`: this one, or one of the Arazzo sources it brings.
    func loaded(file: String) -> Workflows? {
        if document.file == file { return self }
        for source in document.sourceDescriptions {
            if let found = workflowSources[source.name.value]?.loaded(file: file) { return found }
        }
        return nil
    }

    /// How many Arazzo documents deep sources may nest: a bound for a chain no path shows to be a
    /// loop.
    static let maximumNesting = 32

    /// What makes two names of a document one: a file's path with its links resolved
    /// (`loop/a.arazzo.yaml`, where `loop` links to its own folder, is `a.arazzo.yaml`); a URL as
    /// it is.
    private static func identity(_ location: String) -> String {
        isHTTPURL(location) ? location : FileBytes.canonicalPath(location) ?? location
    }

    /// Why the document at `target` is not of the source's `type`, when it is of the other kind
    /// (the loader would read it as `type` says, and report what it lacks as such, with a
    /// `netspec validate` that finds nothing wrong): an `openapi` source (the default) whose
    /// document is named or keyed as Arazzo's, or an `arazzo` source whose file has a top-level
    /// `openapi` or `swagger` key. A document by URL is judged by its name alone.
    private static func typeMismatch(_ target: String, _ type: ArazzoDocument.SourceDescription.Kind) -> String? {
        switch type {
        case .openapi:
            guard ArazzoDocument.isArazzo(path: target) else { return nil }
            return "it is an Arazzo document, not an OpenAPI one: give the source 'type: arazzo'"
        case .arazzo:
            guard !isHTTPURL(target), !ArazzoDocument.isArazzo(path: target),
                  let bytes = try? FileBytes.contents(ofFile: target, limit: YAMLLimits.default.maxBytes),
                  let root = try? ArazzoDocument.parse(bytes: bytes, file: target),
                  root["openapi"] != nil || root["swagger"] != nil else { return nil }
            return "it is an OpenAPI document, not an Arazzo one: give the source 'type: openapi'"
        case .asyncapi:
            return nil
        }
    }

    /// The document at a file path or http(s) URL, read and checked as Arazzo.
    private static func readDocument(at location: String, provider: Provider) async throws(SpecError) -> ArazzoDocument {
        guard isHTTPURL(location) else { return try ArazzoDocument.read(path: location) }
        let root = try await Spec.fetchDocument(location, provider: provider)
        return try ArazzoReader.read(root, file: location)
    }

    /// A source's `url` resolved against the workflow document's place: an http(s) URL or an
    /// absolute path as it is; a relative one against the document's URL or folder.
    static func resolve(_ url: String, against location: String) -> String {
        if isHTTPURL(url) { return url }
        if url.hasPrefix("/") { return URLReference.normalizedPath(url) }
        if isHTTPURL(location) { return URLReference.resolve(url, against: location) }
        guard let slash = location.lastIndex(of: "/") else { return URLReference.normalizedPath(url) }
        // Normalized: a document named back by another spelling (`../x/a.arazzo.yaml` from
        // `x/b.arazzo.yaml`) is the one above, not a new one (loading it again did not end).
        return URLReference.normalizedPath(location[...slash] + url)
    }

    private static func isHTTPURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}
