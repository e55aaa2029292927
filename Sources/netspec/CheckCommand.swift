import ArgumentParser
import Netspec
import NetspecCheck
import NetspecModel

/// `netspec check DOC --base-url URL`: the server at URL tested against the document
/// (`Checker`, Sources/NetspecCheck); each failure printed with its reproduction, then the
/// summary table; exit 1 when anything failed.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Test a live server against its document: generated requests, every answer checked.",
        discussion: """
            For each operation: the document's examples, boundary values (enum values, limits and one past \
            them, lengths, formats, empty arrays, nulls), then seeded random cases, positive and negative (one \
            constraint broken at a time). Each answer is held to the checks (Schemathesis's names): \
            \(CheckName.allCases.map(\.rawValue).joined(separator: ", ")). A failure is shrunk to a small request \
            that still fails, reported once per operation and check with a 'netspec call' and a curl line that \
            repeat it. Exit status 0: no failure; 1: failures; others as for call (78 when requests could not be made, e.g. an unset \
            variable). See docs/check.md.
            """
    )

    @ArgumentParser.Argument(help: "The document (OpenAPI, Swagger or Netspec spec).", completion: .specFile)
    var spec: String

    @Option(name: .customLong("base-url"), help: "The server to check (':8080' means http://localhost:8080); default: the document's or the profile's.")
    var baseURL: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("Set a ${NAME} variable (repeatable): credentials, server variables.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .customLong("profile"), help: ArgumentHelp("Use this profile of the config files (base URL, variables, headers, TLS); default $NETSPEC_PROFILE.", valueName: "NAME"))
    var profile: String?

    @Option(name: [.customShort("H"), .customLong("header")], help: ArgumentHelp("Add a header to every request, as call's -H does (repeatable).", valueName: "Name: value"))
    var headers: [String] = []

    @OptionGroup var overlaying: OverlayOptions
    @OptionGroup var fetching: DocumentFetchOptions
    @OptionGroup var proxying: ProxyOptions

    @Option(name: .customLong("include"), help: ArgumentHelp("Check only operations with this id, tag, method or path (a trailing * matches any rest); repeatable.", valueName: "NAME"))
    var include: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("Leave out operations with this id, tag, method or path; repeatable.", valueName: "NAME"))
    var exclude: [String] = []

    @Option(help: ArgumentHelp("The phases, in order: \(CheckPhase.allCases.map(\.rawValue).joined(separator: ",")) (default: all).", valueName: "LIST"))
    var phases: String?

    @Option(help: ArgumentHelp("The checks to hold answers to, comma-separated (default: all).", valueName: "LIST"))
    var checks: String?

    @Option(name: .customLong("max-examples"), help: ArgumentHelp("The most cases a phase makes per operation, and the runs of each stateful sequence (default 100).", valueName: "N"))
    var maxExamples = 100

    @Option(name: .customLong("time-limit"), help: ArgumentHelp("Send no new request after this many seconds.", valueName: "S"))
    var timeLimit: Double?

    @Option(help: ArgumentHelp("Requests in flight at once; stateful sequences run at once (default 1).", valueName: "N"))
    var workers = 1

    @Option(help: ArgumentHelp("The seed of the random cases: the same seed sends the same requests (default 0).", valueName: "N"))
    var seed: UInt64 = 0

    @Option(name: .customLong("request-timeout"), help: ArgumentHelp("The time limit of each request in seconds (default 10).", valueName: "S"))
    var requestTimeout: Double = 10

    @Option(name: .customLong("max-response-time"), help: ArgumentHelp("Hold answers to max_response_time: an answer slower than this many milliseconds fails.", valueName: "MS"))
    var maxResponseTime: Double?

    @Option(help: ArgumentHelp("Write reports: junit=FILE, json=FILE, har=FILE (every exchange as HAR 1.2, credentials redacted; comma-separated).", valueName: "KIND=FILE,..."))
    var report: String?

    @Option(name: .customLong("har"), help: HARSettings.harHelp, completion: .file())
    var har: String?

    func validate() throws {
        try validateVariables(variables)
        try validateBaseURL(baseURL)
        _ = try parsedHeaders()
        _ = try parsedPhases()
        _ = try parsedChecks()
        _ = try parsedReports()
        if maxExamples < 1 { throw ValidationError("--max-examples must be at least 1") }
        if workers < 1 || workers > 256 { throw ValidationError("--workers must be between 1 and 256") }
        if let timeLimit, !Seconds.isValid(timeLimit) { throw ValidationError("--time-limit must be a positive number of seconds, \(Seconds.longestText)") }
        if !Seconds.isValid(requestTimeout) { throw ValidationError("--request-timeout must be a positive number of seconds, \(Seconds.longestText)") }
        if let maxResponseTime, !Seconds.isValid(maxResponseTime / 1000) {
            throw ValidationError("--max-response-time must be a positive number of milliseconds, at most 1000000000000 (about 31 years)")
        }
    }

    func run() async throws {
        // The reports are written when the run ends: a folder that cannot take one is told now,
        // before any request is sent (the document's fetch included), not after the whole run.
        // (The HAR recording makes its missing folders, as `netspec call --har` does.)
        for (kind, path) in try parsedReports() where kind != "har" { try OutputFile.checkFolder(of: path) }
        let document = try await fetching.load(spec, overlaying: overlaying, profile: profileName(profile), proxy: proxying.setting)
        // --report har=FILE (or --har FILE) records every exchange, credentials redacted, kept in
        // memory and written once when the run ends, as the other reports are: a recorder with a
        // file rewrites it whole after each exchange, minutes for a run's thousands of them.
        let harFile = try parsedReports().first { $0.kind == "har" }?.path
        let recorder = harFile.map { _ in HARRecorder(keepingSecrets: false) }
        defer {
            if let recorder, let harFile {
                do { try recorder.write(to: harFile) } catch { Terminal.standardError.write("warning: \(error)\n") }
            }
        }
        var providerOptions = proxying.applied(to: fetching.providerOptions)
        if recorder != nil { providerOptions.cache = nil }
        // A connection per worker: the shared transport's 8 per host would hold more workers'
        // requests back, so that `--workers 16` sent 8 at a time.
        // (It makes its clients at the first request, which `checker.run` sends, and is shut down after it.)
        let wide = workers > AsyncHTTPClientTransport.shared.maxConnectionsPerHost ? AsyncHTTPClientTransport(maxConnectionsPerHost: workers) : nil
        let provider: Provider
        do {
            provider = try makeProvider(
                profile: profileName(profile), spec: document, variables: netspec.variables(from: variables), options: providerOptions,
                transport: wide, wireInterceptors: recorder.map { [$0] } ?? [], tokenStore: commandLineTokenStore
            )
        } catch {
            printWarnings(of: document)
            throw error
        }
        var checker = Checker(spec: document, provider: provider)
        // The document's warnings but those the variables answer (a link server's variable
        // without a default that --var sets: the link is followed).
        for warning in checker.documentWarnings { Terminal.standardError.write(warning.description + "\n") }
        checker.documentName = spec
        checker.headers = try parsedHeaders()
        // The run's own options; a variable's value is left to the shell (it may be a secret).
        checker.reproductionOptions = ((profile.map { ["--profile", $0] } ?? []) + overlaying.overlays.flatMap { ["--overlay", $0] }).map(Checker.shellWord)
            + variables.compactMap { NameValueOption($0).map { "--var \($0.name)=\"$\($0.name)\"" } }
        // --proxy and --noproxy as call --curl gives them (credentials <redacted>): the call line the
        // command line's (its --profile gives the profile's), the curl line the provider's, the profile's applied.
        checker.reproductionOptions += ProxyOptions.curlOptions(proxy: proxying.proxy, noProxy: proxying.noProxy, showingSecrets: false)
        checker.curlOptions = ProxyOptions.curlOptions(for: provider.options.proxy, showingSecrets: false)
        let options = CheckOptions(
            phases: try parsedPhases(), checks: try parsedChecks(), include: include, exclude: exclude, maxExamples: maxExamples,
            timeLimit: timeLimit.map(Seconds.duration), workers: workers, seed: seed,
            requestTimeout: Seconds.duration(requestTimeout),
            maxResponseTime: maxResponseTime.map { .microseconds(Int64(($0 * 1000).rounded())) }
        )
        if checker.selectedEndpoints(options).isEmpty {
            let selection = [("--include", include), ("--exclude", exclude)].filter { !$0.1.isEmpty }.map { "\($0.0) \($0.1.joined(separator: ", "))" }
            let why = selection.isEmpty ? "" : " (\(selection.joined(separator: "; ")))"
            Terminal.standardError.write("error: no operation of \(spec) is selected\(why)\n")
            throw ExitStatus.usage
        }
        let bar = CheckProgressBar.onTerminal()
        let result = await checker.run(baseURL: baseURL.map(BaseURLShorthand.expand), options: options) { bar?.update($0) }
        try? await wide?.shutdown()
        bar?.finish()
        if !result.failures.isEmpty { Terminal.standardOutput.write(result.failuresText + "\n") }
        // A request not sent for the setup is told in the command line's words (`--var`).
        Terminal.standardOutput.write(result.summaryText(describing: \.commandLineDescription))
        for (kind, path) in try parsedReports() where kind != "har" {
            let text = kind == "json" ? result.json.formatted(pretty: true, colored: false) + "\n" : result.junitXML(checks: options.checks)
            let file = try OutputFile(path: path)
            try file.write(Array(text.utf8))
            try file.close()
        }
        // Requests not made as set up (a variable not set, a login needed): the status and the
        // advice `netspec call` gives for the first (78, 77), whatever the answered ones did.
        if let notSent = result.firstNotSent { throw CLIError.failure(.configuration(notSent.error)).report(raw: false) }
        if !result.passed { throw ExitCode.failure }
    }

    /// `-H 'Name: value'`: a name a header can have (a request that cannot be written is not sent
    /// at all, so that every case would be left out without a word).
    private func parsedHeaders() throws -> [(name: String, value: String)] {
        try headers.map { header in
            let parts = header.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw ValidationError("-H '\(header)' must be 'Name: value'") }
            let name = String(parts[0]).trimmingSpaces(), value = String(parts[1]).trimmingSpaces()
            if let problem = Service.headerProblem(name: name, value: value) { throw ValidationError("-H '\(header)': \(problem)") }
            return (name, value)
        }
    }

    private func parsedPhases() throws -> [CheckPhase] {
        guard let phases else { return CheckPhase.allCases }
        return try Self.list(phases, option: "--phases", known: CheckPhase.allCases.map(\.rawValue)).map { CheckPhase(rawValue: $0)! }
    }

    private func parsedChecks() throws -> Set<CheckName> {
        guard let checks else { return Set(CheckName.allCases) }
        return Set(try Self.list(checks, option: "--checks", known: CheckName.allCases.map(\.rawValue)).map { CheckName(rawValue: $0)! })
    }

    /// `junit=FILE,json=FILE`.
    private func parsedReports() throws -> [(kind: String, path: String)] {
        var reports: [(kind: String, path: String)] = try (report ?? "").split(separator: ",").map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, ["junit", "json", "har"].contains(parts[0]), !parts[1].isEmpty else {
                throw ValidationError("--report '\(entry)' must be junit=FILE, json=FILE or har=FILE")
            }
            return (String(parts[0]), String(parts[1]))
        }
        if let har {
            if reports.contains(where: { $0.kind == "har" }) { throw ValidationError("--har and --report har=FILE both name a recording: give one") }
            reports.append(("har", har))
        }
        return reports
    }

    /// A comma-separated list, each entry one of `known`.
    static func list(_ text: String, option: String, known: [String]) throws -> [String] {
        let entries = text.split(separator: ",").map { String($0).trimmingSpaces() }
        for entry in entries where !known.contains(entry) {
            throw ValidationError("\(option): '\(entry)' is not one of \(known.joined(separator: ", "))\(Suggestions.hint(for: entry, in: known))")
        }
        if entries.isEmpty { throw ValidationError("\(option) names nothing") }
        return entries
    }
}
