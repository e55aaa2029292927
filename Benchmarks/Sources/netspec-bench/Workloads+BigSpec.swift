import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The 5,000-endpoint spec as a CLI user meets it: cold `netspec validate` and a cold `netspec
/// call` of one of its endpoints (the static, stripped binary, with the CLI's cache of parsed
/// trees in a folder of its own, warmed by the check run), against the floor of reading it as a
/// process (`yaml-scan`: libyaml's event parser, building nothing) and, for the call, that floor
/// plus `curl` of the same URL.
func benchBigSpecProcesses(_ context: Context, _ inputs: Inputs, server: BenchServer, curl: String?) throws -> Outcome {
    guard let curl else { return Outcome(notes: ["**big spec as processes**: skipped, curl is not installed."]) }
    let binary = try buildStaticBinary(context)
    let scan = context.executableDirectory + "/yaml-scan"
    // The big spec with one endpoint the bench server answers, at its end (the last one read).
    let spec = context.inputsDirectory + "/big-call.yaml"
    let text = try String(contentsOfFile: inputs.spec, encoding: .utf8)
        + "  getUser:\n    GET: /users/{id}\n    params: { id: Int }\n"
    try text.write(toFile: spec, atomically: true, encoding: .utf8)
    let cache = try makeTemporaryDirectory()
    defer { _ = try? FileManager.default.removeItem(atPath: cache) }
    let environment = ["NETSPEC_CACHE_DIR": cache]

    let validate = [binary, "validate", spec]
    let call = [binary, "call", spec, "getUser", "id=1", "--base-url", server.baseURL, "--raw"]
    let scanCommand = [scan, spec]
    let curlCommand = [curl, "-s", server.baseURL + "/users/1"]
    for command in [validate, call, scanCommand, curlCommand] { _ = try timedRun(command, environment: environment) }  // checks, and warms the cache

    let samples = try interleave(warmups: 2, repetitions: context.repetitions(20, minimum: 10), tools: [
        ("validate", { try timedRun(validate, environment: environment) }),
        ("call", { try timedRun(call, environment: environment) }),
        ("scan", { try timedRun(scanCommand) }),
        ("curl", { try timedRun(curlCommand) }),
    ])
    let (validateSamples, callSamples, scanSamples, curlSamples) = (samples[0], samples[1], samples[2], samples[3])
    let validateRatio = validateSamples.median / scanSamples.median
    let floor = scanSamples.median + curlSamples.median
    let callRatio = callSamples.median / floor
    let validateWorkload = "one cold `netspec validate` process, 5,000-endpoint spec"
    let callWorkload = "one cold `netspec call` of one endpoint of that spec"
    var rows = [
        Row(workload: validateWorkload, tool: "`netspec validate` (static, stripped)", median: Format.duration(validateSamples.median),
            throughput: Format.perSecond(1, validateSamples.median, unit: "runs"), ratio: Format.ratio(validateRatio) + " scan",
            target: "≤ 2.5× scan", met: validateRatio <= 2.5, samples: validateSamples),
        Row(workload: validateWorkload, tool: "`yaml-scan` (libyaml events, a process)", median: Format.duration(scanSamples.median),
            throughput: Format.perSecond(1, scanSamples.median, unit: "runs"), ratio: Format.ratio(validateRatio), samples: scanSamples),
        Row(workload: callWorkload, tool: "`netspec call … --raw` (static, stripped)", median: Format.duration(callSamples.median),
            throughput: Format.perSecond(1, callSamples.median, unit: "runs"), ratio: Format.ratio(callRatio) + " (scan + curl)",
            target: "≤ 1.5× (scan + curl)", met: callRatio <= 1.5, samples: callSamples),
        Row(workload: callWorkload, tool: "`curl -s` (its median plus the scan's: " + Format.duration(floor) + ")",
            median: Format.duration(curlSamples.median), throughput: Format.perSecond(1, curlSamples.median, unit: "runs"),
            ratio: Format.ratio(callRatio), samples: curlSamples),
    ]
    rows += try peakRSSRows(context, workload: validateWorkload, netspec: (rows[0].tool, validate), other: (rows[1].tool, scanCommand),
                            against: "scan", target: nil, environment: environment)
    rows += try peakRSSRows(context, workload: callWorkload, netspec: (rows[2].tool, call), other: ("`curl -s`", curlCommand),
                            against: "curl", target: nil, environment: environment)
    return Outcome(rows: rows, notes: [
        "**big spec as processes**: the 5,000-endpoint spec (`gen_spec.py 5000`, plus one `getUser` endpoint the bench server "
            + "answers) with the static, stripped binary of the `static` workload; the CLI's cache of parsed trees "
            + "(`NETSPEC_CACHE_DIR`) in a fresh folder, warmed by one run first, as every run after a user's first. `validate` "
            + "checks every endpoint; `call` compiles the one it calls. `yaml-scan` reads the file and runs libyaml's event "
            + "parser over it, building nothing (the `spec` workload's floor, as a process). Alternated, each timed from "
            + "`posix_spawn` to `wait4`.",
    ])
}
