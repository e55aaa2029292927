import Foundation

/// A one-line progress bar on standard error: bytes done (and total when known), rate and ETA,
/// redrawn at most ten times a second. Disabled when standard error is not a terminal.
struct ProgressBar {
    let total: Int?
    let enabled: Bool
    private var done = 0
    private let start = ContinuousClock.now
    private var lastDraw = ContinuousClock.now - .seconds(1)

    init(total: Int?, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    mutating func advance(by count: Int) {
        done += count
        guard enabled, ContinuousClock.now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = .now
        draw()
    }

    mutating func finish() {
        guard enabled else { return }
        draw()
        Terminal.standardError.write("\n")
    }

    private func draw() {
        let elapsed = max((ContinuousClock.now - start) / .seconds(1), 0.001)
        let rate = Double(done) / elapsed
        var line = "\r" + Self.bytes(done)
        if let total, total > 0 {
            let fraction = min(Double(done) / Double(total), 1)
            let width = 24
            let filled = Int(fraction * Double(width))
            line += " / \(Self.bytes(total)) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
            line += String(format: " %3d%%", Int(fraction * 100))
            if rate > 0, done < total { line += "  ETA \(Self.duration(Double(total - done) / rate))" }
        }
        line += "  \(Self.bytes(Int(rate)))/s   "
        Terminal.standardError.write(line)
    }

    static func bytes(_ count: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }
}

/// A file opened for writing a download.
final class OutputFile {
    private let handle: FileHandle

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CLIError.usage("error: cannot create '\(path)'")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CLIError.usage("error: cannot write '\(path)'")
        }
        self.handle = handle
    }

    func write(_ bytes: [UInt8]) throws {
        try handle.write(contentsOf: bytes)
    }

    func close() throws {
        try handle.close()
    }
}
