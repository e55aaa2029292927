import NetspecCheck
import NIOConcurrencyHelpers
import NetspecModel

/// `netspec check`'s progress on a terminal: one line per phase on standard error, redrawn in
/// place as its cases are judged (at most ten times a second, and at the end),
/// `coverage  ▕██████░░░░░░░░░░░░░░░░░░▏ 120/480 cases, 20 operations`; a finished phase's line is
/// left as it ended. Nothing is drawn when standard error is not a terminal (a pipe, a file, CI's
/// log), so reports and captured output never hold it.
final class CheckProgressBar: Sendable {
    private struct State {
        var phase: CheckPhase?
        var lastDraw: ContinuousClock.Instant?
        var lineOpen = false
    }

    /// The bar's width in cells.
    static let width = 24
    private let state = NIOLockedValueBox(State())

    /// A bar when standard error is a terminal, else `nil`.
    static func onTerminal() -> CheckProgressBar? {
        Terminal.standardError.isTerminal ? CheckProgressBar() : nil
    }

    /// Draws `progress`: a new phase's line starts on its own line; the last case's draw ends it.
    func update(_ progress: CheckProgress) {
        let text: String? = state.withLockedValue { state in
            let now = ContinuousClock.now
            var text = ""
            if state.phase != progress.phase {
                if state.lineOpen { text += "\n" }
                state.phase = progress.phase
                state.lastDraw = nil
            }
            let finished = progress.done >= progress.total
            if !finished, let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            text += "\r" + Self.line(progress)
            if finished {
                text += "\n"
                state.lineOpen = false
            } else {
                state.lineOpen = true
            }
            return text
        }
        if let text { Terminal.standardError.write(text) }
    }

    /// Ends a line left open (a run stopped by its time limit mid-phase).
    func finish() {
        let open = state.withLockedValue { state in
            defer { state.lineOpen = false }
            return state.lineOpen
        }
        if open { Terminal.standardError.write("\n") }
    }

    /// `fuzz      ▕████████████░░░░░░░░░░░░▏ 1000/2000 cases, 20 operations`.
    static func line(_ progress: CheckProgress) -> String {
        let fraction = progress.total > 0 ? min(Double(progress.done) / Double(progress.total), 1) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let name = progress.phase.rawValue
        return name + String(repeating: " ", count: max(0, 9 - name.count)) + " ▕" + String(repeating: "█", count: filled)
            + String(repeating: "░", count: width - filled) + "▏ \(progress.done)/\(progress.total) cases, \(pluralized(progress.operations, "operation"))"
    }
}
