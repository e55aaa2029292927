import ArgumentParser
import NIOConcurrencyHelpers
import Netspec
import NetspecModel
import NetspecWorkflows

/// `netspec run FLOWS.arazzo.yaml [WORKFLOW] [--input name=value …]`: runs an Arazzo workflow, its
/// steps sent as `netspec call` sends a call (profiles, variables, the token store, TLS), and
/// prints its outputs as JSON.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an Arazzo workflow and print its outputs as JSON.",
        discussion: """
            Inputs: --input name=text (converted to the type the workflow's inputs schema gives), \
            --input name:=json, or a JSON object on standard input (--input wins). Credentials come from \
            the sources' security schemes with --var, the profile and the token store, never from the workflow file.

            Exit status: 0 the workflow succeeded, 1 a step failed (or a goto loop hit --max-steps), \
            2 timeout, 64 usage (an unknown workflow, inputs that do not fit or are not named by the inputs schema, \
            a --server URL no base URL can be), 65 invalid document, \
            77 an OAuth 2 login is needed (netspec auth login SOURCE), 78 configuration (an unset variable, no base URL), 130 interrupted.
            """
    )

    @OptionGroup var recording: HAROptions
    @OptionGroup var proxying: ProxyOptions

    @ArgumentParser.Argument(help: "The Arazzo document (YAML or JSON, a file or an http(s) URL).", completion: .file())
    var file: String

    @ArgumentParser.Argument(help: "The workflow's id (may be omitted when the document has one).")
    var workflow: String?

    @Option(name: .customLong("input"), help: ArgumentHelp("An input: name=text or name:=json (repeatable).", valueName: "NAME=VALUE"))
    var inputs: [String] = []

    @Option(name: .customLong("server"), help: ArgumentHelp("A source's base URL instead of its servers (repeatable).", valueName: "SOURCE=URL"))
    var servers: [String] = []

    @Option(name: .customLong("base-url"), help: "Every source's base URL (':8080' and 'localhost:8080' mean http://localhost:8080).")
    var baseURL: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable (repeatable).", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("profile"), help: ArgumentHelp("Use this profile of the config files; default $NETSPEC_PROFILE.", valueName: "NAME"))
    var profile: String?

    @Option(name: .customLong("max-steps"), help: "Stop after this many steps, retries and nested workflows' included (default 1000).")
    var maxSteps: Int?

    @Option(help: "Time limit in seconds for the whole run (at most 1000000000).")
    var timeout: Double?

    @Flag(name: .customLong("dry-run"), help: "Print the first request as HTTP/1.1 and send nothing.")
    var dryRun = false

    @Flag(help: "Answer every step from its source's mock (the document's examples, else values made from its schemas).")
    var mock = false

    @Flag(help: "With --mock: answer from a stateful mock of each source, in this process, so that what a step creates the next can read.")
    var stateful = false

    @Flag(help: "Print a JSON report of every step (operation, URL, status, criteria, action) and the outputs.")
    var json = false

    @Flag(name: [.customShort("v"), .customLong("verbose")], help: "Print a line per step on standard error: operation, status, criteria with actual values, action.")
    var verbose = false

    @Flag(help: "Compact output, never coloured.")
    var raw = false

    @Flag(name: .customLong("no-cache"), help: "Do not use the HTTP cache.")
    var noCache = false

    @Flag(name: .customLong("ignore-stdin"), help: "Do not read inputs from standard input.")
    var ignoreStdin = false

    func validate() throws {
        try recording.settings.validate(mock: mock)
        try validateVariables(variables)
        try validateBaseURL(baseURL)
        for input in inputs { _ = try NameValueOption.checked(input, option: "--input", form: "NAME=VALUE or NAME:=JSON") }
        for server in servers {
            let pair = try NameValueOption.checked(server, option: "--server", form: "SOURCE=URL")
            // Checked as --base-url is, before anything is sent; a character is counted in the whole value.
            let url = String(pair.value)
            let expanded = BaseURLShorthand.expand(url)
            if let problem = BaseURLCheck.bracedNameProblem(inGiven: url) ?? BaseURL.problem(in: expanded, characterOffset: expanded.count - server.count) {
                throw ValidationError("--server '\(pair.name)=\(BaseURL.redacted(url))': \(problem)")
            }
        }
        if let maxSteps, maxSteps < 1 { throw ValidationError("--max-steps must be 1 or more") }
        if let timeout, !Seconds.isValid(timeout) { throw ValidationError("--timeout must be a positive number of seconds, \(Seconds.longestText)") }
        if stateful, !mock { throw ValidationError("--stateful applies to --mock; give it too") }
        if dryRun, json { throw ValidationError("--dry-run prints the first request and runs nothing, so --json has no run to report: give one of them") }
        if dryRun, let option = runningOptions.first { throw ValidationError("--dry-run prints the first request and sends nothing, so \(option) has nothing to act on") }
    }

    /// The options given that act only on a run that sends its steps (`netspec call --dry-run`
    /// refuses the same): `--har` is not among them, since the request printed is on record.
    private var runningOptions: [String] {
        [
            (verbose, "-v"), (mock, "--mock"), (timeout != nil, "--timeout"), (maxSteps != nil, "--max-steps"), (recording.settings.replay != nil, "--replay"),
        ].filter(\.0).map(\.1)
    }

    func run() async throws {
        // The document and its sources given by URL come through the proxy the steps go through
        // (the profile's own where --proxy and --noproxy leave it: documentProxy).
        var fetching = Provider.Options(cache: noCache ? nil : HTTPCache(store: commandLineCacheStore))
        fetching.proxy = try documentProxy(proxying.setting, profile: profileName(profile))
        let flows = try await WorkflowCommands.load(file, options: fetching)
        let workflow = try chooseWorkflow(in: flows)
        let given = try RunInputs.read(inputs, standardInput: ignoreStdin ? nil : Terminal.standardInput, workflow: workflow, components: flows.document.components)
        // --har records every step's exchanges; --replay answers them from a recording.
        let recorder = recording.settings.makeRecorder()
        defer { HARSettings.finish(recorder) }
        // --stateful: the steps go over loopback to a stateful mock of each source, not to the in-process mocks.
        let mocks = stateful ? try await StatefulMocks.start(flows) : nil
        defer { mocks?.stop() }
        let inProcessMock = mock && mocks == nil
        // The stateful mocks check no security: a run against them needs no credential, as one with plain --mock does not.
        let provider = try Self.provider(
            for: flows, profile: profile, variables: variables, mock: inProcessMock, mockServer: mocks != nil, noCache: noCache, recording: recording.settings,
            recorder: recorder, proxy: proxying.setting)
        let providers = try Self.sourceProviders(
            for: flows, profile: profile, variables: variables, mock: inProcessMock, mockServer: mocks != nil, noCache: noCache, recording: recording.settings,
            recorder: recorder, proxy: proxying.setting)
        let secrets = RunSecrets(variables: variables, provider: provider, providers: providers, flows: flows)
        let verbose = self.verbose
        var options = RunOptions(
            maxSteps: maxSteps ?? 1000, timeout: timeout.map(Seconds.duration), baseURLs: try baseURLs(flows).merging(mocks?.baseURLs ?? [:]) { $1 },
            usesMock: inProcessMock, stopsBeforeSending: dryRun
        )
        options.providers = providers
        // A token a step obtains or refreshes is a secret from then on, in the lines and the report.
        if verbose {
            options.onStep = { report in Terminal.standardError.write(secrets.masked(report.line) + "\n") }
        } else {
            options.onStep = { _ in secrets.update() }
        }
        let id = workflow.workflowId.value
        let box = NIOLockedValueBox<WorkflowRun?>(nil)
        let runOptions = options
        try await Interrupt.runCancellable(watchesStandardOutput: true) {
            let report = await flows.runReport(id, inputs: given, provider: provider, options: runOptions)
            box.withLockedValue { $0 = report }
        }
        guard let report = box.withLockedValue({ $0 }) else { throw ExitCode(130) }
        try await show(report, secrets: secrets, recorder: recorder)
    }

    /// The workflow named, or the document's only one.
    private func chooseWorkflow(in flows: Workflows) throws -> Workflow {
        let all = flows.document.workflows
        let names = all.map(\.workflowId.value).joined(separator: ", ")
        guard let name = workflow else {
            if all.count == 1 { return all[0] }
            throw CLIError.usage("error: \(file) has \(all.count) workflows; name one: \(names)").report(raw: raw)
        }
        guard let found = flows.document.workflow(name) else {
            let hint = Suggestions.hint(for: name, in: all.map(\.workflowId.value))
            throw CLIError.usage("error: no workflow '\(name)' in \(file)\(hint); it has: \(names)").report(raw: raw)
        }
        return found
    }

    /// `--server NAME=URL` by source address (`NAME` a source of the document, `ARAZZO.NAME` one
    /// of its Arazzo source's), over `--base-url` for every source; each source named must exist.
    private func baseURLs(_ flows: Workflows) throws -> [String: String] {
        var urls: [String: String] = [:]
        let addresses = Self.allSources(of: flows).map(\.0)
        if let baseURL { for address in addresses { urls[address] = BaseURLShorthand.expand(baseURL) } }
        for server in servers {
            guard let pair = NameValueOption(server) else { continue }
            let source = String(pair.name)
            guard addresses.contains(source) else {
                let known = addresses.joined(separator: ", ")
                throw CLIError.usage("error: --server \(server): no OpenAPI source '\(source)' in \(file)\(Suggestions.hint(for: source, in: addresses)) (it has: \(known))").report(raw: raw)
            }
            urls[source] = BaseURLShorthand.expand(String(pair.value))
        }
        return urls
    }

    /// The provider every step goes through (a source with a profile has its own: ``sourceProviders``): the profile (read for the first source's document),
    /// `--var`, the token store, the HTTP cache, the mocks (`netspec run`'s and `netspec mcp`'s);
    /// `mockServer`: the calls go to `--stateful`'s mock servers (``Provider/Options/callsMockServer``).
    static func provider(
        for flows: Workflows, profile: String?, variables: [String], mock: Bool, mockServer: Bool = false, noCache: Bool, baseURL: String? = nil,
        recording: HARSettings = HARSettings(), recorder: HARRecorder? = nil, proxy: Provider.Options.Proxy = .environment
    ) throws -> Provider {
        let first = flows.document.sourceDescriptions.lazy.compactMap { flows.sources[$0.name.value] }.first
        let (options, transport) = try providerSettings(mock: mock, mockServer: mockServer, noCache: noCache, recording: recording, proxy: proxy)
        let wire: [any Interceptor] = recorder.map { [$0] } ?? []
        guard let spec = first else {
            return Provider(
                variables: netspec.variables(from: variables), options: options, transport: transport ?? AsyncHTTPClientTransport.shared, wireInterceptors: wire,
                tokenStore: commandLineTokenStore)
        }
        return try makeProvider(
            profile: profileName(profile), spec: spec, baseURL: baseURL, variables: netspec.variables(from: variables), options: options, transport: transport,
            wireInterceptors: wire, tokenStore: commandLineTokenStore)
    }

    /// The outputs (or the report, or the first request) on standard output; a failure on standard error.
    private func show(_ report: WorkflowRun, secrets: RunSecrets, recorder: HARRecorder?) async throws {
        if let first = report.firstRequest {
            try Terminal.standardOutput.emit(first.request.httpMessage)
            // `--har`: the request printed is on record, as not sent (docs/har.md), as `netspec call --dry-run` records it.
            await recorder?.recordUnsent(first.request.request, service: first.service, endpoint: first.endpoint, note: "not sent: netspec run --dry-run printed it")
            return
        }
        if json {
            try Terminal.standardOutput.emit(secrets.masked(Terminal.standardOutput.format(report.json, raw: raw)) + "\n")
        } else if report.error == nil {
            try Terminal.standardOutput.emit(Terminal.standardOutput.format(report.outputs, raw: raw) + "\n")
        }
        guard let error = report.error else { return }
        Terminal.standardError.write("error: \(secrets.masked(Self.message(of: error)))\n")
        throw Self.status(of: error)
    }

    /// A failed run's message as the command line words it: a call's error in its command-line
    /// words, after the workflow and step it happened in (`netspec run` and workflow tools alike),
    /// and the retries made when the step's last try got no response, as the Swift error says.
    static func message(of error: WorkflowError) -> String {
        guard let call = error.callError else { return error.message }
        var after = ""
        if let last = error.steps.last, last.workflowId == error.workflowId, last.stepId == error.stepId, last.noResponse != nil, last.attempt > 1 {
            after = " failed after \(StepReport.retries(last.attempt - 1))"
        }
        return "workflow '\(error.workflowId)': step '\(error.stepId ?? "")'\(after): \(call.commandLineDescription)"
    }

    /// The exit status of a run that failed.
    static func status(of error: WorkflowError) -> ExitCode {
        switch error.reason {
        case .inputs, .unknownWorkflow: return ExitStatus.usage
        case .unrunnable: return ExitStatus.invalidSpec
        case .timeout: return ExitStatus.transportFailure(timedOut: true)
        case .cancelled: return ExitCode(130)
        default: break
        }
        switch error.callError {
        case .argument?: return ExitStatus.usage
        case let .configuration(problem)?: return problem.reason == .loginRequired ? ExitStatus.loginRequired : ExitStatus.configuration
        case let .transport(problem)?: return ExitStatus.transportFailure(timedOut: problem.kind == .timeout)
        default: return ExitCode(1)
        }
    }
}
