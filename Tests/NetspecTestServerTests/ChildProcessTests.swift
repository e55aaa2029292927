import Testing
import NetspecTestSupport

/// The tests' child processes: a child that outlives its time limit is killed and said to be,
/// so a command that should end but serves forever fails its test instead of hanging the run.
@Suite struct ChildProcessTests {
    @Test func aChildPastItsTimeLimitIsKilledAndSaidToBe() async throws {
        let result = try await ChildProcess.run("/bin/sleep", ["30"], timeLimit: .milliseconds(200))
        #expect(result.status == 9)
        #expect(result.stderr == "\n[killed: still running after 0.2 seconds]\n")
    }

    @Test func aChildThatEndsInTimeIsLeftAlone() async throws {
        // The limit is far above the child's time: under the whole suite on two cores, reading a
        // child's end waits for a free thread behind CPU-bound tests (30 s was seen to be too short).
        let result = try await ChildProcess.run("/bin/sh", ["-c", "echo done"], timeLimit: .seconds(180))
        #expect(result.status == 0)
        #expect(result.stdout == "done\n")
        #expect(result.stderr == "")
    }
}
