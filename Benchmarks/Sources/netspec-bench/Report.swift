import CYAMLFloor
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One line of the results table.
struct Row {
    var workload: String
    var tool: String
    var median: String
    var throughput: String
    /// Netspec's time ÷ this tool's time, or another measured comparison (stated in the cell).
    var ratio: String = ""
    var target: String = ""
    /// Whether the target is met; `nil` where this row has no target.
    var met: Bool? = nil
    /// The timed repetitions behind the median.
    var samples: Samples? = nil
    /// How many operations one repetition times (the median is shown per operation).
    var per: Int = 1

    var repetitions: Int { samples?.count ?? 0 }
    var range: String { samples.map { Format.range($0, per: per) } ?? "" }

    var verdict: String {
        switch met {
        case true?: "✅"
        case false?: "❌"
        case nil: ""
        }
    }
}

enum Table {
    static let headers = ["workload", "tool", "median", "throughput", "ratio", "target", "", "runs", "min – max"]

    static func cells(_ row: Row) -> [String] {
        [row.workload, row.tool, row.median, row.throughput, row.ratio, row.target, row.verdict, row.repetitions > 0 ? String(row.repetitions) : "", row.range]
    }

    /// A Markdown table, which also reads well in a terminal; with `run`, a last column that names
    /// the run every row comes from (as BENCHMARKS.md records rows of several runs).
    static func markdown(_ rows: [Row], run: String? = nil) -> String {
        let columns = run == nil ? headers : headers + ["run"]
        let all = [columns] + rows.map { cells($0) + (run.map { [$0] } ?? []) }
        var widths = Array(repeating: 0, count: columns.count)
        for line in all {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func render(_ line: [String]) -> String {
            "| " + line.enumerated().map { column, cell in cell + String(repeating: " ", count: widths[column] - cell.count) }.joined(separator: " | ") + " |"
        }
        var out = [render(columns)]
        out.append("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        out += all.dropFirst().map(render)
        return out.joined(separator: "\n") + "\n"
    }
}

/// What the numbers were measured on.
struct Machine {
    var cpu: String
    var cores: Int
    var memory: String
    var kernel: String
    var swift: String
    var curl: String
    var libyaml: String
    /// Resolved versions of the competitors' packages, from Package.resolved.
    var packages: [String: String]

    static func describe(curlPath: String?, benchmarksDirectory: String) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        let totalKiB = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Machine(
            cpu: model,
            cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            memory: Format.fixed(Double(totalKiB) / 1_048_576, 1) + " GiB",
            kernel: "Linux \(release) \(machine)",
            swift: firstLine(of: ["swift", "--version"]) ?? "unknown",
            curl: curlPath.flatMap { firstLine(of: [$0, "--version"]) }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } ?? "not found",
            libyaml: yamlVersion(),
            packages: resolvedVersions(benchmarksDirectory + "/Package.resolved")
        )
    }

    /// Package identity to version, from a Package.resolved file.
    static func resolvedVersions(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pins = root["pins"] as? [[String: Any]] else { return [:] }
        var versions: [String: String] = [:]
        for pin in pins {
            if let identity = pin["identity"] as? String, let version = (pin["state"] as? [String: Any])?["version"] as? String {
                versions[identity] = version
            }
        }
        return versions
    }

    func version(_ identity: String) -> String { packages[identity] ?? "?" }

    /// The first line a command prints on standard output or standard error.
    static func firstLine(of command: [String]) -> String? {
        guard let path = Spawn.which(command[0]) else { return nil }
        let file = NSTemporaryDirectory() + "netspec-bench-version-\(getpid())"
        defer { unlink(file) }
        guard let result = try? Spawn.run([path] + command.dropFirst(), stdout: .file(file), stderr: .null), result.status == 0,
              let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
    }
}

