import Foundation
import NetspecTestServer
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `netspec call` uploading a large file as a multipart part: the client process's peak memory
/// stays bounded, measured for that process alone (`wait4`'s `ru_maxrss`).
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

/// One run of `netspec` spawned directly, so that its resource usage can be read when it is reaped.
struct ChildRun: Sendable {
    var status: Int32
    var stdout: String
    /// The child's peak resident set size (`ru_maxrss`).
    var peakResidentBytes: Int

    #if os(Linux)
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which the Glibc module does not export.
    private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }

    /// Runs `netspec arguments` (absolute paths only: the directory is inherited), standard input from `/dev/null`.
    static func measure(_ arguments: [String]) async throws -> ChildRun {
        let scratch = try ScratchDirectory()
        let output = scratch.path + "/stdout"
        let (status, peak) = try await ChildProcess.blocking { () -> Result<(Int32, Int), POSIXError> in
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            // Nothing else is inherited: a child holding a copy of a test server's listening
            // socket would keep it accepting after that server shut down.
            guard let closeFrom = closeFrom else { return .failure(POSIXError(.ENOSYS)) }
            _ = closeFrom(&actions, 3)
            // At the lowest priority (`nice` execs in place, so the pid and its usage are netspec's):
            // moving 256 MiB must not starve the timing-sensitive tests that run alongside.
            let argv = (["/usr/bin/nice", "-n", "19", CLI.executable] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, "/usr/bin/nice", &actions, nil, argv, environ)
            guard spawned == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)) }
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
            }
            // Exited normally: the status is in bits 8–15; killed: 128 + the signal, as a shell says.
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return .success((code, usage.ru_maxrss * 1024))
        }.get()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return ChildRun(status: status, stdout: text, peakResidentBytes: peak)
    }
    #endif
}

