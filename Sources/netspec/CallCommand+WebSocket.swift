#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NetspecModel

/// `netspec call SPEC ENDPOINT` for a `stream: websocket` endpoint: each line of standard input
/// is a message (`-` ends the input), each message received is a line of output; at the end of
/// the input the connection closes with 1000 once the replies have arrived (or after `--linger`).
extension CallCommand {
    func callWebSocket(service: Service, request: PreparedRequest, options: CallOptions) async throws {
        let rawOutput = self.rawOutput, verbose = self.verbose
        let linger = self.linger.map(Seconds.duration)
        try await Interrupt.runCancellable(watchesStandardOutput: true) {
            guard case let .webSocket(socket) = try await service.perform(request, options: options) else { return }
            let input = StandardInputMessages(kind: socket.messageKind, endpoint: socket.endpointName)
            do {
                for try await message in try socket.exchange(messages: input, linger: linger) {
                    try Terminal.standardOutput.emit(Self.line(message, rawOutput: rawOutput))
                }
            } catch {
                // A line that is not JSON: close cleanly before saying so (a closed connection: nothing to do).
                await socket.close()
                if verbose { Self.printCloseFrames(socket) }
                throw error
            }
            // Ctrl-C: the reading ended by cancellation; close as going away and wait for the answer.
            if Task.isCancelled { await socket.close(code: 1001) }
            if verbose { Self.printCloseFrames(socket) }
        }
    }

    /// A received message as one line: compact JSON (a string bare with `-r`), a text as it came,
    /// bytes as base64 (as they are with `-r`).
    static func line(_ message: WebSocket.Message, rawOutput: Bool) -> [UInt8] {
        switch message {
        case let .value(.string(text)) where rawOutput: Array((text + "\n").utf8)
        case let .value(value): Array((value.description + "\n").utf8)
        case let .text(text): Array((text + "\n").utf8)
        case let .binary(bytes) where rawOutput: bytes
        case .binary: Array((message.value.string ?? "") .utf8) + [0x0A]
        }
    }

    /// `-v`: the close frames, sent (`>`) and received (`<`).
    static func printCloseFrames(_ socket: WebSocket) {
        var text = ""
        if let sent = socket.sentClose { text += "> close \(sent)\n" }
        if let received = socket.receivedClose { text += "< close \(received)\n" }
        Terminal.standardError.write(text)
    }
}

/// The lines of standard input as messages, read on a thread of its own: JSON values for
/// `messages: json` (each line must be JSON), text otherwise; a line `-` ends the input.
struct StandardInputMessages: AsyncSequence, Sendable {
    typealias Element = WebSocket.Message
    let kind: WebSocketSettings.MessageKind
    let endpoint: String

    func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let kind = self.kind, endpoint = self.endpoint
        detachThread {
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                if line == "-" { break }
                switch kind {
                case .json:
                    do {
                        continuation.yield(.value(try JSONValue(parsing: line)))
                    } catch {
                        continuation.finish(throwing: CallError.argument(CallError.ArgumentError(
                            endpoint: endpoint, parameter: nil, reason: .invalidValue,
                            message: "line \(number) of standard input is not JSON (\(error)); the messages are JSON"
                        )))
                        return
                    }
                case .text: continuation.yield(.text(line))
                case .binary: continuation.yield(.binary(Array(line.utf8)))
                }
            }
            continuation.finish()
        }
        return stream.makeAsyncIterator()
    }
}
