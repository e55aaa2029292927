import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NetspecModel

/// `netspec call SPEC ENDPOINT [ITEM...]`: builds the request from HTTPie-style items, sends it
/// (or prints it), and prints the result.
struct CallCommand: AsyncParsableCommand {
    /// The usage line (ArgumentParser's would show the optional SPEC and ENDPOINT as optional).
    static let usage = "netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]"

    static let configuration: CommandConfiguration = {
        var configuration = CommandConfiguration(
            commandName: "call",
            abstract: "Call an endpoint by name and print its result.",
            usage: usage,
            discussion: """
                Items: name=text (converted to the parameter's type), name:=json (any JSON), name@file (a file \
                to upload, or its text/JSON), name==value (a query item the spec does not declare), \
                Name:value (a header the spec does not declare). Piped standard input is the unlabelled parameter '_'.

                Without ENDPOINT, lists the spec's endpoints; 'netspec call SPEC ENDPOINT --help' shows that \
                endpoint's parameters.

                \(ExitStatus.summary)
                """,
            // The root's, for `netspec call --version` when `call` is parsed by itself.
            version: NetspecInfo.version,
            // `--help` is ours: after an endpoint it describes the endpoint.
            helpNames: []
        )
        // `netspec call` is parsed by this command alone (see `NetspecCommand.main`): its usage and
        // help say `netspec call`, and it is not a root that takes a completion-script request.
        configuration._superCommandName = "netspec"
        return configuration
    }()

    @ArgumentParser.Argument(help: "The spec file.", completion: .specFile)
    var spec: String?

    @ArgumentParser.Argument(help: "The endpoint's name (without it, the spec's endpoints are listed).", completion: .endpointsAndItems)
    var endpoint: String?

    @ArgumentParser.Argument(
        help: "Arguments: name=text, name:=json, name@file; undeclared: name==query, Name:header.", completion: .endpointsAndItems
    )
    var items: [String] = []

    @Option(name: .customLong("base-url"), help: "Use this base URL instead of the spec's (':8080' and 'localhost:8080' mean http://localhost:8080).")
    var baseURL: String?

    @Option(name: .customLong("server"), help: ArgumentHelp(serverOptionHelp, valueName: "NAME"))
    var server: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable (repeatable).", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("profile"), help: ArgumentHelp("Use this profile of the config files (base URL, variables, headers, TLS); default $NETSPEC_PROFILE.", valueName: "NAME"))
    var profile: String?

    // Declared here rather than as OverlayOptions' group: the quick parser sets every property.
    @Option(name: .customLong("overlay"), help: ArgumentHelp("Apply this Overlay (1.0 or 1.1) to the document before reading it; repeatable, applied in order.", valueName: "FILE"), completion: .file())
    var overlays: [String] = []
    @Flag(help: "Refuse an overlay action whose target selects nothing (a warning otherwise).")
    var strict = false
    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Add a header (repeatable).", valueName: "Name: value"))
    var headers: [String] = []

    @Option(name: .customLong("keypath"), help: "A key path into the result, applied after the spec's.")
    var keyPath: String?

    @Option(name: .customLong("jsonpath"), help: "An RFC 9535 JSONPath query into the result, after any key path: prints the JSON array of the values it selects (for a stream, each item's selected values, one a line).")
    var jsonPath: String?

    @Option(help: "Time limit in seconds for each attempt, from connecting to the last byte (for streams: until the response head).")
    var timeout: Double?

    @Option(name: .customLong("connect-timeout"), help: "Time limit in seconds for making the connection.")
    var connectTimeout: Double?

    @Flag(name: .customLong("dry-run"), help: "Print the request as HTTP/1.1 and send nothing.")
    var dryRun = false

    @Flag(help: "Print an equivalent curl command and send nothing.")
    var curl = false

    @Flag(help: "Answer from the spec's mock instead of the network (the document's example, else a value made from the response's JSON schema).")
    var mock = false

    @Flag(help: "With --mock: answer with a value drawn at random from the document's response schema, even where it has an example.")
    var dynamic = false

    @Option(help: ArgumentHelp("With --dynamic: the seed of the value drawn, so a call replays (without it, a random seed).", valueName: "N"))
    var seed: UInt64?

