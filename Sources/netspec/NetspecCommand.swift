import ArgumentParser
import Netspec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `netspec` command: call HTTP APIs described by YAML specs.
@main
struct NetspecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "netspec",
        abstract: "Call HTTP APIs by name from a YAML service spec.",
        discussion: ExitStatus.summary,
        version: NetspecInfo.version,
        subcommands: [CallCommand.self, ValidateCommand.self, ListCommand.self, DescribeCommand.self, FacadeCommand.self, MockCommand.self, MCPCommand.self, RunCommand.self, CheckCommand.self, OverlayCommand.self, AuthCommand.self, CacheCommand.self, ConfigCommand.self]
    )

    /// ArgumentParser's `main`, with four additions. What each fast path saves was measured with
    /// a cold `netspec call bench.yaml getUser id=1 --base-url … --dry-run` of the static binary
    /// (the README's build), with and without it, 100 pairs on 2 cores (docs/performance-notes.md,
    /// 2026-11-25); each earns its place by saving more than 3% of the call.
    ///
    /// `netspec call …` is parsed by `CallCommand` alone: parsing from the root builds every
    /// subcommand's arguments by reflection and tries the arguments as a completion-script request
    /// first (each reflected type is a scan of every protocol conformance in the binary).
    /// A call takes 0.88× the CPU and 0.91× the time it takes parsed from the root (both without
    /// the quick parse below). `CallCommand` says it is `netspec`'s (`_superCommandName`), so its
    /// usage and help read the same either way.
    ///
    /// Its usual forms are read without ArgumentParser at all (`CallCommand.quickParse`): 0.76×
    /// the CPU and 0.80× the time of the same call parsed by `CallCommand.parse`, about 1 ms.
    ///
    /// `call` handles `--help` itself (after an endpoint it describes the endpoint), so
    /// ArgumentParser does not know it has a help option and would leave the "See … --help" hint
    /// off `call`'s usage errors; this puts it back.
    ///
    /// `netspec call` makes one request at a time, so SwiftNIO gets one event loop thread and one
    /// blocking-pool thread, not one per core. This is not a fast path: a call to a local server
    /// takes the same time either way on 2 cores (0.99× CPU, 1.01× wall); it is kept for the
    /// threads a many-core machine would otherwise start for one request (issue 37).
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == CallCommand.configuration.commandName {
            // One request at a time: one event loop thread, not one per core (started, if at
            // all, at the first request: `--mock` and `--dry-run` start none).
            AsyncHTTPClientTransport.useOneThreadPerProcess()
            let callArguments = Array(arguments.dropFirst())
            await run(CallCommand.self) { try CallCommand.quickParse(callArguments) ?? CallCommand.parse(callArguments) }
        } else {
            await run(Self.self) { try parseAsRoot(arguments) }
        }
    }

    /// Runs the command `parse` gives, and exits with `Root`'s message and status (ArgumentParser's)
    /// on an error: `Root` is the command the arguments were parsed as (the root, or `call` by itself).
    private static func run<Root: ParsableCommand>(_ root: Root.Type, parse: @Sendable () throws -> any ParsableCommand) async {
        do {
            var parsed = try parse()
            if var asynchronous = parsed as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try parsed.run()
            }
        } catch let error as CLIError {
            // A command's own error that it did not report where it arose (a `--report` file
            // that cannot be created, a `--from-har` file that is not HAR): printed and given its
            // status here, not ArgumentParser's dump of the value with status 1.
            terminate(error.report(raw: false).rawValue)
        } catch {
            var message = Root.fullMessage(for: error)
            let code = Root.exitCode(for: error)
            if code == .validationFailure, message.contains("\nUsage: \(CallCommand.usage)"), !message.contains("for more information") {
                message += "\n  See 'netspec call --help' for more information."
            }
            if !message.isEmpty {
                (code == .success ? Terminal.standardOutput : Terminal.standardError).write(message + "\n")
            }
            terminate(code.rawValue)
        }
    }
}

/// The C library's `exit`, out of reach of `ParsableCommand.exit(withError:)` by name.
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
