import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The CLI as the README tells people to install it without a toolchain: built with
/// `--static-swift-stdlib` and stripped, into `../.build-static` (built here when missing or older
/// than `Sources/`). Its size, `netspec --version` against `curl --version`, and a cold call
/// against `curl -s`, as processes.
func benchStaticBinary(_ context: Context, server: BenchServer, curl: String?) throws -> Outcome {
    guard let curl else { return Outcome(notes: ["**static binary**: skipped, curl is not installed."]) }
    let binary = try buildStaticBinary(context)
    let size = (try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int) ?? 0

    let pairs: [(workload: String, netspec: [String], curl: [String], target: Double)] = [
        ("`--version`, cold process", [binary, "--version"], [curl, "--version"], 1.0),
        ("one cold `netspec call` process, static", [binary, "call", context.benchSpec, "getUser", "id=1", "--base-url", server.baseURL, "--raw"],
         [curl, "-s", server.baseURL + "/users/1"], 1.5),
    ]
    var rows: [Row] = []
    for (index, pair) in pairs.enumerated() {
        let samples = try interleave(warmups: 3, repetitions: context.repetitions(40, minimum: 30), tools: [
            ("netspec", { try timedRun(pair.netspec) }),
            ("curl", { try timedRun(pair.curl) }),
        ])
        let ratio = samples[0].median / samples[1].median
        rows.append(Row(workload: pair.workload, tool: "`netspec " + pair.netspec[1] + "` (static, stripped)", median: Format.duration(samples[0].median),
                        throughput: Format.perSecond(1, samples[0].median, unit: "runs"), ratio: Format.ratio(ratio) + " curl",
                        target: "≤ " + Format.fixed(pair.target, 1) + "× curl", met: ratio <= pair.target, samples: samples[0]))
        rows.append(Row(workload: pair.workload, tool: "`curl " + pair.curl[1] + "`", median: Format.duration(samples[1].median),
                        throughput: Format.perSecond(1, samples[1].median, unit: "runs"), ratio: Format.ratio(ratio), samples: samples[1]))
        // The performance issue's memory target is about the call (≤ 2× curl); `--version` is shown beside it.
        rows += try peakRSSRows(context, workload: pair.workload, netspec: (rows[rows.count - 2].tool, pair.netspec),
                                other: ("`curl " + pair.curl[1] + "`", pair.curl), against: "curl", target: index == 1 ? 2.0 : nil)
    }
    return Outcome(rows: rows, notes: [
        "**static binary**: `swift build -c release --static-swift-stdlib` with lld, `-s`, `--no-export-dynamic` and `-z pack-relative-relocs` (the README's way to build a CLI that runs "
            + "without the Swift toolchain), " + Format.fixed(Double(size) / 1_000_000, 1) + " MB. `netspec --version` against `curl --version`, "
            + "and the cold call of the `cold` row with this binary against `curl -s`, alternated, each timed from `posix_spawn` to `wait4` "
            + "(targets from the performance issue).",
    ])
}

/// Peak RSS of a Netspec command and the command it is compared with: the median of five runs of
/// each, alternated, through `peak-rss` (untimed: it adds a fork). Both must exit 0.
func peakRSSRows(
    _ context: Context, workload: String, netspec: (tool: String, command: [String]), other: (tool: String, command: [String]),
    against name: String, target: Double?, environment: [String: String] = [:]
) throws -> [Row] {
    var memory: [[Int]] = [[], []]
    for _ in 0..<5 {
        for (slot, command) in [netspec.command, other.command].enumerated() {
            let result = try Spawn.runMeasuringMemory(command, through: context.peakRSS, environment: environment)
            try check(result.status == 0, "\(command.joined(separator: " ")) exited with \(result.status)")
            memory[slot].append(result.maxResidentBytes ?? 0)
        }
    }
    let medians = memory.map { $0.sorted()[$0.count / 2] }
    let ratio = Double(medians[0]) / Double(max(medians[1], 1))
    return [
        Row(workload: workload + ", peak RSS", tool: netspec.tool, median: Format.mebibytes(medians[0]), throughput: "median of 5",
            ratio: Format.ratio(ratio) + " " + name, target: target.map { "≤ " + Format.fixed($0, 1) + "× " + name } ?? "",
            met: target.map { ratio <= $0 }),
        Row(workload: workload + ", peak RSS", tool: other.tool, median: Format.mebibytes(medians[1]), throughput: "median of 5",
            ratio: Format.ratio(ratio)),
    ]
}

/// One run of `command` (output discarded), its time from `posix_spawn` to `wait4`; it must exit 0.
func timedRun(_ command: [String], environment: [String: String] = [:]) throws -> UInt64 {
    let result = try Spawn.run(command, stdout: .null, environment: environment)
    try check(result.status == 0, "\(command.joined(separator: " ")) exited with \(result.status)")
    return result.nanoseconds
}

/// `../.build-static/release/netspec`, built first when missing or older than `Sources/` or
/// `Package.swift`.
func buildStaticBinary(_ context: Context) throws -> String {
    let scratch = context.repositoryDirectory + "/.build-static"
    let binary = scratch + "/release/netspec"
    let built = (try? FileManager.default.attributesOfItem(atPath: binary))?[.modificationDate] as? Date
    let manifest = (try? FileManager.default.attributesOfItem(atPath: context.repositoryDirectory + "/Package.swift"))?[.modificationDate] as? Date
    if built == nil || newestSource(context).map({ $0 > built! }) == true || manifest.map({ $0 > built! }) == true {
        guard let swift = Spawn.which("swift") else { throw BenchError("swift is needed to build the static binary") }
        log("building the static, stripped CLI into \(scratch) (minutes, once) …")
        let result = try Spawn.run([
            swift, "build", "-c", "release", "--package-path", context.repositoryDirectory, "--scratch-path", scratch,
            "--product", "netspec", "--static-swift-stdlib", "-Xswiftc", "-Xclang-linker", "-Xswiftc", "-fuse-ld=lld",
            "-Xlinker", "-s", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
        ], stdout: .descriptor(2))
        try check(result.status == 0, "the static build failed (status \(result.status))")
    }
    return binary
}

/// The newest modification date under `Sources/`.
func newestSource(_ context: Context) -> Date? {
    let sources = context.repositoryDirectory + "/Sources"
    return FileManager.default.enumerator(atPath: sources)?.compactMap { item -> Date? in
        (try? FileManager.default.attributesOfItem(atPath: sources + "/" + (item as! String)))?[.modificationDate] as? Date
    }.max()
}