    @Flag(help: "Compact output, never coloured.")
    var raw = false

    @Flag(name: [.customShort("r"), .customLong("raw-output")], help: "Print a string result, event value or line as bare text, not JSON (jq's -r).")
    var rawOutput = false

    @Flag(help: "For event streams: one JSON object per event (event, data, id, retry).")
    var ndjson = false

    @Flag(help: "Ask for an event stream (Accept: text/event-stream) where the endpoint answers one value or events, as the server chooses.")
    var stream = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write the response body (or a stream's output) to this file, with a progress bar on a terminal.")
    var output: String?

    @Option(name: .customLong("max-redirects"), help: "Follow at most this many redirects (default 10).")
    var maxRedirects: Int?

    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects: a 3xx is the answer.")
    var noFollow = false

    @Flag(name: .customLong("no-cache"), help: "Do not use the HTTP cache ($NETSPEC_CACHE_DIR/http, else ~/.cache/netspec/http): neither read nor store responses.")
    var noCache = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Print request and response headers on standard error.")
    var verbose = false

    @Flag(name: .customLong("ignore-stdin"), help: "Do not read standard input for the unlabelled parameter.")
    var ignoreStdin = false

    @Flag(name: .customLong("show-secrets"), help: "With -v, --dry-run and --curl, show secret values instead of <redacted> or ${NAME}.")
    var showSecrets = false

    @Flag(help: "Follow the endpoint's pages (paginate: in the spec) and print all their items as one JSON array (one per line with --ndjson).")
    var paginate = false

    @Option(name: .customLong("max-pages"), help: "With --paginate, fetch at most this many pages (default 100).")
    var maxPages: Int?

    @Option(name: .customLong("max-items"), help: "With --paginate, stop after this many items.")
    var maxItems: Int?

    @Option(name: .customLong("linger"), help: ArgumentHelp("For WebSockets: at the end of standard input, close after this many seconds even if replies are pending.", valueName: "S"))
    var linger: Double?

    @Option(name: .customLong("allow-origin"), help: ArgumentHelp("Also send the spec's credentials to this origin (an OpenAPI operation whose own server is elsewhere); repeatable.", valueName: "ORIGIN"))
    var allowedOrigins: [String] = []

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not verify TLS certificates (for test servers only).")
    var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("Trust the CA certificates in this PEM file instead of the system's.", valueName: "FILE"))
    var caFile: String?

    @Option(name: .customLong("capath"), help: ArgumentHelp("Trust the CA certificates in this directory (hashed names, as openssl rehash makes them) instead of the system's.", valueName: "DIR"))
    var caDirectory: String?

    @Option(name: .customLong("cert"), help: ArgumentHelp("Present this client certificate (PEM) for mutual TLS; needs --key.", valueName: "FILE"))
    var certificateFile: String?

    @Option(name: .customLong("key"), help: ArgumentHelp("The client certificate's private key (PEM, unencrypted).", valueName: "FILE"))
    var keyFile: String?

    @Option(name: .customLong("tls-min"), help: ArgumentHelp("The lowest TLS version accepted: 1.2 or 1.3.", valueName: "VERSION"))
    var tlsMinimum: String?

    @Option(name: .customLong("pin"), help: ArgumentHelp("Pin a host's certificate: HOST=sha256/BASE64 (public key) or HOST=cert-sha256/BASE64; repeatable.", valueName: "HOST=PIN"))
    var pins: [String] = []

    @Option(name: .customLong("unpinned"), help: ArgumentHelp("Do not pin this host (overrides the spec's pins); repeatable.", valueName: "HOST"))
    var unpinnedHosts: [String] = []

    @Option(name: [.customShort("x"), .customLong("proxy")], help: ArgumentHelp(ProxyOptions.proxyHelp, valueName: "URL"))
    var proxy: String?
    @Option(name: .customLong("noproxy"), help: ArgumentHelp(ProxyOptions.noProxyHelp, valueName: "LIST"))
    var noProxy: String?

    @Option(
        name: .customLong("allow-reserved"),
        help: ArgumentHelp("Send this path or query parameter's value with '/' and the other reserved characters as they are ({+NAME}); repeatable.", valueName: "NAME")
    )
    var allowReserved: [String] = []

