#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Netspec
import NIOConcurrencyHelpers
import NetspecModel

/// A one-line progress bar on standard error — bytes done, total, percentage, rate and ETA —
/// redrawn at most ten times a second. It appears only on a terminal, and only once the transfer
/// is known to reach the threshold (1 MiB by default), so small calls print nothing extra.
final class ProgressBar: Sendable {
    private struct State {
        var completed = 0
        var total: Int?
        var lastDraw: ContinuousClock.Instant?
        var isVisible = false
    }

    private let label: String
    private let threshold: Int
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state = NIOLockedValueBox(State())

    init(label: String, threshold: Int = 1024 * 1024, enabled: Bool = Terminal.standardError.isTerminal) {
        self.label = label
        self.threshold = threshold
        self.enabled = enabled
    }

    /// A handler for ``CallOptions`` progress callbacks; `nil` when the bar cannot be shown, so
    /// that the call does not count bytes for nothing.
    var handler: TransferProgressHandler? {
        guard enabled else { return nil }
        return { [self] completed, total in self.update(completed: completed, total: total) }
    }

    func update(completed: Int, total: Int?) {
        guard enabled else { return }
        let line: String? = state.withLockedValue { state in
            state.completed = completed
            state.total = total
            guard state.isVisible || completed >= threshold || (total ?? 0) >= threshold else { return nil }
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100), completed != total { return nil }
            state.lastDraw = now
            state.isVisible = true
            return render(completed: completed, total: total, now: now)
        }
        if let line { Terminal.standardError.write(line) }
    }

    /// Ends the line, if the bar was shown.
    func finish() {
        let visible = state.withLockedValue { $0.isVisible }
        if enabled, visible { Terminal.standardError.write("\n") }
    }

    private func render(completed: Int, total: Int?, now: ContinuousClock.Instant) -> String {
        let elapsed = max((now - start) / .seconds(1), 0.001)
        let rate = Double(completed) / elapsed
        var line = "\r\(label) " + Self.bytes(completed)
        if let total, total > 0 {
            let fraction = min(Double(completed) / Double(total), 1)
            let width = 24
            let filled = Int(fraction * Double(width))
            line += " / \(Self.bytes(total)) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
            let percent = String(Int(fraction * 100))
            line += " " + String(repeating: " ", count: max(0, 3 - percent.count)) + percent + "%"
            if rate > 0, completed < total { line += "  ETA \(Self.duration(Double(total - completed) / rate))" }
        }
        return line + "  \(Self.bytes(Int(rate)))/s   "
    }

    static func bytes(_ count: Int) -> String {
        ByteCount(count).description
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }
}
