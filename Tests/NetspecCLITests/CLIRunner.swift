import Foundation
import NetspecTestServer
import NetspecTestSupport

/// Runs the built `netspec` executable as a subprocess, as a user would.
enum CLI {
    /// What one run printed and its exit status.
    typealias Result = ChildProcess.Result

    /// The built executable, next to the test bundle.
    static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("netspec").path
    }()

    /// The repository root.
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Runs `netspec` with arguments in the repository root, killing it after ``hangTimeout``
    /// (a command that should end but goes on serving fails its test instead of hanging the run).
    ///
    /// - Parameters:
    ///   - arguments: the command line after `netspec`.
    ///   - stdin: bytes piped to standard input; `nil` leaves standard input empty (not a terminal).
    ///   - environment: extra environment variables.
    static func run(_ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String] = [:], unsetting: [String] = []) async throws -> Result {
        var changes = Self.environment(environment)
        for name in unsetting { changes[name] = .some(.none) }
        return try await ChildProcess.run(executable, arguments, directory: root, environment: changes, input: .bytes(stdin ?? []), timeLimit: hangTimeout)
    }

    /// The changes to this process's environment for a child: `NO_COLOR` removed, tokens kept in
    /// memory (never in the user's token file), then `extra` set.
    static func environment(_ extra: [String: String] = [:]) -> [String: String?] {
        var changes: [String: String?] = ["NO_COLOR": .none, "NETSPEC_TOKEN_FILE": "", "NETSPEC_CACHE_DIR": ""]
        for (key, value) in extra { changes[key] = .some(value) }
        return changes
    }

    /// Writes a temporary spec file and returns its path.
    static func temporarySpec(_ yaml: String, name: String = "spec.yaml") throws -> String {
        let path = try ProcessTemporaryFolder.folder("cli") + "/" + name
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
