import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where things are, and how many repetitions to run.
struct Context {
    /// `Benchmarks/`.
    let benchmarksDirectory: String
    /// The repository root (`Benchmarks/..`).
    let repositoryDirectory: String
    /// Where the generated inputs are written.
    let inputsDirectory: String
    /// The folder holding this executable (`.build/release`), where the bench's other executables are.
    let executableDirectory: String
    /// The release `netspec` CLI.
    let netspecBinary: String
    /// Multiplies every repetition count (`--quick` makes it smaller).
    let scale: Double
    /// Only these workloads, when set.
    let only: Set<String>?

    func repetitions(_ count: Int, minimum: Int = 3) -> Int {
        max(minimum, Int((Double(count) * scale).rounded()))
    }

    func wants(_ workload: String) -> Bool { only.map { $0.contains(workload) } ?? true }

    var benchSpec: String { benchmarksDirectory + "/inputs/bench.yaml" }
    var benchServer: String { executableDirectory + "/bench-server" }
    var yamsWorker: String { executableDirectory + "/yams-compose-worker" }
    /// Built with the release CLI (`swift build -c release --package-path ..`): a target of the root package.
    var peakRSS: String { repositoryDirectory + "/.build/release/peak-rss" }
}

/// The anchor inputs, made by the generators in `inputs/` (copies of `shared/bench/`).
struct Inputs {
    let spec: String        // gen_spec.py 5000
    let json: String        // gen_data.py json 50000
    let events: String      // gen_data.py sse 100000

    /// The inputs' paths in `directory`.
    init(directory: String) {
        spec = directory + "/big.yaml"
        json = directory + "/users.json"
        events = directory + "/events.sse"
    }

    /// Generates the inputs into `directory` (the context's inputs folder unless given).
    static func generate(in context: Context, into directory: String? = nil) throws -> Inputs {
        let inputs = Inputs(directory: directory ?? context.inputsDirectory)
        guard let python = Spawn.which("python3") else { throw BenchError("python3 is needed to generate the inputs") }
        let generators = context.benchmarksDirectory + "/inputs"
        for (arguments, output) in [
            (["gen_spec.py", "5000"], inputs.spec),
            (["gen_data.py", "json", "50000"], inputs.json),
            (["gen_data.py", "sse", "100000"], inputs.events),
        ] {
            let result = try Spawn.run([python, generators + "/" + arguments[0]] + arguments.dropFirst(), stdout: .file(output))
            try check(result.status == 0, "\(arguments.joined(separator: " ")) failed with status \(result.status)")
        }
        return inputs
    }
}

/// Reads a whole file.
func readBytes(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
    return [UInt8](data)
}

/// A fresh temporary folder.
func makeTemporaryDirectory() throws -> String {
    var template = Array((NSTemporaryDirectory() + "netspec-bench-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw BenchError("mkdtemp failed")
    }
    return String(cString: made)
}

/// The bench's HTTP server, started as a child process on 127.0.0.1.
final class BenchServer {
    let child: LineChild
    let port: Int

    let scheme: String
    var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }

    /// - Parameter tls: a certificate and key (PEM) to serve HTTPS with.
    /// - Parameter big: the file `GET /big` answers with (read on first use).
    init(binary: String, tls: (certificate: String, key: String)? = nil, big: String? = nil) throws {
        scheme = tls == nil ? "http" : "https"
        child = try LineChild([binary] + (tls.map { ["--tls", $0.certificate, $0.key] } ?? []) + (big.map { ["--big", $0] } ?? []))
        guard let line = child.readLine(), line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)), port > 0 else {
            child.finish()
            throw BenchError("bench-server did not start")
        }
        self.port = port
    }

    func stop() { child.finish() }
}
