import ArgumentParser
import Netspec

/// The `netspec` command: call HTTP APIs described by YAML specs.
@main
struct NetspecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "netspec",
        abstract: "Call HTTP APIs by name from a YAML service spec.",
        discussion: """
            Exit status: 0 ok, 1 error, 2 timeout, 3/4/5 HTTP 3xx/4xx/5xx, 64 usage error, \
            65 invalid spec, 130 interrupted.
            """,
        version: NetspecInfo.version,
        subcommands: [CallCommand.self, ValidateCommand.self, ListCommand.self, DescribeCommand.self]
    )
}
