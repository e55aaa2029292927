import Netspec

/// `netspec call` options that cannot both apply, or that do not apply to the endpoint: each is
/// a usage error (exit 64) that names both sides, never an option ignored without a word.
enum OptionConflicts {
    /// Options that act only when the call is sent and its result printed.
    private static func sendingOptions(_ command: CallCommand) -> [String] {
        var names: [String] = []
        if command.output != nil { names.append("-o") }
        if command.ndjson { names.append("--ndjson") }
        names += selectors(command)
        if command.rawOutput { names.append("-r") }
        names += networkOptions(command)
        if command.mock { names.append("--mock") }
        if command.verbose { names.append("-v") }
        // They check the answer, and follow the pages' links.
        if command.validatesResponse { names.append("--validate") }
        if command.paginate { names.append("--paginate") }
        // It answers the request sent from a recording, and none is sent.
        if command.replay != nil { names.append("--replay") }
        if actsOnlyOnResponseCache(command) { names.append("--no-cache") }
        return names
    }

    /// `--no-cache` with a spec file: it acts only on the HTTP cache of responses (with a spec
    /// given by URL it also fetches the document again, which a preview does too).
    private static func actsOnlyOnResponseCache(_ command: CallCommand) -> Bool {
        command.noCache && !isHTTPURL(command.spec ?? "")
    }

    /// Options that act on the connection, which neither a preview nor the in-process mock makes:
    /// time limits, TLS, redirects, the proxy.
    private static func networkOptions(_ command: CallCommand) -> [String] {
        [
            (command.timeout != nil, "--timeout"), (command.connectTimeout != nil, "--connect-timeout"), (command.insecure, "-k"),
            (command.proxy != nil, "--proxy"), (command.noProxy != nil, "--noproxy"),
            (command.caFile != nil, "--cacert"), (command.caDirectory != nil, "--capath"), (command.certificateFile != nil, "--cert"),
            (command.keyFile != nil, "--key"), (command.tlsMinimum != nil, "--tls-min"), (!command.pins.isEmpty, "--pin"),
            (!command.unpinnedHosts.isEmpty, "--unpinned"), (command.maxRedirects != nil, "--max-redirects"), (command.noFollow, "--no-follow"),
        ].filter(\.0).map(\.1)
    }

    /// The options given that select part of a JSON result: `--keypath`, `--jsonpath`.
    private static func selectors(_ command: CallCommand) -> [String] {
        [(command.keyPath != nil, "--keypath"), (command.jsonPath != nil, "--jsonpath")].filter(\.0).map(\.1)
    }

    /// Conflicts between options, whatever the endpoint.
    static func ofOptions(_ command: CallCommand) -> [String] {
        var problems: [String] = []
        if command.dryRun && command.curl {
            problems.append("--dry-run and --curl cannot be used together: each prints the request in its own form; pick one")
        }
        if command.dryRun, let option = sendingOptions(command).first {
            problems.append("--dry-run prints the request and sends nothing, so \(option) has nothing to act on")
        }
        if command.curl {
            // The rest become curl's own options in the printed command.
            let unsupported = [
                (command.ndjson, "--ndjson"), (command.keyPath != nil, "--keypath"), (command.jsonPath != nil, "--jsonpath"), (command.rawOutput, "-r"),
                (command.mock, "--mock"), (command.validatesResponse, "--validate"), (command.paginate, "--paginate"),
                (command.replay != nil, "--replay"), (actsOnlyOnResponseCache(command), "--no-cache"),
            ]
            if let option = unsupported.first(where: \.0)?.1 {
                problems.append("--curl prints a curl command and sends nothing; curl has no equivalent of \(option)")
            }
        }
        if command.mock, !command.dryRun, !command.curl, let option = networkOptions(command).first {
            problems.append("--mock answers from the document in this process and connects to nothing, so \(option) has nothing to act on")
        }
        if command.mock, !command.dryRun, !command.curl, actsOnlyOnResponseCache(command) {
            problems.append("--mock answers from the document in this process, and no mocked answer is cached, so --no-cache has nothing to act on")
        }
        if command.dynamic, !command.mock {
            problems.append("--dynamic draws the mock's answer from the document's schema; give --mock too")
        }
        if command.seed != nil, !command.dynamic {
            problems.append("--seed sets the seed of --dynamic's values; give --dynamic too")
        }
        if command.noFollow, let maxRedirects = command.maxRedirects, maxRedirects > 0 {
            problems.append("--no-follow and --max-redirects \(maxRedirects) contradict each other; pick one")
        }
        if command.showSecrets, !command.verbose, !command.dryRun, !command.curl {
            problems.append("--show-secrets shows secrets in -v, --dry-run and --curl output; give one of them")
        }
        for option in selectors(command) where command.ndjson {
            problems.append("\(option) and --ndjson cannot be used together: --ndjson prints each whole event (\(option) alone selects from each event's data)")
        }
        return problems
    }