    @Flag(name: .customLong("no-validate"), help: "Send the request as given even if it breaks the document: its schemas, types and enums, and the Content-Types it accepts.")
    var noValidate = false

    @Flag(name: .customLong("validate"), help: "Check the response against the document's schema for its status and media type: print the result, then each violation on standard error, and exit 1 if there is any.")
    var validatesResponse = false

    @Flag(name: [.customShort("h"), .customLong("help")], help: "Show this help, or after an endpoint its parameters.")
    var help = false

    @Option(name: .customLong("har"), help: HARSettings.harHelp, completion: .file())
    var har: String?

    @Option(name: .customLong("replay"), help: HARSettings.replayHelp, completion: .file())
    var replay: String?

    @Flag(name: .customLong("har-keep-secrets"), help: HARSettings.keepSecretsHelp)
    var harKeepSecrets = false

    /// `--har`, `--replay`, `--har-keep-secrets` (docs/har.md).
    var recording: HARSettings { HARSettings(har: har, replay: replay, keepSecrets: harKeepSecrets) }

    func validate() throws {
        try validateVariables(variables)
        try validateBaseURL(baseURL)
        for header in headers where !header.contains(":") {
            throw ValidationError("-H '\(header)' must be 'Name: value'")
        }
        if let linger, !Seconds.isValid(linger, allowingZero: true) { throw ValidationError("--linger must be 0 or more seconds, \(Seconds.longestText)") }
        if let timeout, !Seconds.isValid(timeout) { throw ValidationError("--timeout must be a positive number of seconds, \(Seconds.longestText)") }
        if let connectTimeout, !Seconds.isValid(connectTimeout) { throw ValidationError("--connect-timeout must be a positive number of seconds, \(Seconds.longestText)") }
        if keyPath.map({ JSONValue.KeyPath($0) == nil }) ?? false {
            throw ValidationError("--keypath '\(keyPath!)' is not a key path (write keys and indices separated by dots)")
        }
        if let jsonPath {
            do { _ = try JSONPath(jsonPath) } catch { throw ValidationError("--jsonpath '\(jsonPath)': \(error)") }
        }
        try validateTLS()
        try ProxyOptions.validate(proxy: proxy)
        try recording.validate(mock: mock)
        if let maxRedirects, maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more") }
        if let maxPages, maxPages < 1 { throw ValidationError("--max-pages must be 1 or more") }
        if let maxItems, maxItems < 1 { throw ValidationError("--max-items must be 1 or more") }
        if !paginate, maxPages != nil || maxItems != nil {
            throw ValidationError("--max-pages and --max-items apply to --paginate; give it too")
        }
        for origin in allowedOrigins where URLOrigin(origin) == nil {
            throw ValidationError("--allow-origin '\(origin)' must be an origin such as https://uploads.example.com")
        }
    }

    func run() async throws {
        do {
            try await perform()
        } catch let error as CLIError {
            throw error.report(raw: raw)
        } catch let error as CallError {
            throw CLIError.failure(error).report(raw: raw)
        }
    }

