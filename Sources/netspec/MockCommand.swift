import ArgumentParser
import Netspec
import NetspecMock
import NetspecModel

/// `netspec mock SPEC`: serves the spec's endpoints from their mocks (see `MockServer`).
struct MockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Serve the spec's endpoints from their mocks, checking each request as a call would.",
        discussion: """
            Answers each request with the endpoint's mock: the document's example, else a value \
            made from the response's JSON schema (with --dynamic, a value drawn at random from it, \
            even where there is an example; --seed N makes a run replay); 422 \
            (application/problem+json) listing each problem with a request, 404 for an unknown \
            path, 405 for a known path with another method, 501 for an endpoint without a mock. \
            'Prefer: code=404', 'Prefer: example=NAME' or 'Prefer: dynamic=true' (or the __code, \
            __example and __dynamic query items) choose among several mocks. Answers carry CORS \
            headers (--no-cors: not). One line per request on standard error; Ctrl-C or SIGTERM \
            stops it after the requests in flight.
            """
    )

    @OptionGroup var fetching: DocumentFetchOptions

    @Option(name: .customLong("overlay"), help: ArgumentHelp("Apply this Overlay (1.0 or 1.1) to the document before reading it; repeatable, applied in order.", valueName: "FILE"), completion: .file())
    var overlays: [String] = []

    @ArgumentParser.Argument(help: "The spec or OpenAPI document to serve (with --from-har, what the recording does not answer).", completion: .specFile)
    var spec: String?

    @Option(name: .customLong("from-har"), help: ArgumentHelp("Answer from the exchanges recorded in this HAR file first (by method, path, query and body); with a document, other requests get its mocks.", valueName: "FILE"), completion: .file())
    var fromHAR: String?

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 4010

    @Option(help: "The address to listen on (loopback unless you say otherwise).")
    var host: String = "127.0.0.1"

    @Flag(help: "Also refuse query items and JSON members the spec does not declare (and an overlay action that selects nothing).")
    var strict = false

    @Option(help: ArgumentHelp("Milliseconds to wait before each event or line of a streamed mock.", valueName: "MS"))
    var delay: Int = 0

    @Option(name: .customLong("proxy"), help: ArgumentHelp("Forward every request to this server and pass its answers on, checking both against the document: what breaks it goes in a Netspec-Violations header and the log (Prism's proxy mode).", valueName: "URL"))
    var proxy: String?

    @Flag(name: .customLong("errors"), help: "Answer an example that breaks the document's schema with a 500 listing the violations (without it they go in a Netspec-Violations header); with --proxy, a request that breaks the document with a 422 instead of forwarding it, and an answer that breaks it with a 502.")
    var proxyErrors = false

    @Flag(name: .customLong("no-cors"), help: "Do not answer with CORS headers (by default every answer says Access-Control-Allow-Origin: * and a preflight OPTIONS is answered 204, so that a web app on another origin can call the mock).")
    var noCORS = false

    @Flag(name: .customLong("no-security"), help: "Do not check the operations' security (by default a request without a credential an operation accepts is a 401, as Prism answers).")
    var noSecurity = false

    @Flag(help: "Answer with values drawn at random from the document's response schemas, even where it has examples (a request's 'Prefer: dynamic=false' asks for the example).")
    var dynamic = false

    @Option(help: ArgumentHelp("The seed of the first drawn answer (--dynamic, 'Prefer: dynamic=true'); the n-th answer uses N+n, so a run replays. Without it, a random seed.", valueName: "N"))
    var seed: UInt64?

    @Flag(help: "Keep what is sent: a POST to a collection stores an item that GET, PUT, PATCH and DELETE of its path read, replace, merge and delete, and the collection's GET lists (resources inferred from the document; POST /__netspec/reset or 'Netspec-Reset: true' resets them).")
    var stateful = false

    @Option(name: .customLong("seed-data"), help: ArgumentHelp("With --stateful: the items the resources start with, a JSON object of collection paths to lists of items (instead of the document's examples).", valueName: "FILE"))
    var seedData: String?

    @Flag(name: [.short, .long], help: "With --stateful: print each resource inferred (collection, item path, id, operations) when it starts.")
    var verbose = false

    func validate() throws {
        if spec == nil, fromHAR == nil { throw ValidationError("give the document to serve, or a recording with --from-har FILE") }
        if fromHAR != nil, proxy != nil || stateful { throw ValidationError("--from-har answers from a recording; --proxy and --stateful answer otherwise") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard delay >= 0 else { throw ValidationError("--delay must be 0 or more milliseconds") }
        if let proxy, !isHTTPURL(proxy) || URLOrigin(proxy) == nil {
            throw ValidationError("--proxy '\(proxy)' must be an http or https URL such as http://127.0.0.1:8000")
        }
        if seedData != nil, !stateful { throw ValidationError("--seed-data applies to --stateful; give it too") }
        if stateful, proxy != nil { throw ValidationError("--stateful answers from the mock's own state; --proxy answers from the server") }
        if proxy != nil, dynamic || seed != nil { throw ValidationError("--dynamic and --seed answer from the document; --proxy answers from the server") }
    }

    func run() async throws {
        let spec = try await loadDocument()
        var options = MockServer.Options(
            host: host, port: port, strict: strict, eventDelay: .milliseconds(delay), dynamic: dynamic, seed: seed, checksSecurity: !noSecurity, proxy: proxy,
            proxyErrors: proxyErrors, proxyTransport: fetching.transportOptions, stateful: stateful, seedData: try seedData.map(Self.readSeedData),
            cors: !noCORS
        )
        options.recording = try HARSettings(replay: fromHAR).makeTransport()
        let log = BatchedLog(.standardError)
        defer { log.flush() }
        let server = MockServer(spec: spec, options: options) { entry in
            log.append(entry.description + "\n")
        }
        if stateful { try printState(of: server) }
        for name in server.unroutableEndpoints {
            Terminal.standardError.write("warning: endpoint '\(name)' cannot be served: its URL has a variable in the host\n")
        }
        for name in server.webSocketEndpoints {
            Terminal.standardError.write("warning: endpoint '\(name)' is not served: the mock server does not serve WebSockets (use 'netspec call --mock' to replay its mock messages)\n")
        }
        let host = self.host
        let count = spec.endpoints.count
        let recorded = options.recording.map { " and \(pluralized($0.entryCount, "recorded exchange"))" } ?? ""
        do {
            try await server.run(handlesSignals: true) { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                Terminal.standardError.write("Mocking \(spec.service) (\(pluralized(count, "endpoint"))\(recorded)) on http://\(shown):\(port)\n")
                if !LoopbackHost.contains(host) {
                    Terminal.standardError.write("warning: listening on \(host), not only loopback: other machines can reach this server\n")
                }
            }
        } catch {
            Terminal.standardError.write("error: cannot serve on \(host):\(port): \(error)\n")
            throw ExitCode(1)
        }
    }

    /// The state's resources (with `-v`) and the problems of the document's hints, on standard
    /// error; seed data that does not fit is an error naming the file.
    private func printState(of server: MockServer) throws {
        do {
            let (resources, problems) = try server.statefulResources()
            for problem in problems { Terminal.standardError.write("warning: \(problem)\n") }
            if resources.isEmpty { Terminal.standardError.write("warning: --stateful found no resource (a path with POST and one below it with GET)\n") }
            if verbose { for line in resources { Terminal.standardError.write("resource \(line)\n") } }
        } catch {
            Terminal.standardError.write("error: seed data \(seedData ?? ""): \(error.message)\n")
            throw ExitCode(1)
        }
    }

    /// `--seed-data FILE`: a JSON object of collection paths to lists of items.
    private static func readSeedData(_ file: String) throws -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: FileBytes.contents(ofFile: file, limit: 1 << 30))
        } catch let error as JSONValue.ParseError {
            Terminal.standardError.write("error: seed data \(file):\(error.line):\(error.column): \(error.message)\n")
            throw ExitCode(1)
        } catch {
            Terminal.standardError.write("error: cannot read seed data \(file): \(error)\n")
            throw ExitCode(1)
        }
        guard case let .object(members) = value else {
            Terminal.standardError.write("error: seed data \(file): expected a JSON object of collection paths to lists of items, found \(value.kindName)\n")
            throw ExitCode(1)
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The document served, or with `--from-har` alone one without endpoints named after the recording.
    private func loadDocument() async throws -> Spec {
        guard let spec else {
            return try Spec(yaml: "netspec: 1\nservice: \(fromHAR ?? "recording")\nbaseURL: http://127.0.0.1\nendpoints: {}\n", file: fromHAR ?? "<recording>")
        }
        let loaded = try await fetching.load(spec, overlays: overlays, strict: strict)
        printWarnings(of: loaded)
        return loaded
    }
}
