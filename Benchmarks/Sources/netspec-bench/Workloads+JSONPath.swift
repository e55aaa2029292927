import Foundation
import Netspec

/// The JSONPath engine's speed (issue 53's target: ≥ 20× the `jsonpath-rfc9535` package): the
/// JSONPath Compliance Test Suite's filter queries evaluated over a ~1 MB document, each compiled
/// before the clock, 10,000 evaluations for Netspec (the queries in turn, in whole rounds) and one
/// round for the package, which takes about 66 ms an evaluation; compared per evaluation, over the
/// same mix. `inputs/jsonpath_peer.py` writes the document and the queries both use, and both must
/// select the same number of nodes.
func benchJSONPath(_ context: Context) throws -> Outcome {
    let setup = try Spawn.run(["/bin/bash", context.repositoryDirectory + "/Tests/Peers/setup.sh", "--bench"], stdout: .descriptor(2))
    guard setup.status == 0 else {
        return Outcome(notes: ["**JSONPath**: skipped, the Python peers could not be installed (`Tests/Peers/setup.sh --bench` exited with \(setup.status))."])
    }
    let folder = context.inputsDirectory + "/jsonpath"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let cts = context.repositoryDirectory + "/Tests/NetspecTests/Fixtures/jsonpath/cts.json"
    let peer = try LineChild([context.repositoryDirectory + "/.build/peers/bin/python", context.benchmarksDirectory + "/inputs/jsonpath_peer.py", folder, cts])
    defer { peer.finish() }
    try check(peer.readLine() == "ready", "jsonpath_peer.py did not start")

    let documentBytes = try readBytes(folder + "/jsonpath.json")
    let document = try JSONValue(parsing: documentBytes)
    guard case let .array(texts) = try JSONValue(parsing: try readBytes(folder + "/jsonpath_queries.json")) else { throw BenchError("jsonpath_queries.json is not an array") }
    let queries = try texts.compactMap(\.string).map { try JSONPath($0) }
    let rounds = context.repetitions(10_000, minimum: 400) / queries.count + 1
    let evaluations = rounds * queries.count

    func netspec(_ count: Int) -> (UInt64, Int) {
        time {
            var nodes = 0
            for index in 0..<count { nodes += queries[index % queries.count].select(in: document).count }
            return nodes
        }
    }
    func package(_ count: Int) throws -> (UInt64, Int) {
        try peer.send(String(count))
        guard let answer = peer.readLine() else { throw BenchError("jsonpath_peer.py stopped") }
        let fields = answer.split(separator: " ")
        guard fields.count == 2, let nanoseconds = UInt64(fields[0]), let nodes = Int(fields[1]) else { throw BenchError("jsonpath_peer.py: \(answer)") }
        return (nanoseconds, nodes)
    }
    // One round each first: both must select the same nodes, and it warms both up.
    let (_, ours) = netspec(queries.count)
    let (_, theirs) = try package(queries.count)
    try check(ours == theirs, "Netspec selects \(ours) nodes in one round of the queries, the package \(theirs)")

    // Per evaluation, so that the package's one round and Netspec's many compare.
    let samples = try interleave(warmups: 0, repetitions: context.repetitions(3, minimum: 3), tools: [
        ("netspec", { netspec(evaluations).0 / UInt64(evaluations) }),
        ("jsonpath-rfc9535", { try package(queries.count).0 / UInt64(queries.count) }),
    ])
    let speed = samples[1].median / samples[0].median
    let workload = "\(Format.grouped(evaluations)) evaluations of the CTS's \(queries.count) filter queries over a \(Format.fixed(Double(documentBytes.count) / 1_000_000, 2)) MB document"
    return Outcome(rows: [
        Row(workload: workload, tool: "`JSONPath.select(in:)`", median: Format.duration(samples[0].median) + "/evaluation",
            throughput: Format.perSecond(1, samples[0].median, unit: "evaluations"), ratio: Format.ratio(speed) + " the package's speed",
            target: "≥ 20× jsonpath-rfc9535", met: speed >= 20, samples: samples[0]),
        Row(workload: workload, tool: "jsonpath-rfc9535 1.0.1 (Python) `compile(…).find`, one round (\(queries.count) evaluations)",
            median: Format.duration(samples[1].median) + "/evaluation", throughput: Format.perSecond(1, samples[1].median, unit: "evaluations"),
            ratio: Format.ratio(samples[0].median / samples[1].median), samples: samples[1]),
    ], notes: [
        "**JSONPath**: `inputs/jsonpath_peer.py` writes an array of 16,000 small objects drawn from a fixed seed (members a, b, c, d, key, id: "
            + "the shapes the suite's filters test) and the JSONPath Compliance Test Suite's valid filter queries (\(queries.count)), leaving "
            + "out those with `$` after the root (an absolute query in a filter runs once per element: the square of the document) and "
            + "those the package fails on. Every query is compiled before the clock; Netspec evaluates them in turn for "
            + "\(Format.grouped(evaluations)) evaluations, the package for one round (≈ 17 s), and each is reported per evaluation; one "
            + "round each first checks that both select the same \(Format.grouped(ours)) nodes.",
    ])
}