    private func perform() async throws {
        guard let specPath = self.spec else {
            Terminal.standardOutput.write(Self.helpMessage())
            if help { return }
            throw ExitStatus.usage
        }
        let fetching = try withDocumentProxy(Provider.Options(timeouts: .init(request: timeout.map(Seconds.duration)), tls: tlsSettings))
        let loaded = try await loadSpec(specPath, for: endpoint, options: fetching, usesCache: !noCache, overlays: try profileOverlays(profileName(profile)) + overlays, strict: strict, warnsOfOverlays: true)
        let spec = try choosingServer(of: loaded, flag: server, baseURL: baseURL, profile: profileName(profile))
        guard let endpointName = self.endpoint else {
            if help {
                Terminal.standardOutput.write(Self.helpMessage())
                return
            }
            Terminal.standardError.write("error: name an endpoint to call; \(spec.file) has:\n" + EndpointList(spec: spec).text(indent: "  "))
            throw ExitStatus.usage
        }
        let endpoint = try findEndpoint(endpointName, in: spec)
        if help {
            Terminal.standardOutput.write(EndpointDescription(endpoint: endpoint, spec: spec).text)
            return
        }
        // An operation's own server is where it goes, whatever the base URL (docs/cli.md, the
        // base URL): said, where the option was passed over without a word.
        if endpoint.pathTemplate.isAbsoluteURL, let option = baseURL != nil ? "--base-url" : server != nil ? "--server" : nil {
            Terminal.standardError.write("warning: endpoint '\(endpoint.name)' is sent to its own server (\(endpoint.path)), which \(option) does not replace\n")
        }
        let (arguments, extras) = try readArguments(for: endpoint)
        let keyPath = self.keyPath.flatMap(JSONValue.KeyPath.init)
        // Progress bars: uploads, whole responses, and byte streams written to a file with `-o`.
        let uploadBar = ProgressBar(label: "upload")
        let downloadBar: ProgressBar? = switch endpoint.stream {
        case nil where output != nil, .bytes? where output != nil: ProgressBar(label: "download", threshold: 0)
        case nil: ProgressBar(label: "download")
        default: nil
        }
        let redactor = verbose && !showSecrets ? Redactor(spec: spec, endpoint: endpoint, provider: try makeProvider(spec: spec)) : nil
        let printer = ResultPrinter(
            raw: raw, rawOutput: rawOutput, ndjson: ndjson, keyPath: keyPath, jsonPath: jsonPath.flatMap { try? JSONPath($0) }, output: output,
            redactor: redactor, downloadBar: downloadBar
        )
        let recorder = recording.makeRecorder()
        defer { HARSettings.finish(recorder) }
        let service = Service(spec: spec, provider: try makeProvider(spec: spec, printer: verbose ? printer : nil, recorder: recorder, replay: try recording.makeTransport()))
        var options = makeCallOptions(keyPath: keyPath)
        // `--stream`: events from an endpoint that answers a value or events (JSON is asked first otherwise).
        if stream, endpoint.answersValueOrEvents, !options.headers.contains(where: { $0.name.lowercased() == "accept" }) {
            options.headers.append((name: "Accept", value: "text/event-stream"))
        }
        options.queryItems = extras.queryItems
        options.headers = extras.headers + options.headers
        options.uploadProgress = uploadBar.handler
        options.downloadProgress = downloadBar?.handler
        try await send(endpoint, arguments, options: options, through: service, printer: printer, uploadBar: uploadBar)
    }

    /// The command line's items read as `endpoint`'s arguments, and the query items and headers
    /// it adds to the request (`name==value`, `Name:value` the endpoint does not declare).
    private func readArguments(for endpoint: Endpoint) throws -> (arguments: [String: Netspec.Argument], extras: (queryItems: [(name: String, value: String)], headers: [(name: String, value: String)])) {
        if let conflict = (OptionConflicts.ofOptions(self) + OptionConflicts.ofEndpoint(self, endpoint)).first {
            throw CLIError.usage("error: " + conflict)
        }
        let parsedItems: [CommandLineItem]
        do {
            parsedItems = try items.map { try CommandLineItem(parsing: $0) }
        } catch {
            throw CLIError.usage("error: \(error)")
        }
        let standardInput = try readStandardInput(for: endpoint, items: parsedItems)
        let arguments: [String: Netspec.Argument]
        let extras: (queryItems: [(name: String, value: String)], headers: [(name: String, value: String)])
        do {
            extras = try CommandLineArguments.extras(items: parsedItems, endpoint: endpoint)
            arguments = try CommandLineArguments.make(
                items: parsedItems, endpoint: endpoint, standardInput: standardInput, requestValidation: noValidate ? .off : .strict,
                reserved: allowReserved
            )
        } catch {
            throw CLIError.unreadableItems(error)
        }
        return (arguments, extras)
    }

