import ArgumentParser
import Netspec
import NetspecMCP

/// `netspec mcp SPEC`: the spec's endpoints as MCP tools over standard input and output (see `MCPServer`).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the spec's endpoints as Model Context Protocol tools over stdio.",
        discussion: """
            Newline-delimited JSON-RPC 2.0 on standard input and output (protocol revisions \
            \(MCPServer.protocolVersions.joined(separator: " and "))); nothing else is written to \
            standard output, and problems go to standard error. Each endpoint is a tool; a call \
            runs with the spec's auth (variables from --var or the environment), retries and timeouts.
            """
    )

    @OptionGroup var fetching: DocumentFetchOptions

    @ArgumentParser.Argument(help: "The spec or OpenAPI document.", completion: .specFile)
    var spec: String

    @Option(name: .customLong("base-url"), help: "Send calls to this base URL instead of the spec's.")
    var baseURL: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable (repeatable).", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Flag(name: .customLong("read-only"), help: "Expose only endpoints whose method has no side effects (GET, HEAD, OPTIONS).")
    var readOnly = false

    @Option(help: ArgumentHelp("Expose only these endpoints (comma-separated).", valueName: "a,b"))
    var tools: String?

    @Option(name: .customLong("max-result-bytes"), help: "Cut a result's text after this many bytes, with a note (default 65536).")
    var maxResultBytes: Int = 64 * 1024

    @Option(name: .customLong("max-events"), help: "Collect a stream up to this many events or lines (default 100).")
    var maxEvents: Int = 100

    @Flag(help: "Answer from the spec's mocks instead of the network.")
    var mock = false

    @Flag(name: .customLong("validate"), help: "Check each answer against the document's schema before returning it: one that breaks it is an error result listing the violations, with the value.")
    var validatesResponses = false

    func validate() throws {
        for variable in variables where !variable.contains("=") { throw ValidationError("--var '\(variable)' must be NAME=VALUE") }
        guard maxResultBytes > 0 else { throw ValidationError("--max-result-bytes must be positive") }
        guard maxEvents > 0 else { throw ValidationError("--max-events must be positive") }
    }

    func run() async throws {
        let spec = try await fetching.load(spec)
        printWarnings(of: spec)
        let values = netspec.variables(from: variables)
        let names = tools.map { Set($0.split(separator: ",").map { String($0).trimmingSpaces }) }
        if let names {
            for name in names.sorted() where spec.endpoint(named: name) == nil {
                Terminal.standardError.write("error: --tools names '\(name)', which is not an endpoint of \(self.spec)\n")
                throw ExitStatus.usage
            }
        }
        let provider = Provider(
            baseURL: baseURL.map(BaseURLShorthand.expand), variables: values, options: .init(usesMocks: mock), tokenStore: commandLineTokenStore
        )
        var options = MCPServer.Options(
            readOnly: readOnly, tools: names, maxResultBytes: maxResultBytes, maxEvents: maxEvents, validatesResponses: validatesResponses
        )
        options.describeError = { $0.commandLineDescription }
        let server = MCPServer(service: Service(spec: spec, provider: provider), options: options)
        Terminal.standardError.write("netspec mcp: \(server.toolNames.count) tools of \(spec.service) on stdio\n")
        while let line = readLine(strippingNewline: true) {
            if let response = await server.respond(to: line) {
                Terminal.standardOutput.write(response + "\n")
            }
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
