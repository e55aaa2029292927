import Foundation
import Netspec

/// The JSON Schema engine's throughput (the schema issue's requirement 4): a ~1 MB document
/// against its schema, and 100,000 small objects one by one, Netspec's `JSONSchema.isValid`
/// against Python's jsonschema 4.26 and jsonschema-rs (its PyPI package), each timed in its own
/// process on values parsed before the clock starts, with validators built before too. The
/// inputs come from `inputs/gen_schema_data.py`; every tool must first agree on how many values
/// are valid.
func benchSchema(_ context: Context) throws -> Outcome {
    let setup = try Spawn.run(["/bin/bash", context.repositoryDirectory + "/Tests/Peers/setup.sh", "--bench"], stdout: .descriptor(2))
    guard setup.status == 0 else {
        return Outcome(notes: ["**Schema**: skipped, the Python peers could not be installed (`Tests/Peers/setup.sh --bench` exited with \(setup.status))."])
    }
    let python = context.repositoryDirectory + "/.build/peers/bin/python"
    let folder = context.inputsDirectory + "/schema"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let made = try Spawn.run([python, context.benchmarksDirectory + "/inputs/gen_schema_data.py", folder])
    try check(made.status == 0, "gen_schema_data.py failed with status \(made.status)")

    guard case var .object(schemaObject) = try JSONValue(parsing: try readBytes(folder + "/schema.json")) else { throw BenchError("schema.json is not an object") }
    let userSchema = try JSONSchema(.object(schemaObject))
    schemaObject["$ref"] = "#/$defs/list"
    let listSchema = try JSONSchema(.object(schemaObject))
    let bigBytes = try readBytes(folder + "/big.json")
    let big = try JSONValue(parsing: bigBytes)
    guard case let .array(small) = try JSONValue(parsing: try readBytes(folder + "/small.json")) else { throw BenchError("small.json is not an array") }

    // Each tool's timed pass follows an untimed one of its own (schema_peer.py does the same):
    // this machine's kernel runs DAMON with a `pageout` scheme, and memory left idle while the
    // other tools run (7 s for Python's jsonschema) was measured to make the next pass up to
    // 2× slower (53 ms → 88–111 ms for the small objects after 8 s asleep).
    func netspecBig() -> (UInt64, Int) {
        blackHole(listSchema.isValid(big))
        let (nanoseconds, valid) = time { listSchema.isValid(big) }
        return (nanoseconds, valid ? 1 : 0)
    }
    func netspecSmall() -> (UInt64, Int) {
        blackHole(small.reduce(0) { $0 + (userSchema.isValid($1) ? 1 : 0) })
        let (nanoseconds, valid) = time { small.reduce(0) { $0 + (userSchema.isValid($1) ? 1 : 0) } }
        return (nanoseconds, valid)
    }
    let peers = [("jsonschema", "Python jsonschema 4.26.0 `Draft202012Validator.is_valid`"), ("jsonschema-rs", "jsonschema-rs 0.60.3 (Python package) `Draft202012Validator.is_valid`")]
    let workers = try peers.map { try LineChild([python, context.benchmarksDirectory + "/inputs/schema_peer.py", $0.0, folder]) }
    defer { for worker in workers { worker.finish() } }
    func ask(_ worker: LineChild, _ part: String, expecting valid: Int) throws -> UInt64 {
        try worker.send(part)
        guard let answer = worker.readLine() else { throw BenchError("schema_peer.py stopped") }
        let fields = answer.split(separator: " ")
        guard fields.count == 2, let nanoseconds = UInt64(fields[0]), Int(fields[1]) == valid else {
            throw BenchError("schema_peer.py \(part): \(answer) (Netspec found \(valid) valid)")
        }
        return nanoseconds
    }

    var rows: [Row] = []
    var notes: [String] = []
    // Python's jsonschema takes about 27 s for the 100,000 objects: few rounds, no warm-up round
    // (each worker has parsed everything and built its validators before the first).
    for (part, repetitions, count, workload) in [
        ("big", 15, 1, "validate a \(Format.fixed(Double(bigBytes.count) / 1_000_000, 2)) MB document (\(big["users"]?.array?.count ?? 0) users) against its schema"),
        ("small", 3, small.count, "validate 100,000 small objects one by one"),
    ] {
        let netspec = part == "big" ? netspecBig : netspecSmall
        let valid = netspec().1
        let samples = try interleave(warmups: 0, repetitions: context.repetitions(repetitions, minimum: 3), tools: [
            ("netspec", { netspec().0 }),
            ("jsonschema", { try ask(workers[0], part, expecting: valid) }),
            ("jsonschema-rs", { try ask(workers[1], part, expecting: valid) }),
        ])
        let python = samples[1].median / samples[0].median
        let rust = samples[2].median / samples[0].median
        func rate(_ samples: Samples) -> String {
            part == "big" ? Format.megabytesPerSecond(bigBytes.count, samples.median) : Format.perSecond(count, samples.median, unit: "objects")
        }
        rows.append(Row(workload: workload, tool: "`JSONSchema.isValid`", median: Format.duration(samples[0].median), throughput: rate(samples[0]),
                        ratio: Format.ratio(python) + " faster than jsonschema, " + Format.ratio(rust) + " jsonschema-rs's speed",
                        target: "≥ 20× jsonschema, ≥ 1.0× jsonschema-rs", met: python >= 20 && rust >= 1, samples: samples[0]))
        for (index, peer) in peers.enumerated() {
            rows.append(Row(workload: workload, tool: peer.1, median: Format.duration(samples[index + 1].median), throughput: rate(samples[index + 1]),
                            ratio: Format.ratio(samples[0].median / samples[index + 1].median), samples: samples[index + 1]))
        }
        notes.append("**Schema, \(part)**: \(valid) of \(count) valid for every tool.")
    }
    notes.append(
        "**Schema**: `inputs/gen_schema_data.py` writes a user schema (required, lengths, a pattern, an enum, bounds, a nested object, "
            + "unique tags, `additionalProperties: false`, an `anyOf` with null) with a list schema beside it, a ~1 MB list of valid users, "
            + "and 100,000 users of which one in ten is spoiled. Every tool validates values parsed before the clock starts "
            + "(`JSONValue` for Netspec, Python objects for the peers, which run in `inputs/schema_peer.py` and time themselves) with "
            + "validators built before too; each timed pass follows an untimed pass of the same tool (the machine's DAMON `pageout` "
            + "scheme slows memory left idle while the other tools run); the ratio on Netspec's row is the peer's median ÷ Netspec's.")
    return Outcome(rows: rows, notes: notes)
}
