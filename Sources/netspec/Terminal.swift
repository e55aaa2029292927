#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Netspec
import NetspecModel

/// Unbuffered writes to the standard streams, and terminal detection.
struct Terminal {
    /// Standard output.
    static let standardOutput = Terminal(descriptor: 1)
    /// Standard error.
    static let standardError = Terminal(descriptor: 2)
    /// Standard input.
    static let standardInput = Terminal(descriptor: 0)

    /// The file descriptor.
    let descriptor: Int32

    /// Whether the stream is a terminal.
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Whether colours may be used: a terminal, and `NO_COLOR` is not set (https://no-color.org).
    var allowsColor: Bool { isTerminal && getenv("NO_COLOR") == nil }

    /// A JSON value as this stream shows it: pretty and coloured on a terminal (colour unless
    /// `NO_COLOR`), compact when piped or with `--raw`.
    func format(_ value: JSONValue, raw: Bool) -> String {
        var writer = jsonWriter(raw: raw)
        writer.write(value)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The writer of JSON as this stream shows it (``format(_:raw:)``), for a caller that needs
    /// more of it than its text.
    func jsonWriter(raw: Bool) -> JSONWriter {
        JSONWriter(pretty: isTerminal && !raw, colored: allowsColor && !raw, indent: 4)
    }

    /// Writes text completely (retrying short writes).
    func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes bytes completely (retrying short writes); a failure is ignored (for standard error,
    /// where there is nowhere left to report it).
    func write(_ bytes: [UInt8]) {
        _ = writeAll(bytes, to: descriptor)
    }

    /// Writes a result's text completely, or throws: ``CLIError/brokenPipe`` when the reader has
    /// gone (`EPIPE`: `netspec call … | head -1`), else an output error naming the stream (exit 74).
    func emit(_ text: String) throws(CLIError) {
        try emit(Array(text.utf8))
    }

    /// Writes a result's bytes completely, or throws as ``emit(_:)-(String)`` does.
    func emit(_ bytes: [UInt8]) throws(CLIError) {
        guard writeAll(bytes, to: descriptor) else { throw CLIError.writeFailure(errno: errno, target: "standard output") }
    }

    /// Whether the stream is a pipe or a socket, whose reader can go away while the call runs.
    var isPipe: Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK
    }

    /// Blocks until the reader of this pipe has gone (its read end closed: `poll(2)` reports
    /// `POLLERR` or `POLLHUP` on the write end), then returns; returns at once on a poll failure.
    func waitForReaderToClose() {
        var entry = pollfd(fd: descriptor, events: 0, revents: 0)
        while true {
            let count = poll(&entry, 1, -1)
            if count < 0, errno == EINTR { continue }
            if count < 0 { return }
            if entry.revents & Int16(POLLERR | POLLHUP) != 0 { return }
        }
    }
}

/// Writes all of `bytes` to a descriptor (``FileBytes/writeAll(_:_:at:)``); `false` when
/// `write(2)` fails, with `errno` saying why.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    FileBytes.writeAll(descriptor, bytes)
}
