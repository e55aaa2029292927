#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
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
            let input = StandardInputMessages(kind: socket.messageKind, endpoint: socket.endpointName, sendTypeMismatch: { socket.sendTypeMismatch($0) })
            do {
                var messages = try socket.exchangeFrames(messages: input, linger: linger).makeAsyncIterator()
                while let message = try await messages.next() {
                    let (line, unkept) = Self.line(message, frame: messages.lastFrame, rawOutput: rawOutput)
                    try Terminal.standardOutput.emit(line)
                    if let warning = ResultPrinter.digitsWarning(unkept) { Terminal.standardError.write(warning) }
                }
            } catch {
                // A line that is not JSON: close cleanly before saying so (a closed connection: nothing to do).
                await socket.close()
                if verbose { Self.printCloseFrames(socket) }
                // Standard input that cannot be read: 74, as it is for a `_` parameter (the library
                // carries it as a transport error of its own kind).
                if case let CallError.transport(problem) = error, problem.kind == .standardInput {
                    throw CLIError.output("error: \(problem.message)", status: ExitStatus.ioError)
                }
                throw error
            }
            // Ctrl-C: the reading ended by cancellation; close as going away and wait for the answer.
            if Task.isCancelled { await socket.close(code: 1001) }
            if verbose { Self.printCloseFrames(socket) }
        }
    }

    /// A received message as one line: compact JSON (a string bare with `-r`), a text as it came,
    /// bytes as base64 (as they are with `-r`). A JSON value's integer that a `Double` changed
    /// prints with the digits of `frame`, the text it came in, where the value is that text whole
    /// (no key path: ResultPrinter+WideIntegers.swift); else it prints as before and is one of
    /// `unkept`, for the one warning line of the message.
    static func line(_ message: WebSocket.Message, frame: WebSocket.Message?, rawOutput: Bool) -> (line: [UInt8], unkept: [IntegerLiteral]) {
        switch message {
        case let .value(.string(text)) where rawOutput: return (Array((text + "\n").utf8), [])
        case let .value(value):
            // The frame is read again only when the value has an integer beyond Int.
            let (text, unkept) = ResultPrinter.json(value, writer: JSONWriter(pretty: false, colored: false, indent: 0)) {
                guard let frame else { return [] }
                return [(AnswerText(frame.bytes), [("", value)])]
            }
            return (text + [0x0A], unkept)
        case let .text(text): return (Array((text + "\n").utf8), [])
        case let .binary(bytes) where rawOutput: return (bytes, [])
        case .binary: return (Array((message.value.string ?? "").utf8) + [0x0A], [])
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
/// `messages: json` (each line must be JSON, of the `send:` type when there is one), text for
/// `messages: text`, the line's bytes exactly for `messages: binary`; a line `-` ends the input.
/// Text and JSON lines must be UTF-8 (a line that is not is refused, never repaired), and lose a
/// `\r` before their `\n`; a binary line loses only its `\n`.
struct StandardInputMessages: AsyncSequence, Sendable {
    typealias Element = WebSocket.Message
    let kind: WebSocketSettings.MessageKind
    let endpoint: String
    /// How a value breaks the endpoint's `send:` type (``WebSocket/sendTypeMismatch(_:)``).
    var sendTypeMismatch: @Sendable (JSONValue) -> String? = { _ in nil }
    var descriptor: Int32 = 0

    func makeAsyncIterator() -> AsyncThrowingStream<Element, any Error>.AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
        let reader = self
        detachThread {
            var lines = InputLines(descriptor: reader.descriptor)
            var number = 0
            do {
                while let line = try lines.next() {
                    number += 1
                    if line == Array("-".utf8) || (reader.kind != .binary && line == Array("-\r".utf8)) { break }
                    continuation.yield(try reader.message(line, number: number))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream.makeAsyncIterator()
    }

    /// Line `number`'s message.
    ///
    /// - Throws: ``CallError/ArgumentError`` (exit 64) naming the line: not UTF-8 (text, JSON),
    ///   not JSON, not of the `send:` type, or with an integer a Double would change.
    func message(_ line: [UInt8], number: Int) throws(CallError.ArgumentError) -> WebSocket.Message {
        if kind == .binary { return .binary(line) }
        let bytes = line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw problem("line \(number) of standard input is not UTF-8 (\(Self.firstInvalidByte(bytes))); the messages are \(kind == .json ? "JSON" : "text")")
        }
        guard kind == .json else { return .text(text) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw problem("line \(number) of standard input is not JSON (\(error)); the messages are JSON")
        }
        if let mismatch = sendTypeMismatch(value) {
            throw problem("line \(number) of standard input does not have \(mismatch); it and the lines after it were not sent")
        }
        // The message is sent as the value's JSON: an integer a Double does not keep would go out
        // as another number, as a parameter's would (CommandLineArguments.refuseLostDigits).
        if let (literal, sent) = JSONValue.firstIntegerLiteralLoss(inJSON: text) {
            throw problem("line \(number) of standard input has \(literal), more significant digits than Netspec keeps for an integer wider than 64 bits (a Double's 53 bits); it would be sent as \(sent), so it and the lines after it were not sent")
        }
        return .value(value)
    }

    private func problem(_ message: String) -> CallError.ArgumentError {
        CallError.ArgumentError(endpoint: endpoint, parameter: nil, reason: .invalidValue, message: message)
    }

    /// Where `bytes` stop being UTF-8: `0xFF at byte 2` (counted from 1).
    static func firstInvalidByte(_ bytes: [UInt8]) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case let .valid(scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        // A byte that starts no UTF-8 character, or one that the bytes after it do not complete.
        let byte = offset < bytes.count ? bytes[offset] : 0
        return "0x\(String(byte, radix: 16, uppercase: true)) at byte \(offset + 1)"
    }
}

extension TransportError.Kind {
    /// Standard input could not be read while it was sent as messages (exit 74,
    /// ``CallCommand/callWebSocket(service:request:options:)``).
    static let standardInput = TransportError.Kind("standardInput")
}

/// The lines of a file descriptor as bytes, each without its `\n` (the last one may have none),
/// read in blocks of 64 KiB.
struct InputLines {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    private var start = 0
    /// How far `buffer` has been searched for a `\n`.
    private var searched = 0
    private var atEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, or `nil` at the end of the input.
    ///
    /// - Throws: ``TransportError`` when the input cannot be read.
    mutating func next() throws(TransportError) -> [UInt8]? {
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                searched = start
                return line
            }
            searched = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return Array(buffer[start...])
            }
            if start > 0 {
                buffer.removeFirst(start)
                searched -= start
                start = 0
            }
            var block = [UInt8](repeating: 0, count: 64 * 1024)
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TransportError(kind: .standardInput, message: "cannot read standard input: " + FileBytes.describe(errno: errno))
            }
            if count == 0 { atEnd = true } else { buffer += block[..<count] }
        }
    }
}
