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
        subcommands: [CallCommand.self, ValidateCommand.self, ListCommand.self, DescribeCommand.self, MockCommand.self, MCPCommand.self, AuthCommand.self, CacheCommand.self, ConfigCommand.self]
    )

    /// ArgumentParser's `main`, with four additions.
    ///
    /// `netspec call …` is parsed by `CallCommand` alone: parsing from the root builds every
    /// subcommand's arguments by reflection and tries the arguments as a completion-script request
    /// first, which a profile of a cold call showed as a fifth of its CPU time (each reflected
    /// type is a scan of every protocol conformance in the binary). `CallCommand` says it is
    /// `netspec`'s (`_superCommandName`), so its usage and help read the same either way.
    ///
    /// `call` handles `--help` itself (after an endpoint it describes the endpoint), so
    /// ArgumentParser does not know it has a help option and would leave the "See … --help" hint
    /// off `call`'s usage errors; this puts it back.
    ///
    /// `netspec call` makes one request at a time, so SwiftNIO gets one event loop thread; and its
    /// usual forms are read without ArgumentParser's reflection (`CallCommand.quickParse`).
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
            if let call = parsed as? CallCommand {  // a concrete cast: no conformance lookup
                try await call.run()
            } else if var asynchronous = parsed as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try parsed.run()
            }
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
