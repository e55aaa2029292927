/// Reads a YAML document into a ``Spec``: every key of the format, the inference rules, and
/// every load-time check, collecting all problems instead of stopping at the first.
struct SpecLoader {
    /// The keys allowed at the top of a spec.
    static let serviceKeys = [
        "netspec", "service", "baseURL", "headers", "encoding", "encoder", "decoder", "timeout", "cache",
        "auth", "retry", "tls", "description", "endpoints",
    ]

    /// The file name used in messages.
    let file: String
    /// The problems found so far.
    private(set) var errors: [SpecError] = []
    /// The warnings found so far.
    private(set) var warnings: [Spec.Warning] = []
    /// Parsed type strings by text, so repeated types are parsed once per spec.
    var typeCache: [String: ValueType] = [:]
    /// Parsed `returns:` strings by text.
    var returnTypeCache: [String: ReturnType] = [:]
    /// Parsed key paths by text.
    var keyPathCache: [String: JSONValue.KeyPath] = [:]

    /// The one endpoint to compile, with those its `refresh:` names (see ``load(bytes:file:only:)``).
    var only: String?
    /// Every endpoint's name, those not compiled too (``SpecError/endpointNames``).
    private var names: [String] = []

    init(file: String) {
        self.file = file
    }

    // MARK: - Entry point

    /// Reads a Netspec spec's root node (the ``FrontEnd`` chose this front end).
    ///
    /// - Parameter only: The one endpoint the caller needs (`netspec call`). The spec then holds
    ///   that endpoint and the ones its `refresh:` names, compiled and checked exactly as a full
    ///   read would; the service's keys are checked as always, and the other endpoints are not
    ///   compiled (they are most of a big spec's load time). When no endpoint has that name, the
    ///   whole spec is read, so that the caller can suggest names.
    static func read(_ root: YAMLNode, file: String, only: String? = nil) throws(SpecError) -> Spec {
        var loader = SpecLoader(file: file)
        loader.only = only
        let spec = loader.readSpec(root)
        if var error = SpecError.combining(loader.errors) {
            error.endpointNames = only.map { _ in loader.names }
            throw error
        }
        guard let spec else {
            throw SpecError(file: file, mark: root.mark, message: "the spec could not be read")
        }
        return spec
    }

    // MARK: - Reporting

    /// Records a problem.
    mutating func report(_ message: String, at mark: Mark) {
        errors.append(SpecError(file: mark.file ?? file, mark: mark, message: message))
    }

    /// Records a warning.
    mutating func warn(_ message: String, at mark: Mark) {
        warnings.append(Spec.Warning(file: mark.file ?? file, line: mark.line, column: mark.column, message: message))
    }

    /// Records an unknown key in a mapping, with a suggestion.
    mutating func reportUnknownKeys(in mapping: MappingReader, allowed: [String], context: ErrorContext) {
        for unknown in mapping.unknownKeys(allowed: allowed) {
            report("\(context)unknown key '\(unknown.name)'\(unknown.hint)", at: unknown.mark)
        }
    }

    // MARK: - Service

