import Foundation
import Logging
import Netspec
import NIOCore
import NIOPosix
import WSClient

/// WebSockets against one server, the Python `websockets` peer of the tests without compression
/// (Tests/Peers/websocket_peer.py, `plain`): 1,000 echo round trips of 1 KiB, and 100 MB read in
/// 64 KiB messages. Netspec (`Service` and `WebSocket`) beside the same `WebSocketClient`
/// driven by hand and beside Python `websockets` as a client.
func benchWebSocket(_ context: Context) async throws -> Outcome {
    let python = context.repositoryDirectory + "/.build/peers/bin/python"
    let setup = try Spawn.run(["/bin/bash", context.repositoryDirectory + "/Tests/Peers/setup.sh"])
    guard setup.status == 0, access(python, X_OK) == 0 else { throw BenchError("cannot install the Python peers (Tests/Peers/setup.sh)") }
    let peer = try PythonWebSocketPeer(python: python, script: context.repositoryDirectory + "/Tests/Peers/websocket_peer.py")
    defer { peer.stop() }
    let base = "http://127.0.0.1:\(peer.port)"
    let count = 1600, size = 64 * 1024
    let spec = try Spec(yaml: """
        netspec: 1
        service: Bench
        baseURL: \(base)
        endpoints:
          echo: { GET: /, stream: websocket, messages: binary }
          stream: { GET: /, stream: websocket, messages: binary, params: { count: Int, size: Int } }
        """, file: "bench-ws.yaml")
    let message = [UInt8](repeating: 0x61, count: 1024)

    func netspecEcho() async throws -> UInt64 {
        let service = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let start = monotonicNanoseconds()
        let socket = try await service.connect("echo")
        var iterator = try socket.messages.makeAsyncIterator()
        for _ in 0..<1000 {
            try await socket.send(binary: message)
            guard case let .binary(reply)? = try await iterator.next(), reply.count == 1024 else { throw BenchError("Netspec: no echo") }
        }
        await socket.close()
        return monotonicNanoseconds() - start
    }
    func netspecStream() async throws -> UInt64 {
        let service = Service(spec: spec, provider: Provider(options: .init(usesEnvironment: false)))
        let start = monotonicNanoseconds()
        var received = 0
        for try await message in try await service.connect("stream", ["count": .value(.int(count)), "size": .value(.int(size))]).messages {
            received += message.bytes.count
        }
        guard received == count * size else { throw BenchError("Netspec: \(received) bytes") }
        return monotonicNanoseconds() - start
    }
    let configuration = WebSocketClientConfiguration(maxFrameSize: 16 << 20, extensions: [.perMessageDeflate(maxDecompressedFrameSize: 16 << 20)], validateUTF8: true)
    let logger = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
    func handEcho() async throws -> UInt64 {
        let start = monotonicNanoseconds()
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(peer.port)/", configuration: configuration, logger: logger) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 16 << 20).makeAsyncIterator()
            for _ in 0..<1000 {
                try await outbound.write(.binary(ByteBuffer(bytes: message)))
                guard case let .binary(reply)? = try await messages.next(), reply.readableBytes == 1024 else { throw BenchError("hand: no echo") }
            }
        }
        return monotonicNanoseconds() - start
    }
    func handStream() async throws -> UInt64 {
        let start = monotonicNanoseconds()
        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(peer.port)/?count=\(count)&size=\(size)", configuration: configuration, logger: logger) { inbound, _, _ in
            var received = 0
            for try await case let .binary(buffer) in inbound.messages(maxSize: 16 << 20) { received += buffer.readableBytes }
            guard received == count * size else { throw BenchError("hand: \(received) bytes") }
        }
        return monotonicNanoseconds() - start
    }
    func pythonRun(_ url: String, _ mode: String) throws -> UInt64 {
        let output = context.inputsDirectory + "/ws-python.out"
        let result = try Spawn.run([python, context.benchmarksDirectory + "/inputs/ws_bench_client.py", url, mode], stdout: .file(output))
        let fields = (try String(contentsOfFile: output, encoding: .utf8)).split(separator: " ")
        guard result.status == 0, let nanoseconds = fields.first.flatMap({ UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw BenchError("the Python client failed (status \(result.status))")
        }
        return nanoseconds
    }
    let echoSamples = try await interleave(warmups: 2, repetitions: context.repetitions(11), tools: [
        ("netspec", netspecEcho), ("hand", handEcho), ("python", { try pythonRun("ws://127.0.0.1:\(peer.port)/", "echo") }),
    ])
    let streamSamples = try await interleave(warmups: 1, repetitions: context.repetitions(7), tools: [
        ("netspec", netspecStream), ("hand", handStream), ("python", { try pythonRun("ws://127.0.0.1:\(peer.port)/?count=\(count)&size=\(size)", "stream") }),
    ])
    let tools = ["Netspec (`WebSocket`)", "`WebSocketClient` by hand", "Python `websockets` 15.0.1 client"]
    var rows: [Row] = []
    let echoName = "websocket: 1,000 echo round trips of 1 KiB"
    for (index, samples) in echoSamples.enumerated() {
        rows.append(Row(workload: echoName, tool: tools[index], median: Format.duration(samples.median),
                        throughput: Format.perSecond(1000, samples.median, unit: "round trips"),
                        ratio: Format.ratio(samples.median / echoSamples[1].median) + " hand", samples: samples))
    }
    let streamName = "websocket: 100 MiB one way in 64 KiB messages"
    for (index, samples) in streamSamples.enumerated() {
        rows.append(Row(workload: streamName, tool: tools[index], median: Format.duration(samples.median),
                        throughput: Format.megabytesPerSecond(count * size, samples.median),
                        ratio: Format.ratio(samples.median / streamSamples[1].median) + " hand", samples: samples))
    }
    return Outcome(rows: rows, notes: [
        "**WebSocket**: one server for all three clients, the Python `websockets` peer of the tests (Tests/Peers/websocket_peer.py, "
            + "its `plain` server: no permessage-deflate, so every client sends and reads uncompressed frames). Echo: connect, then "
            + "1,000 binary messages of 1 KiB, each sent after the previous reply, then close. One way: connect to `?count=1600&size=65536` "
            + "and read 1,600 binary messages of 64 KiB (100 MiB) until the server closes. Netspec: `Service.call` on a "
            + "`stream: websocket, messages: binary` endpoint, `send(binary:)` and `messages`. Hand: `WebSocketClient.connect` with the "
            + "same configuration (16 MiB frames, permessage-deflate offered, UTF-8 validated). Python: `websockets.asyncio.client.connect`, "
            + "timed inside the interpreter (start-up excluded). The server is Python for all three, so the rows compare the clients' "
            + "overhead on top of the same server.",
    ])
}

/// Tests/Peers/websocket_peer.py, run for the benchmark: its `plain` server's port. Started with
/// `posix_spawn` (``LineChild``), as every child of the harness is.
final class PythonWebSocketPeer {
    private let child: LineChild
    let port: Int

    init(python: String, script: String) throws {
        child = try LineChild([python, script])
        // The peer prints one line of `name=port` pairs when its servers listen.
        guard let line = child.readLine() else {
            child.finish()
            throw BenchError("the Python WebSocket peer did not start")
        }
        guard let pair = line.split(separator: " ").first(where: { $0.hasPrefix("plain=") }), let port = Int(pair.dropFirst(6)) else {
            child.finish()
            throw BenchError("the Python WebSocket peer said: \(line)")
        }
        self.port = port
    }

    /// Closes the peer's standard input (it exits on that) and reaps it.
    func stop() {
        child.finish()
    }
}
