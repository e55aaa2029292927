// `netspec mcp FLOWS.arazzo.yaml`: one tool per workflow, run by the same runner as `netspec run`
// (its input schema the workflow's `inputs`, its output schema its `outputs`, a progress
// notification per step, cancellation of the step in flight), and with `--with-operations` the
// operations of the document's OpenAPI source beside them. Agents get the tested paths through an
// API as tools of their own.

import Netspec
import NetspecMCP
import NetspecModel
import NetspecWorkflows

extension MCPCommand {
    /// Serves the workflows of the Arazzo document at `spec` (and, with `--with-operations`, its
    /// first OpenAPI source's operations).
    func serveWorkflows() async throws {
        let flows = try await WorkflowCommands.load(spec, fetching: fetching, overlaying: overlaying, proxy: documentProxy(proxying.setting, profile: profileName(profile)))
        let base = baseURL.map(BaseURLShorthand.expand)
        let recorder = recording.settings.makeRecorder()
        defer { HARSettings.finish(recorder) }
        let provider = try RunCommand.provider(
            for: flows, profile: profile, variables: variables, mock: mock, noCache: fetching.noCache, baseURL: base, recording: recording.settings, recorder: recorder, proxy: proxying.setting)
        var run = RunOptions(usesMock: mock)
        run.providers = try RunCommand.sourceProviders(
            for: flows, profile: profile, variables: variables, mock: mock, noCache: fetching.noCache, baseURL: base, recording: recording.settings, recorder: recorder, proxy: proxying.setting)
        let secrets = RunSecrets(variables: variables, provider: provider, providers: run.providers, flows: flows)
        let sources = flows.document.sourceDescriptions.compactMap { source in flows.sources[source.name.value].map { (source.name.value, $0) } }
        guard let (first, spec) = sources.first else {
            Terminal.standardError.write("error: \(self.spec) has no OpenAPI or Swagger source: its workflows call nothing netspec mcp can serve\n")
            throw ExitStatus.invalidSpec
        }
        if withOperations, sources.count > 1 {
            Terminal.standardError.write("warning: --with-operations serves the operations of '\(first)' only, not of \(sources.dropFirst().map { "'\($0.0)'" }.joined(separator: ", "))\n")
        }
        var options = MCPServer.Options(readOnly: readOnly, tools: withOperations ? nil : [], maxResultBytes: maxResultBytes, maxEvents: maxEvents, validatesResponses: validatesResponses)
        options.describeError = { $0.commandLineDescription }
        if let base { for (address, _) in RunCommand.allSources(of: flows) { run.baseURLs[address] = base } }
        // With the operations beside them, their tools' names are taken first: a workflow named as an
        // operation gets a tool of its own name (two tools of one name, the second never called).
        var taken: Set<String> = []
        if withOperations { for endpoint in spec.endpoints { _ = MCPServer.toolName(for: endpoint.name, taken: &taken) } }
        options.extraTools = Self.workflowTools(flows, provider: provider, run: run, secrets: secrets, taken: taken)
        options.title = flows.document.info.title
        options.instructions = Self.instructions(flows, tools: options.extraTools, calling: spec.service, withOperations: withOperations)
        let server = MCPServer(service: Service(spec: spec, provider: provider), options: options)
        let operations = withOperations ? " and \(Self.toolsLine(server)) of \(spec.service)" : ""
        Terminal.standardError.write("netspec mcp: \(pluralized(options.extraTools.count, "workflow tool"))\(operations) on stdio\n")
        await Self.serveOnStdio(server)
    }

    /// What `initialize` says of a workflow document's server: its `info.summary`, then that
    /// its tools are its workflows, which call the source's API step by step (the operations'
    /// own instructions follow, with `--with-operations`).
    static func instructions(_ flows: Workflows, tools: [MCPTool], calling service: String, withOperations: Bool) -> String {
        let api = service.lowercased().hasSuffix("api") ? service : service + " API"
        let names = tools.isEmpty ? "none can run" : tools.map(\.name).joined(separator: ", ")
        return (flows.document.info.summary.map { $0 + "\n\n" } ?? "")
            + "Runs the Arazzo workflows of \(flows.document.info.title), one tool each (\(names)): a workflow calls the \(api) step by step, "
            + "checks each step's success criteria and answers its outputs; a step that fails is an error result that names it."
            + (withOperations ? " The API's operations are tools too." : "")
    }

    /// A tool per runnable workflow, named after its `workflowId` (MCP's name rules, as an
    /// operation's tool is named); a name in `taken` (an operation's tool) is not used again,
    /// with a warning that says the tool's name.
    static func workflowTools(_ flows: Workflows, provider: Provider, run options: RunOptions, secrets: RunSecrets, taken operations: Set<String> = []) -> [MCPTool] {
        var taken = operations
        return flows.document.workflows.compactMap { workflow -> MCPTool? in
            let id = workflow.workflowId.value
            if let reason = flows.unrunnableReason(workflow: id) {
                Terminal.standardError.write("warning: \(reason); it is not offered as a tool\n")
                return nil
            }
            var none: Set<String> = []
            let plain = MCPServer.toolName(for: id, taken: &none), name = MCPServer.toolName(for: id, taken: &taken)
            if operations.contains(plain) {
                Terminal.standardError.write("warning: workflow '\(id)' is the tool '\(name)': the operation's tool is named '\(plain)'\n")
            }
            var description = workflow.summary ?? "Runs the workflow '\(id)'."
            if let details = workflow.description { description += "\n\n" + details }
            description += "\n\n(An Arazzo workflow: \(pluralized(workflow.steps.count, "step")), run in order with their success criteria checked.)"
            var outputs = JSONObject()
            for output in workflow.outputs { outputs[output.name.value] = [:] }
            return MCPTool(
                name: name, title: workflow.summary.map { String($0.prefix(100)) } ?? id,
                description: description, inputSchema: workflow.inputSchema(components: flows.document.components),
                outputSchema: ["type": "object", "properties": .object(outputs)]
            ) { arguments, progress in
                await run(id, in: flows, arguments: arguments, provider: provider, options: options, secrets: secrets, progress: progress)
            }
        }
    }

    /// One run of a workflow for a tool call: a progress notification per step, in order, all
    /// before the result; a failure's message with the secrets masked
    /// (``RunSecrets``: a token obtained during the run too).
    private static func run(
        _ id: String, in flows: Workflows, arguments: JSONObject, provider: Provider, options: RunOptions, secrets: RunSecrets,
        progress: @escaping MCPTool.Progress
    ) async -> MCPTool.Outcome {
        let (steps, continuation) = AsyncStream.makeStream(of: StepReport.self)
        // The runner reports a step synchronously; the notifications go out in order from here.
        let reporter = Task {
            var count = 0
            for await step in steps {
                count += 1
                await progress(count, nil, secrets.masked(step.line))
            }
        }
        var options = options
        options.onStep = { continuation.yield($0) }
        var inputs: [String: JSONValue] = [:]
        for (name, value) in arguments { inputs[name] = value }
        let report = await flows.runReport(id, inputs: inputs, provider: provider, options: options)
        continuation.finish()
        await reporter.value
        guard let error = report.error else { return .value(report.outputs) }
        return .failure(secrets.masked(RunCommand.message(of: error)))
    }
}