/// Writes `BENCHMARKS.md` in its shape: the current table (every row from this run) and how to run
/// the benchmark, keeping the hand-written part between the notes markers of the old file. The
/// dated diary is docs/performance-notes.md, which the benchmark does not write.
enum BenchmarksFile {
    static let beginMarker = "<!-- notes:begin (kept when the benchmark rewrites this file) -->"
    static let endMarker = "<!-- notes:end -->"

    static let placeholder = """
        _Notes (lead): where the targets stand and what to try next. `netspec-bench` keeps everything
        between these markers when it rewrites the file; the dated diary is
        [docs/performance-notes.md](docs/performance-notes.md)._
        """

    static let howToRun = """
        ## How to run

        ```sh
        cd Benchmarks
        swift build -c release --package-path ..      # the release netspec CLI (and peak-rss)
        swift build -c release && .build/release/netspec-bench
        ```

        The whole run takes about six minutes on two cores, prints the table, and rewrites this file with
        its rows (keeping the part between the notes markers below). `--only WORKLOAD,…` runs some
        workloads and `--quick` fewer repetitions; neither writes the file. To record an `--only` run,
        replace its rows in the table above and name the run in their `run` column, and add what it showed
        to [docs/performance-notes.md](docs/performance-notes.md). The regression guard compares a run
        with the rows recorded here:

        ```sh
        .build/release/netspec-bench --no-write --only bind,get > /tmp/run.md
        python3 compare.py /tmp/run.md            # ../BENCHMARKS.md by default; exit 1 when a row is over 15% slower
        ```

        [Benchmarks/README.md](Benchmarks/README.md) has every workload, the method, and `--profile` with
        `./profile.sh` for finding where the time goes.
        """

    static func write(
        to path: String, date: String, machine: Machine, command: String, rows: [Row], details: [String], elapsed: Double
    ) throws {
        let previous = try? String(contentsOfFile: path, encoding: .utf8)
        var kept = placeholder
        if let previous, let begin = previous.range(of: beginMarker), let end = previous.range(of: endMarker, range: begin.upperBound..<previous.endIndex) {
            kept = previous[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .newlines)
        }
        let missed = rows.filter { $0.met == false }
        var text = """
            # Benchmarks

            The current figures of `Benchmarks/` (see [Benchmarks/README.md](Benchmarks/README.md)), and how to
            run it. What was measured, tried and changed along the way, dated, is in
            [docs/performance-notes.md](docs/performance-notes.md). Only ratios measured in the same run are
            comparable: the machine is shared and noisy.

            - **Recorded:** the full run of \(date), every row (`\(command)`, \(Format.fixed(elapsed, 0)) s)
            - **Machine:** \(machine.cpu), \(machine.cores) cores, \(machine.memory) memory, \(machine.kernel)
            - **Swift:** \(machine.swift)
            - **Competitors:** libyaml \(machine.libyaml) (system library, the floor), Yams \(machine.version("yams")), Foundation \
            `JSONSerialization`, swift-openapi-runtime \(machine.version("swift-openapi-runtime")), async-http-client \
            \(machine.version("async-http-client")) (swift-nio \(machine.version("swift-nio"))), \(machine.curl)

            ## Results

            Medians of interleaved repetitions after warm-up (the `runs` column). **ratio** is
            Netspec's median time ÷ that tool's median time, so below 1 means Netspec is faster;
            on Netspec's own row it is the measured quantity its target is about. MB = 10^6 bytes.


            """
        text += Table.markdown(rows, run: "full run, " + date)
        text += "\n"
        text += missed.isEmpty
            ? "Every target is met in these rows.\n"
            : "Missed in these rows: " + missed.map { "\($0.workload) (\($0.tool): \($0.ratio.isEmpty ? $0.median : $0.ratio), target \($0.target))" }.joined(separator: "; ") + ".\n"
        text += "\n" + howToRun + "\n\n## How each workload is measured\n\n"
        text += details.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
        text += "\(beginMarker)\n\(kept)\n\(endMarker)\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

func yamlVersion() -> String {
    String(cString: netspec_bench_yaml_version())
}
