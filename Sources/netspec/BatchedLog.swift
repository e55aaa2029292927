import Synchronization

/// Lines logged by many tasks at once, written together: a line waits at most `interval`, and all
/// lines that came meanwhile go out in one write.
///
/// `netspec mock` logs a line per request; a busy mock answers tens of thousands of requests a
/// second, and a `write(2)` per line was 5% of its CPU (perf, `wrk -c64` on `GET /users/1`).
/// Lines keep their order; `flush()` writes what is left (when the server stops).
final class BatchedLog: Sendable {
    private let terminal: Terminal
    private let interval: Duration
    /// The lines not written yet, and whether a write of them is on its way.
    private let pending = Mutex<(bytes: [UInt8], scheduled: Bool)>(([], false))

    init(_ terminal: Terminal, interval: Duration = .milliseconds(20)) {
        self.terminal = terminal
        self.interval = interval
    }

    /// Adds a line (with its newline), written within `interval`.
    func append(_ line: String) {
        let schedules = pending.withLock { state in
            state.bytes.append(contentsOf: line.utf8)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        guard schedules else { return }
        let interval = self.interval
        Task { [self] in
            try? await Task.sleep(for: interval)
            flush()
        }
    }

    /// Writes the lines not written yet.
    func flush() {
        let bytes = pending.withLock { state in
            defer { state = ([], false) }
            return state.bytes
        }
        if !bytes.isEmpty { terminal.write(bytes) }
    }
}
