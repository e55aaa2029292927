import Foundation

#if canImport(Glibc)
import Glibc
#endif

func benchColdProcess(_ context: Context, server: BenchServer, curl: String?) throws -> Outcome {
    guard let curl else {
        return Outcome(notes: ["**cold process**: skipped, curl is not installed."])
    }
    // An answer without caching headers: every run goes to the server.
    let netspecCommand = [context.netspecBinary, "call", context.benchSpec, "getUser", "id=1", "--base-url", server.baseURL + "/uncached", "--raw"]
    let curlCommand = [curl, "-s", server.baseURL + "/uncached/users/1"]

    // Both print the same JSON.
    let output = try makeTemporaryDirectory() + "/out"
    defer { unlink(output); rmdir((output as NSString).deletingLastPathComponent) }
    var printed: [String] = []
    for command in [netspecCommand, curlCommand] {
        let result = try Spawn.run(command, stdout: .file(output))
        try check(result.status == 0, "\(command[0]) exited with \(result.status)")
        printed.append(((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try check(printed[0] == printed[1], "netspec printed \(printed[0]), curl printed \(printed[1])")

    let samples = try interleave(warmups: 3, repetitions: context.repetitions(40, minimum: 30), tools: [
        ("netspec", { try timedRun(netspecCommand) }),
        ("curl", { try timedRun(curlCommand) }),
    ])
    let (netspec, curlSamples) = (samples[0], samples[1])
    let ratio = netspec.median / curlSamples.median
    let workload = "one cold `netspec call` process"
    // Peak memory, from separate runs through peak-rss (not timed: it adds a fork).
    var memory: [[Int]] = [[], []]
    for _ in 0..<5 {
        for (slot, command) in [netspecCommand, curlCommand].enumerated() {
            memory[slot].append(try Spawn.runMeasuringMemory(command, through: context.peakRSS).maxResidentBytes ?? 0)
        }
    }
    let medianMemory = memory.map { $0.sorted()[$0.count / 2] }
    return Outcome(rows: [
        Row(workload: workload, tool: "`netspec call … --raw` (release)", median: Format.duration(netspec.median),
            throughput: Format.perSecond(1, netspec.median, unit: "runs"), ratio: Format.ratio(ratio) + " curl",
            target: "≤ 2.5× curl", met: ratio <= 2.5, samples: netspec),
        Row(workload: workload, tool: "`curl -s`", median: Format.duration(curlSamples.median),
            throughput: Format.perSecond(1, curlSamples.median, unit: "runs"), ratio: Format.ratio(ratio), samples: curlSamples),
    ], notes: [
        "**cold process**: `netspec call inputs/bench.yaml getUser id=1 --base-url http://127.0.0.1:PORT --raw` (the release "
            + "binary) and `curl -s http://127.0.0.1:PORT/uncached/users/1` (an answer without caching headers), alternated, each timed from `posix_spawn` to `wait4` with "
            + "standard output to /dev/null (both print the same JSON, checked first). Peak RSS (median of 5 runs through "
            + "`peak-rss`): netspec " + Format.mebibytes(medianMemory[0]) + ", curl " + Format.mebibytes(medianMemory[1]) + ".",
    ])
}

func benchUpload(_ context: Context, server: BenchServer, curl: String?) throws -> Outcome {
    let size = 1 << 30
    let directory = try makeTemporaryDirectory()
    let file = directory + "/sparse-1GiB.bin"
    let output = directory + "/out"
    defer {
        unlink(file)
        unlink(output)
        rmdir(directory)
    }
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else { throw BenchError("cannot make \(file)") }
    close(descriptor)

    let netspecCommand = [context.netspecBinary, "call", context.benchSpec, "upload", "file@" + file, "--base-url", server.baseURL, "--raw"]
    var tools: [(name: String, run: () throws -> UInt64)] = []
    var memory: [[Int]] = [[], []]
    func run(_ command: [String], _ slot: Int) throws -> UInt64 {
        let result = try Spawn.runMeasuringMemory(command, through: context.peakRSS, stdout: .file(output))
        try check(result.status == 0, "\(command[0]) exited with \(result.status)")
        let reply = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let bytes = (try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["bytes"] as? Int ?? 0
        try check(bytes > size, "the server received \(bytes) bytes: \(reply)")
        memory[slot].append(result.maxResidentBytes ?? 0)
        return result.nanoseconds
    }
    tools.append(("netspec", { try run(netspecCommand, 0) }))
    if let curl {
        tools.append(("curl", { try run([curl, "-s", "-F", "file=@\(file);type=application/octet-stream", server.baseURL + "/upload"], 1) }))
    }
    let samples = try interleave(warmups: 1, repetitions: context.repetitions(10), tools: tools)
    let peaks = memory.map { $0.max() ?? 0 }
    let medianPeaks = memory.map { $0.isEmpty ? 0 : $0.sorted()[$0.count / 2] }
    let shimFloor = try Spawn.runMeasuringMemory(["/bin/true"], through: context.peakRSS).maxResidentBytes ?? 0
    let workload = "multipart upload of a 1 GiB file"
    var rows = [
        Row(workload: workload, tool: "`netspec call … file@…` (release)", median: Format.duration(samples[0].median),
            throughput: Format.megabytesPerSecond(size, samples[0].median), ratio: "peak RSS " + Format.mebibytes(peaks[0]) + " (median " + Format.mebibytes(medianPeaks[0]) + ")",
            target: "peak RSS < 64 MiB", met: peaks[0] < 64 << 20, samples: samples[0]),
    ]
    if samples.count > 1 {
        rows.append(Row(workload: workload, tool: "`curl -s -F file=@…` (for reference)", median: Format.duration(samples[1].median),
                        throughput: Format.megabytesPerSecond(size, samples[1].median),
                        ratio: Format.ratio(samples[0].median / samples[1].median) + ", peak RSS " + Format.mebibytes(peaks[1]),
                        samples: samples[1]))
    }
    return Outcome(rows: rows, notes: [
        "**upload**: a sparse 1 GiB file (`ftruncate`) sent as a multipart part by the release `netspec call inputs/bench.yaml "
            + "upload file@FILE` to `bench-server`, which streams and counts the bytes (the reply is checked). Peak memory is the "
            + "child's `ru_maxrss` from `wait4`, the largest of all runs (the warm-up included), taken by the small `peak-rss` program that forks it (a child "
            + "forked from it alone reports " + Format.mebibytes(shimFloor) + ", the most it can add); curl's own multipart upload of the same file is timed "
            + "alongside for reference (no target). Netspec's peaks, run by run: "
            + memory[0].map { Format.fixed(Double($0) / 1_048_576, 1) }.joined(separator: ", ") + " MiB.",
    ])
}

/// Shell completion as the shell runs it at a TAB: a `netspec ---completion` process answering
/// for the 5,000-endpoint spec, with its index cached (the state after the first TAB) and not.
func benchCompletion(_ context: Context, _ inputs: Inputs) throws -> Outcome {
    let cache = try makeTemporaryDirectory()
    defer { _ = try? FileManager.default.removeItem(atPath: cache) }
    // What bash runs for `netspec call SPEC op0 <TAB>`: the parameters of op0 as items.
    let command = [context.netspecBinary, "---completion", "call", "--", "positional@2", "4", "0", "netspec", "call", inputs.spec, "op0", ""]
    let output = cache + "/out"
    let first = try Spawn.run(command, stdout: .file(output), environment: ["NETSPEC_CACHE_DIR": cache])
    try check(first.status == 0, "netspec ---completion exited with \(first.status)")
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    try check(printed.contains("gid="), "netspec ---completion printed \(printed)")
    let uncached = cache + "/none"
    let samples = try interleave(warmups: 2, repetitions: context.repetitions(20, minimum: 10), tools: [
        ("cached", {
            let result = try Spawn.run(command, stdout: .null, environment: ["NETSPEC_CACHE_DIR": cache])
            try check(result.status == 0, "netspec exited with \(result.status)")
            return result.nanoseconds
        }),
        ("indexing", {
            // A fresh cache directory each time: the spec is loaded and indexed.
            _ = try? FileManager.default.removeItem(atPath: uncached)
            let result = try Spawn.run(command, stdout: .null, environment: ["NETSPEC_CACHE_DIR": uncached])
            try check(result.status == 0, "netspec exited with \(result.status)")
            return result.nanoseconds
        }),
    ])
    let workload = "completion of `call SPEC op0 <TAB>`, 5,000-endpoint spec"
    return Outcome(rows: [
        Row(workload: workload, tool: "`netspec ---completion`, index cached", median: Format.duration(samples[0].median),
            throughput: Format.perSecond(1, samples[0].median, unit: "answers"), ratio: "",
            target: "< 100 ms", met: samples[0].median < 100_000_000, samples: samples[0]),
        Row(workload: workload, tool: "the same, first TAB (loads and indexes the spec)", median: Format.duration(samples[1].median),
            throughput: Format.perSecond(1, samples[1].median, unit: "answers"), ratio: Format.ratio(samples[1].median / samples[0].median),
            samples: samples[1]),
    ], notes: [
        "**completion**: the process bash's completion script starts at a TAB after `netspec call SPEC op0 ` (ArgumentParser's "
            + "`---completion` entry, the release binary), on gen_spec.py's 5,000-endpoint spec, timed from `posix_spawn` to "
            + "`wait4`. Cached: the spec's completion index (keyed by its content hash) is in `NETSPEC_CACHE_DIR`, as after "
            + "the first TAB; first TAB: an empty cache directory each time, so the spec is loaded, indexed and the index written.",
    ])
}
