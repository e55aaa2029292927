// netspec-bench: Netspec's workloads against their competitors, measured in the same run.
// See Benchmarks/README.md. Usage:
//
//   netspec-bench [--quick] [--only spec,json,shape,sse,bind,get,cold,static,upload,openapi,mock,completion,pages,bigspec,websocket,tls,cache,schema,jsonpath,validate,proxy,mcp,documents] [--no-write] [--netspec PATH]
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let allWorkloads = ["spec", "json", "shape", "sse", "bind", "get", "cold", "static", "upload", "openapi", "mock", "completion", "pages", "bigspec", "websocket", "tls", "cache", "schema", "jsonpath", "validate", "proxy", "mcp", "documents"]

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func usage() -> Never {
    log("""
        usage: netspec-bench [--quick] [--only WORKLOAD,...] [--no-write] [--netspec PATH] [--profile WORKLOAD]
          --quick        fewer repetitions (a smoke run; BENCHMARKS.md is not written)
          --only LIST    run only these workloads: \(allWorkloads.joined(separator: ",")) (BENCHMARKS.md is not written)
          --no-write     print the table, do not write ../BENCHMARKS.md
          --netspec PATH the release netspec CLI (default: ../.build/release/netspec)
          --profile W    run only Netspec's side of workload W (spec, json, shape, sse, bind, get, call, schema), untimed,
                         under a profiler: ./profile.sh bind
        """)
    exit(64)
}

// MARK: - Options

var arguments = Array(CommandLine.arguments.dropFirst())
var scale = 1.0
var only: Set<String>?
var writesFile = true
var netspecOverride: String?
var profiled: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--quick":
        scale = 0.3
        writesFile = false
    case "--only":
        guard let list = arguments.first else { usage() }
        arguments.removeFirst()
        let names = Set(list.split(separator: ",").map(String.init))
        guard names.isSubset(of: allWorkloads) else { usage() }
        only = names
        writesFile = false
    case "--profile":
        guard let name = arguments.first else { usage() }
        arguments.removeFirst()
        profiled = name
        only = []
    case "--no-write":
        writesFile = false
    case "--netspec":
        guard let path = arguments.first else { usage() }
        arguments.removeFirst()
        netspecOverride = path
    default:
        usage()
    }
}

// MARK: - Paths

/// `Benchmarks/`, from this file's place in the package.
let benchmarksDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().standardizedFileURL.path
let repositoryDirectory = (benchmarksDirectory as NSString).deletingLastPathComponent
let executableDirectory = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0] as String)
let executableFolder = (executableDirectory as NSString).deletingLastPathComponent
let netspecCandidates = [netspecOverride, repositoryDirectory + "/.build/release/netspec", benchmarksDirectory + "/.build/release/netspec"].compactMap { $0 }
let netspecBinary = netspecCandidates.first { access($0, X_OK) == 0 } ?? netspecCandidates[0]
let wantsCLI = only.map { !$0.isDisjoint(with: ["cold", "upload", "openapi"]) } ?? true
if wantsCLI, access(netspecBinary, X_OK) != 0 {
    log("netspec-bench: no release netspec CLI at \(netspecBinary); build it first:\n  swift build -c release --package-path ..")
    exit(1)
}

let scratch: String
do {
    scratch = try makeTemporaryDirectory()
} catch {
    log("netspec-bench: \(error)")
    exit(1)
}
let context = Context(
    benchmarksDirectory: benchmarksDirectory, repositoryDirectory: repositoryDirectory, inputsDirectory: scratch,
    executableDirectory: executableFolder, netspecBinary: netspecBinary, scale: scale, only: only
)
let curl = Spawn.which("curl")
if wantsCLI, access(context.peakRSS, X_OK) != 0 {
    log("netspec-bench: no peak-rss at \(context.peakRSS); build the root package first:\n  swift build -c release --package-path ..")
    exit(1)
}

/// Warns when the CLI is older than the sources it is built from: the numbers would be stale.
func warnIfStale() {
    guard wantsCLI, let built = (try? FileManager.default.attributesOfItem(atPath: netspecBinary))?[.modificationDate] as? Date else { return }
    if let newest = newestSource(context), newest > built {
        log("netspec-bench: warning: \(netspecBinary) is older than Sources/; rebuild it with `swift build -c release --package-path ..`")
    }
}

// MARK: - Run