    /// The call made and printed: previewed (`--dry-run`, `--curl`), paged (`--paginate`), held
    /// open (a WebSocket), or sent once, its answer checked when `--validate` asked.
    private func send(_ endpoint: Endpoint, _ arguments: [String: Netspec.Argument], options callOptions: CallOptions, through service: Service, printer: ResultPrinter, uploadBar: ProgressBar) async throws {
        if dryRun || curl {
            let preview = try service.preview(endpoint.name, arguments, options: callOptions, showingSecrets: showSecrets)
            try Terminal.standardOutput.emit(curl ? preview.curlCommand(options: curlOptions(proxy: service.provider.options.proxy)) + "\n" : preview.httpMessage)
            // `--har`: the request printed is on record, as not sent (docs/har.md).
            for case let recorder as HARRecorder in service.provider.wireInterceptors {
                await recorder.recordUnsent(preview.request, service: service, endpoint: endpoint, note: "not sent: netspec call \(curl ? "--curl" : "--dry-run") printed it")
            }
            return
        }
        if paginate {
            try await printPages(service: service, endpoint: endpoint, arguments: arguments, options: callOptions, printer: printer)
            return
        }
        let request = try service.prepare(endpoint.name, arguments, options: callOptions)
        if endpoint.stream == .webSocket {
            try await callWebSocket(service: service, request: request, options: callOptions)
            return
        }
        let callOptions = checkingStreams(callOptions, of: endpoint)
        try await Interrupt.runCancellable(watchesStandardOutput: output == nil) {
            // `-o FILE`: the body as it arrives, unread (an image, an archive), unless `--validate` reads it.
            let outcome = try await service.perform(request, options: callOptions, asBytes: output != nil && !validatesResponse)
            uploadBar.finish()
            try await printer.print(outcome, endpoint: endpoint)
            if case let .value(response) = outcome, !response.violations.isEmpty {
                for violation in response.violations { Terminal.standardError.write("warning: response: \(violation)\n") }
                throw ExitCode(1)
            }
        }
    }

    /// `--paginate`: every item of every page, as one JSON array, or one per line with `--ndjson`
    /// (``ResultPrinter/printItems(_:maxItems:)``).
    private func printPages(service: Service, endpoint: Endpoint, arguments: [String: Netspec.Argument], options: CallOptions, printer: ResultPrinter) async throws {
        let maxItems = self.maxItems, maxPages = self.maxPages ?? 100
        try await Interrupt.runCancellable(watchesStandardOutput: true) {
            let items = try service.allItems(endpoint.name, arguments, options: options, maxPages: maxPages, limitName: "--max-pages") { warning in
                Terminal.standardError.write("warning: \(warning)\n")
            }
            try await printer.printItems(items, maxItems: maxItems)
        }
    }

    /// The provider; with `-v`, it prints every request and response head that crosses the transport.
    private func makeProvider(spec: Spec, printer: ResultPrinter? = nil, recorder: HARRecorder? = nil, replay: HARReplayTransport? = nil) throws -> Provider {
        let values = netspec.variables(from: variables)
        let options = withProxy(Provider.Options(
            mocks: .init(isEnabled: mock, isDynamic: dynamic, seed: seed), redirects: noFollow ? .disallow : .follow(limit: maxRedirects ?? 10), tls: tlsSettings,
            cache: noCache || recording.isActive ? nil : HTTPCache(store: commandLineCacheStore), credentialOrigins: Set(allowedOrigins)
        ))
        return try netspec.makeProvider(
            profile: profileName(profile), spec: spec, variables: values, options: options, transport: replay, interceptors: printer.map { [VerboseCacheNote(printer: $0)] } ?? [],
            wireInterceptors: (printer.map { [VerboseInterceptor(printer: $0, showsProxy: !mock && replay == nil)] } ?? []) + (recorder.map { [$0] } ?? []), tokenStore: commandLineTokenStore)
    }

    /// Piped standard input, read when the endpoint has a `_` parameter that no item gives.
    private func readStandardInput(for endpoint: Endpoint, items: [CommandLineItem]) throws -> [UInt8]? {
        guard !ignoreStdin, CommandLineArguments.usesStandardInput(items: items, endpoint: endpoint),
              !Terminal.standardInput.isTerminal else { return nil }
        let bytes: [UInt8]
        let limit = CommandLineArguments.inputSizeLimit
        do {
            bytes = try FileBytes.contents(ofDescriptor: Terminal.standardInput.descriptor, limit: limit)
        } catch .tooLarge {
            throw CLIError.usage("error: standard input is larger than the \(ByteCount(limit)) limit (pass a file as an item instead, e.g. _@FILE)")
        } catch {
            throw CLIError.output("error: cannot read standard input: \(error.message)", status: ExitStatus.ioError)
        }
        return bytes.isEmpty ? nil : bytes
    }
}
