import Foundation
import NetspecTestServer
import NIOConcurrencyHelpers
import Testing
@testable import Netspec

/// Upload and download progress callbacks.
@Suite struct ProgressTests {
    final class Recorder: Sendable {
        private let values = NIOLockedValueBox<[TransferProgress]>([])
        var all: [TransferProgress] { values.withLockedValue { $0 } }
        var handler: TransferProgressHandler { { progress in self.values.withLockedValue { $0.append(progress) } } }
    }

    @Test func uploadProgressCountsTheWholeBody() async throws {
        let server = try await TestServer.start(TestHandlers.echo)
        defer { Task { try await server.shutdown() } }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin").path
        try Data(repeating: 7, count: 300_000).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let api = try PolicyTestSupport.service("endpoints:\n  put:\n    PUT: /blob\n    params: { _: Data }\n", server: server)
        let recorder = Recorder()
        _ = try await api.call("put", ["_": .file(URL(fileURLWithPath: path))], options: CallOptions(uploadProgress: recorder.handler))
        let values = recorder.all
        #expect(values.count >= 5)
        #expect(values.last == TransferProgress(completed: 300_000, total: 300_000))
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completed < $1.completed })
    }

    @Test func downloadProgressReportsContentLength() async throws {
        let body = "[" + Array(repeating: "1234567890", count: 50_000).joined(separator: ",") + "]"
        let server = try await TestServer.start(TestHandlers.json(body: body))
        defer { Task { try await server.shutdown() } }
        let api = try PolicyTestSupport.service("endpoints:\n  get: { GET: /big }\n", server: server)
        let recorder = Recorder()
        let response = try await api.call("get", options: CallOptions(downloadProgress: recorder.handler))
        #expect(response.value.array?.count == 50_000)
        #expect(recorder.all.last == TransferProgress(completed: body.utf8.count, total: body.utf8.count))
    }
}
