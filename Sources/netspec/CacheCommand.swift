import ArgumentParser
import Netspec

/// `netspec cache clear`: forgets the HTTP responses kept for later runs.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Manage the HTTP cache netspec keeps between runs.",
        subcommands: [Clear.self]
    )

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Remove every cached response ($NETSPEC_CACHE_DIR/http, else ~/.cache/netspec/http)."
        )

        func run() async throws {
            guard let store = commandLineDiskStore else {
                Terminal.standardOutput.write("no cache directory (responses are kept in memory only)\n")
                return
            }
            do {
                try await store.removeAll()
            } catch {
                Terminal.standardError.write("error: cannot clear the cache in \(store.directory): \(error)\n")
                throw ExitCode(1)
            }
            Terminal.standardOutput.write("cleared the HTTP cache in \(store.directory)\n")
        }
    }
}
