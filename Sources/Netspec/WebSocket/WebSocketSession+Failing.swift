// How a WebSocket connection says what went wrong with the server's frames: at once, the first
// error only, as the reading comes to it (the messages before it first), while the close
// handshake goes on behind; and `close()` on a connection that has ended that way.

import Logging
import NIOWebSocket
import Synchronization

extension WebSocketSession {
    /// What ``WebSocketFrameWatch`` tells the session: the first frame that breaks the
    /// protocol, the server's close frame, our close frame written.
    var frameWatchEvents: WebSocketFrameWatch.Events {
        WebSocketFrameWatch.Events(
            problem: { problem in self.state.withLock { if $0.frameProblem == nil { $0.frameProblem = problem } } },
            receivedClose: { frame in self.state.withLock { $0.watchedClose = frame } },
            sentClose: { self.releaseCloseWaiters(written: true) }
        )
    }

    /// A frame `WebSocketHandler` could not read (it closes the connection, with 1002 or 1009,
    /// and says so only in its log): said at once, as ``WebSocketFrameWatch`` saw it when it did.
    func noteFrameError(_ text: String) {
        let (problem, sentClose, url, maxMessageSize) = state.withLock { ($0.frameProblem, $0.sentClose, $0.url, $0.maxMessageSize) }
        guard sentClose == nil else { return }
        if text.contains("TooLarge") || text.contains("Overflow") || text.contains("invalidFrameLength") {
            fail(Self.tooLarge(url: url, maxMessageSize: maxMessageSize))
        } else if let problem, text.contains("protocolError") {
            fail(Self.frameError(problem, url: url, maxMessageSize: maxMessageSize))
        } else {
            // Bad compression.
            fail(TransportError(kind: .invalidResponse, message: "\(url): the server sent a frame that cannot be read (\(text)); the connection was closed", closeCode: 1002))
        }
        // `WebSocketHandler` sent its close frame and reads on until the server's: 5 s at most.
        cancelAfterCloseWait(state.withLock { $0.runTask }, endingCleanly: false)
    }

    /// The reading of the frames threw: a frame that breaks the protocol, said at once (the
    /// handler then closes with its code); the connection's own errors are said when it ends.
    func failReading(_ error: any Error) {
        let (problem, sentClose, url, maxMessageSize) = state.withLock { ($0.frameProblem, $0.sentClose, $0.url, $0.maxMessageSize) }
        guard sentClose == nil, let failure = Self.frameFailure(WebSocketConnection.clientError(error), problem: problem, url: url, maxMessageSize: maxMessageSize) else { return }
        fail(failure)
    }

    /// The frames ended (the server's close frame, or the end of the connection) after one
    /// that breaks the protocol, such as a close frame with a code that must not be sent.
    func failOnFrameProblem() {
        let (problem, sentClose, url, maxMessageSize) = state.withLock { ($0.frameProblem, $0.sentClose, $0.url, $0.maxMessageSize) }
        if let problem, sentClose == nil { fail(Self.frameError(problem, url: url, maxMessageSize: maxMessageSize)) }
    }

    /// Ends the messages with `error` now (the first error said wins); the connection's task
    /// goes on with the close handshake.
    func fail(_ error: any Error) {
        finish(error: error)
    }

    /// Waits until our close frame is written, the connection's task has ended, or `limit` has passed.
    func awaitCloseWritten(task: Task<Void, Never>?, atMost limit: Duration) async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let written = state.withLock { state in
                if !state.closeWritten { state.closeWaiters.append(waiter) }
                return state.closeWritten
            }
            guard !written else { return waiter.resume() }
            Task {
                await task?.value
                self.releaseCloseWaiters(written: false)
            }
            Task {
                try? await Task.sleep(for: limit)
                self.releaseCloseWaiters(written: false)
            }
        }
    }

    func releaseCloseWaiters(written: Bool) {
        let waiters = state.withLock { state in
            if written { state.closeWritten = true }
            defer { state.closeWaiters = [] }
            return state.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Reads the frames swift-websocket's `WebSocketHandler` could not read (it says so only in its
/// log, at `trace`), and drops everything else it logs.
struct FrameErrorLogHandler: LogHandler {
    let session: WebSocketSession
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level == .trace {
            let text = event.message.description
            if text.hasPrefix("Error: ") { session.noteFrameError(String(text.dropFirst("Error: ".count))) }
        }
    }
}

extension WebSocketSession {
    /// Whether `frame` is the server's echo of the close swift-websocket sends when a ping of
    /// ours went unanswered (1001 "Ping timeout"): our timeout, not the server's close. Whether
    /// the echo arrives before the connection ends is a race, so both ends are reported alike.
    static func isPingTimeoutEcho(_ frame: CloseFrame, pingInterval: Double?) -> Bool {
        pingInterval != nil && frame.code == 1001 && frame.reason == "Ping timeout"
    }
}
