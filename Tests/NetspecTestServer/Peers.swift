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
        let setup = Process()
        setup.executableURL = URL(fileURLWithPath: "/bin/bash")
        setup.arguments = [root + "/Tests/Peers/setup.sh"]
        let errors = Pipe()
        setup.standardError = errors
        setup.standardOutput = FileHandle.nullDevice
        do {
            try setup.run()
            setup.waitUntilExit()
        } catch {
            print("Python peer tests skipped: cannot run Tests/Peers/setup.sh: \(error)")
            return nil
        }
        guard setup.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: python) else {
            let reason = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            print("Python peer tests skipped: Tests/Peers/setup.sh failed (status \(setup.terminationStatus)): \(reason)")
            return nil
        }
        return python
    }()
}

/// One of the peer scripts in Tests/Peers, run with the peers' venv. The protocol every script
/// follows: one line on standard output once it is listening (`PORT 8123`, `PORTS a=1 b=2`), and
/// exit when its standard input closes.
public final class PeerProcess: Sendable {
    let process: Process
    let input: Pipe
    /// The script's first line of output, without the line break.
    public let readyLine: String

    private init(process: Process, input: Pipe, readyLine: String) {
        self.process = process
        self.input = input
        self.readyLine = readyLine
    }

    /// Starts Tests/Peers/`script` and waits for its first line (on the calling thread: call it
    /// off the cooperative pool, e.g. in `ChildProcess.blocking`).
    public static func start(python: String, script: String) throws -> PeerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Peers.root + "/Tests/Peers/" + script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return PeerProcess(process: process, input: input, readyLine: text)
    }

    /// Closes the script's standard input (it exits) and waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
