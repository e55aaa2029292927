/// The document's `servers`: the first is the base URL, and each is kept on the spec
/// (``Spec/servers``) for `--server` and a profile's `server:` to choose by name, index or URL;
/// OpenAPI 3.2's Server `name` must be unique (docs/openapi.md, "OpenAPI 3.2").
extension OpenAPIReader {
    /// The first server's URL as the base URL: each `{variable}` becomes `${variable:-default}`,
    /// so `--var region=us` (or `Provider(variables:)`, or the environment) overrides its default;
    /// and every server, as ``Spec/Server``s.
    mutating func readServers(_ node: YAMLNode?) -> (Template?, [Spec.Server]) {
        // (3.2's rules say so for every `servers`, OpenAPIReader+Rules32.swift.)
        if let node, node.sequence == nil, !node.isPlainNull, !isVersion32 {
            report("'servers' must be a list of Server objects (- url: https://…), found \(node.foundDescription)", at: node.mark)
        }
        checkServerKeys(node)
        let entries = (node?.sequence.map(Array.init) ?? []).compactMap(MappingReader.init)
        var servers: [Spec.Server] = []
        var named: [String: Mark] = [:]
        for (index, server) in entries.enumerated() {
            guard let urlNode = server["url"] else { continue }
            let name = isVersion32 ? server["name"]?.string : nil
            if let name, let nameNode = server["name"] {
                if let first = named[name] {
                    report("server '\(name)' is named twice (first at line \(first.line)); OpenAPI 3.2.0 requires each server's name to be unique (Server Object)", at: nameNode.mark)
                } else {
                    named[name] = nameNode.mark
                }
            }
            let (template, relative) = serverBase(server, urlNode: urlNode, warns: index == 0)
            let url = Self.serverURL(server) { $1 } ?? (urlNode.string ?? "")
            servers.append(Spec.Server(name: name, url: url, description: server["description"]?.string, baseURL: template, basePath: relative))
        }
        guard let first = entries.first, first["url"] != nil else { return (nil, servers) }
        relativeServer = servers.first?.basePath
        if relativeServer == nil { documentOrigin = Self.serverURL(first) { $1 }.flatMap(URLOrigin.init) }
        return (servers.first?.baseURL, servers)
    }

    /// What the document lacks when its servers give no base URL: no `servers` at all, or a
    /// first one that is relative (`/api/v1`, and the document was not loaded from a URL) or whose
    /// variables it does not define.
    func baseURLLack(_ servers: [Spec.Server]) -> String {
        guard let first = servers.first else { return "the document has no 'servers'" }
        return first.basePath != nil
            ? "the document's server '\(first.url)' is relative (and the document was not loaded from a URL)"
            : "the document's server '\(first.url)' has variables the document does not define"
    }

    /// A server's base URL (a template of its variables, ``serverTemplate(_:written:of:)``), or
    /// its relative URL (`/api/v1`); the first server's undefined variables are a warning.
    private mutating func serverBase(_ server: MappingReader, urlNode: YAMLNode, warns: Bool) -> (Template?, String?) {
        let written = urlNode.string ?? ""
        let (url, template, _) = serverTemplate(server, written: written)
        if !written.contains("://") {
            // Relative (`/api/v1`): resolved against the document's URL or the caller's base URL.
            return (nil, Self.serverURL(server) { $1 } ?? written)
        }
        if warns {
            for (name, mark) in Self.variablesWithoutDefault(server) {
                warn("server variable '\(name)' has no 'default', which OpenAPI requires (Server Variable Object); a call must give it: --var \(name)=…", at: mark)
            }
        }
        guard !url.contains("{") || url.contains("${"), let template else {
            if warns { warn("server URL '\(url)' has variables the document does not define; give --base-url", at: urlNode.mark) }
            return (nil, nil)
        }
        return (template, nil)
    }

