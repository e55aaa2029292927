#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import ArgumentParser
import Dispatch
import Netspec
import NetspecMCP
import NetspecModel
import NetspecWorkflows

/// `netspec mcp SPEC`: the spec's endpoints as MCP tools over standard input and output (see `MCPServer`).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the spec's endpoints as Model Context Protocol tools over stdio or Streamable HTTP.",
        discussion: """
            Newline-delimited JSON-RPC 2.0 on standard input and output (protocol revisions \
            \(MCPServer.protocolVersions.joined(separator: " and "))); nothing else is written to \
            standard output, and problems go to standard error. Each endpoint is a tool; a call \
            runs with the spec's auth (variables from --var or the environment), retries and timeouts. \
            With --http HOST:PORT, the same server over MCP's Streamable HTTP at /mcp (sessions, \
            event-stream answers resumable by Last-Event-ID, Origin checked, --token-env for a \
            bearer token).
            """
    )

    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var overlaying: OverlayOptions
    @OptionGroup var recording: HAROptions
    @OptionGroup var proxying: ProxyOptions

    @ArgumentParser.Argument(help: "The spec or OpenAPI document.", completion: .specFile)
    var spec: String

    @Option(name: .customLong("base-url"), help: "Send calls to this base URL instead of the spec's.")
    var baseURL: String?

    @Option(name: .customLong("server"), help: ArgumentHelp(serverOptionHelp, valueName: "NAME"))
    var server: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable (repeatable).", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("profile"), help: ArgumentHelp("Use this profile of the config files (base URL, variables, headers, TLS); default $NETSPEC_PROFILE.", valueName: "NAME"))
    var profile: String?

    @Option(name: .customLong("allow-origin"), help: ArgumentHelp("Also send the spec's credentials to this origin (an OpenAPI operation whose own server is elsewhere); repeatable.", valueName: "ORIGIN"))
    var allowedOrigins: [String] = []

    @Flag(name: .customLong("read-only"), help: "Expose only endpoints whose method has no side effects (GET, HEAD, OPTIONS).")
    var readOnly = false

    @Option(help: ArgumentHelp("'dynamic' (three tools that search, describe and call the operations), 'all' (one tool per operation), 'auto' (dynamic above 40 operations; the default), or the endpoints to expose (comma-separated, one tool each).", valueName: "MODE|a,b"))
    var tools: String?

    @Option(help: ArgumentHelp("Expose only operations with one of these tags (comma-separated; case does not matter).", valueName: "a,b"))
    var tags: String?

    @Option(name: .customLong("max-result-bytes"), help: "Cut a result's text after this many bytes, with a note (default 65536).")
    var maxResultBytes: Int = 64 * 1024

    @Option(name: .customLong("max-events"), help: "Collect a stream up to this many events or lines (default 100).")
    var maxEvents: Int = 100

    @Flag(help: "Answer from the spec's mocks instead of the network.")
    var mock = false

    @Flag(name: .customLong("with-operations"), help: "For an Arazzo document: offer its OpenAPI source's operations as tools beside its workflows.")
    var withOperations = false

    @Flag(name: .customLong("validate"), help: "Check each answer against the document's schema before returning it: one that breaks it is an error result listing the violations, with the value.")
    var validatesResponses = false

    @Option(name: .customLong("http"), help: ArgumentHelp("Serve over MCP's Streamable HTTP at http://HOST:PORT/mcp instead of stdio (loopback unless HOST says otherwise).", valueName: "HOST:PORT"))
    var http: String?

    @Option(name: .customLong("token-env"), help: ArgumentHelp("With --http: clients must send Authorization: Bearer and the value of this environment variable.", valueName: "NAME"))
    var tokenEnvironment: String?

    @Option(name: .customLong("http-origin"), help: ArgumentHelp("With --http: also answer requests from this browser origin (loopback origins always are); repeatable.", valueName: "ORIGIN"))
    var httpOrigins: [String] = []

    /// `--http`'s host and port: `127.0.0.1:8000`, `[::1]:8000`, or `:8000` (loopback).
    static func hostAndPort(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.isEmpty { host = "127.0.0.1" }
        guard !host.contains("/"), !host.contains(" ") else { return nil }
        return (host, port)
    }

    func validate() throws {
        try recording.settings.validate(mock: mock)
        try validateVariables(variables)
        try validateBaseURL(baseURL)
        guard maxResultBytes > 0 else { throw ValidationError("--max-result-bytes must be positive") }
        guard maxEvents > 0 else { throw ValidationError("--max-events must be positive") }
        if let http, Self.hostAndPort(http) == nil { throw ValidationError("--http '\(http)' must be HOST:PORT, such as 127.0.0.1:8000") }
        for origin in allowedOrigins where URLOrigin(origin) == nil {
            throw ValidationError("--allow-origin '\(origin)' must be an origin such as https://uploads.example.com")
        }
        if http == nil, tokenEnvironment != nil { throw ValidationError("--token-env applies to --http; give it too") }
        if http == nil, !httpOrigins.isEmpty { throw ValidationError("--http-origin applies to --http; give it too") }
        for origin in httpOrigins where URLOrigin(origin)?.description != origin.lowercased() {
            throw ValidationError("--http-origin '\(origin)' must be an origin as browsers send it, such as http://localhost:3000")
        }
    }

    func run() async throws {
        if ArazzoDocument.isArazzo(path: spec) {
            guard http == nil else {
                Terminal.standardError.write("error: --http serves an API's operations; an Arazzo document's workflows are served on stdio\n")
                throw ExitStatus.usage
            }
            if server != nil {
                Terminal.standardError.write("error: --server chooses an OpenAPI document's server; for an Arazzo document's sources give --base-url\n")
                throw ExitStatus.usage
            }
            return try await serveWorkflows()
        }
        if withOperations {
            Terminal.standardError.write("error: --with-operations applies to an Arazzo document; \(spec)'s operations are tools already\n")
            throw ExitStatus.usage
        }
        let loaded = try await fetching.load(spec, overlaying: overlaying, profile: profileName(profile), proxy: proxying.setting)
        printWarnings(of: loaded)
        let spec = try choosingServer(of: loaded, flag: server, baseURL: baseURL, profile: profileName(profile))
        let values = netspec.variables(from: variables)
        let modes: [String: MCPServer.Options.ToolMode] = ["dynamic": .dynamic, "all": .all, "auto": .auto]
        let mode = tools.flatMap { modes[$0] }
        let names = mode != nil ? nil : tools.map { Set($0.split(separator: ",").map { String($0).trimmingSpaces }) }
        if let names {
            for name in names.sorted() where spec.endpoint(named: name) == nil {
                Terminal.standardError.write("error: --tools names '\(name)', which is not an endpoint of \(self.spec)\n")
                throw ExitStatus.usage
            }
        }
        let tagSet = tags.map { Set($0.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }) }
        if let tagSet {
            let known = Set(spec.endpoints.flatMap(\.tags).map { $0.lowercased() })
            for tag in tagSet.sorted() where !known.contains(tag.lowercased()) {
                let all = Set(spec.endpoints.flatMap(\.tags)).sorted()
                Terminal.standardError.write("error: --tags names '\(tag)', which no operation of \(self.spec) has" + (all.isEmpty ? " (it has no tags)\n" : " (its tags: \(all.joined(separator: ", ")))\n"))
                throw ExitStatus.usage
            }
        }
        // Over HTTP many clients' calls may be in flight at once: up to 128 connections to the API
        // rather than 8 (stdio's calls come from one client).
        let wide = http == nil ? nil : AsyncHTTPClientTransport(maxConnectionsPerHost: 128)
        // --har records each tool call's exchanges as they finish; --replay answers them from a recording.
        let recorder = recording.settings.makeRecorder()
        defer { HARSettings.finish(recorder) }
        let provider = try makeProvider(
            profile: profileName(profile), spec: spec, baseURL: baseURL.map(BaseURLShorthand.expand), variables: values,
            options: proxying.applied(to: .init(mocks: .init(isEnabled: mock), credentialOrigins: Set(allowedOrigins))), transport: try recording.settings.makeTransport() ?? wide,
            wireInterceptors: recorder.map { [$0] } ?? [], tokenStore: commandLineTokenStore
        )
        var options = MCPServer.Options(
            readOnly: readOnly, tools: names, maxResultBytes: maxResultBytes, maxEvents: maxEvents, validatesResponses: validatesResponses
        )
        options.describeError = { $0.commandLineDescription }
        options.tags = tagSet
        // Endpoints named: one tool each.
        options.toolMode = mode ?? (names == nil ? .auto : .all)
        let server = MCPServer(service: Service(spec: spec, provider: provider), options: options)
        if let http, let (host, port) = Self.hostAndPort(http) {
            do {
                try await serve(server, host: host, port: port, service: spec.service)
            } catch {
                try? await wide?.shutdown()
                throw error
            }
            try? await wide?.shutdown()
            return
        }
        Terminal.standardError.write("netspec mcp: \(Self.toolsLine(server)) of \(spec.service) on stdio\n")
        await Self.serveOnStdio(server)
    }
}

