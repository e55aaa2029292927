import AsyncHTTPClient
import Foundation
import Netspec
import NIOCore

/// Issue 33's proxy figure: what `netspec mock DOC --proxy UPSTREAM` adds to a ~1 MB JSON
/// answer's time, validation included, against fetching it from the upstream directly.
func benchMockProxy(_ context: Context, server: BenchServer) async throws -> Outcome {
    let (document, size) = try validationDocument(context)
    let path = scratch + "/proxy.openapi.json"
    try check(FileManager.default.createFile(atPath: path, contents: Data(document.serialized())), "cannot write \(path)")
    let proxy = try MockServerProcess(netspec: context.netspecBinary, spec: path, log: scratch + "/proxy.log", options: ["--proxy", server.baseURL])
    defer { proxy.stop() }

    let client = HTTPClient(eventLoopGroupProvider: .singleton)
    defer { Task { try? await client.shutdown() } }
    let calls = 10
    /// `calls` sequential GETs of `path`, each body read whole.
    func run(_ base: String, _ path: String = "/big", expectsChecked: Bool) -> () async throws -> UInt64 {
        {
            let start = monotonicNanoseconds()
            for _ in 0..<calls {
                let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 64 << 20)
                guard response.status == .ok, body.readableBytes == size else {
                    throw BenchError("GET \(base)\(path) answered \(response.status) with \(body.readableBytes) bytes")
                }
                // A valid answer passes with no violations header (it was checked: the log says so).
                if expectsChecked, let violations = response.headers.first(name: "Netspec-Violations") {
                    throw BenchError("the proxy found violations in a valid answer: \(violations)")
                }
            }
            return monotonicNanoseconds() - start
        }
    }
    // The proxy checks what it should: against a document that requires a member the answer
    // lacks, the same answer is reported.
    let spoilt = try validationDocument(context, requiring: "netspecMissing").document
    let spoiltPath = scratch + "/proxy-spoilt.openapi.json"
    try check(FileManager.default.createFile(atPath: spoiltPath, contents: Data(spoilt.serialized())), "cannot write \(spoiltPath)")
    let strict = try MockServerProcess(netspec: context.netspecBinary, spec: spoiltPath, log: scratch + "/proxy-spoilt.log", options: ["--proxy", server.baseURL])
    defer { strict.stop() }
    let spoiltAnswer = try await client.execute(HTTPClientRequest(url: strict.baseURL + "/big"), timeout: .seconds(60))
    _ = try await spoiltAnswer.body.collect(upTo: 64 << 20)
    guard let reported = spoiltAnswer.headers.first(name: "Netspec-Violations"), reported.contains("netspecMissing") else {
        throw BenchError("the proxy did not report an answer that breaks the document")
    }
    // nginx in front of the same server, when it is installed: what any relay costs on this
    // machine (one more hop over loopback, on the same two cores), written in C and tuned for it.
    let nginx = try NginxRelay.start(upstreamPort: server.port)
    defer { nginx?.stop() }
    var tools: [(String, () async throws -> UInt64)] = [
        ("proxy", run(proxy.baseURL, expectsChecked: true)), ("direct", run(server.baseURL, expectsChecked: false)),
        ("relay", run(proxy.baseURL, "/big.jsonl", expectsChecked: false)),
    ]
    if let nginx { tools.append(("nginx", run(nginx.baseURL, expectsChecked: false))) }
    let samples = try await interleave(warmups: 2, repetitions: context.repetitions(15), tools: tools)
    let (proxied, direct, relayed) = (samples[0], samples[1], samples[2])
    let workload = "a \(Format.mebibytes(size)) JSON answer, 10 GETs, 127.0.0.1"
    let ratio = proxied.median / direct.median
    return Outcome(rows: [
        Row(workload: workload, tool: "through `netspec mock --proxy` (validated)", median: Format.duration(proxied.median / Double(calls)),
            throughput: Format.perSecond(calls, proxied.median, unit: "GETs"), ratio: Format.ratio(ratio) + " direct",
            target: "≤ 1.3× direct", met: ratio <= 1.3, samples: proxied, per: calls),
        Row(workload: workload, tool: "bench-server directly", median: Format.duration(direct.median / Double(calls)),
            throughput: Format.perSecond(calls, direct.median, unit: "GETs"), ratio: "1.00×", samples: direct, per: calls),
        Row(workload: workload, tool: "through `netspec mock --proxy`, the same bytes as JSON lines (streamed through, not checked: the relay alone)",
            median: Format.duration(relayed.median / Double(calls)), throughput: Format.perSecond(calls, relayed.median, unit: "GETs"),
            ratio: Format.ratio(relayed.median / direct.median) + " direct", samples: relayed, per: calls),
    ] + (nginx == nil ? [] : [
        Row(workload: workload, tool: "through nginx \(nginx!.version) (`proxy_pass`, keep-alive upstream; a relay, nothing checked)",
            median: Format.duration(samples[3].median / Double(calls)), throughput: Format.perSecond(calls, samples[3].median, unit: "GETs"),
            ratio: Format.ratio(samples[3].median / direct.median) + " direct", samples: samples[3], per: calls),
    ]), notes: [
        "**Validating proxy**: the response-validation workload's document (`GET /big`, a list of users with required members, "
            + "lengths, a pattern, an enum, bounds) served by `netspec mock DOC --proxy` in front of bench-server; ten GETs of the "
            + "\(Format.mebibytes(size)) answer per repetition from one async-http-client, each body read whole, through the proxy "
            + "(which reads the answer, checks it against the schema and passes it on) and straight from bench-server, interleaved; "
            + "and, for reference, the same bytes served as `application/x-ndjson`, which the proxy streams through unchecked: "
            + "what relaying alone costs, before any parse or check; and, when nginx is installed, the same GET through nginx's "
            + "`proxy_pass` (one worker, upstream keep-alive, access log off): what one more hop costs a relay written for it.",
    ])
}

