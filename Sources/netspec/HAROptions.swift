import ArgumentParser
import Netspec

/// `--har FILE`, `--replay FILE` and `--har-keep-secrets` as an option group, for the commands that
/// call (`mcp`, the workflow and check commands): record their exchanges as HAR 1.2, or answer
/// them from a recording (docs/har.md). `netspec call` declares the same three options itself
/// (with these names and help texts), because its quick parser sets every property of the command
/// without ArgumentParser and cannot make a group's value; both read them as ``HARSettings``.
struct HAROptions: ParsableArguments {
    @Option(name: .customLong("har"), help: HARSettings.harHelp, completion: .file())
    var har: String?

    @Option(name: .customLong("replay"), help: HARSettings.replayHelp, completion: .file())
    var replay: String?

    @Flag(name: .customLong("har-keep-secrets"), help: HARSettings.keepSecretsHelp)
    var keepSecrets = false

    func validate() throws { try settings.validate() }

    var settings: HARSettings { HARSettings(har: har, replay: replay, keepSecrets: keepSecrets) }
}

/// What `--har`, `--replay` and `--har-keep-secrets` ask for, and what a command makes of them.
struct HARSettings {
    static let harHelp = ArgumentHelp(
        "Record every exchange (each attempt and redirect hop) to this HAR 1.2 file, credentials and secret values written [redacted: NAME].", valueName: "FILE"
    )
    static let replayHelp = ArgumentHelp("Answer from the exchanges recorded in this HAR file instead of the network.", valueName: "FILE")
    static let keepSecretsHelp = ArgumentHelp("With --har: write credentials and secret values as sent (a warning says so).")

    var har: String?
    var replay: String?
    var keepSecrets = false

    func validate() throws {
        if keepSecrets, har == nil { throw ValidationError("--har-keep-secrets applies to --har; give it too") }
        if let har, har == replay { throw ValidationError("--har and --replay name the same file: the recording would be overwritten while it is replayed") }
    }

    /// As ``validate()``, and `--mock` with `--replay` is a usage error: both answer instead of
    /// the network, the mock first (the replay went unused without a word).
    func validate(mock: Bool) throws {
        try validate()
        if mock, replay != nil { throw ValidationError("--mock answers from the document and --replay from a recording: give one of them") }
    }

    /// Whether the command records or replays; the HTTP cache is then off, so that every call
    /// crosses the wire (and is on record, or answered from the recording).
    var isActive: Bool { har != nil || replay != nil }

    /// The recorder for `--har`; with `--har-keep-secrets`, the warning is printed.
    func makeRecorder() -> HARRecorder? {
        guard let har else { return nil }
        if keepSecrets {
            Terminal.standardError.write("warning: --har-keep-secrets: \(har) holds credentials and secret values as sent; do not share or commit it\n")
        }
        return HARRecorder(file: har, keepingSecrets: keepSecrets)
    }

    /// The transport for `--replay`; a file that cannot be read or is not HAR is an error (65).
    func makeTransport() throws -> HARReplayTransport? {
        guard let replay else { return nil }
        do {
            return try HARReplayTransport(file: replay)
        } catch {
            throw CLIError.output("error: \(error.message)", status: ExitStatus.invalidSpec)
        }
    }

    /// Brings the recording up to date at the end (a stream cut short is then on record as far as
    /// it was read); a file that cannot be written is a warning, the command's outcome stands.
    static func finish(_ recorder: HARRecorder?) {
        guard let recorder else { return }
        do {
            try recorder.write()
        } catch {
            Terminal.standardError.write("warning: \(error)\n")
        }
    }
}
