import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec

/// `netspec auth clear`: forgets the tokens `refresh:` stored for later runs.
struct AuthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Manage the tokens netspec keeps between runs.",
        subcommands: [Clear.self]
    )

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            // Named here: ArgumentParser would derive it from the type's name by reflection at every start.
            commandName: "clear",
            abstract: "Remove every stored token (the token file, $NETSPEC_TOKEN_FILE or ~/.local/state/netspec/tokens.json)."
        )

        func run() throws {
            let store = commandLineTokenStore
            guard let path = store.path else {
                Terminal.standardOutput.write("no token file (tokens are kept in memory only)\n")
                return
            }
            guard FileManager.default.fileExists(atPath: path) else {
                Terminal.standardOutput.write("no stored tokens (\(path) does not exist)\n")
                return
            }
            do {
                try store.removeAll()
            } catch {
                Terminal.standardError.write("error: \(error)\n")
                throw ExitCode(1)
            }
            Terminal.standardOutput.write("removed \(path)\n")
        }
    }
}
