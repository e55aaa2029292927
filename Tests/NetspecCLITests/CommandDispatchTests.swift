import NetspecTestServer
import Testing

/// `netspec call …` is parsed by `call` alone (a cold call's start-up, see `NetspecCommand.main`);
/// what it prints must be what parsing from the root printed.
@Suite struct CommandDispatchTests {
    @Test(arguments: [
        (["--version"], 0, "0.1.0\n", ""),
        (["call", "--version"], 0, "0.1.0\n", ""),
        (["call", "--bogus"], 64, "",
         "Error: Unknown option '--bogus'\nUsage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"),
        (["call", "specs/users.yaml", "getUser", "id=1", "--timeout", "x"], 64, "",
         "Error: The value 'x' is invalid for '--timeout <timeout>'\nHelp:  --timeout <timeout>  Time limit in seconds for each attempt, from connecting to the last byte (for streams: until the response head).\nUsage: netspec call SPEC ENDPOINT [ITEM...] [OPTIONS]\n  See 'netspec call --help' for more information.\n"),
        (["auth", "--bogus"], 64, "",
         "Error: Unknown option '--bogus'\nUsage: netspec auth <subcommand>\n  See 'netspec auth --help' for more information.\n"),
    ])
    func messagesAndStatuses(arguments: [String], status: Int32, stdout: String, stderr: String) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == status)
        #expect(result.stdout == stdout)
        #expect(result.stderr == stderr)
    }
}
