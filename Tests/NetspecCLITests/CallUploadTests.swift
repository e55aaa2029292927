import Foundation
import NetspecTestServer
import Testing
import NetspecTestSupport

/// `netspec call` uploading a large file as a multipart part: the client process's peak memory
/// stays bounded, measured for that process alone (its `ru_maxrss`, through ``ChildRun``).
@Suite struct CallUploadTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Upload
            endpoints:
              upload:
                POST: /files
                encoding: multipart
                params:
                  file: { type: URL, filename: data.bin }
            """, name: "upload.yaml")
    }()

    #if os(Linux)
    @Test func uploadingAQuarterGiBKeepsTheClientsPeakMemoryBounded() async throws {
        let size = 256 << 20
        let scratch = try ScratchDirectory()
        let small = try scratch.makeSparseFile(named: "small.bin", size: 1024, markers: [1023: 0x55])
        let large = try scratch.makeSparseFile(named: "large.bin", size: size, markers: [size - 1: 0x55])
        try await withTestServer(TestHandlers.echo) { server in
            func upload(_ path: String) async throws -> ChildRun {
                try await ChildRun.measure(["call", Self.spec, "upload", "file@\(path)", "--base-url", server.baseURL])
            }
            let baseline = try await upload(small)
            let big = try await upload(large)
            #expect(baseline.status == 0)
            #expect(big.status == 0)
            let echo = try EchoReport(json: Array(big.stdout.utf8))
            let contentType = try #require(echo.header("Content-Type"))
            let boundary = String(try #require(contentType.split(separator: "=", maxSplits: 1).last))
            let head = Array(("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"data.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n").utf8)
            let tail = Array("\r\n--\(boundary)--\r\n".utf8)
            let crc = CRC32.update(CRC32.zeros(CRC32.update(0, head), count: size - 1), [0x55] + tail)
            #expect(echo.bodyLength == head.count + size + tail.count)
            #expect(echo.crc32 == CRC32.hex(crc))
            // Resident sizes mean nothing under ASan (quarantine, shadow memory).
            if !AddressSanitizer.isActive {
                #expect(big.peakResidentBytes - baseline.peakResidentBytes < 64 << 20,
                        "peak RSS grew by \(big.peakResidentBytes - baseline.peakResidentBytes) bytes")
            }
        }
    }
    #endif
}

/// One run of `netspec`, measured through `peak-rss` (Tests/peak-rss), which forks it from a
/// small process and reports its `ru_maxrss`. Spawned straight from this test bundle, the child
/// would report the bundle's own peak instead whenever that is higher (Linux's exec keeps the
/// replaced address space's high-water mark), and the bundle's peak grows while other tests run.
struct ChildRun: Sendable {
    var status: Int32
    var stdout: String
    /// The child's peak resident set size (`ru_maxrss`).
    var peakResidentBytes: Int

    /// The built `peak-rss`, next to `netspec`.
    static let peakRSS = URL(fileURLWithPath: CLI.executable).deletingLastPathComponent().appendingPathComponent("peak-rss").path

    /// Runs `netspec arguments` in the repository root, standard input from `/dev/null`.
    static func measure(_ arguments: [String]) async throws -> ChildRun {
        let scratch = try ScratchDirectory()
        let report = scratch.path + "/report"
        // At the lowest priority (`nice` execs in place, so the usage is netspec's): moving
        // 256 MiB must not starve the timing-sensitive tests that run alongside.
        let run = try await ChildProcess.run(
            peakRSS, [report, "/usr/bin/nice", "-n", "19", CLI.executable] + arguments,
            directory: CLI.root, environment: CLI.environment(), input: .nullDevice)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let status = Int32(fields[0]), let kibibytes = Int(fields[1]) else {
            throw ChildRunError(report: text, stderr: run.stderr)
        }
        return ChildRun(status: status, stdout: run.stdout, peakResidentBytes: kibibytes * 1024)
    }
}

/// `peak-rss` wrote no report, or one that is not "<status> <KiB>".
struct ChildRunError: Error, CustomStringConvertible {
    var report: String
    var stderr: String
    var description: String { "peak-rss reported \(report.debugDescription); stderr: \(stderr)" }
}

/// `name@path#START-END`: an inclusive byte range of a file, uploaded like a whole file.
@Suite struct CallFileRangeTests {
    static let spec: String = {
        try! CLI.temporarySpec("""
            netspec: 1
            service: Chunks
            endpoints:
              putChunk:
                PUT: /upload
                params: { _: { type: Data, mimeType: application/octet-stream } }
            """, name: "chunks.yaml")
    }()

    @Test func aRangeIsUploadedWithItsLength() async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/data.bin"
        try Data((0..<100).map { UInt8($0) }).write(to: URL(fileURLWithPath: path))
        try await withTestServer(TestHandlers.echo) { server in
            let result = try await CLI.run(["call", Self.spec, "putChunk", "_@\(path)#10-19", "--base-url", server.baseURL])
            #expect(result.status == 0, "\(result.stderr)")
            let echo = try EchoReport(json: Array(result.stdout.utf8))
            #expect(echo.header("Content-Length") == "10")
            #expect(echo.bodyBase64.flatMap { Data(base64Encoded: $0) }.map(Array.init) == Array(10..<20))
        }
        let dryRun = try await CLI.run(["call", Self.spec, "putChunk", "_@\(path)#90-99", "--base-url", "http://127.0.0.1:1", "--dry-run"])
        #expect(dryRun.stdout.contains("Content-Length: 10\n"))
        #expect(dryRun.stdout.hasSuffix("\n\n<file \(path), bytes 90-99, 10 bytes>\n"))
    }

    @Test func aFileWhoseNameLooksLikeARangeIsTheWholeFile() async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/odd#1-2"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        let dryRun = try await CLI.run(["call", Self.spec, "putChunk", "_@\(path)", "--base-url", "http://127.0.0.1:1", "--dry-run"])
        #expect(dryRun.stdout.hasSuffix("<file \(path), 3 bytes>\n"))
    }

    @Test(arguments: [
        ("#5-3", "the byte range 5-3 in 'PATH#5-3' ends before it starts"),
        ("#0-100", "the range 0..<101 is past the end of 'PATH' (100 bytes)"),
    ])
    func badRangesAreArgumentErrors(suffix: String, message: String) async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path + "/data.bin"
        try Data(count: 100).write(to: URL(fileURLWithPath: path))
        let result = try await CLI.run(["call", Self.spec, "putChunk", "_@\(path)\(suffix)", "--base-url", "http://127.0.0.1:1", "--dry-run"])
        #expect(result.status == 64)
        #expect(result.stderr == "error: endpoint 'putChunk': parameter '_': " + message.replacingOccurrences(of: "PATH", with: path) + "\n")
    }
}