    private mutating func readSpec(_ root: YAMLNode) -> Spec? {
        guard let top = MappingReader(root) else {
            report("a spec must be a mapping with 'netspec', 'service' and 'endpoints', found \(root.foundDescription)", at: root.mark)
            return nil
        }
        reportUnknownKeys(in: top, allowed: Self.serviceKeys, context: "")

        var version = 1
        if let node = top["netspec"] {
            if let value = readInt(node, key: "netspec", context: ""), value != 1 {
                report("unsupported format version \(value) (this Netspec reads 'netspec: 1')", at: node.mark)
            } else if let value = readInt(node, key: "netspec", context: "") { version = value }
        } else {
            report("missing 'netspec: 1' (the format version)", at: root.mark)
        }
        var service = ""
        if let node = top["service"] {
            service = readString(node, key: "service", context: "") ?? ""
        } else {
            report("missing 'service:' (the service's name)", at: root.mark)
        }
        let baseURL = top["baseURL"].flatMap { readTemplate($0, key: "baseURL", context: "") }
        if let node = top["baseURL"], let text = node.string, let braced = BaseURLCheck.bracedName(in: text) {
            // `{stage}` is an OpenAPI server's or a path's placeholder, no variable in a base URL:
            // it was sent as it is written, percent-encoded (`https://api.example.com/%7Bstage%7D`).
            report("'baseURL' has '\(braced)', which is no variable here: a base URL's variable is written $\(braced) (a brace itself, %7B and %7D)", at: node.mark)
        }
        if let node = top["baseURL"], let text = baseURL?.constantValue, case let .failure(problem) = BaseURLCheck.checked(text) {
            // Not an error: a call may give another base URL; one that does not fails (exit 78).
            warn("'baseURL' is not a base URL: \(problem.message); a call fails unless it is given another", at: node.mark)
        }
        let headers = top["headers"].map { readHeaders($0, context: "") } ?? []
        let encoding = top["encoding"].flatMap { readEncoding($0, context: "") }
        let encoder = top["encoder"].flatMap { readString($0, key: "encoder", context: "") }
        let decoder = top["decoder"].flatMap { readString($0, key: "decoder", context: "") }
        let timeout = top["timeout"].flatMap { readTimeout($0, context: "") }
        let auth = top["auth"].flatMap { readAuth($0, context: "") }
        let retry = top["retry"].flatMap { readRetry($0, context: "") }
        let cachePolicy = top["cache"].flatMap { readCachePolicy($0, context: "") }
        let summary = top["description"].flatMap { readString($0, key: "description", context: "") }
        let tls = top["tls"].flatMap { readTLS($0) }

        let defaults = ServiceDefaults(
            headers: headers, encoding: encoding, encoder: encoder, decoder: decoder,
            timeout: timeout, auth: auth?.value, retry: retry, cachePolicy: cachePolicy
        )
        var endpoints: [Endpoint] = []
        var names: [String] = []
        if let node = top["endpoints"] {
            if let mapping = MappingReader(node) {
                names = mapping.pairs.map { $0.key.string ?? "" }
                let wanted = only.flatMap { neededEndpoints($0, names: names, in: mapping, serviceAuth: auth?.value) }
                self.names = names
                endpoints.reserveCapacity(wanted?.count ?? mapping.pairs.count)
                for (index, pair) in mapping.pairs.enumerated() where wanted?.contains(index) ?? true {
                    let name = names[index]
                    if let endpoint = readEndpoint(name: name, nameMark: pair.key.mark, node: pair.value, defaults: defaults) {
                        endpoints.append(endpoint)
                        if let warning = Spec.shadowingWarning(endpoint: name) { warn(warning, at: pair.key.mark) }
                    }
                }
            } else if !node.isPlainNull {
                report("'endpoints' must be a mapping of endpoint names to endpoints, found \(node.foundDescription)", at: node.mark)
            }
        } else {
            report("missing 'endpoints:' (a mapping of endpoint names to endpoints)", at: root.mark)
        }
        checkRefreshEndpoints(endpoints, names: names, serviceAuth: auth?.value)
        return Spec(
            file: file, version: version, service: service, baseURL: baseURL, headers: headers,
            encoding: encoding ?? .json, timeout: timeout, auth: auth?.value, retry: retry?.value,
            summary: summary, endpoints: endpoints, warnings: warnings, tls: tls
        )
    }

    /// The indices of the endpoints to compile for a caller that needs `name`: its own and, in
    /// turn, those that a `refresh:` of the service or of a compiled endpoint names; `nil` (all)
    /// when no endpoint is called `name`.
    private func neededEndpoints(_ name: String, names: [String], in mapping: MappingReader, serviceAuth: AuthPolicy?) -> Set<Int>? {
        guard let first = names.firstIndex(of: name) else { return nil }
        var wanted: Set<Int> = [first]
        var pending = [first]
        if let refresh = serviceAuth?.refresh, let index = names.firstIndex(of: refresh.endpoint) {
            if wanted.insert(index).inserted { pending.append(index) }
        }
        // An endpoint's own `refresh:` is read from its YAML here (the endpoint is compiled once, below).
        while let index = pending.popLast() {
            guard let auth = MappingReader(mapping.pairs[index].value)?["auth"].flatMap(MappingReader.init),
                  let target = auth["refresh"].flatMap(MappingReader.init)?["endpoint"]?.string,
                  let refreshed = names.firstIndex(of: target) else { continue }
            if wanted.insert(refreshed).inserted { pending.append(refreshed) }
        }
        return wanted
    }

    /// Checks that every `refresh:` names an endpoint of the spec (`names`: all of them, also
    /// those not compiled).
    private mutating func checkRefreshEndpoints(_ endpoints: [Endpoint], names: [String], serviceAuth: AuthPolicy?) {
        var policies = serviceAuth.map { [$0] } ?? []
        for index in endpoints.indices where endpoints[index].auth?.refresh != nil { policies.append(endpoints[index].auth!) }
        guard !policies.isEmpty else { return }
        var checked: Set<Mark> = []
        for policy in policies {
            guard let refresh = policy.refresh, checked.insert(policy.mark).inserted else { continue }
            if !names.contains(refresh.endpoint) {
                report("auth: refresh endpoint '\(refresh.endpoint)' is not an endpoint of this spec\(Suggestions.hint(for: refresh.endpoint, in: names))", at: policy.mark)
            }
        }
    }
}

/// The service-level settings endpoints inherit.
struct ServiceDefaults {
    var headers: [SpecHeader]
    var encoding: Endpoint.BodyEncoding?
    var encoder: String?
    var decoder: String?
    var timeout: Double?
    var auth: AuthPolicy?
    /// The service's `retry:`, including an explicit `retry: none`.
    var retry: PolicySetting<RetryPolicy>?
    /// The service's `cache:`.
    var cachePolicy: CachePolicy?
}

/// A policy setting that is either given or explicitly turned off (`auth: none`, `retry: none`).
enum PolicySetting<Policy: Sendable & Hashable>: Sendable, Hashable {
    case off
    case on(Policy)

    /// The policy, or `nil` when it is off.
    var value: Policy? {
        if case let .on(policy) = self { policy } else { nil }
    }
}
