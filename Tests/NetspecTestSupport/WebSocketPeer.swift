import Foundation

/// The Python `websockets` servers in Tests/Peers/websocket_peer.py (a peer none of us wrote),
/// run with the peers' venv: echo, plain (no compression), close1011, deaf (never answers a
/// ping), pinging.
public final class WebSocketPeer: Sendable {
    let peer: PeerProcess
    /// The port of each server by name.
    public let ports: [String: Int]

    private init(peer: PeerProcess, ports: [String: Int]) {
        self.peer = peer
        self.ports = ports
    }

    /// `http://127.0.0.1:PORT` of the server with this name.
    public func baseURL(_ name: String) -> String { "http://127.0.0.1:\(ports[name] ?? 0)" }

    /// Starts the servers and waits for their ports (`PORTS name=port …`; on the calling thread:
    /// call it off the cooperative pool, e.g. in `ChildProcess.blocking`).
    public static func start(python: String) throws -> WebSocketPeer {
        let peer = try PeerProcess.start(python: python, script: "websocket_peer.py")
        guard peer.readyLine.hasPrefix("PORTS ") else {
            peer.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        var ports: [String: Int] = [:]
        for pair in peer.readyLine.dropFirst(6).split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let port = Int(parts[1]) { ports[String(parts[0])] = port }
        }
        return WebSocketPeer(peer: peer, ports: ports)
    }

    /// Stops the servers.
    public func stop() { peer.stop() }
}
