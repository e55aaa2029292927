import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The CLI as the README tells people to install it without a toolchain: built with
/// `--static-swift-stdlib` and stripped, into `../.build-static` (built here when missing or older
/// than `Sources/`). Its size, `netspec --version` against `curl --version`, and a cold call,
/// `--mock` and `--dry-run` against `curl -s`, as processes.
func benchStaticBinary(_ context: Context, server: BenchServer, curl: String?) throws -> Outcome {
    guard let curl else { return Outcome(notes: ["**static binary**: skipped, curl is not installed."]) }
    let built = try buildStaticBinary(context)
    // Timed as installed: the README's `cp`. A file the linker has just written sits in the page
    // cache in large folios, and this kernel kind (Linux 6.18) maps a whole folio at a fault, so
    // the linker's own output shows about 2 MiB more peak RSS than the same bytes copied (and a
    // copy read back from disk about 2 MiB less again): docs/performance-notes.md, 2026-11-24 (7).
    let binary = context.inputsDirectory + "/netspec-installed"
    try? FileManager.default.removeItem(atPath: binary)
    guard let cp = Spawn.which("cp") else { throw BenchError("cp is needed to install the static binary") }
    try check(try Spawn.run([cp, built, binary]).status == 0, "cp \(built) \(binary) failed")
    let size = (try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int) ?? 0

    // The call's answer carries no caching headers (`/uncached`): every run goes to the server,
    // as the issue's measurement did; `--mock` and `--dry-run` need no network, so they are held
    // against curl's whole call.
    let callURL = server.baseURL + "/uncached"
    let call = [binary, "call", context.benchSpec, "getUser", "id=1", "--raw"]
    let curlCall = [curl, "-s", callURL + "/users/1"]
    let pairs: [(workload: String, netspec: [String], tool: String, curl: [String], target: Double, memoryTarget: Double?)] = [
        ("`--version`, cold process", [binary, "--version"], "`netspec --version`", [curl, "--version"], 1.0, nil),
        ("one cold `netspec call` process, static", call + ["--base-url", callURL], "`netspec call` (static, stripped)", curlCall, 1.3, 1.6),
        ("cold `netspec call --mock`, static (no network)", call + ["--mock"], "`netspec call --mock` (static, stripped)", curlCall, 0.8, nil),
        ("cold `netspec call --dry-run`, static (no network)", call + ["--dry-run"], "`netspec call --dry-run` (static, stripped)", curlCall, 0.8, nil),
    ]
    var rows: [Row] = []
    for pair in pairs {
        let samples = try interleave(warmups: 3, repetitions: context.repetitions(40, minimum: 30), tools: [
            ("netspec", { try timedRun(pair.netspec) }),
            ("curl", { try timedRun(pair.curl) }),
        ])
        let ratio = samples[0].median / samples[1].median
        rows.append(Row(workload: pair.workload, tool: pair.tool, median: Format.duration(samples[0].median),
                        throughput: Format.perSecond(1, samples[0].median, unit: "runs"), ratio: Format.ratio(ratio) + " curl",
                        target: "≤ " + Format.fixed(pair.target, 1) + "× curl", met: ratio <= pair.target, samples: samples[0]))
        rows.append(Row(workload: pair.workload, tool: "`curl " + pair.curl[1] + "`", median: Format.duration(samples[1].median),
                        throughput: Format.perSecond(1, samples[1].median, unit: "runs"), ratio: Format.ratio(ratio), samples: samples[1]))
        // Memory: the call against curl's (the issue's ≤ 1.6×); `--version` is shown beside it.
        if pair.memoryTarget != nil || pair.netspec[1] == "--version" {
            rows += try peakRSSRows(context, workload: pair.workload, netspec: (pair.tool, pair.netspec),
                                    other: ("`curl " + pair.curl[1] + "`", pair.curl), against: "curl", target: pair.memoryTarget)
        }
    }
    return Outcome(rows: rows, notes: [
        "**static binary**: `swift build -c release --static-swift-stdlib` with lld, `-s`, `--no-export-dynamic`, `-z pack-relative-relocs`, `-no-pie`, "
            + "`-function-sections` with the symbol ordering file and GCC's static `libstdc++.a`, copied with `cp` as the README installs it "
            + "(the README's way to build a CLI that runs without the Swift toolchain), " + Format.fixed(Double(size) / 1_000_000, 1) + " MB. `netspec --version` "
            + "against `curl --version`; a cold call of a local server's answer that has no caching headers (so every run goes to the server), and the same call "
            + "with `--mock` and with `--dry-run`, against `curl -s` of that URL; alternated, each timed from `posix_spawn` to `wait4` (targets from issue 37). "
            + "CPU: " + Machine.describe(curlPath: curl, benchmarksDirectory: context.benchmarksDirectory).cpu + ".",
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
        // The README's first line: a folder where `-lstdc++` finds GCC's static archive.
        let cxx = scratch + "/cxx"
        try FileManager.default.createDirectory(atPath: cxx, withIntermediateDirectories: true)
        let printed = cxx + "/archive.txt"
        if let clang = Spawn.which("clang"), try Spawn.run([clang, "-print-file-name=libstdc++.a"], stdout: .file(printed)).status == 0,
           case let archive = ((try? String(contentsOfFile: printed, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
           archive.hasPrefix("/") {
            try? FileManager.default.removeItem(atPath: cxx + "/libstdc++.a")
            try FileManager.default.createSymbolicLink(atPath: cxx + "/libstdc++.a", withDestinationPath: archive)
        }
        let result = try Spawn.run([
            swift, "build", "-c", "release", "--package-path", context.repositoryDirectory, "--scratch-path", scratch,
            "--product", "netspec", "--static-swift-stdlib", "-Xswiftc", "-Xclang-linker", "-Xswiftc", "-fuse-ld=lld",
            "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections", "-Xswiftc", "-L" + cxx,
            "-Xlinker", "-s", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "-no-pie",
            "-Xlinker", "--symbol-ordering-file=\(context.repositoryDirectory)/Benchmarks/netspec.order", "-Xlinker", "--no-warn-symbol-ordering",
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