/// nginx as a reverse proxy in front of the bench server: the reference relay of the proxy workload.
final class NginxRelay {
    let pid: pid_t
    let port: Int
    let version: String
    private let directory: String
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts nginx (when it is on `PATH`) with a configuration of its own in the scratch
    /// folder, and waits (up to 10 s) until it answers; `nil` without nginx.
    static func start(upstreamPort: Int) throws -> NginxRelay? {
        guard let nginx = Spawn.which("nginx") else { return nil }
        return try NginxRelay(nginx: nginx, upstreamPort: upstreamPort)
    }

    private init(nginx: String, upstreamPort: Int) throws {
        directory = scratch + "/nginx"
        try FileManager.default.createDirectory(atPath: directory + "/temp", withIntermediateDirectories: true)
        port = try freePort()
        let configuration = """
            worker_processes 1;
            daemon off;
            pid \(directory)/nginx.pid;
            error_log \(directory)/error.log;
            events { worker_connections 256; }
            http {
                access_log off;
                client_body_temp_path \(directory)/temp; proxy_temp_path \(directory)/temp;
                fastcgi_temp_path \(directory)/temp; uwsgi_temp_path \(directory)/temp; scgi_temp_path \(directory)/temp;
                upstream bench { server 127.0.0.1:\(upstreamPort); keepalive 16; }
                server {
                    listen 127.0.0.1:\(port);
                    location / { proxy_pass http://bench; proxy_http_version 1.1; proxy_set_header Connection ""; }
                }
            }
            """
        try check(FileManager.default.createFile(atPath: directory + "/nginx.conf", contents: Data(configuration.utf8)), "cannot write nginx.conf")
        _ = try Spawn.run([nginx, "-v"], stderr: .file(directory + "/version.txt"))   // "nginx version: nginx/1.22.1"
        let said = (try? String(contentsOfFile: directory + "/version.txt", encoding: .utf8)) ?? ""
        version = said.split(separator: "/").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
        pid = try Spawn.start([nginx, "-p", directory, "-c", directory + "/nginx.conf"], stdout: .null, stderr: .file(directory + "/stderr.log"))
        let deadline = monotonicNanoseconds() + 10_000_000_000
        while connectable(port: port) == false {
            guard monotonicNanoseconds() < deadline else {
                kill(pid, SIGKILL)
                throw BenchError("nginx did not start: \((try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? "")")
            }
            usleep(10_000)
        }
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
private func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw BenchError("socket: \(errno)") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
    }
    guard bound else { throw BenchError("bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts connections on 127.0.0.1:`port`.
private func connectable(port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}
