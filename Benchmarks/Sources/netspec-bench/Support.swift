#if canImport(Glibc)
import Glibc
#endif

// MARK: - Clock

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times one run of `body` in nanoseconds; its result is kept alive until the clock has stopped.
@inline(never)
func time<T>(_ body: () throws -> T) rethrows -> (nanoseconds: UInt64, result: T) {
    let start = monotonicNanoseconds()
    let result = try body()
    let elapsed = monotonicNanoseconds() - start
    return (elapsed, result)
}

/// Times one run of an asynchronous `body` in nanoseconds.
@inline(never)
func time<T>(_ body: () async throws -> T) async rethrows -> (nanoseconds: UInt64, result: T) {
    let start = monotonicNanoseconds()
    let result = try await body()
    let elapsed = monotonicNanoseconds() - start
    return (elapsed, result)
}

/// Keeps the optimiser from dropping a computation whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

// MARK: - Samples

/// The timed repetitions of one tool on one workload.
struct Samples {
    var nanoseconds: [UInt64] = []

    mutating func add(_ value: UInt64) { nanoseconds.append(value) }

    var count: Int { nanoseconds.count }

    /// The median, in nanoseconds (the mean of the middle two for an even count).
    var median: Double {
        let sorted = nanoseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    }

    var minimum: Double { nanoseconds.min().map { Double($0) } ?? .nan }
    var maximum: Double { nanoseconds.max().map { Double($0) } ?? .nan }
}

/// Runs `tools` interleaved: `warmups` untimed rounds, then `repetitions` timed rounds, each round
/// running every tool once, in alternating order (ABBA) so drift and noise hit both equally.
func interleave(
    warmups: Int, repetitions: Int, tools: [(name: String, run: () throws -> UInt64)]
) throws -> [Samples] {
    for _ in 0..<warmups {
        for tool in tools { _ = try tool.run() }
    }
    var samples = Array(repeating: Samples(), count: tools.count)
    for round in 0..<repetitions {
        let order = round % 2 == 0 ? Array(tools.indices) : tools.indices.reversed()
        for index in order { samples[index].add(try tools[index].run()) }
    }
    return samples
}

/// The asynchronous form of ``interleave(warmups:repetitions:tools:)``.
func interleave(
    warmups: Int, repetitions: Int, tools: [(name: String, run: () async throws -> UInt64)]
) async throws -> [Samples] {
    for _ in 0..<warmups {
        for tool in tools { _ = try await tool.run() }
    }
    var samples = Array(repeating: Samples(), count: tools.count)
    for round in 0..<repetitions {
        let order = round % 2 == 0 ? Array(tools.indices) : tools.indices.reversed()
        for index in order { samples[index].add(try await tools[index].run()) }
    }
    return samples
}

// MARK: - Formatting

enum Format {
    /// A duration from nanoseconds, in the unit that reads best, with three or four significant digits.
    static func duration(_ nanoseconds: Double) -> String {
        func scaled(_ value: Double, _ unit: String) -> String {
            fixed(value, value < 10 ? 2 : value < 100 ? 1 : 0) + " " + unit
        }
        if nanoseconds < 1_000 { return fixed(nanoseconds, 0) + " ns" }
        if nanoseconds < 1_000_000 { return scaled(nanoseconds / 1_000, "µs") }
        if nanoseconds < 1_000_000_000 { return scaled(nanoseconds / 1_000_000, "ms") }
        return scaled(nanoseconds / 1_000_000_000, "s")
    }

    /// The fastest and slowest repetition, in the unit of the median.
    static func range(_ samples: Samples, per count: Int = 1) -> String {
        duration(samples.minimum / Double(count)) + " – " + duration(samples.maximum / Double(count))
    }

    /// MB/s (10^6 bytes) for `bytes` in `nanoseconds`.
    static func megabytesPerSecond(_ bytes: Int, _ nanoseconds: Double) -> String {
        fixed(Double(bytes) / nanoseconds * 1_000, 1) + " MB/s"
    }

    /// Operations per second.
    static func perSecond(_ count: Int, _ nanoseconds: Double, unit: String) -> String {
        let rate = Double(count) / nanoseconds * 1_000_000_000
        if rate >= 10_000_000 { return fixed(rate / 1_000_000, 1) + "M " + unit + "/s" }
        return grouped(Int(rate.rounded())) + " " + unit + "/s"
    }

    static func ratio(_ value: Double) -> String { fixed(value, 2) + "×" }

    static func mebibytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) + " MiB" }

    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 {
                text = String(text[..<dot])
            } else if decimals < digits {
                text += String(repeating: "0", count: digits - decimals)
            }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}

// MARK: - Failing

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Stops the benchmark when a tool's result is not what the workload expects.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw BenchError(message()) }
}
