import Netspec
import Synchronization
import NetspecModel

/// A tool call's `notifications/progress`, for a request whose `_meta` has a `progressToken`:
/// the bytes of its upload and its download as they go (every 64 KiB, and at the end), and each
/// event or line of a stream.
///
/// The transport reports bytes from its own threads, synchronously; the notifications are sent
/// in order by one task, and ``finish()`` waits for them, so that all of them precede the
/// response. `progress` is bytes sent + bytes received + events, which only grows, as MCP asks.
final class ProgressReporter: Sendable {
    private struct State {
        var sent = 0
        var received = 0
        var items = 0
        var lastSent = -1
        var lastReceived = -1
    }

    private let state = Mutex(State())
    private let continuation: AsyncStream<(Int, String)>.Continuation
    private let sender: Task<Void, Never>
    /// Bytes between two notifications of one direction.
    static let step = 64 * 1024

    /// `nil` when the client asked for no progress.
    init?(_ context: MCPServer.CallContext) {
        guard context.progressToken != nil, context.notify != nil else { return nil }
        let (stream, continuation) = AsyncStream.makeStream(of: (Int, String).self)
        self.continuation = continuation
        sender = Task {
            for await (progress, message) in stream { await context.progress(progress, message) }
        }
    }

    /// The upload's progress (``CallOptions/uploadProgress``).
    func sent(_ completed: Int, _ total: Int?) {
        bytes(completed, total, upload: true)
    }

    /// The download's progress (``CallOptions/downloadProgress``).
    func received(_ completed: Int, _ total: Int?) {
        bytes(completed, total, upload: false)
    }

    private func bytes(_ completed: Int, _ total: Int?, upload: Bool) {
        let progress: Int? = state.withLock { state in
            let last = upload ? state.lastSent : state.lastReceived
            guard completed - last >= Self.step || (completed == total && completed != last) else { return nil }
            if upload { state.sent = completed; state.lastSent = completed } else { state.received = completed; state.lastReceived = completed }
            return state.sent + state.received + state.items
        }
        guard let progress else { return }
        let of = total.map { " of \($0)" } ?? ""
        continuation.yield((progress, "\(completed)\(of) bytes \(upload ? "sent" : "received")"))
    }

    /// One more event (or line) of a stream; `count` is how many so far.
    func item(_ count: Int, _ unit: String) {
        let progress = state.withLock { state in
            state.items = count
            return state.sent + state.received + state.items
        }
        continuation.yield((progress, pluralized(count, unit)))
    }

    /// Waits until every notification is sent.
    func finish() async {
        continuation.finish()
        await sender.value
    }
}
