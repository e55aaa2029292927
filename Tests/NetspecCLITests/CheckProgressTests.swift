import Foundation
import NetspecTestServer
import NetspecTestSupport
import Testing

/// `netspec check`'s progress bars: on a terminal, one line per phase on standard error, redrawn
/// in place and left finished; never when standard error is a pipe (nor so in the reports).
@Suite struct CheckProgressTests {
    /// Runs `body` with the planted-fault server's base URL and its document's file.
    static func withPlantedServer(_ body: (String, String) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await PlantedServer.run { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        try await body("http://127.0.0.1:\(port)", try CLI.temporarySpec(PlantedServer.document, name: "planted.yaml"))
    }

    @Test func aTerminalShowsEachPhaseAndAPipeNothing() async throws {
        guard FileManager.default.isExecutableFile(atPath: CLINetwork.scriptPath) else {
            print("CheckProgressTests skipped: \(CLINetwork.scriptPath) (util-linux script) is missing")
            return
        }
        try await Self.withPlantedServer { base, document in
            let arguments = ["check", document, "--base-url", base, "--include", "crash", "--max-examples", "7", "--seed", "1"]
            let terminal = try await CLINetwork.runOnTerminal(arguments, environment: ["NO_COLOR": "1"])
            // What the terminal shows at the end: each line as its last redraw left it.
            let shown = terminal.stdout.split(separator: "\n").map { $0.split(separator: "\r", omittingEmptySubsequences: false).last ?? "" }
            #expect(shown.filter { $0.contains("▕") } == [
                "examples  ▕████████████████████████▏ 2/2 cases, 1 operation",
                "coverage  ▕████████████████████████▏ 7/7 cases, 1 operation",
                "fuzz      ▕████████████████████████▏ 6/6 cases, 1 operation",
            ], "\(terminal.stdout)")
            #expect(terminal.stdout.contains("\rcoverage  ▕░░░░░░░░░░░░░░░░░░░░░░░░▏ 0/7 cases, 1 operation"))
            let piped = try await CLI.run(arguments)
            #expect(piped.status == 1)
            #expect(piped.stderr == "")
            #expect(!piped.stdout.contains("▕"))
        }
    }
}
