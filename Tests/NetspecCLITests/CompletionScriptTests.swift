import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// The bash completion script `netspec --generate-completion-script bash` prints, sourced in a
/// real bash and asked as bash asks at a TAB (COMP_WORDS split as bash splits them, `=` apart).
@Suite struct CompletionScriptTests {
    @Test(arguments: [
        (["netspec", "call", "specs/users.yaml", "getT"], ["getTodos"]),
        (["netspec", "call", "specs/users.yaml", "getTodos", ""], ["username=", "done=", "limit="]),
        (["netspec", "call", "specs/users.yaml", "getTodos", "limit=3", "d"], ["done="]),
        (["netspec", "call", "specs/users.yaml", "getTodos", "done", "="], ["=true", "=false"]),
        (["netspec", "call", "specs/users.yaml", "getTodos", "done", "=", "t"], ["true"]),
        (["netspec", "describe", "specs/users.yaml", "create"], ["createUser"]),
        (["netspec", "mo"], ["mock"]),
    ])
    func bashCompletes(words: [String], expected: [String]) async throws {
        let script = try await CLI.run(["--generate-completion-script", "bash"])
        try #require(script.status == 0)
        let directory = try ScratchDirectory()
        try script.stdout.write(toFile: directory.path + "/netspec.bash", atomically: true, encoding: .utf8)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let driver = """
            source '\(directory.path)/netspec.bash'
            COMP_WORDS=(\(quoted))
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE='\(line)'
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _netspec netspec "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let binary = URL(fileURLWithPath: CLI.executable).deletingLastPathComponent().path
        let result = try await ChildProcess.run(
            "/bin/bash", ["--norc", "-c", driver], directory: CLI.root,
            environment: ["PATH": binary + ":/usr/bin:/bin", "NETSPEC_CACHE_DIR": directory.path + "/cache"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == expected.sorted())
    }
}
