extension Spec {
    /// The spec with `servers` as its document's servers (the first is already its base URL).
    package func with(servers: [Server]) -> Spec {
        var copy = self
        copy.servers = servers
        return copy
    }

    /// The spec with `tags` as its document's tags.
    package func with(tags: [Tag]) -> Spec {
        var copy = self
        copy.tags = tags
        return copy
    }

    /// The spec with `lack` as what it lacks when it has no base URL (``baseURLLack``).
    package func with(baseURLLack lack: String) -> Spec {
        var copy = self
        copy.baseURLLack = lack
        return copy
    }

    /// A copy made by ``init`` of this spec with what the document adds beside the endpoints
    /// (its servers and tags, and the words for its lack of a base URL) kept: `servers` replaced when given.
    package func keepingDocument(of original: Spec, servers: [Server]? = nil) -> Spec {
        with(servers: servers ?? original.servers).with(tags: original.tags).with(baseURLLack: original.baseURLLack)
    }

    /// The spec with another of its document's servers as its base URL: `choice` is a server's
    /// `name` (OpenAPI 3.2, Server Object), its index in `servers` counted from 0, or a URL (one of
    /// the servers', whose variables stay variables, or any `http`/`https` URL, used as it is).
    ///
    /// ```swift
    /// let spec = try Spec.load(path: "api.yaml").selectingServer("staging")
    /// ```
    ///
    /// - Throws: ``SpecError`` naming the spec's file when no server is named so, or the index is
    ///   not one of the servers', listing the servers there are.
    public func selectingServer(_ choice: String) throws(SpecError) -> Spec {
        let server = try server(choice)
        return Spec(
            file: file, version: version, service: service, baseURL: server.baseURL, headers: headers, encoding: encoding,
            timeout: timeout, auth: auth, retry: retry, summary: summary, endpoints: endpoints, warnings: warnings,
            tls: tls, basePath: server.basePath, keepsServerPath: keepsServerPath
        ).keepingDocument(of: self)
    }

    /// The server `choice` names (see ``selectingServer(_:)``).
    private func server(_ choice: String) throws(SpecError) -> Server {
        let lowered = choice.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let trimmed = choice.hasSuffix("/") ? String(choice.dropLast()) : choice
            if let known = servers.first(where: { $0.url == trimmed }) { return known }
            guard let template = try? Template(parsing: choice) else { throw problem("the server URL '\(choice)' is not a valid URL template") }
            return Server(name: nil, url: choice, description: nil, baseURL: template, basePath: nil)
        }
        if let index = Int(choice), String(index) == choice {
            guard servers.indices.contains(index) else {
                throw problem(servers.isEmpty
                    ? "\(file) has no server \(index): it has no servers; give a base URL"
                    : "\(file) has no server \(index); its servers: \(serverList)")
            }
            return servers[index]
        }
        if let named = servers.first(where: { $0.name == choice }) { return named }
        let names = servers.compactMap(\.name)
        guard !names.isEmpty else {
            throw problem("no server named '\(choice)' in \(file): its servers have no names (OpenAPI 3.2's Server 'name'); give an index from 0 or a URL (\(serverList.isEmpty ? "it has no servers" : "its servers: " + serverList))")
        }
        throw problem("no server named '\(choice)' in \(file)\(Suggestions.hint(for: choice, in: names)); its servers: \(serverList)")
    }

    /// The servers as messages list them: `0 'production' https://api.example.com, 1 …`.
    private var serverList: String {
        servers.enumerated().map { "\($0.offset) \($0.element.listing)" }.joined(separator: ", ")
    }

    private func problem(_ message: String) -> SpecError {
        SpecError(file: file, line: 0, column: 0, message: message)
    }
}