extension MCPCommand {
    /// The server over standard input and output until standard input ends. Standard input is
    /// read on a thread of its own: a blocked read must not hold one of the few threads the calls
    /// run on.
    static func serveOnStdio(_ server: MCPServer) async {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        DispatchQueue.global().async {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        await server.serve(lines: lines) { Terminal.standardOutput.write($0 + "\n") }
    }

    /// `12 tools` (`1 tool`), or `3 tools for 288 operations` in dynamic mode.
    static func toolsLine(_ server: MCPServer) -> String {
        let count = server.toolNames.count
        return server.isDynamic ? "3 tools for \(pluralized(count, "operation"))" : pluralized(count, "tool")
    }

    /// `--http`: the server over Streamable HTTP until SIGINT or SIGTERM.
    private func serve(_ server: MCPServer, host: String, port: Int, service: String) async throws {
        var token: String?
        if let name = tokenEnvironment {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else {
                Terminal.standardError.write("error: --token-env \(name): the variable \(name) is not set (or empty)\n")
                throw ExitStatus.usage
            }
            token = value
        }
        let options = MCPHTTPServer.Options(host: host, port: port, token: token, allowedOrigins: Set(httpOrigins))
        let tools = Self.toolsLine(server)
        do {
            try await MCPHTTPServer(server: server, options: options).run(handlesSignals: true) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                Terminal.standardError.write("netspec mcp: \(tools) of \(service) on http://\(shown):\(port)\(MCPHTTPServer.path)\n")
                if !LoopbackHost.contains(host) {
                    Terminal.standardError.write("warning: listening on \(host), not only loopback: other machines can reach this server\n")
                }
            }
        } catch {
            Terminal.standardError.write("error: cannot serve on \(host):\(port): \(error)\n")
            throw ExitCode(1)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var slice = self[...]
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