    /// A server's `url` (`written`) as a template, by the one rule for the document's `servers`
    /// and a link's (OpenAPIReader+Links.swift): each `{variable}` becomes `${variable:-default}`,
    /// so `--var region=us` (or `Provider(variables:)`, or the environment) overrides its
    /// default; one without the `default` OpenAPI requires has no value to fall back on: it is
    /// `${variable}`, which a call must be given (`--var stage=prod`), and a preview shows as
    /// written, where an empty default dropped it (`https://x/{stage}/v1` went to
    /// `https://x/v1`). Each variable's `enum` is what a value given must be one of
    /// (``Template/allowedValues``); a `default` outside it is warned about where it is written
    /// (`owner`: ` of link 'L'`, or empty). `url` is the text with the variables so written;
    /// `undefined`, the `{name}`s left in it that are no variable of the server, kept as written;
    /// `template`, `nil` when the text cannot be parsed as one.
    mutating func serverTemplate(_ server: MappingReader, written: String, of owner: String = "") -> (url: String, template: Template?, undefined: [String]) {
        let undefaulted = Self.variablesWithoutDefault(server)
        let url = Self.serverURL(server) { name, value in
            guard Template.isValidName(name) else { return value }
            return undefaulted.contains { $0.name == name } ? "${\(name)}" : "${\(name):-\(value)}"
        } ?? written
        let pairs = server["variables"].flatMap(MappingReader.init).map { Array($0.pairs) } ?? []
        let names = pairs.compactMap(\.key.string)
        let undefined = ResponseLink.Server.bracedNames(written).filter { !names.contains($0) }
        guard var template = try? Template(parsing: url) else { return (url, nil, undefined) }
        for pair in pairs {
            guard let name = pair.key.string, let variable = MappingReader(pair.value),
                  let values = variable["enum"]?.sequence?.compactMap(\.string), !values.isEmpty else { continue }
            let file = pair.key.mark.file ?? path(of: pair.key)
            if template.variableNames.contains(name) {
                template.allowedValues[name] = Template.Allowed(values: values, place: "\(file):\(pair.key.mark)")
            }
            if let node = variable["default"], let value = node.string, !values.contains(value) {
                warnOnce(file, "server variable '\(name)'\(owner) has the default '\(value)', which is not one of its 'enum' values (\(values.joined(separator: ", "))) as OpenAPI requires (Server Variable Object); a call that does not set it sends it as it is", at: node.mark)
            }
        }
        return (url, template, undefined)
    }

    /// A server's variables that have no `default` (or are no mapping), each with its name's place.
    static func variablesWithoutDefault(_ server: MappingReader) -> [(name: String, mark: Mark)] {
        (server["variables"].flatMap(MappingReader.init).map { Array($0.pairs) } ?? []).compactMap { pair in
            guard let name = pair.key.string, MappingReader(pair.value)?["default"] == nil else { return nil }
            return (name, pair.key.mark)
        }
    }

    /// Warns about unknown keys in a `servers` list's servers and their variables.
    mutating func checkServerKeys(_ node: YAMLNode?) {
        for server in (node?.sequence.map(Array.init) ?? []).compactMap(MappingReader.init) {
            checkKeys(server, .server)
            for variable in (server["variables"].flatMap(MappingReader.init)?.pairs.map(\.value) ?? []).compactMap(MappingReader.init) {
                checkKeys(variable, .serverVariable)
            }
        }
    }

    /// An operation's (or path item's) own server URL, its variables at their defaults.
    func operationServer(_ node: YAMLNode) -> String? {
        guard let first = node.sequence?.first, let server = MappingReader(first), let url = Self.serverURL(server, { $1 }) else { return nil }
        return url.hasPrefix("http://") || url.hasPrefix("https://") ? url : nil
    }

    /// A server's URL with each `{variable}` replaced by `replacement(name, its default)`, without
    /// a trailing `/`; `nil` when it has no `url`.
    static func serverURL(_ server: MappingReader, _ replacement: (_ name: String, _ defaultValue: String) -> String) -> String? {
        guard var url = server["url"]?.string else { return nil }
        for pair in server["variables"].flatMap(MappingReader.init).map({ Array($0.pairs) }) ?? [] {
            let name = pair.key.string ?? ""
            url = url.replacing("{\(name)}", with: replacement(name, MappingReader(pair.value)?["default"]?.string ?? ""))
        }
        if url.hasSuffix("/") { url.removeLast() }
        return url
    }

}
