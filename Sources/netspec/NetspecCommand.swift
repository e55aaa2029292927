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
        subcommands: [CallCommand.self, ValidateCommand.self, ListCommand.self, DescribeCommand.self, MockCommand.self, MCPCommand.self, AuthCommand.self, CacheCommand.self]
    )

    /// ArgumentParser's `main`, with one addition: `call` handles `--help` itself (after an
    /// endpoint it describes the endpoint), so ArgumentParser does not know it has a help option
    /// and would leave the "See … --help" hint off `call`'s usage errors; this puts it back.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            var message = fullMessage(for: error)
            let code = exitCode(for: error)
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