    /// Options that do not apply to what `endpoint` returns.
    static func ofEndpoint(_ command: CallCommand, _ endpoint: Endpoint) -> [String] {
        if command.curl, endpoint.stream == .webSocket {
            return ["--curl prints a curl command, and '\(endpoint.name)' is a WebSocket, whose upgrade and messages a curl command line cannot carry; --dry-run prints the upgrade request"]
        }
        guard !command.dryRun, !command.curl else { return [] }
        var problems: [String] = []
        let returns = switch endpoint.stream {
        case .sse?: "an event stream"
        case .lines?: "a stream of JSON lines"
        case .bytes?: "a byte stream"
        case .webSocket?: "a WebSocket"
        case let kind?: "a '\(kind)' stream"
        case nil: "a whole response"
        }
        if command.paginate, endpoint.pagination == nil {
            problems.append("--paginate follows pages, and '\(endpoint.name)' has no 'paginate:' in the spec")
        }
        if command.paginate, let option = [(command.output != nil, "-o"), (command.keyPath != nil, "--keypath"), (command.jsonPath != nil, "--jsonpath"), (command.rawOutput, "-r")].first(where: \.0)?.1 {
            problems.append("--paginate prints the items of every page; \(option) does not apply to it")
        }
        if command.ndjson, endpoint.stream != .sse, !endpoint.answersValueOrEvents, !command.paginate {
            problems.append("--ndjson applies to event streams, and '\(endpoint.name)' returns \(returns)")
        }
        if command.stream, endpoint.stream != .sse, !endpoint.answersValueOrEvents {
            problems.append("--stream asks for events, and '\(endpoint.name)' returns \(returns)")
        }
                if command.linger != nil, endpoint.stream != .webSocket {
            problems.append("--linger applies to WebSocket endpoints, and '\(endpoint.name)' returns \(returns)")
        }
        if endpoint.stream == .webSocket, command.jsonPath != nil {
            problems.append("--jsonpath selects from a result or a stream's items, and '\(endpoint.name)' is a WebSocket (use --keypath)")
        }
        // The cache passes every stream by (HTTPCache.intercept): nothing of it is read or stored.
        if actsOnlyOnResponseCache(command), endpoint.stream != nil, endpoint.stream != .webSocket {
            problems.append("--no-cache acts on the HTTP cache, and '\(endpoint.name)' returns \(returns), which is never cached")
        }
        if endpoint.stream == .webSocket {
            if command.output != nil { problems.append("-o writes a response body, and '\(endpoint.name)' is a WebSocket (its messages are printed as lines)") }
            if command.paginate { problems.append("--paginate follows pages, and '\(endpoint.name)' is a WebSocket") }
            // The upgrade is answered once: a 3xx fails it (no redirect is followed), and neither
            // the cache nor the document's response schemas apply to a connection's messages.
            if command.maxRedirects != nil {
                problems.append("--max-redirects follows redirects, and '\(endpoint.name)' is a WebSocket, whose upgrade follows none (a 3xx answer fails it)")
            }
            if command.noFollow {
                problems.append("--no-follow acts on redirects, and '\(endpoint.name)' is a WebSocket, whose upgrade follows none (a 3xx answer fails it)")
            }
            if actsOnlyOnResponseCache(command) {
                problems.append("--no-cache acts on the HTTP cache, and '\(endpoint.name)' is a WebSocket, which is never cached")
            }
            if command.validatesResponse {
                problems.append("--validate checks a response against the document, and '\(endpoint.name)' is a WebSocket (its messages are checked against 'receive:')")
            }
            if command.keyPath != nil, endpoint.webSocket?.messages != .json {
                problems.append("--keypath selects from JSON, and '\(endpoint.name)' has \(endpoint.webSocket?.messages.description ?? "") messages")
            }
        }
        if endpoint.stream == .bytes {
            for option in selectors(command) { problems.append("\(option) selects from JSON, and '\(endpoint.name)' returns \(returns)") }
            if command.rawOutput { problems.append("-r prints JSON strings as text, and '\(endpoint.name)' returns \(returns)") }
        }
        if endpoint.stream == nil, command.output != nil {
            for option in selectors(command) {
                problems.append("-o writes the response body as it arrives, so \(option) cannot select from it; use one or the other")
            }
            if command.rawOutput {
                problems.append("-o writes the response body as it arrives, so -r has nothing to print; use one or the other")
            }
        }
        return problems
    }
}
