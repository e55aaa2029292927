import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A cold `netspec call --dry-run` of one operation of each big real document the repository
/// holds (Kubernetes' Swagger 2.0, GitHub's, Stripe's and OpenAI's OpenAPI 3.0) and of the
/// `openapi` workload's 12.9 MB document, as a CLI user meets them: the static binary of the
/// `static` workload, the cache of parsed trees warmed, each against a `curl -s` process of a
/// local answer, alternated. The floor of the biggest: reading its bytes as a process (`cat`).
func benchDocuments(_ context: Context, server: BenchServer, curl: String?) throws -> Outcome {
    guard let curl else { return Outcome(notes: ["**big documents**: skipped, curl is not installed."]) }
    let binary = try installedStaticBinary(context)
    var notes: [String] = []
    let folder = context.inputsDirectory + "/documents"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // The repository's fixtures (`Tests/NetspecTests/Fixtures/real`, compressed), unpacked here.
    var documents: [(name: String, path: String, call: [String], target: Double)] = []
    let fixtures = context.repositoryDirectory + "/Tests/NetspecTests/Fixtures/real"
    for (name, archive, call, target) in [
        ("Kubernetes' (Swagger 2.0, 1,123 operations)", "k8s-swagger.json", ["readCoreV1NamespacedPod", "namespace=default", "name=web"], 1.5),
        ("GitHub's (OpenAPI 3.0, 623 operations)", "github-api.yaml", ["repos/get", "owner=octocat", "repo=hello"], 1.0),
        ("Stripe's (OpenAPI 3.0, 468 operations)", "stripe-spec3.yaml", ["GetCustomersCustomer", "customer=cus_1"], 1.0),
        ("OpenAI's (OpenAPI 3.1, 288 operations)", "openai-openapi.yaml", ["retrieveModel", "model=gpt-4o"], 1.0),
    ] {
        let path = folder + "/" + archive
        guard let gzip = Spawn.which("gzip"), FileManager.default.fileExists(atPath: fixtures + "/" + archive + ".gz"),
              try Spawn.run([gzip, "-dc", fixtures + "/" + archive + ".gz"], stdout: .file(path)).status == 0 else {
            notes.append("**big documents**: \(name) document skipped: \(fixtures)/\(archive).gz cannot be unpacked (gzip or the file is missing).")
            continue
        }
        documents.append((name, path, call, target))
    }
    // The `openapi` workload's generated document, when the tests' venv can make it.
    let generated = context.inputsDirectory + "/big.openapi.json"
    let python = context.repositoryDirectory + "/.build/peers/bin/python"
    func generate() throws -> Bool {
        if FileManager.default.fileExists(atPath: generated) { return true }
        guard access(python, X_OK) == 0 else { return false }
        return try Spawn.run([python, context.benchmarksDirectory + "/inputs/gen_openapi.py", generated]).status == 0
    }
    if try generate() {
        documents.append(("the generated (OpenAPI 3.1, 1,201 operations)", generated, ["getUser", "id=1"], 1.5))
    } else {
        notes.append("**big documents**: the generated 12.9 MB document skipped: `\(python)` cannot run `inputs/gen_openapi.py` (`Tests/Peers/setup.sh --bench` installs it).")
    }

    let cache = try makeTemporaryDirectory()
    defer { _ = try? FileManager.default.removeItem(atPath: cache) }
    let environment = ["NETSPEC_CACHE_DIR": cache]
    let baseURL = server.baseURL + "/uncached"
    let curlCommand = [curl, "-s", baseURL + "/users/1"]
    var rows: [Row] = []
    for document in documents {
        let command = [binary, "call", document.path] + document.call + ["--base-url", baseURL, "--dry-run"]
        let samples = try interleave(warmups: 3, repetitions: context.repetitions(30, minimum: 20), tools: [
            ("netspec", { try timedRun(command, environment: environment) }),
            ("curl", { try timedRun(curlCommand) }),
        ])
        let ratio = samples[0].median / samples[1].median
        let size = (try FileManager.default.attributesOfItem(atPath: document.path)[.size] as? Int) ?? 0
        let workload = "cold `call --dry-run`, \(document.name) document, \(Format.fixed(Double(size) / 1_000_000, 1)) MB"
        rows.append(Row(workload: workload, tool: "`netspec call \(document.call[0]) --dry-run` (static, tree cached)", median: Format.duration(samples[0].median),
                        throughput: Format.perSecond(1, samples[0].median, unit: "runs"), ratio: Format.ratio(ratio) + " curl",
                        target: "≤ " + Format.fixed(document.target, 1) + "× curl", met: ratio <= document.target, samples: samples[0]))
        rows.append(Row(workload: workload, tool: "`curl -s`", median: Format.duration(samples[1].median),
                        throughput: Format.perSecond(1, samples[1].median, unit: "runs"), ratio: Format.ratio(ratio), samples: samples[1]))
    }
    // The floor under the biggest document: its bytes read by a process that does nothing else.
    if let biggest = documents.last, let cat = Spawn.which("cat") {
        let samples = try interleave(warmups: 3, repetitions: context.repetitions(30, minimum: 20), tools: [
            ("cat", { try timedRun([cat, biggest.path]) }),
            ("curl", { try timedRun(curlCommand) }),
        ])
        let workload = "reading \(biggest.name) document as a process (the floor)"
        rows.append(Row(workload: workload, tool: "`cat DOC > /dev/null`", median: Format.duration(samples[0].median),
                        throughput: Format.perSecond(1, samples[0].median, unit: "runs"), ratio: Format.ratio(samples[0].median / samples[1].median) + " curl",
                        samples: samples[0]))
        rows.append(Row(workload: workload, tool: "`curl -s`", median: Format.duration(samples[1].median),
                        throughput: Format.perSecond(1, samples[1].median, unit: "runs"), samples: samples[1]))
    }
    notes.append(
        "**big documents**: the repository's Kubernetes, GitHub, Stripe and OpenAI fixtures (`Tests/NetspecTests/Fixtures/real`, unpacked "
            + "with gzip) and the `openapi` workload's generated document; a cold `netspec call OPERATION ARGS --base-url … --dry-run` "
            + "with the static binary of the `static` workload (installed with `cp`), the cache of parsed trees (`NETSPEC_CACHE_DIR`) "
            + "in a fresh folder warmed by the warm-up runs, against `curl -s` of a local answer without caching headers, alternated, "
            + "each timed from `posix_spawn` to `wait4`. A dry run reads the document, finds and reads the one operation, binds the "
            + "arguments and prints the request; it sends nothing."
    )
    return Outcome(rows: rows, notes: notes)
}

/// The `static` workload's binary (built when missing or stale), copied into the inputs folder
/// as the README installs it.
func installedStaticBinary(_ context: Context) throws -> String {
    let built = try buildStaticBinary(context)
    let binary = context.inputsDirectory + "/netspec-installed"
    if FileManager.default.fileExists(atPath: binary) { return binary }
    guard let cp = Spawn.which("cp") else { throw BenchError("cp is needed to install the static binary") }
    try check(try Spawn.run([cp, built, binary]).status == 0, "cp \(built) \(binary) failed")
    return binary
}
