import Foundation

#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
@_spi(Parsing) import Netspec

/// `--profile WORKLOAD`: runs only Netspec's side of a workload, untimed, for a profiler
/// (`./profile.sh bind`). `call` times `Service.call` with a transport that answers from memory.
func runProfile(_ workload: String, _ context: Context) async throws {
    // Inputs are kept between profile runs (in .build/profile-inputs), so the generators stay out of the profile.
    let cached = context.benchmarksDirectory + "/.build/profile-inputs"
    try FileManager.default.createDirectory(atPath: cached, withIntermediateDirectories: true)
    let inputs = FileManager.default.fileExists(atPath: cached + "/events.sse")
        ? Inputs(directory: cached) : try Inputs.generate(in: context, into: cached)
    log("profiling pid \(getpid())")
    switch workload {
    case "call":
        // Netspec's own cost per call, with a transport that answers at once from memory.
        let service = Service(
            spec: try Spec.load(path: context.benchSpec),
            provider: Provider(baseURL: "http://127.0.0.1:1", transport: InstantTransport())
        )
        let calls = 300_000
        let start = ContinuousClock.now
        for index in 0..<calls {
            blackHole(try await service.call("getUser", ["id": .value(.string(String(index % 1000)))]))
        }
        log("service.call with an instant transport: \((ContinuousClock.now - start) / calls) per call")
    case "spec":
        let text = String(decoding: try readBytes(inputs.spec), as: UTF8.self)
        for _ in 0..<10 { blackHole(try Spec(yaml: text, file: "big.yaml")) }
    case "schema":
        // The schema workload's 1 MB list of users against its schema (inputs/gen_schema_data.py).
        let folder = cached + "/schema"
        if !FileManager.default.fileExists(atPath: folder + "/big.json") {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let made = try Spawn.run(["/usr/bin/env", "python3", context.benchmarksDirectory + "/inputs/gen_schema_data.py", folder])
            try check(made.status == 0, "gen_schema_data.py failed with status \(made.status)")
        }
        guard case var .object(schemaObject) = try JSONValue(parsing: try readBytes(folder + "/schema.json")) else { throw BenchError("schema.json is not an object") }
        schemaObject["$ref"] = "#/$defs/list"
        let listSchema = try JSONSchema(.object(schemaObject))
        let big = try JSONValue(parsing: try readBytes(folder + "/big.json"))
        if let gap = ProcessInfo.processInfo.environment["NETSPEC_PROFILE_GAP_MS"].flatMap(Int.init) {
            // As the workload times it: after a pause (the other tools' turns), an untimed pass, then a timed one;
            // NETSPEC_PROFILE_SPIN_MS keeps the core busy first (docs/performance-notes.md 2026-11-25 (2)).
            let spin = ProcessInfo.processInfo.environment["NETSPEC_PROFILE_SPIN_MS"].flatMap(Int.init) ?? 0
            var times: [Duration] = []
            var (faults, switches) = (0, 0)
            for _ in 0..<40 {
                try await Task.sleep(for: .milliseconds(gap))
                let spinUntil = ContinuousClock.now + .milliseconds(spin)
                var spins = 0
                while ContinuousClock.now < spinUntil { spins &+= 1 }
                blackHole(spins)
                blackHole(listSchema.isValid(big))
                var before = rusage()
                getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &before)
                let start = ContinuousClock.now
                blackHole(listSchema.isValid(big))
                times.append(ContinuousClock.now - start)
                var after = rusage()
                getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &after)
                faults += after.ru_minflt - before.ru_minflt
                switches += after.ru_nivcsw - before.ru_nivcsw
            }
            times.sort()
            log("isValid of the 1 MB list after \(gap) ms apart, \(spin) ms spun: median \(times[20]), min \(times[0]), max \(times[39]); \(faults) page faults and \(switches) preemptions in the timed passes")
        }
        let start = ContinuousClock.now
        var valid = 0
        for _ in 0..<400 where listSchema.isValid(big) { valid += 1 }
        log("isValid of the 1 MB list: \((ContinuousClock.now - start) / 400) each (\(valid) valid)")
        // The 100,000 small objects, one by one, as `--only schema` times them.
        schemaObject["$ref"] = "#/$defs/user"
        let userSchema = try JSONSchema(.object(schemaObject))
        guard case let .array(small) = try JSONValue(parsing: try readBytes(folder + "/small.json")) else { throw BenchError("small.json is not an array") }
        let smallStart = ContinuousClock.now
        var smallValid = 0
        for _ in 0..<10 { smallValid += small.reduce(0) { $0 + (userSchema.isValid($1) ? 1 : 0) } }
        log("isValid of 100,000 small objects: \((ContinuousClock.now - smallStart) / 10) each round (\(smallValid / 10) valid)")
    case "validate":
        // The response-validation workload's call without the network: where the time goes.
        let (document, _) = try validationDocument(context)
        let body = try readBytes(context.inputsDirectory + "/schema/big.json")
        let spec = try Spec(yaml: document.description, file: "validation.json")
        let service = Service(spec: spec, provider: Provider(baseURL: "http://127.0.0.1:1", options: .init(usesEnvironment: false), transport: InstantTransport(body: body)))
        guard let schema = try spec.endpoint(named: "big")?.responseSchema(status: 200, mediaType: "application/json") else { throw BenchError("no schema") }
        func call(_ validation: CallOptions.Validation, _ concurrency: String) -> () async throws -> UInt64 {
            {
                setenv("NETSPEC_SCHEMA_CONCURRENCY", concurrency, 1)
                let start = monotonicNanoseconds()
                for _ in 0..<10 { blackHole(try await service.call("big", options: CallOptions(responseValidation: validation))) }
                return (monotonicNanoseconds() - start) / 10
            }
        }
        let samples = try await interleave(warmups: 2, repetitions: 30, tools: [
            ("strict", call(.strict, "on")), ("strict after", call(.strict, "off")), ("off", call(.off, "on")),
            ("parse", { let start = monotonicNanoseconds(); blackHole(try JSONValue(parsing: body)); return monotonicNanoseconds() - start }),
            ("parse then isValid", {
                let value = try JSONValue(parsing: body)
                let start = monotonicNanoseconds(); blackHole(schema.isValid(value)); return monotonicNanoseconds() - start
            }),
        ])
        for (name, sample) in zip(["call, strict (concurrent)", "call, strict after the parse", "call, off", "JSONValue(parsing:)", "isValid of a tree just parsed"], samples) {
            log("\(name): \(Format.duration(sample.median)) (\(Format.duration(sample.minimum)) – \(Format.duration(sample.maximum)))")
        }
    case "json":
        let bytes = try readBytes(inputs.json)
        for _ in 0..<40 { blackHole(try JSONValue(parsing: bytes)) }
    case "shape":
        let value = try JSONValue(parsing: try readBytes(inputs.json))
        guard let endpoint = try Spec.load(path: context.benchSpec).endpoint(named: "shapeUsers") else { throw BenchError("no shapeUsers") }
        for _ in 0..<100 { blackHole(try endpoint.result(from: value)) }
    case "sse":
        let chunks = ByteChunks(bytes: try readBytes(inputs.events), chunkSize: 4096)
        for _ in 0..<40 {
            var count = 0
            for try await event in chunks.serverSentEvents() { count &+= event.data.utf8.count }
            blackHole(count)
        }
    case "bind":
        let service = Service(spec: try Spec.load(path: context.benchSpec), provider: Provider(baseURL: "http://127.0.0.1:8080"))
        let pool = MemberInput.pool
        var sink = 0
        for i in 0..<400_000 {
            sink &+= clientRequest(try service.prepare("createMember", memberArguments(pool[i & 15]))).url.utf8.count
        }
        blackHole(sink)
    case "get":
        let server = try BenchServer(binary: context.benchServer)
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let service = Service(spec: try Spec.load(path: context.benchSpec), provider: Provider(baseURL: server.baseURL, transport: transport))
        let cpuBefore = processCPUSeconds()
        let elapsed = try await runConcurrently(total: 40_000, concurrency: 64) { index in
            let response = try await service.call("getUser", ["id": .value(.string(String(index % 1000)))])
            guard response.status == 200 else { throw BenchError("status \(response.status)") }
        }
        let cpu = processCPUSeconds() - cpuBefore
        try await transport.shutdown()
        // The client's own CPU (user + system, this process only: the server is another), which
        // scheduling on a shared machine moves far less than wall time.
        log("40,000 GETs in \(Format.duration(Double(elapsed))); client CPU \(String(format: "%.2f", cpu / 40_000 * 1e6)) µs per call")
    default:
        throw BenchError("--profile takes spec, json, shape, sse, bind, get or call")
    }
}

/// Answers every request at once with a small JSON user, as `bench-server` would.
struct InstantTransport: HTTPTransport {
    static let user = Array(#"{"id":"1","name":"user 1","email":"u1@example.com"}"#.utf8)
    var body = Self.user

    func send(_ request: PreparedRequest, options: TransportOptions) async throws -> TransportResponse {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(body.count)
        return TransportResponse(status: 200, reasonPhrase: "OK", headerFields: fields, body: TransportResponse.Body(bytes: body))
    }

    func fetch(_ request: PreparedRequest, options: TransportOptions, maxResponseSize: Int) async throws -> TransportResponse {
        try await send(request, options: options)
    }
}

/// This process's CPU time so far (user + system), in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
