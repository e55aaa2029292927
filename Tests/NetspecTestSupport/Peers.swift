import Foundation

/// The Python peers written by others (FastAPI, the `mcp` client; pinned in
/// Tests/Peers/requirements.txt), installed once into the venv `.build/peers` by
/// Tests/Peers/setup.sh, which the tests run when it is missing.
public enum Peers {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The venv's python after running Tests/Peers/setup.sh; `nil`, with the reason printed, when
    /// the peers cannot be installed (no network, no venv module).
    public static let python: String? = {
        let python = root + "/.build/peers/bin/python"
        let status: Int32
        let reason: String
        do {
            Spawn.ignoresBrokenPipes
            let errors = try Spawn.pipe()
            let null = open("/dev/null", O_RDWR | O_CLOEXEC)
            defer { close(null) }
            let pid = try Spawn.start(
                "/bin/bash", [root + "/Tests/Peers/setup.sh"], directory: nil, environment: ProcessInfo.processInfo.environment,
                stdin: null, stdout: null, stderr: errors.write
            )
            close(errors.write)
            // Read before waiting, so a long complaint cannot fill the pipe and stall both.
            reason = String(decoding: Spawn.readAll(errors.read), as: UTF8.self)
            status = Spawn.wait(pid)
        } catch {
            print("Python peer tests skipped: cannot run Tests/Peers/setup.sh: \(error)")
            return nil
        }
        guard status == 0, FileManager.default.isExecutableFile(atPath: python) else {
            print("Python peer tests skipped: Tests/Peers/setup.sh failed (status \(status)): \(reason)")
            return nil
        }
        return python
    }()

    /// Schemathesis's `st`, beside the peers' python (pinned in Tests/Peers/requirements.txt);
    /// `nil`, with the reason printed, without it.
    public static let schemathesis: String? = {
        guard let python else { return nil }
        let st = URL(fileURLWithPath: python).deletingLastPathComponent().path + "/st"
        guard FileManager.default.isExecutableFile(atPath: st) else {
            print("Schemathesis tests skipped: \(st) is not installed (Tests/Peers/requirements.txt pins schemathesis)")
            return nil
        }
        return st
    }()
}

/// One of the peer scripts in Tests/Peers, run with the peers' venv. The protocol every script
/// follows: one line on standard output once it is listening (`PORT 8123`, `PORTS a=1 b=2`), and
/// exit when its standard input closes.
public final class PeerProcess: Sendable {
    let pid: Int32
    /// This process's ends of the script's standard input and output.
    let input: Int32
    let output: Int32
    /// The script's first line of output, without the line break.
    public let readyLine: String

    private init(pid: Int32, input: Int32, output: Int32, readyLine: String) {
        self.pid = pid
        self.input = input
        self.output = output
        self.readyLine = readyLine
    }

    /// Starts Tests/Peers/`script` and waits for its first line (on the calling thread: call it
    /// off the cooperative pool, e.g. in `ChildProcess.blocking`).
    public static func start(python: String, script: String) throws -> PeerProcess {
        let child = try ChildProcess.launch(
            python, [Peers.root + "/Tests/Peers/" + script], directory: nil, environment: [:], input: .bytes([]), errors: .inherited
        )
        let (pid, input, output) = (child.pid, child.stdin!, child.stdout)
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while byte != UInt8(ascii: "\n") {
            let count = read(output, &byte, 1)
            if count == 1 {
                line.append(byte)
            } else if count == 0 || errno != EINTR {
                close(input)
                close(output)
                _ = Spawn.wait(pid)
                throw SpawnError("\(script) ended before it printed its ready line")
            }
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return PeerProcess(pid: pid, input: input, output: output, readyLine: text)
    }

    /// `http://127.0.0.1:N` for a script whose ready line is `PORT N`; `nil` for any other line.
    public var baseURL: String? {
        guard readyLine.hasPrefix("PORT "), let port = Int(readyLine.dropFirst("PORT ".count)) else { return nil }
        return "http://127.0.0.1:\(port)"
    }

    /// Closes the script's standard input (it exits) and waits for it.
    public func stop() {
        close(input)
        _ = Spawn.wait(pid)
        close(output)
    }
}