func runAll() async throws -> (rows: [Row], notes: [String]) {
    warnIfStale()
    log("generating inputs in \(scratch) …")
    let inputs = try Inputs.generate(in: context)
    var rows: [Row] = []
    var notes: [String] = []
    func add(_ outcome: Outcome) {
        rows += outcome.rows
        notes += outcome.notes
        log(Table.markdown(outcome.rows))
    }
    if context.wants("spec") { log("load spec …"); add(try benchSpecLoading(context, inputs)) }
    if context.wants("json") { log("parse JSON …"); add(try benchJSONParsing(context, inputs)) }
    if context.wants("shape") { log("shaping …"); add(try benchShaping(context, inputs)) }
    if context.wants("sse") { log("SSE …"); add(try await benchServerSentEvents(context, inputs)) }
    if context.wants("bind") { log("bind …"); add(try benchBinding(context, inputs)) }
    if context.wants("completion") { log("completion …"); add(try benchCompletion(context, inputs)) }
    if context.wants("websocket") { log("WebSocket …"); add(try await benchWebSocket(context)) }
    if context.wants("schema") { log("JSON Schema …"); add(try benchSchema(context)) }
    if context.wants("jsonpath") { log("JSONPath …"); add(try benchJSONPath(context)) }
    if !["get", "cold", "static", "upload", "openapi", "mock", "pages", "bigspec", "tls", "cache", "validate", "proxy", "mcp", "documents"].contains(where: context.wants) { return (rows, notes) }
    let server = try BenchServer(binary: context.benchServer, big: context.inputsDirectory + "/schema/big.json")
    defer { server.stop() }
    if context.wants("get") { log("GETs …"); add(try await benchGETs(context, server: server)) }
    if context.wants("cold") { log("cold process …"); add(try benchColdProcess(context, server: server, curl: curl)) }
    if context.wants("static") { log("static binary …"); add(try benchStaticBinary(context, server: server, curl: curl)) }
    if context.wants("upload") { log("upload …"); add(try benchUpload(context, server: server, curl: curl)) }
    if context.wants("openapi") { log("OpenAPI …"); add(try benchOpenAPI(context, server: server, curl: curl)) }
    if context.wants("mock") { log("mock server …"); add(try await benchMockServer(context, server: server)) }
    if context.wants("pages") { log("pagination …"); add(try await benchPagination(context, server: server)) }
    if context.wants("cache") { log("HTTP cache …"); add(try await benchCache(context, server: server)) }
    if context.wants("validate") { log("response validation …"); add(try await benchResponseValidation(context, server: server)) }
    if context.wants("proxy") { log("validating proxy …"); add(try await benchMockProxy(context, server: server)) }
    if context.wants("mcp") { log("MCP over Streamable HTTP …"); add(try await benchMCPHTTP(context, server: server)) }
    if context.wants("bigspec") { log("big spec as processes …"); add(try benchBigSpecProcesses(context, inputs, server: server, curl: curl)) }
    if context.wants("documents") { log("big documents …"); add(try benchDocuments(context, server: server, curl: curl)) }
    if context.wants("tls") { log("TLS …"); add(try await benchTLS(context, server: server, scratch: scratch)) }
    return (rows, notes)
}

if let profiled {
    do {
        try await runProfile(profiled, context)
    } catch {
        log("netspec-bench: \(error)")
        try? FileManager.default.removeItem(atPath: scratch)
        exit(1)
    }
    try? FileManager.default.removeItem(atPath: scratch)
    exit(0)
}

let started = monotonicNanoseconds()
let result: (rows: [Row], notes: [String])
do {
    result = try await runAll()
} catch {
    log("netspec-bench: \(error)")
    try? FileManager.default.removeItem(atPath: scratch)
    exit(1)
}
try? FileManager.default.removeItem(atPath: scratch)
let elapsed = Double(monotonicNanoseconds() - started) / 1e9

print(Table.markdown(result.rows), terminator: "")
let missed = result.rows.filter { $0.met == false }
print(missed.isEmpty ? "\nall targets met" : "\nmissed: " + missed.map(\.workload).joined(separator: "; "))

if writesFile {
    let machine = Machine.describe(curlPath: curl, benchmarksDirectory: benchmarksDirectory)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime, .withTimeZone]
    var command = "cd Benchmarks && swift build -c release --package-path .. && swift build -c release && .build/release/netspec-bench"
    if !CommandLine.arguments.dropFirst().isEmpty { command += " " + CommandLine.arguments.dropFirst().joined(separator: " ") }
    let path = repositoryDirectory + "/BENCHMARKS.md"
    do {
        try BenchmarksFile.write(
            to: path, date: formatter.string(from: Date()), machine: machine, command: command, rows: result.rows,
            details: result.notes, elapsed: elapsed
        )
        log("wrote \(path)")
    } catch {
        log("netspec-bench: cannot write \(path): \(error)")
        exit(1)
    }
}
