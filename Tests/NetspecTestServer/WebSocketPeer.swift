import Foundation

/// The Python `websockets` servers in Tests/Peers/websocket_peer.py (a peer none of us wrote),
/// run with the peers' venv: echo, plain (no compression), close1011, deaf (never answers a
/// ping), pinging.
public final class WebSocketPeer: Sendable {
    let process: Process
    let input: Pipe
    /// The port of each server by name.
    public let ports: [String: Int]

    private init(process: Process, input: Pipe, ports: [String: Int]) {
        self.process = process
        self.input = input
        self.ports = ports
    }

    /// `http://127.0.0.1:PORT` of the server with this name.
    public func baseURL(_ name: String) -> String { "http://127.0.0.1:\(ports[name] ?? 0)" }

    /// Starts the servers and waits for their ports (on the calling thread: call it off the
    /// cooperative pool, e.g. in `ChildProcess.blocking`).
    public static func start(python: String) throws -> WebSocketPeer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Peers.root + "/Tests/Peers/websocket_peer.py"]
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
        guard text.hasPrefix("PORTS ") else { throw CocoaError(.fileReadCorruptFile) }
        var ports: [String: Int] = [:]
        for pair in text.dropFirst(6).split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
        }
        return WebSocketPeer(process: process, input: input, ports: ports)
    }

    /// Closes the servers' standard input (they exit) and waits for them.
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
